package dlx

import "xcover/exactcover/internal/core"

// Search explores the subtree of u (core.Engine).
func (e *Engine) Search(u core.Unit, run *core.Run, c *core.Counters) (core.End, error) {
	path := u.Path
	if u.After {
		if len(path) == 0 {
			return core.Exhausted, &core.PathError{Err: core.ErrBadPath}
		}
		path = path[:len(path)-1]
	}
	base, err := e.replay(path, u.CountLast && !u.After, c)
	if err != nil {
		return core.Exhausted, err
	}
	e.path = path
	var resume int32 // for After: the node after which level base goes on
	if u.After {
		if resume, err = e.resumeAt(base, u.Path[base]); err != nil {
			e.unreplay(base)
			return core.Exhausted, &core.PathError{Err: err, Step: base, Option: u.Path[base].Option}
		}
	}
	var end core.End
	if e.mcc {
		end = e.danceM(run, c, base, resume)
	} else {
		end = e.dance(run, c, base, resume)
	}
	e.unreplay(base)
	return end, nil
}

// ResetWeights sets every item's weight for the Weighted rule to zero.
func (e *Engine) ResetWeights() { clear(e.weight) }

// tally holds a search's counts while it runs, in registers; they reach
// the caller's core.Counters when the search polls and when it ends.
type tally struct {
	sols, nodes, updates, cleansings int64
}

func (t *tally) add(c *core.Counters) core.Counters {
	return core.Counters{Solutions: c.Solutions + t.sols, Nodes: c.Nodes + t.nodes,
		Updates: c.Updates + t.updates, Cleansings: c.Cleansings + t.cleansings}
}

// poll does what is due when a search reaches Run.NextPoll: at the node
// limit, or when Poll says Stop, it exports every unexplored part of the
// search (levels base…level, those above cut) and reports how it ends;
// otherwise it exports or donates what Poll asks for and the search goes
// on.
func (e *Engine) poll(run *core.Run, t *tally, c *core.Counters, base, level int, cut *int) (end core.End, stop bool) {
	if run.MaxNodes > 0 && t.nodes >= run.MaxNodes {
		run.Export = e.export(run.Export, base, level, *cut)
		return core.NodeLimit, true
	}
	if run.Poll == nil {
		return core.Exhausted, false
	}
	e.level = level
	sofar := t.add(c)
	switch run.Poll(&sofar) {
	case core.Stop:
		run.Export = e.export(run.Export, base, level, *cut)
		return core.Polled, true
	case core.Export:
		run.Export = e.export(run.Export, base, level, *cut)
	case core.Donate:
		run.Export, *cut = e.donate(run.Export, base, level, *cut)
	}
	return core.Exhausted, false
}

// dance is the search loop of Algorithms X and C, written as Knuth writes
// it: levels on an explicit stack, so that nothing is allocated per node
// and the search can stop at any point and unwind. It explores the subtree
// of the node reached by levels 0…base-1, or, when resume is a node, the
// branches of level base after resume's.
func (e *Engine) dance(run *core.Run, c *core.Counters, base int, resume int32) (end core.End) {
	nd := e.nodes
	choice := e.choice
	profile := e.profile(run)
	var (
		level     = base
		best, cur int32
		t         tally
		u, cl     int64
		nextPoll  int64
		cut       = base - 1 // levels ≤ cut gave their other branches away
	)
	weighted := run.Weighted
	nextPoll = run.NextPoll(0)
	if resume != 0 {
		cur = resume
		best = nd[cur].top
		goto next
	}
	if e.nActive == 0 { // the path already covers every primary item
		t.nodes++
		profile[level]++
		t.sols++
		if run.Visit != nil {
			run.Visit(e.solution(level))
		}
		goto finish
	}

forward:
	if t.nodes >= nextPoll {
		if why, stop := e.poll(run, &t, c, base, level, &cut); stop {
			end = why
			goto abort
		}
		nextPoll = run.NextPoll(t.nodes)
	}
	t.nodes++
	profile[level]++
	best = e.choose()
	if weighted && nd[best].top == 0 && e.weight[best] < maxWeight {
		e.weight[best]++ // a dead end: see Weighted
	}
	t.updates += e.cover(best)
	cur = nd[best].down
	choice[level] = cur

advance:
	if cur == best {
		goto backup
	}
	u, cl = e.coverOthers(cur)
	t.updates += u
	t.cleansings += cl
	if e.nActive == 0 { // every primary item covered: a solution, a leaf node
		t.nodes++
		profile[level+1]++
		t.sols++
		if run.Visit != nil && !run.Visit(e.solution(level+1)) {
			end = core.Visited
			goto stopAtSolution
		}
		if run.MaxSolutions > 0 && t.sols >= run.MaxSolutions {
			end = core.SolutionLimit
			goto stopAtSolution
		}
		goto recover
	}
	level++
	goto forward

backup:
	e.uncover(best)
	if level == base {
		goto finish
	}
	level--
	cur = choice[level]
	best = nd[cur].top

recover:
	e.uncoverOthers(cur)
	if level <= cut { // its other branches were given away
		goto backup
	}
next:
	cur = nd[cur].down
	choice[level] = cur
	goto advance

stopAtSolution:
	e.uncoverOthers(cur)
	e.uncover(best)
abort: // undo the levels below the current one
	for level > base {
		level--
		cur = choice[level]
		e.uncoverOthers(cur)
		e.uncover(nd[cur].top)
	}

finish:
	*c = t.add(c)
	run.AddProfile(e.prof)
	return end
}

// profile returns the engine's per-level node counts, cleared.
func (e *Engine) profile(run *core.Run) []int64 {
	clear(e.prof)
	return e.prof
}
