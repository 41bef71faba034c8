package dlx

import (
	"math"
	"math/bits"
	"unsafe"
)

// maxWeight caps an item's weight so that length, weight and item fit one
// 64-bit sort key in scan: 27 bits of length (at most MaxOptions
// = 2²⁶), 13 of weight, 24 of item (fewer than MaxItems = 2²⁴). A weight
// that high has long since made its point.
const maxWeight = 1<<13 - 1

// TrackShortAbove is the number of primary items above which the solver
// keeps the set of items with at most one option (Engine.short) as the
// links dance. The set turns a scan of every active item into a look at a
// few words whenever a forced move or a dead end exists, which is most
// nodes in a Sudoku; but keeping it costs a test on every update and a
// write on some, which is a loss when the scan is short anyway. Measured
// with the set kept always and never (counting every solution, Knuth's
// rule): it lost on queens-14 (28 primary items) and pent-6x10 (72), and
// won on sudoku-multi-823k (324) and on Sudoku's hardest 9×9 set (about
// 160 items a puzzle), hence the threshold between.
var TrackShortAbove = 100 // a variable only so that tests can try both ways

// choose returns the primary item to branch on: the active item with the
// fewest remaining options, ties to the heaviest, then to the first. Under
// Knuth's rule every weight stays zero, so ties go to the first.
func (e *Engine) choose() int32 {
	if e.track {
		if best := e.chooseShort(); best != 0 {
			return best
		}
	}
	return scan(e.nodes, e.active, e.weight)
}

// chooseShort looks only at the items with at most one option: it returns
// the first with none, else the heaviest with one (ties to the first),
// else 0 when every active item has two or more.
func (e *Engine) chooseShort() int32 {
	nd := e.nodes
	best, heaviest := int32(0), int64(-1)
	for w, m := range e.active {
		for m &= e.short[w]; m != 0; m &= m - 1 {
			k := int32(w<<6 | bits.TrailingZeros64(m))
			if nd[k].top == 0 {
				return k
			}
			if wt := int64(e.weight[k]); wt > heaviest {
				best, heaviest = k, wt
			}
		}
	}
	return best
}

// scan returns the active primary item with the fewest options, ties to
// the heaviest and then to the first, stopping at the first item with none.
// It serves both rules (under Knuth's every weight is zero; a scan of its
// own for that rule measured no faster). It is a function of its own so
// that its loop keeps everything in registers, which dance's many
// variables would not leave, and it keeps the best item as the least of a
// sort key that puts the length above the tie-breakers, so that a
// conditional move replaces a badly predicted branch. (Testing for a dead
// end after updating the key, not before, made the loop a third faster on
// Go 1.26.)
//
//go:noinline
func scan(nd []node, active []uint64, weight []uint32) int32 {
	least := uint64(math.MaxUint64)
	for w, m := range active {
		for ; m != 0; m &= m - 1 {
			k := uint64(w<<6 | bits.TrailingZeros64(m))
			l := nd[k].top
			least = min(least, uint64(l)<<37|uint64(maxWeight-weight[k])<<24|k)
			if l == 0 {
				return int32(k)
			}
		}
	}
	return int32(least & (1<<24 - 1))
}

// chooseM returns the active primary item with the least branching
// degree len+s−b+1 (b its remaining bound, s its slack but at most b) and
// that degree, ties going as in Knuth's DLX3 to the smaller s, then to the
// longer list, then, under the Weighted rule, to the heavier item, and then
// to the item declared first. It returns 0 when no item is active: a
// solution.
//
// A first pass finds the least sort key and stops at the first item with
// too few options, as DLX3 does. When lists and slacks are short enough
// (packedM), degree, s, length and weight fit the key, with no
// unpredictable branch, and that pass is all; otherwise the key holds the
// degree and s, and a second pass breaks the ties. The first pass is one
// loop compiled in two forms (chooseMIn), as links.go's loops are, so that
// neither tests at each item which key it makes: that test, at every
// item of every node, cost more than the one loop's two forms cost against
// two loops written apart.
func (e *Engine) chooseM() (best, score int32) {
	if e.packedM {
		return chooseMIn[packed](e)
	}
	return chooseMIn[unpacked](e)
}

// The two forms of chooseM's first pass, told apart by size as plain and
// tracking are (links.go).
type (
	unpacked int8
	packed   int16
)

func chooseMIn[K unpacked | packed](e *Engine) (best, score int32) {
	nd, bound, slack, weight := e.nodes, e.bound, e.slack, e.weight
	isPacked := unsafe.Sizeof(K(0)) == 2
	least := uint64(math.MaxUint64)
	for w, m := range e.active {
		for ; m != 0; m &= m - 1 {
			k := int32(w<<6 | bits.TrailingZeros64(m))
			t, s, l := degree(nd, bound, slack, k)
			if t <= 0 {
				return k, t // too few options: the first such item, as DLX3 finds it
			}
			key := uint64(t)<<32 | uint64(s)
			if isPacked {
				key = uint64(t)<<43 | uint64(s)<<33 | uint64(1<<20-1-l)<<13 | uint64(maxWeight-weight[k])
			}
			if key < least {
				least, best = key, k
			}
		}
	}
	switch {
	case best == 0: // no active item
		return 0, 0
	case isPacked:
		return best, int32(least >> 43)
	}
	tie := uint64(math.MaxUint64)
	for w, m := range e.active {
		for ; m != 0; m &= m - 1 {
			k := int32(w<<6 | bits.TrailingZeros64(m))
			if t, s, l := degree(nd, bound, slack, k); uint64(t)<<32|uint64(s) == least {
				tie = min(tie, uint64(1<<26-l)<<37|uint64(maxWeight-weight[k])<<24|uint64(k))
			}
		}
	}
	return int32(tie & (1<<24 - 1)), int32(least >> 32)
}

// degree returns primary item k's branching degree t = len+s−b+1, with s,
// its slack but at most b, and len, its list's length (b its remaining
// bound): what chooseM compares.
func degree(nd []node, bound, slack []int32, k int32) (t, s, l int32) {
	b := bound[k]
	s = min(slack[k], b)
	l = nd[k].top
	return l + s - b + 1, s, l
}
