package sparse

import (
	"math"
	"unsafe"

	"xcover/exactcover/internal/core"
)

// The search with multiplicities branches two ways, as Knuth's SSMCC
// does: a node picks an item i as DLX3 does (the least branching degree
// len+s−b+1) and the option o of i's set with the smallest index; its left
// branch takes o, its right branch removes o from the problem and leaves
// i to a later node. A degree of 1 means every remaining option of i is
// needed, so the right branch, which could not succeed, is not made.

// Branches of a level, in level.bound.
const (
	takeBranch    = 1
	excludeBranch = 2
)

// searchM is the search loop for problems with multiplicities.
func (e *Engine) searchM(run *core.Run, c *core.Counters, base int) (end core.End) {
	var (
		depth    = base
		lv       *level
		t        tally
		u        int64
		ok       bool
		score    int32
		cut      = base - 1 // levels ≤ cut gave their other branches away
		prof     = e.prof
		weighted = run.Weighted
		every    = run.PollEvery
		nextPoll int64
	)
	clear(prof)
	if every <= 0 {
		every = core.PollInterval
	}
	nextPoll = every
	if run.MaxNodes > 0 && run.MaxNodes < nextPoll {
		nextPoll = run.MaxNodes
	}

forward:
	if t.nodes >= nextPoll {
		if run.MaxNodes > 0 && t.nodes >= run.MaxNodes {
			end = core.NodeLimit
			run.Export = e.export(run.Export, base, depth, cut)
			goto finish
		}
		if run.Poll != nil {
			e.depth = depth
			sofar := t.add(c)
			switch run.Poll(&sofar) {
			case core.Stop:
				end = core.Polled
				run.Export = e.export(run.Export, base, depth, cut)
				goto finish
			case core.Export:
				run.Export = e.export(run.Export, base, depth, cut)
			case core.Donate:
				run.Export, cut = e.donate(run.Export, base, depth, cut)
			}
		}
		nextPoll = t.nodes + every
		if run.MaxNodes > 0 && run.MaxNodes < nextPoll {
			nextPoll = run.MaxNodes
		}
	}
	t.nodes++
	prof[depth]++
	lv = &e.lv[depth]
	lv.mark = -1
	if e.nAct == 0 { // every primary item is content: a solution
		t.sols++
		if run.Visit != nil && !run.Visit(e.solution(depth)) {
			end = core.Visited
			goto finish
		}
		if run.MaxSolutions > 0 && t.sols >= run.MaxSolutions {
			end = core.SolutionLimit
			goto finish
		}
		goto backup
	}
	lv.best, score = e.chooseM(weighted)
	if score <= 0 { // too few options left for the item
		if weighted && e.weight[lv.best] < maxWeight {
			e.weight[lv.best]++
		}
		goto backup
	}
	lv.r = e.firstOption(lv.best)
	if score > 1 {
		lv.mark, lv.nAct, lv.nSec = e.save(), e.nAct, e.nSec
	}
	lv.bound = takeBranch
	u, ok = e.include(lv.r)
	t.updates += u
	if ok {
		depth++
		goto forward
	}
	e.bump(weighted)

right: // the other branch of lv's node: remove its option
	if lv.mark < 0 || depth <= cut {
		goto backup
	}
	e.restore(lv.mark, lv.nAct, lv.nSec)
	e.forget(lv.mark) // the right branch is the node's last
	lv.mark = -1
	lv.bound = excludeBranch
	u, ok = e.exclude(lv.r)
	t.updates += u
	if ok {
		depth++
		goto forward
	}
	e.bump(weighted)

backup:
	if depth == base {
		goto finish
	}
	depth--
	lv = &e.lv[depth]
	if lv.bound == takeBranch {
		goto right
	}
	goto backup

finish:
	c.Solutions += t.sols
	c.Nodes += t.nodes
	c.Updates += t.updates
	if run.Profile != nil {
		for l, n := range prof[:len(run.Profile)] {
			run.Profile[l] += n
		}
	}
	return end
}

// bump adds to the weight of the item found with too few options, under
// the Weighted rule.
func (e *Engine) bump(weighted bool) {
	if weighted && e.dead >= 0 && e.weight[e.dead] < maxWeight {
		e.weight[e.dead]++
	}
}

// chooseM returns the active primary item with the least branching degree
// len+s−b+1 (b its remaining bound, s its slack but at most b) and that
// degree, ties going as in DLX3 to the smaller s, then to the longer set,
// then to the heavier item, then to the first declared. When weights play
// no part and sets, slacks and items are few enough (packedM), one pass
// with a 64-bit sort key finds it; otherwise a first pass finds the least
// degree and s, and a second breaks the ties.
func (e *Engine) chooseM(weighted bool) (best, score int32) {
	hdr, bound, slack, weight := e.hdr, e.bound, e.slack, e.weight
	active := e.list[:e.nAct]
	least := uint64(math.MaxUint64)
	if e.packedM && !weighted {
		for _, k := range active {
			b := bound[k]
			s := min(slack[k], b)
			l := hdr[k].size
			t := l + s - b + 1
			if t <= 0 {
				return k, t // a dead end: no need to look further
			}
			least = min(least, uint64(t)<<43|uint64(s)<<33|uint64(1<<20-1-l)<<13|uint64(k))
		}
		return int32(least & (1<<13 - 1)), int32(least >> 43)
	}
	for _, k := range active {
		b := bound[k]
		s := min(slack[k], b)
		t := hdr[k].size + s - b + 1
		if t <= 0 {
			return k, t // a dead end: no need to look further
		}
		least = min(least, uint64(t)<<32|uint64(s))
	}
	score = int32(least >> 32)
	tie := uint64(math.MaxUint64)
	for _, k := range active {
		b := bound[k]
		s := min(slack[k], b)
		if uint64(hdr[k].size+s-b+1)<<32|uint64(s) == least {
			tie = min(tie, uint64(1<<26-hdr[k].size)<<37|uint64(maxWeight-weight[k])<<24|uint64(k))
		}
	}
	return int32(tie & (1<<24 - 1)), score
}

// firstOption returns the compiled index of the option in item i's set
// with the smallest index (the set's order depends on history; this does
// not). Options are laid out in order, so that is the least node.
func (e *Engine) firstOption(i int32) int32 {
	h := e.hdr[i]
	least := int32(len(e.nodes))
	for _, q := range e.set[h.start : h.start+h.size] {
		least = min(least, q)
	}
	return e.option(least)
}

// include takes compiled option k (Algorithm M's step): each of its
// primary items is covered once more, and covered for good, its other
// options hidden, when its bound runs out; its secondary items are covered
// or purified. It reports false when that leaves some primary item with
// fewer options than it still needs.
func (e *Engine) include(k int32) (updates int64, ok bool) {
	e.dead = -1
	for nn := e.first[k]; e.nodes[nn].item >= 0; nn++ {
		i := e.nodes[nn].item
		size := e.hdr[i].size
		if size < 0 {
			continue // a secondary item purified before, with this color
		}
		if i >= e.nPrimary {
			color := int32(0)
			if e.colors != nil {
				color = e.colors[nn]
			}
			e.deactivate(i)
			updates += 1 + e.hideM(i, color, size, nn)
		} else if e.bound[i]--; e.bound[i] == 0 {
			e.deactivate(i)
			updates += 1 + e.hideM(i, 0, size, nn)
		} else {
			updates += e.drop(nn)
		}
		if e.dead >= 0 {
			return updates, false
		}
	}
	return updates, true
}

// exclude removes compiled option k from the sets of its active items.
func (e *Engine) exclude(k int32) (updates int64, ok bool) {
	e.dead = -1
	for nn := e.first[k]; e.nodes[nn].item >= 0; nn++ {
		if e.hdr[e.nodes[nn].item].size >= 0 {
			updates += e.drop(nn)
		}
	}
	return updates, e.dead < 0
}

// drop removes node nn's option from the set of its item, which is
// active. A primary item left with fewer options than its bound needs is
// noted in e.dead; one left with none, and content, becomes inactive.
func (e *Engine) drop(nn int32) int64 {
	nd, set := e.nodes, e.set
	x := nd[nn]
	h := &e.hdr[x.item]
	s := h.size - 1
	end := h.start + s
	last := set[end]
	set[end], set[x.loc] = nn, last
	nd[nn].loc, nd[last].loc = end, x.loc
	h.size = s
	if x.item < e.nPrimary {
		if s < e.bound[x.item]-e.slack[x.item] {
			if e.dead < 0 {
				e.dead = x.item
			}
		} else if s == 0 {
			e.deactivate(x.item)
		}
	}
	return 1
}

// hideM removes the options in item c's set but skip's (and, for a
// secondary item with a color, those giving it that color) from the sets
// of their other active items. size is c's size before it was covered.
// A primary item left with fewer options than its bound needs is noted in
// e.dead; one left with none, and content, becomes inactive. The common
// path of drop is written out here, without bounds checks (see hide).
func (e *Engine) hideM(c, color, size, skip int32) (updates int64) {
	nd := unsafe.Pointer(unsafe.SliceData(e.nodes))
	set := unsafe.Pointer(unsafe.SliceData(e.set))
	hdr := unsafe.Pointer(unsafe.SliceData(e.hdr))
	bound, slack := e.bound, e.slack
	start := e.hdr[c].start
	for _, tt := range e.set[start : start+size] {
		if tt == skip || color != 0 && e.colors[tt] == color {
			continue
		}
		for nn := tt + 1; nn != tt; {
			xp := (*node)(unsafe.Add(nd, uintptr(nn)*8))
			x := *xp
			if x.item < 0 {
				nn += x.item
				continue
			}
			h := (*header)(unsafe.Add(hdr, uintptr(x.item)*8))
			if s := h.size - 1; s >= 0 {
				end := h.start + s
				endp := (*int32)(unsafe.Add(set, uintptr(end)*4))
				last := *endp
				*endp = nn
				*(*int32)(unsafe.Add(set, uintptr(x.loc)*4)) = last
				xp.loc = end
				(*node)(unsafe.Add(nd, uintptr(last)*8)).loc = x.loc
				h.size = s
				updates++
				if x.item < e.nPrimary {
					if s < bound[x.item]-slack[x.item] {
						if e.dead < 0 {
							e.dead = x.item
						}
					} else if s == 0 {
						e.deactivate(x.item)
					}
				}
			}
			nn++
		}
	}
	return updates
}

// stepM makes path step st at level l of a problem with multiplicities.
func (e *Engine) stepM(l int, st core.Step) (updates int64, ok bool, err error) {
	p := e.p
	if st.Option < 0 || int(st.Option) >= len(p.Index) || p.Index[st.Option] < 0 {
		return 0, false, core.ErrBadPath
	}
	k := p.Index[st.Option]
	// The option must still be in the set of each of its items that is
	// active, and its primary items active.
	for nn := e.first[k]; e.nodes[nn].item >= 0; nn++ {
		x := e.nodes[nn]
		h := e.hdr[x.item]
		if h.size < 0 {
			if x.item < e.nPrimary {
				return 0, false, core.ErrInconsistent
			}
			continue
		}
		if x.loc >= h.start+h.size {
			return 0, false, core.ErrInconsistent
		}
	}
	lv := &e.lv[l]
	lv.best, lv.r, lv.mark, lv.bound = st.Item, k, -1, takeBranch
	if st.Item >= 0 && (st.Item >= e.nPrimary || e.hdr[st.Item].size < 0) {
		return 0, false, core.ErrInconsistent
	}
	if st.Exclude {
		if st.Item < 0 {
			return 0, false, core.ErrBadPath
		}
		lv.bound = excludeBranch
		updates, ok = e.exclude(k)
		return updates, ok, nil
	}
	updates, ok = e.include(k)
	return updates, ok, nil
}

// expandM enters a node of a problem with multiplicities (see Expand).
func (e *Engine) expandM(c *core.Counters, dst []core.Unit, base int) ([]core.Unit, bool, error) {
	if e.nAct == 0 {
		c.Solutions++
		return dst, true, nil
	}
	best, score := e.chooseM(false)
	if score <= 0 {
		return dst, false, nil
	}
	o := e.p.Caller[e.firstOption(best)]
	dst = append(dst, core.Unit{Path: append(e.steps(base), core.Step{Item: best, Option: o}), CountLast: true})
	if score > 1 {
		dst = append(dst, core.Unit{Path: append(e.steps(base), core.Step{Item: best, Option: o, Exclude: true}), CountLast: true})
	}
	return dst, false, nil
}
