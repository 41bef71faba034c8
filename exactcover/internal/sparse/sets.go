package sparse

import "slices"

// The set operations of the search, each returning the updates it made.
// Items are named by their blocks (see engine.go).

// deactivate covers the item of block x without touching the other items'
// sets: its size is complemented, and it leaves the active items. The
// caller has checked that it is active.
func (e *Engine) deactivate(x int32) {
	e.freeze(x)
	e.unlist(x)
}

// freeze complements block x's size, so that its set is no longer
// maintained, and takes its item out of the set of short items.
func (e *Engine) freeze(x int32) {
	e.mem[x+sizeAt] = ^e.mem[x+sizeAt]
	if x < e.secBase {
		i := e.mem[x+itemAt]
		e.short[i>>6] &^= 1 << (i & 63)
	}
}

// unlist takes block x out of its list of active items.
func (e *Engine) unlist(x int32) {
	mem, list := e.mem, e.list
	var last int32
	if x < e.secBase {
		e.nAct--
		last = e.nAct
	} else {
		e.nSec--
		last = e.nPrimary + e.nSec
	}
	p, y := mem[x+posAt], list[last]
	list[p], mem[y+posAt] = y, p
	list[last], mem[x+posAt] = x, last
}

// hide removes the options in the set of block c, but for those giving c
// the given color (when it is not 0), from the sets of their other active
// items. size is c's size before it was covered. An active primary item
// that is still listed and is left with no option is noted in e.dead.
//
// This loop is most of the engine's time: it reads the arena without
// bounds checks (views.go), and is a function of its own so that its
// variables stay in registers.
func (e *Engine) hide(c, color, size int32) (updates int64) {
	mem := viewMem(e.mem)
	for r, stop := int(c), int(c+size); r < stop; r++ {
		tt := int(*mem.wide(r))
		if color != 0 && e.colors[tt] == color {
			continue
		}
		for nn := tt + 1; nn != tt; {
			x := int(*mem.wide(2 * nn))
			if x < 0 { // the spacer: back to the option's first node
				nn += x
				continue
			}
			if s := int(*mem.wide(x + sizeAt)); s >= 0 {
				s--
				end := x + s
				last := int(*mem.wide(end))
				loc := int(*mem.wide(2*nn + 1))
				*mem.wide(end) = int32(nn)
				*mem.wide(loc) = int32(last)
				*mem.wide(2*last + 1) = int32(loc)
				*mem.wide(2*nn + 1) = int32(end)
				*mem.wide(x + sizeAt) = int32(s)
				updates++
				if s <= 1 && x < int(e.secBase) {
					// Still listed as active, the item is not one being
					// covered: with no option left it is a dead end.
					if s == 0 && *mem.wide(x + posAt) < e.nAct && e.dead < 0 {
						e.dead = int32(x)
					}
					i := *mem.wide(x + itemAt)
					*viewWords(e.short).at(i >> 6) |= 1 << (i & 63)
				}
			}
			nn++
		}
	}
	return updates
}

// cover covers the item of block c: it becomes inactive and its options
// leave the other items' sets. (Covering the item branched on may leave
// another item with no option only if every option of the item contains
// it, since the item has the fewest options: each branch then covers it
// too, so no dead end is reported here.)
func (e *Engine) cover(c int32) int64 {
	e.unlist(c)
	updates := e.close(c, 0)
	e.dead = -1
	return updates
}

// close covers the item of block c, active and already out of the active
// lists: its size is complemented (its set is no longer maintained) and
// the options in its set, but for those giving it the color (when it is
// not 0), leave the sets of their other active items. It returns the
// updates made; an active primary item still listed and left with no
// option is noted in e.dead.
func (e *Engine) close(c, color int32) int64 {
	mem := e.mem
	size := mem[c+sizeAt]
	mem[c+sizeAt] = ^size
	if c < e.secBase {
		i := mem[c+itemAt]
		e.short[i>>6] &^= 1 << (i & 63)
	}
	return 1 + e.hide(c, color, size)
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
func (e *Engine) take(cur int32) (updates int64, ok bool) { return e.takeOption(cur, false) }

// force takes the option of node cur, the only option left to its item:
// it is cover and take in one, with the same work.
func (e *Engine) force(cur int32) (updates int64, ok bool) { return e.takeOption(cur, true) }

// takeOption is take, and with self force: cur's own item is then taken
// out of the active list and covered first.
//
// It makes two passes around the option. The first takes its active items
// out of the active lists; the second covers them, in order: those still
// active, since covering an item only shortens the sets of active ones.
func (e *Engine) takeOption(cur int32, self bool) (updates int64, ok bool) {
	mem, list, short := viewMem(e.mem), viewMem(e.list), viewWords(e.short)
	secBase, nAct, nSec := int(e.secBase), e.nAct, e.nSec
	e.dead = -1
	// e.unlist, written out: block x leaves its active list.
	leave := func(x int) {
		var last int32
		if x < secBase {
			nAct--
			last = nAct
		} else {
			nSec--
			last = e.nPrimary + nSec
		}
		p, y := int(*mem.wide(x + posAt)), *list.at(last)
		*list.wide(p), *mem.wide(int(y) + posAt) = y, int32(p)
		*list.at(last), *mem.wide(x + posAt) = int32(x), last
	}
	c := int(cur)
	if self {
		leave(int(*mem.wide(2 * c)))
	}
	for nn := c + 1; nn != c; nn++ {
		x := int(*mem.wide(2 * nn))
		if x < 0 { // the spacer: on from the option's first node
			nn += x - 1
			continue
		}
		if *mem.wide(x + sizeAt) >= 0 {
			leave(x)
		}
	}
	e.nAct, e.nSec = nAct, nSec
	// e.close, written out: block x, out of the active lists, is covered.
	shut := func(x int, color int32) {
		size := *mem.wide(x + sizeAt)
		*mem.wide(x + sizeAt) = ^size
		if x < secBase {
			i := *mem.wide(x + itemAt)
			*short.at(i >> 6) &^= 1 << (i & 63)
		}
		updates += 1 + e.hide(int32(x), color, size)
	}
	if self {
		// shut, with the hiding written out: cur's option, the only one
		// in its item's set, leaves the sets of the option's other items,
		// all out of the active lists and about to be covered (so neither
		// short nor dead ends).
		a := int(*mem.wide(2 * c))
		*mem.wide(a + sizeAt) = ^*mem.wide(a + sizeAt)
		i := *mem.wide(a + itemAt)
		*short.at(i >> 6) &^= 1 << (i & 63)
		updates++
		for nn := c + 1; nn != c; nn++ {
			x := int(*mem.wide(2 * nn))
			if x < 0 {
				nn += x - 1
				continue
			}
			if s := int(*mem.wide(x + sizeAt)); s >= 0 {
				s--
				end := x + s
				last := int(*mem.wide(end))
				loc := int(*mem.wide(2*nn + 1))
				*mem.wide(end) = int32(nn)
				*mem.wide(loc) = int32(last)
				*mem.wide(2*last + 1) = int32(loc)
				*mem.wide(2*nn + 1) = int32(end)
				*mem.wide(x + sizeAt) = int32(s)
				updates++
			}
		}
	}
	for nn := c + 1; nn != c; nn++ {
		x := int(*mem.wide(2 * nn))
		if x < 0 {
			nn += x - 1
			continue
		}
		if *mem.wide(x + sizeAt) >= 0 {
			color := int32(0)
			if e.colors != nil {
				color = e.colors[nn]
			}
			if shut(x, color); e.dead >= 0 {
				return updates, false
			}
		}
	}
	return updates, true
}

// save makes a restore point: the sizes of the active items go on
// e.saves, whose length there it returns (and, when the set of short
// items is kept, its words on e.shortSaves).
func (e *Engine) save() int32 {
	m := int32(len(e.saves))
	if e.track {
		e.shortAt = append(e.shortAt, m)
		e.shortSaves = append(e.shortSaves, e.short...)
	}
	active, secondary := e.list[:e.nAct], e.list[e.nPrimary:e.nPrimary+e.nSec]
	n := len(active) + len(secondary)
	// A last entry, never read, makes every restore point begin at a
	// different length.
	e.saves = slices.Grow(e.saves, n+1)[:int(m)+n+1]
	mem, dst := viewMem(e.mem), e.saves[m:]
	dst[n] = saved{}
	for k, x := range active {
		dst[k] = saved{x, *mem.at(x + sizeAt)}
	}
	dst = dst[len(active):]
	for k, x := range secondary {
		dst[k] = saved{x, *mem.at(x + sizeAt)}
	}
	if e.mcc { // and the bounds of the primary items, the first nAct
		for _, x := range e.list[:e.nAct] {
			e.bsaves = append(e.bsaves, *mem.at(x + boundAt))
		}
		e.bsaves = append(e.bsaves, make([]int32, len(e.saves)-len(e.bsaves))...)
	}
	return m
}

// restore returns to the restore point made when e.saves had length m and
// nAct primary and nSec secondary items were active. (Items covered since
// come back by the counts alone: covering only ever moves an item just
// past the end of its active list.)
func (e *Engine) restore(m, nAct, nSec int32) {
	mem := viewMem(e.mem)
	for _, s := range e.saves[m : m+nAct+nSec] {
		*mem.at(s.x + sizeAt) = s.size
	}
	if e.mcc {
		for k, s := range e.saves[m : m+nAct] {
			*mem.at(s.x + boundAt) = e.bsaves[int(m)+k]
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
