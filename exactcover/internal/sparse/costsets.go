package sparse

import "math"

// The set operations of the cost search. Every word of mem they change
// goes on the trail first (a size only the first time it changes since
// the newest restore point, as a trail point does in Engine), so that
// going back to a restore point writes back what the trail holds since its
// mark. Order inside the sets is not restored, only their contents.

// costFresh starts a restore point: no size is on the trail since it.
// When stamps run out, every block's is cleared and counting starts again.
func (e *CostEngine) costFresh() {
	if e.stamp == math.MaxInt32 {
		for _, x := range e.base {
			e.mem[x+stampAt] = 0
		}
		e.stamp = 0
	}
	e.stamp++
}

// restore writes back, newest first, what the trail holds past mark, makes
// act[:nAct] the active primary items again and starts a restore point.
func (e *CostEngine) restore(mark, nAct int32) {
	mem, t := viewMem(e.mem), e.trail
	for k := len(t) - 1; k >= int(mark); k-- {
		*mem.at(t[k].at) = t[k].old
	}
	e.trail = t[:mark]
	e.nAct = nAct
	e.dead = false
	e.costFresh()
}

// unlist takes the primary item of block x out of the active list.
func (e *CostEngine) unlist(x int32) {
	mem := viewMem(e.mem)
	e.nAct--
	last, p := e.act[e.nAct], *mem.at(x + posAt)
	e.act[p], *mem.at(last + posAt) = last, p
	e.act[e.nAct], *mem.at(x + posAt) = x, e.nAct
}

// cover covers the item of block c, active and out of the active list:
// its size is complemented (its set stays as it is), and the options of
// its set cheaper than thresh, but those whose use of c has color (when
// not 0), leave the sets of their other active items. Dearer options may
// stay: the cost so far leaves them no room below. An active primary item
// still listed that runs out of options sets e.dead.
func (e *CostEngine) cover(c, color int32, thresh int64) {
	mem := viewMem(e.mem)
	s := int(*mem.at(c + sizeAt))
	if *mem.at(c + stampAt) != e.stamp {
		e.trail = append(e.trail, costWord{c + sizeAt, int32(s)})
		*mem.at(c + stampAt) = e.stamp
	}
	updates := int64(1)
	nAct := e.nAct
	// The options to hide are those cheaper than thresh: found in the
	// set, or down the list by cost (where DLX5 finds them) from the first
	// active one to the first too dear, whichever has fewer entries.
	j, stop, end := int(c), int(c)+s, int(c)+s
	sorted := false
	if n := *mem.at(c + costLenAt); s > 0 && e.sortedCost[c+n-1] >= thresh {
		f := e.first(c, int32(s))
		if cut := e.cheaper(f, c+n, thresh); cut-f < int32(s) {
			j, stop, sorted = int(f), int(cut), true
		}
	}
	*mem.at(c + sizeAt) = ^int32(s)
	for ; j < stop; j++ {
		var r int
		if sorted {
			if r = int(e.sorted[j]); int(*mem.wide(2*r + 1)) >= end {
				continue // no longer active
			}
		} else if r = int(*mem.wide(j)); *viewCosts(e.ncost).at(r) >= thresh {
			continue
		}
		if color != 0 && e.colors[r] == color {
			continue
		}
		updates += e.hideOption(r, nAct)
	}
	e.updates += updates
}

// hideOption takes node r's option out of the sets of its other active
// items and returns the number of updates; an active primary item still
// listed (its place in act below nAct) left with no option sets e.dead.
func (e *CostEngine) hideOption(r int, nAct int32) (updates int64) {
	mem, stamp := viewMem(e.mem), e.stamp
	for nn := r + 1; nn != r; nn++ {
		y32 := *mem.wide(2 * nn)
		if y32 < 0 { // the spacer: on from the option's first node
			nn += int(y32) - 1
			continue
		}
		y := int(y32)
		sy := *mem.wide(y + sizeAt)
		if sy <= 0 { // covered (or empty, and then not holding nn)
			continue
		}
		if *mem.wide(y + stampAt) != stamp {
			e.keepSize(y)
		}
		sy--
		mem.swapOut(nn, y+int(sy))
		*mem.wide(y + sizeAt) = sy
		updates++
		if sy == 0 && y < int(e.secBase) && *mem.wide(y + posAt) < nAct {
			e.dead = true
		}
	}
	return updates
}

// cheaper returns the place in sorted, from lo to hi, of the first option
// whose cost is thresh or more (hi when none is): a binary search, the
// costs being sorted.
func (e *CostEngine) cheaper(lo, hi int32, thresh int64) int32 {
	for lo < hi {
		m := int32(uint32(lo+hi) >> 1)
		if e.sortedCost[m] < thresh {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// keepSize puts the size of block y on the trail and stamps it: the
// caller is about to change it for the first time since the newest
// restore point. (Out of line, so that the loop that calls it keeps its
// registers.)
//
//go:noinline
func (e *CostEngine) keepSize(y int) {
	e.trail = append(e.trail, costWord{int32(y + sizeAt), e.mem[y+sizeAt]})
	e.mem[y+stampAt] = e.stamp
}

// take takes the option of node r, whose item is covered: its other
// active items leave the active list, then are covered in the option's
// order with threshold thresh (a colored use of a secondary item keeps the
// options that give it the same color). It reports false, with the work
// left for the restore point to undo, when an active primary item runs out
// of options.
func (e *CostEngine) take(r int32, thresh int64) bool {
	mem := viewMem(e.mem)
	for nn := r + 1; nn != r; nn++ {
		y := *mem.at(2 * nn)
		if y < 0 {
			nn += y - 1
			continue
		}
		if y < e.secBase && *mem.at(y + sizeAt) >= 0 {
			e.unlist(y)
		}
	}
	for nn := r + 1; nn != r; nn++ {
		y := *mem.at(2 * nn)
		if y < 0 {
			nn += y - 1
			continue
		}
		if *mem.at(y + sizeAt) < 0 {
			continue
		}
		var color int32
		if e.colors != nil {
			color = e.colors[nn]
		}
		e.cover(y, color, thresh)
		if e.dead {
			return false
		}
	}
	return true
}

// first returns the place in sorted of the first active option of the
// item of block x, which has size s > 0, and moves the item's pointer
// there (the pointer only moves on down a path, and goes on the trail).
func (e *CostEngine) first(x, s int32) int32 {
	mem := viewMem(e.mem)
	f0 := *mem.at(x + costFirstAt)
	f, end := f0, x+s
	for *mem.at(2*e.sorted[f] + 1) >= end {
		f++
	}
	if f != f0 {
		e.trail = append(e.trail, costWord{x + costFirstAt, f0})
		*mem.at(x + costFirstAt) = f
	}
	return f
}
