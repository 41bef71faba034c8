package sparse

// The set operations of the search, each returning the updates it made.

// deactivate covers item i without touching the other items' sets: its
// size is complemented, and it leaves the active items. The caller has
// checked that i is active.
func (e *Engine) deactivate(i int32) {
	e.freeze(i)
	e.unlist(i)
}

// freeze complements item i's size, so that its set is no longer
// maintained, and takes it out of the set of short items.
func (e *Engine) freeze(i int32) {
	e.hdr[i].size = ^e.hdr[i].size
	if i < e.nPrimary {
		e.short[i>>6] &^= 1 << (i & 63)
	}
}

// unlist takes item i out of its list of active items.
func (e *Engine) unlist(i int32) {
	list, pos := e.list, e.pos
	var last int32
	if i < e.nPrimary {
		e.nAct--
		last = e.nAct
	} else {
		e.nSec--
		last = e.nPrimary + e.nSec
	}
	p, j := pos[i], list[last]
	list[p], pos[j] = j, p
	list[last], pos[i] = i, last
}

// hide removes the options in item c's set, but for those giving c the
// given color (when it is not 0), from the sets of their other active
// items. size is c's size before it was covered. An active primary item
// left with no option is noted in e.dead.
func (e *Engine) hide(c, color, size int32) (updates int64) {
	nd, set, hdr := viewNodes(e.nodes), viewInt32s(e.set), viewHeaders(e.hdr)
	start := e.hdr[c].start
	for _, tt := range e.set[start : start+size] {
		if color != 0 && e.colors[tt] == color {
			continue
		}
		for nn := tt + 1; nn != tt; {
			xp := nd.at(nn)
			x := *xp
			if x.item < 0 { // the spacer: back to the option's first node
				nn += x.item
				continue
			}
			h := hdr.at(x.item)
			if s := h.size; s >= 0 {
				s--
				end := h.start + s
				endp := set.at(end)
				last := *endp
				*endp = nn
				*set.at(x.loc) = last
				xp.loc = end
				nd.at(last).loc = x.loc
				h.size = s
				updates++
				if s <= 1 && x.item < e.nPrimary {
					// Still listed as active, the item is not one of the
					// option being taken: with no option left it is a dead
					// end.
					if s == 0 && e.pos[x.item] < e.nAct && e.dead < 0 {
						e.dead = x.item
					}
					e.short[x.item>>6] |= 1 << (x.item & 63)
				}
			}
			nn++
		}
	}
	return updates
}

// cover covers item c: it becomes inactive and its options leave the
// other items' sets.
func (e *Engine) cover(c int32) int64 {
	size := e.hdr[c].size
	e.deactivate(c)
	return 1 + e.hide(c, 0, size)
}

// take takes the option of node cur, whose item has been covered: its
// other active items are covered in turn, in the option's order, each
// before the next is looked at (a colored secondary item keeps the options
// that give it the same color). As in SSXCC, they all leave the lists of
// active items first: they are not dead ends when their sets run out. It
// reports false, leaving the work for the restore point to undo, when
// covering an item leaves some other primary item with no option; the
// item being covered is always dealt with entirely first, so the work done
// does not depend on the order inside the sets.
func (e *Engine) take(cur int32) (updates int64, ok bool) {
	nd := e.nodes
	todo := e.todo[:0]
	for nn := cur + 1; nn != cur; {
		x := nd[nn]
		if x.item < 0 {
			nn += x.item
			continue
		}
		if e.hdr[x.item].size >= 0 {
			e.unlist(x.item)
			todo = append(todo, nn)
		}
		nn++
	}
	e.todo = todo
	e.dead = -1
	for _, nn := range todo {
		i := nd[nn].item
		size := e.hdr[i].size
		e.freeze(i)
		color := int32(0)
		if e.colors != nil {
			color = e.colors[nn]
		}
		updates += 1 + e.hide(i, color, size)
		if e.dead >= 0 {
			return updates, false
		}
	}
	return updates, true
}

// save makes a restore point: the sizes of the active items go on
// e.saves, whose length there it returns (and the words of e.short on
// e.shortSaves, at m/len(e.saves)… see restore).
func (e *Engine) save() int32 {
	m := int32(len(e.saves))
	if e.track {
		e.shortAt = append(e.shortAt, m)
		e.shortSaves = append(e.shortSaves, e.short...)
	}
	hdr := e.hdr
	for _, i := range e.list[:e.nAct] {
		e.saves = append(e.saves, saved{i, hdr[i].size})
	}
	for _, i := range e.list[e.nPrimary : e.nPrimary+e.nSec] {
		e.saves = append(e.saves, saved{i, hdr[i].size})
	}
	// A last entry, never read, makes every restore point begin at a
	// different length.
	e.saves = append(e.saves, saved{-1, 0})
	if e.mcc { // and the bounds, for the primary items (the first nAct)
		for _, i := range e.list[:e.nAct] {
			e.bsaves = append(e.bsaves, e.bound[i])
		}
		e.bsaves = append(e.bsaves, make([]int32, len(e.saves)-int(m)-int(e.nAct))...)
	}
	return m
}

// restore returns to the restore point made when e.saves had length m and
// nAct primary and nSec secondary items were active. (Items covered since
// come back by the counts alone: covering only ever moves an item just
// past the end of its active list.)
func (e *Engine) restore(m, nAct, nSec int32) {
	hdr := e.hdr
	for _, s := range e.saves[m : m+nAct+nSec] {
		hdr[s.item].size = s.size
	}
	if e.mcc {
		for k, s := range e.saves[m : m+nAct] {
			e.bound[s.item] = e.bsaves[int(m)+k]
		}
	}
	e.nAct, e.nSec = nAct, nSec
	if e.track {
		// The restore point is the newest whose saves begin at m.
		k := len(e.shortAt) - 1
		for e.shortAt[k] != m {
			k--
		}
		copy(e.short, e.shortSaves[k*len(e.short):])
	}
}
