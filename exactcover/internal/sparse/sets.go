package sparse

import "unsafe"

// The set operations of the search, each returning the updates it made.
// Items are named by their blocks (see engine.go).

// deactivate covers the item of block x without touching the other items'
// sets (multiplicities): its size is complemented, so that its set is no
// longer maintained, and it leaves the active items. The caller has
// checked that it is active.
func (e *Engine) deactivate(x int32) {
	mem := viewMem(e.mem)
	if e.trailing {
		e.keep(mem, int(x))
	}
	*mem.wide(int(x) + sizeAt) = ^*mem.wide(int(x) + sizeAt)
	e.unlist(x)
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
	var updates int64
	switch {
	case e.trailing:
		updates, _ = shut[trailed](e, q, q+1)
	case e.shortSets:
		updates, _ = shut[plainShort](e, q, q+1)
	default:
		updates, _ = shut[plain](e, q, q+1)
	}
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
//
// It is takeOption in the form for the newest restore point and the
// problem (see shut); the search loop picks the form itself, for takes and
// forced moves alike, without this call between.
func (e *Engine) take(cur int32) (updates int64, ok bool) {
	switch {
	case e.trailing:
		return takeOption[trailed](e, cur, false)
	case e.shortSets:
		return takeOption[plainShort](e, cur, false)
	default:
		return takeOption[plain](e, cur, false)
	}
}

// The loops that change sizes come in two compiled forms: below a trail
// point (trailed) each size goes on the trail before its first change,
// and each short word before it changes; below a whole save (plain) they
// change unrecorded. Testing e.trailing at each update instead would cost
// what the plain form saves. The type parameter's size tells the two
// forms apart, as a constant in each (as in the dancing-links engine).
// shut has a third, plainShort: plain, for problems of short sets and
// primary items only (Engine.shortSets), where an item's set often comes
// down to one option.
type (
	plain      int8
	trailed    int16
	plainShort int32
)

// isTrailed reports whether T is the trail point's form.
func isTrailed[T plain | trailed | plainShort]() bool { return unsafe.Sizeof(T(0)) == 2 }

// isShort reports whether T is the plain form for short sets.
func isShort[T plain | trailed | plainShort]() bool { return unsafe.Sizeof(T(0)) == 4 }

// ShortSetUses is the most uses per primary item (the average size of
// their sets at the start) for which shut's plain form notes items left
// with at most one option without a branch (plainShort), in a problem
// without secondary items. Where sets are short, as in a Sudoku (7 uses
// per item on sudoku-multi-823k) or Langford's problem (16 on
// langford-12), a set comes down to one option at so many updates, and at
// others not, that a branch on it is mispredicted often. Where they are
// long, as in pentomino packings (170), the branch is predicted and the
// arithmetic that replaces it costs more than it saves. With secondary
// items, whose updates set no bit, it needs a test and a mask more, and
// costs more than it saves there too (docs/engines.md). A variable only
// so that tests can try both forms.
var ShortSetUses = 32

// takeOption is take, and with self a forced move: cur's option is the
// only one left to its item, which is then taken out of the active list
// and covered first (cover and take in one, with the same work). It comes
// in shut's three forms, and calls shut in its own.
//
// It makes two passes around the option. The first takes its active items
// out of the active lists (with self, also the option out of their sets);
// the second (shut) covers them, in order: those still active, since
// covering an item only shortens the sets of active ones.
func takeOption[T plain | trailed | plainShort](e *Engine, cur int32, self bool) (updates int64, ok bool) {
	mem, list := viewMem(e.mem), viewMem(e.list)
	secBase, nAct, nSec := int(e.secBase), e.nAct, e.nSec
	e.dead = -1
	// e.unlist, written out: block x leaves its active list.
	leave := func(x int) {
		var last int32
		if isShort[T]() || x < secBase { // (plainShort: every item is primary)
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
		// cur's own item leaves its list and is covered; cur's option,
		// the only one in its set, leaves the sets of the option's other
		// active items as they leave their lists, about to be covered (so
		// neither short nor dead ends): one walk around the option (below
		// a trail point, what it changes goes on the trail first).
		a := int(uint32(*mem.wide(2 * c)))
		leave(a)
		if isTrailed[T]() {
			e.keepOption(c)
		}
		*mem.wide(a + sizeAt) = ^*mem.wide(a + sizeAt)
		i := *mem.wide(a + itemAt)
		*viewWords(e.short).at(i >> 6) &^= 1 << (i & 63)
		updates++
		for nn := c + 1; nn != c; nn++ {
			x32 := *mem.wide(2 * nn)
			if x32 < 0 {
				nn += int(x32) - 1
				continue
			}
			x := int(uint32(x32))
			// (plainShort: every item is primary, so every item of an
			// option still in a set is active, and the test is known.)
			if s32 := *mem.wide(x + sizeAt); isShort[T]() || s32 >= 0 {
				leave(x)
				s := int(uint32(s32)) - 1
				mem.swapOut(nn, x+s)
				*mem.wide(x + sizeAt) = int32(s)
				updates++
			}
		}
	} else {
		for nn := c + 1; nn != c; nn++ {
			x32 := *mem.wide(2 * nn)
			if x32 < 0 { // the spacer: on from the option's first node
				nn += int(x32) - 1
				continue
			}
			if x := int(uint32(x32)); isShort[T]() || *mem.wide(x + sizeAt) >= 0 { // (as above)
				leave(x)
			}
		}
	}
	e.nAct, e.nSec = nAct, nSec
	u, ok := shut[T](e, c+1, c)
	return updates + u, ok
}

// keepOption puts on the trail what a forced move is about to change of
// node c's option, below a trail point: the sizes of its active items,
// and the short word of c's item.
func (e *Engine) keepOption(c int) {
	mem := viewMem(e.mem)
	a := int(uint32(*mem.wide(2 * c)))
	if i := *mem.wide(a + itemAt); *viewWords(e.short).at(i >> 6)&(1<<(i&63)) != 0 {
		e.logWord(i)
	}
	for nn := c; ; {
		if x := int(uint32(*mem.wide(2 * nn))); *mem.wide(x + sizeAt) >= 0 {
			e.keep(mem, x)
		}
		if nn++; *mem.wide(2 * nn) < 0 {
			nn += int(*mem.wide(2 * nn))
		}
		if nn == c {
			return
		}
	}
}

// logWord puts the short word of primary item i on the trail, as its two
// words of mem: the caller, below a trail point, is about to change the
// item's bit.
func (e *Engine) logWord(i int32) {
	x := e.shortAt + 2*(i>>6) - sizeAt
	e.room(2)
	e.trail = append(e.trail, saved{x, e.mem[x+sizeAt]}, saved{x + 1, e.mem[x+1+sizeAt]})
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
func shut[T plain | trailed | plainShort](e *Engine, from, stop int) (updates int64, ok bool) {
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
		if !isShort[T]() && size < 0 { // (plainShort: all active, see takeOption)
			continue
		}
		if isTrailed[T]() {
			e.keep(mem, x)
		}
		*mem.wide(x + sizeAt) = ^int32(size)
		if isShort[T]() || x < int(e.secBase) { // (plainShort: every item is primary)
			i := *mem.wide(x + itemAt)
			w := viewWords(e.short).at(i >> 6)
			if isTrailed[T]() && *w&(1<<(i&63)) != 0 {
				e.logWord(i)
			}
			*w &^= 1 << (i & 63)
		}
		if !isShort[T]() { // (plainShort: no secondary items, so no colors)
			at.color = 0
			if e.colors != nil {
				at.color = e.colors[at.o]
			}
		}
		updates++
		for at.r, at.end = x, x+size; at.r < at.end; at.r++ {
			tt := int(*mem.wide(at.r))
			if !isShort[T]() && at.color != 0 && e.colors[tt] == at.color {
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
					if isTrailed[T]() {
						e.keep(mem, y)
					}
					s := int(uint32(s32)) - 1
					mem.swapOut(nn, y+s)
					*mem.wide(y + sizeAt) = int32(s)
					updates++
					if isShort[T]() {
						// Every item is primary. Still listed as active,
						// the item is not one being covered: with no
						// option left it is a dead end.
						if s == 0 && *mem.wide(y + posAt) < e.nAct && e.dead < 0 {
							e.dead = int32(y)
						}
						// Left with at most one option, the item joins the
						// short items. Below a whole save nothing is
						// recorded, so its bit is set without a branch
						// (see ShortSetUses): b is 1 when s ≤ 1, else 0.
						b := uint64(s-2) >> 63
						i := *mem.wide(y + itemAt)
						*viewWords(e.short).at(i >> 6) |= b << (i & 63)
					} else if s <= 1 && y < int(e.secBase) {
						// As above, with a branch; below a trail point the
						// short word goes on the trail before its bit is
						// set.
						if s == 0 && *mem.wide(y + posAt) < e.nAct && e.dead < 0 {
							e.dead = int32(y)
						}
						i := *mem.wide(y + itemAt)
						w := viewWords(e.short).at(i >> 6)
						if isTrailed[T]() && *w&(1<<(i&63)) == 0 {
							e.logWord(i)
						}
						*w |= 1 << (i & 63)
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
