package sparse

import (
	"math"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Search looks for the run.Best cheapest solutions in the whole tree, or
// in the unit run.Start names, adding what it counts to *c, and returns
// how it ended (core.CostEngine). run.Trace is not told (the dancing-links
// CostEngine tells DLX5's steps). However it ends, the engine is left
// ready for another search.
func (e *CostEngine) Search(run *core.CostRun, c *core.Counters) core.Status {
	bound := run.Bound
	if bound == nil {
		bound = core.NewBound(max(run.Best, 1))
	}
	e.counters, e.updates = *c, 0
	e.pos = e.pos[:0]
	end := e.branchAndBound(run, bound)
	e.restore(0, e.nPrimary)
	e.counters.Updates += e.updates
	*c = e.counters
	return end
}

// branchAndBound is the search loop: levels on an explicit stack, nothing
// allocated per node. A node chooses an item, covers it and tries its
// options cheap enough, cheapest first; each option taken covers its
// other items; a branch whose cost reaches the cut-off is pruned, and so
// are the dearer ones after it.
func (e *CostEngine) branchAndBound(run *core.CostRun, bound *core.Bound) core.Status {
	var (
		depth    int
		lv       *costLevel
		curCost  int64
		nextCost int64
		cutoff   int64
		unit     = len(run.Start) > 0
	)
	cnt := &e.counters
	every := run.PollEveryOr()
	nextPoll, nextWork := cnt.Nodes+every, int64(PollWork)
	stopAt := int64(core.NoCost)
	if run.MaxNodes > 0 {
		stopAt = cnt.Nodes + run.MaxNodes
	}
	if unit {
		// Take the steps of run.Start again, silently (their nodes were
		// counted by the run that stopped there), then enter the node
		// below them; unless run.Entered, the last step is a root option
		// not yet tried, which the search tries as it would have; a step the cut-off now prunes prunes the options
		// after it too, and the search goes on at the level above.
		for i, st := range run.Start {
			lv = &e.lv[depth]
			lv.cost = curCost
			cutoff = bound.Cutoff()
			c := e.base[st.Item]
			s := e.mem[c+sizeAt]
			f := e.first(c, s)
			lv.best, lv.r, lv.end = c, e.placeOf(c, st.Option), c+s
			e.unlist(c)
			e.cover(c, 0, cutoff-curCost-e.sortedCost[f])
			e.dead = false
			lv.mark, lv.nAct = int32(len(e.trail)), e.nAct
			e.costFresh()
			nextCost = curCost + e.sortedCost[lv.r]
			if nextCost >= cutoff {
				goto backup
			}
			if i == len(run.Start)-1 && !run.Entered {
				goto advance // a root option not yet tried
			}
			if !e.take(e.sorted[lv.r], cutoff-nextCost) || e.nAct == 0 {
				goto next // no solution below, or one already counted
			}
			depth++
			curCost = nextCost
		}
		goto entered
	}
forward:
	cnt.Nodes++
	if cnt.Nodes >= nextPoll || cnt.Nodes >= stopAt || e.updates >= nextWork {
		if cnt.Nodes >= stopAt {
			e.savePosition(depth)
			return core.NodeLimit
		}
		nextPoll, nextWork = cnt.Nodes+every, e.updates+PollWork
		if run.Poll != nil {
			sofar := *cnt
			sofar.Updates += e.updates
			if !run.Poll(&sofar) {
				e.savePosition(depth)
				return core.Interrupted
			}
		}
	}
entered:
	lv = &e.lv[depth]
	lv.cost = curCost
	cutoff = bound.Cutoff()
	{
		t := int32(0)
		if lv.best, t = e.choose(cutoff - curCost); t == 0 {
			goto backup
		}
	}
	{
		c := lv.best
		s := e.mem[c+sizeAt]
		f := e.first(c, s)
		lv.r, lv.end = f, c+s
		e.unlist(c)
		e.cover(c, 0, cutoff-curCost-e.sortedCost[f])
		// An item left with no option by covering the item branched on
		// is not a dead end: all its options were of that item, and a
		// branch that takes one covers it. (One that does not finds it
		// empty when it chooses.)
		e.dead = false
		lv.mark, lv.nAct = int32(len(e.trail)), e.nAct
		e.costFresh()
	}
advance:
	nextCost = curCost + e.sortedCost[lv.r]
	if !e.take(e.sorted[lv.r], cutoff-nextCost) {
		goto next
	}
	if e.nAct == 0 { // a solution
		cnt.Nodes++
		if bound.Offer(nextCost) {
			cnt.Solutions++
			if run.Visit != nil {
				e.solution = e.solution[:0]
				for l := 0; l <= depth; l++ {
					e.solution = append(e.solution, int(e.p.Caller[e.opt[e.sorted[e.lv[l].r]]]))
				}
				if !run.Visit(e.solution, e.totalTax+nextCost) {
					return core.Stopped
				}
			}
		}
		goto next
	}
	depth++
	curCost = nextCost
	goto forward
backup:
	if depth == 0 {
		return core.Complete
	}
	depth--
	lv = &e.lv[depth]
	curCost = lv.cost
next: // lv's next option, if it has one cheap enough
	e.restore(lv.mark, lv.nAct)
	if unit && depth == 0 {
		goto backup // the unit is its root option's subtree
	}
	e.nextActive(lv)
	if lv.r == lv.best+e.mem[lv.best+costLenAt] {
		goto backup
	}
	cutoff = bound.Cutoff()
	if curCost+e.sortedCost[lv.r] >= cutoff {
		goto backup // and so would every option after it
	}
	goto advance
}

// savePosition records the steps taken at levels 0…depth-1, where a
// stopped search stands (see Position).
func (e *CostEngine) savePosition(depth int) {
	e.pos = e.pos[:0]
	for _, lv := range e.lv[:depth] {
		e.pos = append(e.pos, core.Step{Item: e.mem[lv.best+itemAt], Option: e.p.Caller[e.opt[e.sorted[lv.r]]]})
	}
}

// Position returns where the last search stopped, when it ended by its
// node limit or its poll: the steps (item, caller's option) taken above
// the node it had just entered, which a resumed search takes again
// (core.CostRun.Start); empty when it stopped at the root. Valid until
// the next search.
func (e *CostEngine) Position() []core.Step { return e.pos }

// placeOf returns the place in sorted of the caller's option in block c's
// list. The caller checked the path (core.CheckCostPath).
func (e *CostEngine) placeOf(c, option int32) int32 {
	k := e.p.Index[option]
	r := c
	for e.opt[e.sorted[r]] != k {
		r++
	}
	return r
}

// ListOrder returns the options of item (the caller's indices) in the
// order the search tries them: by net cost, ties in input order.
func (e *CostEngine) ListOrder(item int) []int {
	c := e.base[item]
	order := make([]int, 0, e.mem[c+costLenAt])
	for r := c; r < c+e.mem[c+costLenAt]; r++ {
		order = append(order, int(e.p.Caller[e.opt[e.sorted[r]]]))
	}
	return order
}

// nextActive moves lv.r on to the next option of lv.best's frozen set in
// order of cost, or to the end of its list.
func (e *CostEngine) nextActive(lv *costLevel) {
	mem := viewMem(e.mem)
	stop := lv.best + *mem.at(lv.best + costLenAt)
	for lv.r++; lv.r < stop && *mem.at(2*e.sorted[lv.r] + 1) >= lv.end; lv.r++ {
	}
}

// costCountMax is how many options cheap enough choose counts at most
// (DLX5's lenThresh); beyond it, the item's size counts.
const costCountMax = 10

// costSetScan is the size up to which choose counts an item's options
// cheap enough in its set rather than down its list by cost, which holds
// inactive options too.
const costSetScan = 16

// choose returns the block of the active primary item to branch on and
// its number of options cheaper than room, or that number 0 at a dead
// end: when some item has no option cheaper than room, or when the bound
// says that no solution below costs less than room.
//
// The item is the one with the fewest options cheap enough (counted up to
// costCountMax, beyond which its size counts), ties going to the one
// whose cheapest option is dearest (that much must be paid anyway), then
// to the first declared: the order of the active list, which restoring
// changes, plays no part, so that the counts do not depend on history.
//
// The bound: every item must be covered by one option, and an option of
// cost c covers at most pmax primary items, so the options still to be
// taken cost at least the sum over the active primary items of their
// cheapest option's cost, divided by pmax. DLX5 prunes by the dearest of
// those cheapest options alone (a dead end above); the sum prunes more
// where many items have no free option left (on the Sudoku with costs,
// half the nodes), for a pass over the items that choose makes anyway.
func (e *CostEngine) choose(room int64) (best, t int32) {
	mem, sorted, sortedCost := viewMem(e.mem), viewMem(e.sorted), viewCosts(e.sortedCost)
	var classSum [maxClasses]int64 // a class is below maxClasses: indexed masked, unchecked
	t = math.MaxInt32
	var dearest, sum int64
	// Net costs are not negative, so the sums only grow as the scan goes:
	// the bound prunes as soon as one reaches its limit, the items not yet
	// looked at unseen.
	limit := int64(math.MaxInt64)
	if room < core.NoCost/e.pmax {
		limit = room * e.pmax
	}
	// Room on the trail for a pointer moved per item, so that the loop
	// makes no call: a call would have it keep its state in memory.
	e.trail = slices.Grow(e.trail, int(e.nAct))
	for _, x := range e.act[:e.nAct] {
		s := *mem.at(x + sizeAt)
		if s == 0 {
			return x, 0
		}
		// e.first, written out without its call: the trail has room.
		f := *mem.at(x + costFirstAt)
		if *mem.at(2**sorted.at(f) + 1) >= x+s {
			f0 := f
			for f++; *mem.at(2**sorted.at(f) + 1) >= x+s; f++ {
			}
			n := len(e.trail)
			e.trail = e.trail[:n+1]
			e.trail[n] = costWord{x + costFirstAt, f0}
			*mem.at(x + costFirstAt) = f
		}
		minCost := *sortedCost.at(int(f))
		if minCost >= room {
			return x, 0
		}
		if sum += minCost; sum >= limit {
			return x, 0
		}
		if c := *mem.at(x + costClassAt); c >= 0 {
			if classSum[c&(maxClasses-1)] += minCost; classSum[c&(maxClasses-1)] >= room {
				return x, 0
			}
		}
		n := s
		if s > 1 && t > 1 && *sortedCost.at(int(x + *mem.at(x + costLenAt) - 1)) >= room {
			n = e.cheapCount(x, f, min(t, costCountMax), room)
		}
		if n < t || n == t && (minCost > dearest || minCost == dearest && x < best) {
			best, t, dearest = x, n, minCost
		}
	}
	return best, t
}

// cheapCount returns the number of active options of the item of block
// x cheaper than room, its first active option being at place f of sorted,
// or the item's size once that number is past most: it counts in the set
// or down the list by cost, whichever is shorter. (Out of line, so that
// choose's loop over the items keeps its registers.)
//
//go:noinline
func (e *CostEngine) cheapCount(x, f, most int32, room int64) int32 {
	mem, sorted, sortedCost := viewMem(e.mem), viewMem(e.sorted), viewCosts(e.sortedCost)
	s := *mem.at(x + sizeAt)
	end := x + s
	n := int32(1)
	if s > costSetScan {
		for j, stop := f+1, x+*mem.at(x + costLenAt); j < stop && *sortedCost.at(int(j)) < room; j++ {
			if *mem.at(2**sorted.at(j) + 1) < end {
				if n++; n > most {
					return s
				}
			}
		}
		return n
	}
	ncost := viewCosts(e.ncost)
	n = 0
	for j := x; j < end; j++ {
		if *ncost.at(int(*mem.at(j))) < room {
			if n++; n > most {
				return s
			}
		}
	}
	return n
}

// RootItem returns the item the root of a search for the first solutions
// branches on (the cut-off not yet known), or -1 when the problem has no
// primary item.
func (e *CostEngine) RootItem() int {
	if e.nAct == 0 {
		return -1
	}
	best, _ := e.choose(core.NoCost)
	return int(e.mem[best+itemAt])
}
