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
	mem, w := viewMem(e.mem), int(x)
	*mem.wide(w + sizeAt) = ^*mem.wide(w + sizeAt)
	if x < e.secBase {
		i := *mem.wide(w + itemAt)
		*viewWords(e.short).at(i >> 6) &^= 1 << (i & 63)
	}
}

// unlist takes block x out of its list of active items.
func (e *Engine) unlist(x int32) {
	mem, list, w := viewMem(e.mem), viewMem(e.list), int(x)
	var last int32
	if x < e.secBase {
		e.nAct--
		last = e.nAct
	} else {
		e.nSec--
		last = e.nPrimary + e.nSec
	}
	p, y := int(*mem.wide(w + posAt)), *list.at(last)
	*list.wide(p), *mem.wide(int(y) + posAt) = y, int32(p)
	*list.at(last), *mem.wide(w + posAt) = x, last
}

// cover covers the item of block c: it becomes inactive and its options
// leave the other items' sets. (Covering the item branched on may leave
// another item with no option only if every option of the item contains
// it, since the item has the fewest options: each branch then covers it
// too, so no dead end is reported here.)
func (e *Engine) cover(c int32) int64 {
	e.unlist(c)
	q := int(e.mem[c]) // a node of c's item, which has options
	updates, _ := e.shut(q, q+1)
	e.dead = -1
	return updates
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
// out of the active lists; the second (shut) covers them, in order: those
// still active, since covering an item only shortens the sets of active
// ones.
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
		p, y := int(uint32(*mem.wide(x + posAt))), *list.at(last)
		*list.wide(p), *mem.wide(int(uint32(y)) + posAt) = y, int32(p)
		*list.at(last), *mem.wide(x + posAt) = int32(x), last
	}
	// As in shut, values known not to be negative are widened as unsigned.
	c := int(cur)
	if self {
		leave(int(uint32(*mem.wide(2 * c))))
	}
	for nn := c + 1; nn != c; nn++ {
		x32 := *mem.wide(2 * nn)
		if x32 < 0 { // the spacer: on from the option's first node
			nn += int(x32) - 1
			continue
		}
		if x := int(uint32(x32)); *mem.wide(x + sizeAt) >= 0 {
			leave(x)
		}
	}
	e.nAct, e.nSec = nAct, nSec
	if self {
		// shut, with the hiding written out: cur's option, the only one
		// in its item's set, leaves the sets of the option's other items,
		// all out of the active lists and about to be covered (so neither
		// short nor dead ends).
		a := int(uint32(*mem.wide(2 * c)))
		*mem.wide(a + sizeAt) = ^*mem.wide(a + sizeAt)
		i := *mem.wide(a + itemAt)
		*short.at(i >> 6) &^= 1 << (i & 63)
		updates++
		for nn := c + 1; nn != c; nn++ {
			x32 := *mem.wide(2 * nn)
			if x32 < 0 {
				nn += int(x32) - 1
				continue
			}
			x := int(uint32(x32))
			if s32 := *mem.wide(x + sizeAt); s32 >= 0 {
				s := int(uint32(s32)) - 1
				mem.swapOut(nn, x+s)
				*mem.wide(x + sizeAt) = int32(s)
				updates++
			}
		}
	}
	u, ok := e.shut(c+1, c)
	return updates + u, ok
}

// shut covers, in order, the items of the nodes from node from around
// their option to node stop, excluded, that are still active: they are
// out of the active lists already. Covering an item complements its size
// (its set is no longer maintained) and removes the options in its set,
// but for those giving it the node's color (when it has one), from the
// sets of their other active items. An active primary item still listed
// and left with no option is a dead end: it is noted in e.dead, and shut
// stops with ok false once the item being covered has been dealt with
// entirely.
//
// These loops are most of the engine's time: they read the arena without
// bounds checks (views.go) and are written out in one function, so that
// the calls it would take are not made for each item.
func (e *Engine) shut(from, stop int) (updates int64, ok bool) {
	mem := viewMem(e.mem)
	// The loops over the option and over each set keep their state in
	// memory, read once per option, so that the innermost loop has the
	// registers to itself.
	var st struct {
		o, stop, r, end int
		color           int32
	}
	at := &st
	at.stop = stop
	for at.o = from; at.o != at.stop; at.o++ {
		x := int(*mem.wide(2 * at.o))
		if x < 0 {
			at.o += x - 1
			continue
		}
		size := int(*mem.wide(x + sizeAt))
		if size < 0 {
			continue
		}
		*mem.wide(x + sizeAt) = ^int32(size)
		if x < int(e.secBase) {
			i := *mem.wide(x + itemAt)
			*viewWords(e.short).at(i >> 6) &^= 1 << (i & 63)
		}
		at.color = 0
		if e.colors != nil {
			at.color = e.colors[at.o]
		}
		updates++
		for at.r, at.end = x, x+size; at.r < at.end; at.r++ {
			tt := int(*mem.wide(at.r))
			if at.color != 0 && e.colors[tt] == at.color {
				continue
			}
			// Values known not to be negative are widened as unsigned:
			// that costs no instruction.
			for nn := tt + 1; nn != tt; {
				y32 := *mem.wide(2 * nn)
				if y32 < 0 { // the spacer: back to the option's first node
					nn += int(y32)
					continue
				}
				y := int(uint32(y32))
				if s32 := *mem.wide(y + sizeAt); s32 >= 0 {
					s := int(uint32(s32)) - 1
					mem.swapOut(nn, y+s)
					*mem.wide(y + sizeAt) = int32(s)
					updates++
					if s <= 1 && y < int(e.secBase) {
						// Still listed as active, the item is not one
						// being covered: with no option left it is a
						// dead end.
						if s == 0 && *mem.wide(y + posAt) < e.nAct && e.dead < 0 {
							e.dead = int32(y)
						}
						i := *mem.wide(y + itemAt)
						*viewWords(e.short).at(i >> 6) |= 1 << (i & 63)
					}
				}
				nn++
			}
		}
		if e.dead >= 0 {
			return updates, false
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
		dst[k] = saved{x, *mem.wide(int(uint32(x)) + sizeAt)}
	}
	dst = dst[len(active):]
	for k, x := range secondary {
		dst[k] = saved{x, *mem.wide(int(uint32(x)) + sizeAt)}
	}
	if e.mcc { // and the bounds of the primary items, the first nAct
		e.bsaves = slices.Grow(e.bsaves, n+1)[:len(e.saves)]
		bounds := e.bsaves[m:][:len(active)]
		for k, x := range active {
			bounds[k] = *mem.wide(int(uint32(x)) + boundAt)
		}
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
		*mem.wide(int(uint32(s.x)) + sizeAt) = s.size
	}
	if e.mcc {
		for k, s := range e.saves[m : m+nAct] {
			*mem.wide(int(uint32(s.x)) + boundAt) = e.bsaves[int(m)+k]
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
