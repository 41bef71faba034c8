package bits

import "github.com/xcover/xcover/exactcover/internal/core"

// Search looks for the run.Best cheapest solutions in the whole tree, or
// in the unit run.Start names, adding what it counts to *c, and returns
// how it ended (core.CostEngine). run.Trace is not told (the
// dancing-links CostEngine tells DLX5's steps). However it ends, the
// engine is ready for another search.
func (c *CostEngine) Search(run *core.CostRun, cnt *core.Counters) core.Status {
	bound := run.Bound
	if bound == nil {
		bound = core.NewBound(max(run.Best, 1))
	}
	var w walk
	c.pos = c.pos[:0]
	end := c.branchAndBound(run, bound, &w, cnt)
	*cnt = w.add(cnt)
	return end
}

// Where the replay of a unit's steps leaves the search (see replayStart).
const (
	atEntered = iota // the node below the steps, entered and counted before
	atAdvance        // the last step, a root option not yet tried
	atNext           // the branch after the step at the level reached
	atBackup         // the level reached is done: on at the level above
)

// branchAndBound is the search loop, levels on an explicit stack, nothing
// allocated per node. A node's list holds its live options cheaper than
// the room left when it was made, by cost; it branches on the item filter
// chose, its branches cheapest first, until one would bring the cost to
// the cut-off. The search of a unit (run.Start) takes its steps again
// first (replayStart) and ends with its root option's subtree.
func (c *CostEngine) branchAndBound(run *core.CostRun, bound *core.Bound, w *walk, cnt *core.Counters) core.Status {
	e := &c.e
	n := int32(e.p.NumOptions())
	every := run.PollEveryOr()
	if run.MaxNodes > 0 {
		every = min(every, run.MaxNodes)
	}
	w.nextPoll, w.nextWork = every, PollWork
	unit := len(run.Start) > 0

	// The root: every option cheap enough.
	depth := 0
	lv := &e.lv[0]
	copy(lv.open, e.prim)
	lv.lo = n
	m, best, least := e.filterWidth(0, c.cheaper(0, n, bound.Cutoff()), n, e.none, lv.open, 0)
	lv.hi, lv.best, lv.least = n+int32(m), best, least
	w.updates += int64(n) - int64(m)
	c.cost[0] = 0
	if unit {
		var at int
		depth, at = c.replayStart(run, bound, w)
		w.updates, w.work = 0, 0 // the steps were counted by the search that took them
		lv = &e.lv[depth]
		switch at {
		case atEntered:
			goto entered
		case atAdvance:
			goto advance
		case atNext:
			goto next
		}
		goto backup
	}

forward:
	w.nodes++
entered:
	if lv.best < 0 { // every primary item covered: a solution
		if bound.Offer(c.cost[depth]) {
			w.sols++
			if run.Visit != nil && !run.Visit(c.solution(depth), c.totalTax+c.cost[depth]) {
				return core.Stopped
			}
		}
		goto backup
	}
	if w.nodes >= w.nextPoll || w.work >= w.nextWork {
		if run.MaxNodes > 0 && w.nodes >= run.MaxNodes {
			c.savePosition(depth)
			return core.NodeLimit
		}
		if run.Poll != nil {
			sofar := w.add(cnt)
			if !run.Poll(&sofar) {
				c.savePosition(depth)
				return core.Interrupted
			}
		}
		w.nextPoll, w.nextWork = w.nodes+every, w.work+PollWork
		if run.MaxNodes > 0 {
			w.nextPoll = min(w.nextPoll, run.MaxNodes)
		}
	}
	if lv.least == 0 { // an item without options (only at the root)
		goto backup
	}
	lv.blo = lv.hi
	lv.rest, lv.bhi = e.split(depth, lv.lo, lv.hi, lv.best, lv.known())
	w.work += int64(lv.hi - lv.lo)
	lv.cur = lv.blo

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
	if unit && depth == 0 {
		goto backup // the unit is its root option's subtree
	}
	if lv.bhi-lv.cur <= 1 {
		goto backup
	}
	lv.cur++
	goto advance

backup:
	if depth == 0 {
		return core.Complete
	}
	depth--
	lv = &e.lv[depth]
	goto next
}

// replayStart takes the steps of run.Start again, silently (the search
// that took them counted them), each level branching on its step's item,
// and returns the level reached and where the search goes on from there.
// A step whose option is no longer in its level's list, or would bring
// the cost to the cut-off now in force, is pruned with the dearer
// branches after it: the level is done. A step that leaves an item
// without options leaves nothing below it: on with the level's next
// branch.
func (c *CostEngine) replayStart(run *core.CostRun, bound *core.Bound, w *walk) (depth, at int) {
	e := &c.e
	for l, st := range run.Start {
		lv := &e.lv[l]
		lv.best = st.Item
		lv.blo = lv.hi
		lv.rest, lv.bhi = e.split(l, lv.lo, lv.hi, st.Item, -1)
		k := e.p.Index[st.Option]
		for lv.cur = lv.blo; lv.cur < lv.bhi && e.stack[lv.cur] != k; lv.cur++ {
		}
		if lv.cur == lv.bhi {
			return l, atBackup // the option was too dear for the list
		}
		next, cutoff := c.cost[l]+c.net[k], bound.Cutoff()
		switch {
		case next >= cutoff:
			return l, atBackup
		case l == len(run.Start)-1 && !run.Entered:
			return l, atAdvance
		case !c.take(l, cutoff-next, w):
			return l, atNext
		}
		c.cost[l+1] = next
	}
	return len(run.Start), atEntered
}

// savePosition records the steps taken at levels 0…depth-1, where a
// stopped search stands (see Position).
func (c *CostEngine) savePosition(depth int) {
	e := &c.e
	c.pos = c.pos[:0]
	for l := range depth {
		lv := &e.lv[l]
		c.pos = append(c.pos, core.Step{Item: lv.best, Option: e.p.Caller[e.stack[lv.cur]]})
	}
}

// Position returns where the last search stopped (core.CostEngine).
func (c *CostEngine) Position() []core.Step { return c.pos }

// RootItem returns the item the root branches on before the cut-off is
// known (core.CostEngine): filter's choice over every option.
func (c *CostEngine) RootItem() int {
	e := &c.e
	n := int32(e.p.NumOptions())
	open := e.lv[0].open
	copy(open, e.prim)
	_, best, _ := e.filterWidth(0, n, n, e.none, open, 0)
	return int(best)
}

// ListOrder returns the options of item (the caller's indices) in the
// order the search tries them (core.CostEngine): the root's list, by net
// cost with ties in input order, keeps its order in every list below.
func (c *CostEngine) ListOrder(item int) []int {
	e := &c.e
	var order []int
	for _, k := range e.stack[:e.p.NumOptions()] {
		if e.row(k).has(int32(item)) {
			order = append(order, int(e.p.Caller[k]))
		}
	}
	return order
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
	next.lo = lv.bhi
	var n int
	var best, least int32
	hi := lv.rest
	if e.words <= narrowWords {
		hi = c.cheaper(lv.lo, lv.rest, room)
		n, best, least = e.filterNarrow(lv.lo, hi, next.lo, k, lv.open, next.open)
	} else { // lists are sets of places in the root's
		row := e.kill(k)
		next.open.minus(lv.open, row)
		n, best, least = e.filterChild(depth, c.cheaper(0, int32(e.p.NumOptions()), room), next.lo, row, next.open)
	}
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
