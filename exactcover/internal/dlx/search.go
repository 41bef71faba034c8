package dlx

import "github.com/xcover/xcover/exactcover/internal/core"

// Search explores the subtree of u (core.Engine).
func (e *Engine) Search(u core.Unit, run *core.Run, c *core.Counters) (core.Status, error) {
	if u.Rest != nil {
		return e.searchRest(u, run, c)
	}
	path := u.Path
	if u.After {
		if len(path) == 0 {
			return core.Complete, &core.PathError{Err: core.ErrBadPath}
		}
		path = path[:len(path)-1]
	}
	base, err := e.replay(path, u.CountLast && !u.After, c)
	if err != nil {
		return core.Complete, err
	}
	e.path = path
	var resume int32 // for After: the node after which level base goes on
	if u.After {
		if resume, err = e.resumeAt(base, u.Path[base]); err != nil {
			e.unreplay(base)
			return core.Complete, &core.PathError{Err: err, Step: base, Option: u.Path[base].Option}
		}
	}
	var end core.Status
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

// tally holds a search's counts while it runs, and what its helpers
// enter, visit and poll need to know of it. The counts reach the caller's
// counters, c, when the search polls and when it ends. Both search loops
// keep one and pass its address, so that enter, inlined, calls poll with
// two arguments: one more and enter would exceed Go's inlining budget.
type tally struct {
	sols, nodes, updates, cleansings int64

	nextPoll int64       // the node count at which the search polls next (Run.NextPoll)
	end      core.Status // how the search ends, once enter or visit stops it
	run      *core.Run
	c        *core.Counters
	base     int // the search's first level
	cut      int // levels ≤ cut gave their other branches away (donate)
}

// newTally returns the tally of a search that starts at level base.
func newTally(run *core.Run, c *core.Counters, base int) tally {
	return tally{nextPoll: run.NextPoll(0), run: run, c: c, base: base, cut: base - 1}
}

// add returns the caller's counts plus the search's.
func (t *tally) add() core.Counters {
	c := t.c
	return core.Counters{Solutions: c.Solutions + t.sols, Nodes: c.Nodes + t.nodes,
		Updates: c.Updates + t.updates, Cleansings: c.Cleansings + t.cleansings}
}

// enter counts a node the search enters at level, after polling when one
// is due; it returns true, with t.end set, when the search must stop
// there instead. Both search loops, dance and danceM, begin each node with
// it. It is kept small enough to be inlined (hence a bool result, not end
// and stop, and poll's few arguments), so that counting a node stays a
// compare and two increments while the rare poll stays a call out of line.
func (e *Engine) enter(t *tally, profile []int64, level int) (stop bool) {
	if t.nodes >= t.nextPoll && e.poll(t, level) {
		return true
	}
	t.nodes++
	profile[level]++
	return
}

// visit counts a solution of levels 0…level-1 and shows it to Run.Visit;
// it returns true, with t.end set, when the search must stop: Visit
// declined to go on, or Run.MaxSolutions is reached. Both search loops use
// it; it is not inlined, but it runs once per solution, not per node.
func (e *Engine) visit(t *tally, level int) (stop bool) {
	t.sols++
	if run := t.run; run.Visit != nil && !run.Visit(e.solution(level)) {
		t.end = core.Stopped
		return true
	}
	if limit := t.run.MaxSolutions; limit > 0 && t.sols >= limit {
		t.end = core.SolutionLimit
		return true
	}
	return false
}

// poll does what is due when a search reaches t.nextPoll: at the node
// limit, or when Poll says Stop, it exports every unexplored part of the
// search (levels t.base…level, those above t.cut) and returns true, with
// t.end set: the search must stop. Otherwise it exports or donates what
// Poll asks for and sets the next poll, and the search goes on.
func (e *Engine) poll(t *tally, level int) (stop bool) {
	run := t.run
	if run.MaxNodes > 0 && t.nodes >= run.MaxNodes {
		run.Export = e.export(run.Export, t.base, level, t.cut)
		t.end = core.NodeLimit
		return true
	}
	if run.Poll == nil {
		t.nextPoll = run.NextPoll(t.nodes)
		return false
	}
	e.level = level
	sofar := t.add()
	switch run.Poll(&sofar) {
	case core.Stop:
		run.Export = e.export(run.Export, t.base, level, t.cut)
		t.end = core.Interrupted
		return true
	case core.Export:
		run.Export = e.export(run.Export, t.base, level, t.cut)
	case core.Donate:
		run.Export, t.cut = e.donate(run.Export, t.base, level, t.cut)
	}
	t.nextPoll = run.NextPoll(t.nodes)
	return false
}

// dance is the search loop of Algorithms X and C, written as Knuth writes
// it: levels on an explicit stack, so that nothing is allocated per node
// and the search can stop at any point and unwind. It explores the subtree
// of the node reached by levels 0…base-1, or, when resume is a node, the
// branches of level base after resume's.
func (e *Engine) dance(run *core.Run, c *core.Counters, base int, resume int32) core.Status {
	nd := e.nodes
	choice := e.choice
	profile := e.profile(run)
	var (
		level     = base
		best, cur int32
		t         = newTally(run, c, base)
		u, cl     int64
	)
	weighted := run.Weighted
	if resume != 0 {
		cur = resume
		best = nd[cur].top
		goto next
	}
	if e.nActive == 0 { // the path already covers every primary item
		t.nodes++
		profile[level]++
		e.visit(&t, level) // the search ends here whatever Visit says
		goto finish
	}

forward:
	if e.enter(&t, profile, level) {
		goto abort
	}
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
		// A leaf is a node too: the limit and the polls see it as enter
		// would, the leaf exported as a unit of its own when the search
		// stops there.
		if t.nodes >= t.nextPoll && e.poll(&t, level+1) {
			goto stopAtSolution
		}
		t.nodes++
		profile[level+1]++
		if e.visit(&t, level+1) {
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
	if level <= t.cut { // its other branches were given away
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
	*c = t.add()
	run.AddProfile(e.prof)
	return t.end
}

// profile returns the engine's per-level node counts, cleared.
func (e *Engine) profile(run *core.Run) []int64 {
	clear(e.prof)
	return e.prof
}
