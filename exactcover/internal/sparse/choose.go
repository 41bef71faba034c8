package sparse

import "math"

// maxWeight caps an item's weight so that size, weight and item fit one
// 64-bit sort key: 27 bits of size, 13 of weight, 24 of item.
const maxWeight = 1<<13 - 1

// choose returns the active primary item with the fewest options, ties to
// the heaviest (weights stay zero under Knuth's rule) and then to the
// first declared, stopping early at an item with none or one (the first
// declared of those with none, else of those with one, is what the full
// scan would return too, since order in act does not matter: the key
// decides).
func (e *Engine) choose() int32 {
	hdr, weight := e.hdr, e.weight
	least := uint64(math.MaxUint64)
	for _, i := range e.list[:e.nAct] {
		s := hdr[i].size
		least = min(least, uint64(s)<<37|uint64(maxWeight-weight[i])<<24|uint64(i))
	}
	return int32(least & (1<<24 - 1))
}
