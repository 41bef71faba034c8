package dlx

import "github.com/xcover/xcover/exactcover/internal/core"

// The search of DLX5 (dlx5.w, "The dancing"), with its thresholds. Its
// control flow is Knuth's: forward to a new level, advance to the next
// option at a level, back up when a level's options are used up, written
// with the same gotos so that every count matches his.

// Search looks for the run.Best cheapest solutions in the whole tree, or
// in the unit run.Start names, adding what it counts to *c, and returns
// how it ended (core.CostEngine). A search stopped by its node limit or
// its poll leaves its links as they were, for Position; the next search
// rebuilds them.
func (e *CostEngine) Search(run *core.CostRun, c *core.Counters) core.Status {
	if e.dirty {
		e.build()
	}
	e.dirty = true
	bound := run.Bound
	if bound == nil {
		bound = core.NewBound(max(run.Best, 1))
	}
	e.counters = *c
	if run.Trace != nil {
		for i := int32(1); i <= e.nPrimary; i++ {
			if e.tax[i] > 0 {
				run.Trace(core.CostStep{Kind: core.CostTax, Item: int(i - 1), Net: e.tax[i]})
			}
		}
	}
	e.pos = e.pos[:0]
	end := e.branchAndBound(run, bound)
	*c = e.counters
	if end == core.Complete {
		e.dirty = false // the links are back as they were
	}
	return end
}

// branchAndBound is DLX5's main loop: a depth-first search that prunes
// every branch whose cost reaches the cut-off.
func (e *CostEngine) branchAndBound(run *core.CostRun, bound *core.Bound) core.Status {
	var (
		level             int
		best, cur         int32
		curCost, nextCost int64
		cutoff            int64
		unit              = len(run.Start) > 0
	)
	cnt := &e.counters
	every := run.PollEveryOr()
	nextPoll := cnt.Nodes + every
	stopAt := int64(core.NoCost) // no node limit
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
			best, cur = st.Item+1, e.nodeOf(st)
			e.partCost[level], e.choice[level] = curCost, cur
			cutoff = bound.Cutoff()
			nextCost = curCost + e.cost[cur]
			if nextCost >= cutoff {
				if level == 0 {
					return core.Complete
				}
				level--
				cur = e.choice[level]
				best = e.n[cur].top
				curCost = e.partCost[level]
				goto recover
			}
			e.thresh0[level] = cutoff - nextCost
			e.cover(best, e.thresh0[level])
			if i == len(run.Start)-1 && !run.Entered {
				goto advance // a root option not yet tried
			}
			e.thresh[level] = cutoff - nextCost
			e.coverOthers(cur, e.thresh[level])
			if e.next[0] == 0 { // a solution, already counted
				goto recover
			}
			level++
			curCost = nextCost
		}
		goto entered
	}
forward:
	cnt.Nodes++
	if cnt.Nodes >= nextPoll || cnt.Nodes >= stopAt {
		if cnt.Nodes >= stopAt {
			e.savePosition(level)
			return core.NodeLimit
		}
		nextPoll = cnt.Nodes + every
		if run.Poll != nil && !run.Poll(cnt) {
			e.savePosition(level)
			return core.Interrupted
		}
	}
entered:
	cutoff = bound.Cutoff() // others may have lowered it
	{
		var t int32
		best, t = e.choose(curCost, cutoff)
		if run.Trace != nil {
			e.traceChoice(run, level, best, t)
		}
		if t == 0 {
			goto backdown
		}
	}
	e.partCost[level] = curCost
	cur = e.n[best].down
	e.choice[level] = cur
	nextCost = curCost + e.cost[cur]
	e.thresh0[level] = cutoff - nextCost
	e.cover(best, e.thresh0[level])
advance:
	if run.Trace != nil {
		run.Trace(core.CostStep{Kind: core.CostTry, Level: level, Option: int(e.caller[e.option(cur)]), Net: nextCost})
	}
	e.thresh[level] = cutoff - nextCost
	e.coverOthers(cur, e.thresh[level])
	if e.next[0] == 0 { // a solution
		cnt.Nodes++
		if !bound.Offer(nextCost) { // another worker found better meanwhile
			goto recover // (which reads the cut-off again)
		}
		cnt.Solutions++
		cutoff = bound.Cutoff()
		if run.Trace != nil {
			run.Trace(core.CostStep{Kind: core.CostSolution, Level: level, Net: nextCost, Cutoff: cutoff})
		}
		if run.Visit != nil {
			e.solution = e.solution[:0]
			for l := 0; l <= level; l++ {
				e.solution = append(e.solution, int(e.caller[e.option(e.choice[l])]))
			}
			if !run.Visit(e.solution, e.totalTax+nextCost) {
				return core.Stopped
			}
		}
		goto recover
	}
	level++
	curCost = nextCost
	goto forward
backup:
	e.uncover(best, e.thresh0[level])
backdown:
	if level == 0 {
		return core.Complete
	}
	level--
	cur = e.choice[level]
	best = e.n[cur].top
	curCost = e.partCost[level]
recover:
	e.uncoverOthers(cur, e.thresh[level])
	if unit && level == 0 {
		goto backup // the unit is its root option's subtree
	}
	cur = e.n[cur].down
	e.choice[level] = cur
	if cur == best {
		goto backup
	}
	cutoff = bound.Cutoff()
	nextCost = curCost + e.cost[cur]
	if nextCost >= cutoff {
		if run.Trace != nil {
			run.Trace(core.CostStep{Kind: core.CostCut, Level: level, Option: int(e.caller[e.option(cur)]), Net: nextCost, Cutoff: cutoff})
		}
		goto backup
	}
	goto advance
}

// savePosition records the steps taken at levels 0…level-1, where a
// stopped search stands (see Position).
func (e *CostEngine) savePosition(level int) {
	e.pos = e.pos[:0]
	for l := range level {
		x := e.choice[l]
		e.pos = append(e.pos, core.Step{Item: e.n[x].top - 1, Option: e.caller[e.option(x)]})
	}
}

// Position returns where the last search stopped, when it ended by its
// node limit or its poll: the steps (item, caller's option) taken above
// the node it had just entered, which a resumed search takes again
// (core.CostRun.Start); empty when it stopped at the root. Valid until
// the next search.
func (e *CostEngine) Position() []core.Step { return e.pos }

// nodeOf returns the node of step st's option in st's item's list. The
// caller checked the path (core.CheckCostPath).
func (e *CostEngine) nodeOf(st core.Step) int32 {
	x := e.first[e.problem.Index[st.Option]]
	for e.n[x].top != st.Item+1 {
		x++
	}
	return x
}

// ListOrder returns the options of item (the caller's indices) in the
// order the search tries them: by net cost, ties in input order.
func (e *CostEngine) ListOrder(item int) []int {
	if e.dirty {
		e.build()
	}
	var order []int
	c := int32(item) + 1
	for x := e.n[c].down; x != c; x = e.n[x].down {
		order = append(order, int(e.caller[e.option(x)]))
	}
	return order
}

// traceChoice tells run.Trace which item the node at level branches on,
// with t options cheap enough (0: a dead end).
func (e *CostEngine) traceChoice(run *core.CostRun, level int, best, t int32) {
	step := core.CostStep{Kind: core.CostBranch, Level: level, Item: int(best - 1), Choices: int(t), Net: core.NoCost}
	if first := e.n[best].down; first != best {
		step.Net = e.cost[first]
	}
	if t == 0 {
		step.Kind = core.CostDeadEnd
	}
	run.Trace(step)
}

// choose returns the item to branch on and its number of options cheap
// enough, or that number 0 when some item has none (then the search backs
// up). An option is cheap enough when the cost so far plus its net cost
// stays below the cut-off. The count stops at e.lenThresh, beyond which
// the list's length stands for it, as in DLX5.
func (e *CostEngine) choose(curCost, cutoff int64) (int32, int32) {
	nd, cost := viewNodes(e.n), e.cost
	t, best, tmpCost := int32(1<<31-1), int32(0), int64(0)
	room := cutoff - curCost
	for k := e.next[0]; k != 0; k = e.next[k] {
		p := nd.at(k).down
		if p == k {
			return k, 0
		}
		minCost := cost[p]
		if minCost >= room {
			return k, 0
		}
		s := int32(1)
		for p = nd.at(p).down; ; p, s = nd.at(p).down, s+1 {
			if p <= e.nItems || cost[p] >= room {
				break // s options cheap enough
			}
			if s == t {
				goto noChange // more than t
			}
			if s >= e.lenThresh {
				s = nd.at(k).top // the list's length
				break
			}
		}
		if s < t || s == t && minCost > tmpCost {
			t, best, tmpCost = s, k, minCost
		}
	noChange:
	}
	return best, t
}

// cover removes item c from the active items and hides the options of
// its list cheaper than thresh; the rest cannot be chosen below (the cost
// so far already leaves them no room), so they may stay.
func (e *CostEngine) cover(c int32, thresh int64) {
	if c <= e.nPrimary {
		l, r := e.prev[c], e.next[c]
		e.next[l], e.prev[r] = r, l
	}
	nd, nItems, cost := viewNodes(e.n), e.nItems, e.cost
	updates := int64(1)
	for rr := nd.at(c).down; rr > nItems && cost[rr] < thresh; rr = nd.at(rr).down {
		updates += e.hide(rr)
	}
	e.counters.Updates += updates
}

// uncover undoes cover(c, thresh), going down the list again: the same
// options, the same threshold.
func (e *CostEngine) uncover(c int32, thresh int64) {
	nd, nItems, cost := viewNodes(e.n), e.nItems, e.cost
	for rr := nd.at(c).down; rr > nItems && cost[rr] < thresh; rr = nd.at(rr).down {
		e.unhide(rr)
	}
	if c <= e.nPrimary {
		l, r := e.prev[c], e.next[c]
		e.next[l], e.prev[r] = c, c
	}
}

// hide takes the option of node rr out of the lists of its other items,
// but for the nodes known compatible (color -1), and returns the number of
// updates.
func (e *CostEngine) hide(rr int32) (updates int64) {
	nd, nPrimary := viewNodes(e.n), e.nPrimary // locals: the stores below cannot change them
	for nn := rr + 1; nn != rr; {
		n := *nd.at(nn)
		if n.color >= 0 {
			if n.top <= 0 { // the spacer: back to the option's first node
				nn = n.up
				continue
			}
			nd.at(n.up).down, nd.at(n.down).up = n.down, n.up
			updates++
			if n.top <= nPrimary {
				nd.at(n.top).top--
			}
		}
		nn++
	}
	return updates
}

// unhide puts back what hide(rr) took out.
func (e *CostEngine) unhide(rr int32) {
	nd, nPrimary := viewNodes(e.n), e.nPrimary
	for nn := rr + 1; nn != rr; {
		n := *nd.at(nn)
		if n.color >= 0 {
			if n.top <= 0 {
				nn = n.up
				continue
			}
			nd.at(n.up).down, nd.at(n.down).up = nn, nn
			if n.top <= nPrimary {
				nd.at(n.top).top++
			}
		}
		nn++
	}
}

// coverOthers covers (or, for a colored use, purifies) the items of the
// option of node x other than x's, left to right.
func (e *CostEngine) coverOthers(x int32, thresh int64) {
	for pp := x + 1; pp != x; {
		n := e.n[pp]
		if n.top <= 0 {
			pp = n.up
			continue
		}
		switch {
		case n.color == 0:
			e.cover(n.top, thresh)
		case n.color > 0:
			e.purify(pp, thresh)
		}
		pp++
	}
}

// uncoverOthers undoes coverOthers(x, thresh), right to left.
func (e *CostEngine) uncoverOthers(x int32, thresh int64) {
	for pp := x - 1; pp != x; {
		n := e.n[pp]
		if n.top <= 0 {
			pp = n.down
			continue
		}
		switch {
		case n.color == 0:
			e.uncover(n.top, thresh)
		case n.color > 0:
			e.unpurify(pp, thresh)
		}
		pp--
	}
}

// purify hides the options of p's item, cheaper than thresh, that give it
// another color than p does, and marks those that give the same color as
// compatible (color -1): DLX2's purification, with DLX5's threshold.
func (e *CostEngine) purify(p int32, thresh int64) {
	cc, x := e.n[p].top, e.n[p].color
	e.counters.Cleansings++
	for rr := e.n[cc].down; rr > e.nItems && e.cost[rr] < thresh; rr = e.n[rr].down {
		if e.n[rr].color != x {
			e.counters.Updates += e.hide(rr)
		} else if rr != p {
			e.counters.Cleansings++
			e.n[rr].color = -1
		}
	}
}

// unpurify undoes purify(p, thresh).
func (e *CostEngine) unpurify(p int32, thresh int64) {
	cc, x := e.n[p].top, e.n[p].color
	for rr := e.n[cc].down; rr > e.nItems && e.cost[rr] < thresh; rr = e.n[rr].down {
		if e.n[rr].color < 0 {
			e.n[rr].color = x
		} else if rr != p {
			e.unhide(rr)
		}
	}
}

// RootItem returns the item the root of a search for the first solutions
// branches on (the cut-off not yet known), or -1 when the problem has no
// primary item.
func (e *CostEngine) RootItem() int {
	if e.dirty {
		e.build()
	}
	best, _ := e.choose(0, core.NoCost)
	return int(best) - 1
}
