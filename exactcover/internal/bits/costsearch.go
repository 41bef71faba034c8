package bits

import "github.com/xcover/xcover/exactcover/internal/core"

// Search looks for the run.Best cheapest solutions, adding what it counts
// to *c, and returns how it ended and the costs of the best found (in
// increasing order, totals including the taxes). run.Trace is not told
// (the dancing-links CostEngine tells DLX5's steps). However it ends, the
// engine is ready for another search.
func (c *CostEngine) Search(run *core.CostRun, cnt *core.Counters) (core.Status, []int64) {
	bound := run.Bound
	if bound == nil {
		bound = core.NewBound(max(run.Best, 1))
	}
	var w walk
	end := c.search(run, bound, &w, cnt)
	*cnt = w.add(cnt)
	return end, bound.Costs(c.totalTax)
}

// search is the loop, levels on an explicit stack, nothing allocated per
// node. A node's list holds its live options cheaper than the room left
// when it was made, by cost; it branches on the item filter chose, its
// branches cheapest first, until one would bring the cost to the cut-off.
// With several workers, every worker makes the root alike (without
// cutting it by a cut-off, which they may see differently) and takes the
// root's branches whose rank is its number modulo the workers.
func (c *CostEngine) search(run *core.CostRun, bound *core.Bound, w *walk, cnt *core.Counters) core.Status {
	e := &c.e
	n := int32(e.p.NumOptions())
	split := run.Workers > 1
	every := int64(core.PollInterval)
	if run.MaxNodes > 0 {
		every = min(every, run.MaxNodes)
	}
	w.nextPoll, w.nextWork = every, PollWork

	// The root: every option cheap enough.
	room := bound.Cutoff()
	if split {
		room = core.NoCost
	}
	depth := 0
	lv := &e.lv[0]
	lv.open, lv.lo = e.prim, n
	var none set
	m, best, least := e.filterWidth(0, c.cheaper(0, n, room), n, &none, &lv.open)
	lv.hi, lv.best, lv.least = n+int32(m), best, least
	w.updates += int64(n) - int64(m)
	c.cost[0] = 0

forward:
	if w.nodes >= w.nextPoll || w.work >= w.nextWork {
		if run.MaxNodes > 0 && w.nodes >= run.MaxNodes {
			return core.NodeLimit
		}
		if run.Poll != nil {
			sofar := w.add(cnt)
			if !run.Poll(&sofar) {
				return core.Interrupted
			}
		}
		w.nextPoll, w.nextWork = w.nodes+every, w.work+PollWork
		if run.MaxNodes > 0 {
			w.nextPoll = min(w.nextPoll, run.MaxNodes)
		}
	}
	w.nodes++
	if lv.best < 0 { // every primary item covered: a solution
		if bound.Offer(c.cost[depth]) {
			w.sols++
			if run.Visit != nil && !run.Visit(c.solution(depth), c.totalTax+c.cost[depth]) {
				return core.Stopped
			}
		}
		goto backup
	}
	if lv.least == 0 { // an item without options (only at the root)
		goto backup
	}
	lv.blo = lv.hi
	lv.rest, lv.bhi = e.split(lv.lo, lv.hi, lv.best)
	w.work += int64(lv.hi - lv.lo)
	lv.cur = lv.blo
	if split && depth == 0 {
		lv.cur += int32(run.Worker)
		if lv.cur >= lv.bhi {
			return core.Complete
		}
	}

advance:
	if next, cutoff := c.cost[depth]+c.net[e.stack[lv.cur]], bound.Cutoff(); next >= cutoff {
		goto backup // and so would every branch after this one
	} else if c.take(depth, cutoff-next, w) {
		depth++
		lv = &e.lv[depth]
		c.cost[depth] = next
		goto forward
	}

next: // on to lv's next branch, if it has one
	if step := c.step(run, depth); lv.bhi-lv.cur <= step {
		goto backup
	} else {
		lv.cur += step
	}
	goto advance

backup:
	if depth == 0 {
		return core.Complete
	}
	depth--
	lv = &e.lv[depth]
	goto next
}

// step is how far a level's next branch is from its current one: the
// root's branches are dealt out among the workers.
func (c *CostEngine) step(run *core.CostRun, depth int) int32 {
	if depth == 0 && run.Workers > 1 {
		return int32(run.Workers)
	}
	return 1
}

// take makes the list of the child that lv's current branch leads to, as
// the next level, from the options of lv's list without lv's item that
// are cheaper than room, and reports whether the child is alive (every
// open primary item keeps an option).
func (c *CostEngine) take(depth int, room int64, w *walk) bool {
	e := &c.e
	lv, next := &e.lv[depth], &e.lv[depth+1]
	k := e.stack[lv.cur]
	lv.opt = k
	next.open = lv.open.minus(&e.rows[k])
	next.lo = lv.bhi
	hi := c.cheaper(lv.lo, lv.rest, room)
	n, best, least := e.filterWidth(lv.lo, hi, next.lo, &e.rows[k], &next.open)
	next.hi = next.lo + int32(n)
	next.best, next.least = best, least
	w.updates += int64(lv.hi-lv.lo) - int64(n)
	w.work += int64(hi - lv.lo)
	return best < 0 || least > 0
}

// solution returns the caller's indices of the options chosen at levels
// 0…depth-1, in a buffer reused from one solution to the next.
func (c *CostEngine) solution(depth int) []int {
	c.sol = c.sol[:0]
	for l := range depth {
		c.sol = append(c.sol, int(c.e.p.Caller[c.e.lv[l].opt]))
	}
	return c.sol
}
