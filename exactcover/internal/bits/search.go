package bits

import "github.com/xcover/xcover/exactcover/internal/core"

// PollWork is how many live options a search tests at most between two
// polls, besides core.PollInterval nodes: where lists are long, nodes are
// expensive (a few thousand options each), and a test takes about a
// nanosecond, so that a stop takes effect within a few milliseconds.
const PollWork = 1 << 22

// Search explores the subtree of u (core.Engine).
func (e *Engine) Search(u core.Unit, run *core.Run, c *core.Counters) (core.Status, error) {
	if e.err != nil {
		return core.Complete, e.err
	}
	if u.After {
		return core.Complete, &core.PathError{Err: core.ErrBadPath} // never made here
	}
	e.weighted = run.Weighted
	if u.Rest != nil {
		return e.searchRest(u, run, c)
	}
	if e.mcc.on {
		base, alive, err := e.replayM(u.Path, u.CountLast, c)
		if err != nil || !alive {
			return core.Complete, err
		}
		e.path = u.Path
		return e.searchM(run, c, base), nil
	}
	base, alive, err := e.replay(u.Path, u.CountLast, c)
	if err != nil || !alive {
		return core.Complete, err
	}
	e.path = u.Path
	return e.searchSubtree(run, c, base), nil
}

// walk is what the search loop keeps besides the levels.
type walk struct {
	sols, nodes, updates int64
	nextPoll, nextWork   int64
	work                 int64
	base, cut            int // levels ≤ cut gave their other branches away
}

func (w *walk) add(c *core.Counters) core.Counters {
	return core.Counters{Solutions: c.Solutions + w.sols, Nodes: c.Nodes + w.nodes,
		Updates: c.Updates + w.updates, Cleansings: c.Cleansings}
}

// poll does what is due when a search reaches Run.NextPoll or PollWork: at
// the node limit, or when Poll says Stop, it exports every unexplored part
// of the search (nothing when the run is final) and reports how it ends;
// otherwise it exports or donates what Poll asks for and goes on.
func (e *Engine) poll(run *core.Run, w *walk, c *core.Counters, depth int) (end core.Status, stop bool) {
	if run.MaxNodes > 0 && w.nodes >= run.MaxNodes {
		core.Answer(e, run, core.Stop, w.base, depth, &w.cut)
		return core.NodeLimit, true
	}
	if run.Poll == nil {
		return core.Complete, false
	}
	e.depth = depth
	sofar := w.add(c)
	if core.Answer(e, run, run.Poll(&sofar), w.base, depth, &w.cut) {
		return core.Interrupted, true
	}
	return core.Complete, false
}

// searchSubtree is the search loop, levels on an explicit stack, nothing
// allocated per node. It explores the subtree of the node at level base,
// whose list replay made. A node's work is to collect its branches (the
// live options containing the item chosen when its list was made); taking
// a branch makes the child's list by filter, which also chooses the
// child's item, so that a child whose list leaves an open primary item
// without options is abandoned before it becomes a node. Nothing is
// undone: going back to a level is going back to its list.
func (e *Engine) searchSubtree(run *core.Run, c *core.Counters, base int) (end core.Status) {
	var (
		depth = base
		lv    = &e.lv[depth]
		w     = walk{base: base, cut: base - 1}
	)
	clear(e.prof)
	w.nextPoll, w.nextWork = run.NextPoll(0), PollWork

forward:
	if w.nodes >= w.nextPoll || w.work >= w.nextWork {
		if why, stop := e.poll(run, &w, c, depth); stop {
			end = why
			goto finish
		}
		w.nextPoll, w.nextWork = run.NextPoll(w.nodes), w.work+PollWork
	}
	w.nodes++
	e.prof[depth]++
	if lv.best < 0 { // every primary item covered: a solution
		w.sols++
		if run.Visit != nil {
			if !run.Visit(e.solution(depth)) {
				end = core.Stopped
				goto finish
			}
		}
		if run.MaxSolutions > 0 && w.sols >= run.MaxSolutions {
			end = core.SolutionLimit
			goto finish
		}
		goto backup
	}
	if lv.least == 0 { // an item without options (only at the base)
		goto backup
	}
	lv.blo = lv.hi
	if e.one {
		lv.rest, lv.bhi = e.branches1(lv.lo, lv.hi, lv.best, lv.known())
	} else {
		lv.rest, lv.bhi = e.splitWords(depth, lv.lo, lv.hi, lv.best)
	}
	lv.cur = lv.blo
	w.work += int64(lv.hi - lv.lo)

advance:
	if e.take(depth, &w) {
		depth++
		lv = &e.lv[depth]
		goto forward
	}

next: // on to lv's next branch, if it has one and keeps it
	if depth <= w.cut || lv.cur+1 >= lv.bhi {
		goto backup
	}
	lv.cur++
	goto advance

backup:
	if depth == w.base {
		goto finish
	}
	depth--
	lv = &e.lv[depth]
	goto next

finish:
	*c = w.add(c)
	run.AddProfile(e.prof)
	return end
}

// take makes the list of the child that lv's current branch leads to, as
// the next level, and reports whether the child is alive (every open
// primary item keeps an option).
func (e *Engine) take(depth int, w *walk) bool {
	lv, next := &e.lv[depth], &e.lv[depth+1]
	k := e.stack[lv.cur]
	lv.opt = k
	next.lo = lv.bhi
	var n int
	var best, least int32
	if e.one { // child1, written out: a call less per child
		r := e.kills1[k].a
		next.open[0] = lv.open[0] &^ r
		best, least = -1, Saturated // a solution, without options
		if next.open[0] != 0 {
			n, best, least = e.filter1(lv.lo, lv.rest, next.lo, r, next.open[0])
		}
	} else if e.words <= narrowWords {
		n, best, least = e.filterWords(lv.lo, lv.rest, next.lo, k, lv.open, next.open)
	} else {
		row := e.kill(k)
		next.open.minus(lv.open, row)
		n, best, least = e.filterChild(depth, int32(len(e.stack)), next.lo, row, next.open)
	}
	best = e.weigh(best, least)
	next.hi = next.lo + int32(n)

	next.best, next.least = best, least
	w.updates += int64(lv.hi-lv.lo) - int64(n)
	w.work += int64(lv.hi - lv.lo)
	return best < 0 || least > 0
}

// solution returns the caller's indices of the options chosen at levels
// 0…depth-1, in a buffer reused from one solution to the next.
func (e *Engine) solution(depth int) []int {
	e.sol = e.sol[:0]
	for l := range depth {
		e.sol = append(e.sol, int(e.p.Caller[e.lv[l].opt]))
	}
	return e.sol
}
