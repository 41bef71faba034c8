package sparse

import (
	"math"
	"math/bits"
)

// maxWeight caps an item's weight so that size, weight and item fit one
// 64-bit sort key: 27 bits of size, 13 of weight, 24 of item.
const maxWeight = 1<<13 - 1

// choose returns the block of the active primary item with the fewest
// options, ties to the heaviest (weights stay zero under Knuth's rule) and
// then to the first declared. The order of the active list does not
// matter: the sort key decides.
//
// Below the first level of a search no active primary item can have run
// out of options: take abandons a choice that empties one, and covering
// the item branched on can empty only items that every one of its options
// contains (it has the fewest options). So there, when weights play no
// part, the first item in the set of short items is the answer.
func (e *Engine) choose(first, weighted bool) int32 {
	if e.track {
		if !first && !weighted {
			for w, m := range e.short {
				if m != 0 {
					return e.base[w<<6|bits.TrailingZeros64(m)]
				}
			}
		} else if best := e.chooseShort(); best >= 0 {
			return best
		}
	}
	mem := viewMem(e.mem)
	if e.track && !first && !weighted {
		// No active primary item has fewer than two options, so the first
		// declared with two is the answer: the items are looked at in
		// declaration order (blocks in a row) until one is found.
		least := uint64(math.MaxUint64)
		for _, x := range e.base[:e.nPrimary] {
			s := *mem.wide(int(uint32(x)) + sizeAt)
			if s == 2 {
				return x
			}
			if s > 0 {
				least = min(least, uint64(uint32(s))<<32|uint64(x))
			}
		}
		return int32(least)
	}
	least := uint64(math.MaxUint64)
	if !weighted {
		// Blocks are laid out in the items' order: the first declared
		// has the least block.
		for _, x := range e.list[:e.nAct] {
			least = min(least, uint64(uint32(*mem.wide(int(uint32(x)) + sizeAt)))<<32|uint64(x))
		}
		return int32(least)
	}
	for _, x := range e.list[:e.nAct] {
		i := *mem.at(x + itemAt)
		least = min(least, uint64(*mem.at(x + sizeAt))<<37|uint64(maxWeight-e.weight[i])<<24|uint64(i))
	}
	return e.base[least&(1<<24-1)]
}

// TrackShortAbove is the number of primary items above which the engine
// keeps the set of items with at most one option (Engine.short), as the
// dancing-links engine does, and for the same reason: forced moves and
// dead ends are then found without scanning every item, which is most of
// the nodes of a Sudoku, while on small problems keeping the set costs
// more than the scans it saves.
var TrackShortAbove = 100 // a variable only so that tests can try both ways

// chooseShort looks only at the active items with at most one option: it
// returns the block of the first with none, else of the heaviest with one
// (ties to the first), else -1 when every active item has two or more.
func (e *Engine) chooseShort() int32 {
	best, heaviest := int32(-1), int64(-1)
	for w, m := range e.short {
		for ; m != 0; m &= m - 1 {
			k := int32(w<<6 | bits.TrailingZeros64(m))
			x := e.base[k]
			if e.mem[x+sizeAt] == 0 {
				return x
			}
			if wt := int64(e.weight[k]); wt > heaviest {
				best, heaviest = x, wt
			}
		}
	}
	return best
}
