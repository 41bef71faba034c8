package sparse

import (
	"math"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// The search with multiplicities branches two ways, as Knuth's SSMCC
// does: a node picks an item i as DLX3 does (the least branching degree
// len+s−b+1) and the option o of i's set with the smallest index; its left
// branch takes o, its right branch removes o from the problem and leaves
// i to a later node. A degree of 1 means every remaining option of i is
// needed, so the right branch, which could not succeed, is not made. The
// search loop (search.go) makes the two branches at its labels nodeM and
// right.

// Branches of a level, in level.branch.
const (
	takeBranch    = 1
	excludeBranch = 2
)

// chooseM returns the block of the active primary item with the least
// branching degree len+s−b+1 (b its remaining bound, s its slack but at
// most b) and that degree, ties going as in DLX3 to the smaller s, then to
// the longer set, then to the heavier item, then to the first declared.
// When weights play no part and sets, slacks and items are few enough
// (packedM), one pass with a 64-bit sort key finds it; otherwise a first
// pass finds the least degree and s, and a second breaks the ties.
func (e *Engine) chooseM(weighted bool) (best, score int32) {
	mem, weight := e.mem, e.weight
	active := e.list[:e.nAct]
	least := uint64(math.MaxUint64)
	if e.packedM && !weighted {
		m := viewMem(mem)
		for _, x := range active {
			// s = min(slack, b) is b+d, d = min(slack−b, 0) made
			// without a branch (its way would depend on the item).
			// b, s, l and t past the test are not negative: they are
			// widened as unsigned (see shut).
			w := int(uint32(x))
			b := *m.wide(w + boundAt)
			d := *m.wide(w + slackAt) - b
			d &= d >> 31
			l := *m.wide(w + sizeAt)
			t := l + d + 1
			if t <= 0 {
				return x, t // a dead end: no need to look further
			}
			key := uint64(uint32(t))<<43 | uint64(uint32(b+d))<<33 | uint64(uint32(1<<20-1-l))<<13 | uint64(uint32(*m.wide(w + itemAt)))
			if key < least {
				least = key
			}
		}
		return e.base[least&(1<<13-1)], int32(least >> 43)
	}
	for _, x := range active {
		b := mem[x+boundAt]
		s := min(mem[x+slackAt], b)
		t := mem[x+sizeAt] + s - b + 1
		if t <= 0 {
			return x, t
		}
		least = min(least, uint64(t)<<32|uint64(s))
	}
	score = int32(least >> 32)
	tie := uint64(math.MaxUint64)
	for _, x := range active {
		b := mem[x+boundAt]
		s := min(mem[x+slackAt], b)
		l := mem[x+sizeAt]
		if uint64(l+s-b+1)<<32|uint64(s) == least {
			i := mem[x+itemAt]
			tie = min(tie, uint64(1<<26-l)<<37|uint64(maxWeight-weight[i])<<24|uint64(i))
		}
	}
	return e.base[tie&(1<<24-1)], score
}

// firstOption returns the compiled index of the option in block x's set
// with the smallest index (the set's order depends on history; this does
// not). Options are laid out in order, so that is the least node.
func (e *Engine) firstOption(x int32) int32 {
	least := int32(math.MaxInt32)
	for _, q := range e.mem[x : x+e.mem[x+sizeAt]] {
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
	if e.trailing {
		return includeIn[trailed](e, k)
	}
	return includeIn[plain](e, k)
}

// exclude removes compiled option k from the sets of its active items.
func (e *Engine) exclude(k int32) (updates int64, ok bool) {
	if e.trailing {
		return excludeIn[trailed](e, k)
	}
	return excludeIn[plain](e, k)
}

// includeIn is include in the form T (see sets.go).
func includeIn[T plain | trailed](e *Engine, k int32) (updates int64, ok bool) {
	mem := e.mem
	e.dead = -1
	for nn := e.first[k]; mem[2*nn] >= 0; nn++ {
		x := mem[2*nn]
		size := mem[x+sizeAt]
		if size < 0 {
			continue // a secondary item purified before, with this color
		}
		if x >= e.secBase {
			color := int32(0)
			if e.colors != nil {
				color = e.colors[nn]
			}
			e.deactivate(x)
			updates += 1 + hideM[T](e, x, color, size, nn)
		} else {
			if isTrailed[T]() {
				e.log(viewMem(mem), int(x+boundAt))
			}
			if mem[x+boundAt]--; mem[x+boundAt] == 0 {
				e.deactivate(x)
				updates += 1 + hideM[T](e, x, 0, size, nn)
			} else {
				updates += drop[T](e, nn)
			}
		}
		if e.dead >= 0 {
			return updates, false
		}
	}
	return updates, true
}

// excludeIn is exclude in the form T.
func excludeIn[T plain | trailed](e *Engine, k int32) (updates int64, ok bool) {
	mem := e.mem
	e.dead = -1
	for nn := e.first[k]; mem[2*nn] >= 0; nn++ {
		if mem[mem[2*nn]+sizeAt] >= 0 {
			updates += drop[T](e, nn)
		}
	}
	return updates, e.dead < 0
}

// drop removes node nn's option from the set of its item, which is
// active. A primary item left with fewer options than its bound needs is
// noted in e.dead; one left with none, and content, becomes inactive.
func drop[T plain | trailed](e *Engine, nn int32) int64 {
	mem := e.mem
	x := mem[2*nn]
	if isTrailed[T]() {
		e.keep(viewMem(mem), int(x))
	}
	s := mem[x+sizeAt] - 1
	viewMem(mem).swapOut(int(nn), int(x+s))
	mem[x+sizeAt] = s
	if x < e.secBase {
		if s < mem[x+boundAt]-mem[x+slackAt] {
			if e.dead < 0 {
				e.dead = x
			}
		} else if s == 0 {
			e.deactivate(x)
		}
	}
	return 1
}

// hideM removes the options in block c's set but skip's (and, for a
// secondary item with a color, those giving it that color) from the sets
// of their other active items. size is c's size before it was covered.
// A primary item left with fewer options than its bound needs is noted in
// e.dead; one left with none, and content, becomes inactive. The common
// path of drop is written out here, without bounds checks.
func hideM[T plain | trailed](e *Engine, c, color, size, skip int32) (updates int64) {
	mem := viewMem(e.mem)
	// The loop over the set keeps its state in memory, read once per
	// option, so that the inner loop has the registers to itself (see
	// shut).
	var st struct{ r, end int }
	at := &st
	for at.r, at.end = int(c), int(c+size); at.r < at.end; at.r++ {
		tt := int(*mem.wide(at.r))
		if tt == int(skip) || color != 0 && e.colors[tt] == color {
			continue
		}
		for nn := tt + 1; nn != tt; {
			x32 := *mem.wide(2 * nn)
			if x32 < 0 {
				nn += int(x32)
				continue
			}
			x := int(uint32(x32)) // (widened as in shut)
			if s32 := *mem.wide(x + sizeAt); s32 > 0 {
				if isTrailed[T]() {
					e.keep(mem, x)
				}
				s := int(uint32(s32)) - 1
				mem.swapOut(nn, x+s)
				*mem.wide(x + sizeAt) = int32(s)
				updates++
				if x < int(e.secBase) {
					if s < int(*mem.wide(x + boundAt)-*mem.wide(x + slackAt)) {
						if e.dead < 0 {
							e.dead = int32(x)
						}
					} else if s == 0 {
						e.deactivate(int32(x))
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
	p, mem := e.p, e.mem
	if st.Option < 0 || int(st.Option) >= len(p.Index) || p.Index[st.Option] < 0 {
		return 0, false, core.ErrBadPath
	}
	k := p.Index[st.Option]
	// The option must still be in the set of each of its items that is
	// active, and its primary items active.
	for nn := e.first[k]; mem[2*nn] >= 0; nn++ {
		x := mem[2*nn]
		size := mem[x+sizeAt]
		if size < 0 {
			if x < e.secBase {
				return 0, false, core.ErrInconsistent
			}
			continue
		}
		if mem[2*nn+1] >= x+size {
			return 0, false, core.ErrInconsistent
		}
	}
	lv := &e.lv[l]
	lv.best, lv.r, lv.mark, lv.branch = -1, k, -1, takeBranch
	if st.Item >= 0 {
		if st.Item >= e.nPrimary || mem[e.base[st.Item]+sizeAt] < 0 {
			return 0, false, core.ErrInconsistent
		}
		lv.best = e.base[st.Item]
	}
	if st.Exclude {
		if st.Item < 0 {
			return 0, false, core.ErrBadPath
		}
		lv.branch = excludeBranch
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
	o, item := e.p.Caller[e.firstOption(best)], e.item(best)
	dst = append(dst, core.Unit{Path: append(e.Steps(base), core.Step{Item: item, Option: o}), CountLast: true})
	if score > 1 {
		dst = append(dst, core.Unit{Path: append(e.Steps(base), core.Step{Item: item, Option: o, Exclude: true}), CountLast: true})
	}
	return dst, false, nil
}
