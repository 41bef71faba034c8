package bits

import mbits "math/bits"

// row2 is a bit row of up to 128 items, in two words kept as fields (not
// an array) so that the compiler holds them in registers.
type row2 struct{ a, b uint64 }

// filter2 is filter for rows of two words; see filter.
func filter2(rows []row2, src, dst []int32, m, open row2) (n int, best, least int32) {
	var p0a, p0b, p1a, p1b, p2a, p2b, sa, sb uint64
	for _, k := range src {
		r := rows[k]
		if r.a&m.a|r.b&m.b != 0 {
			continue
		}
		dst[n] = k
		n++
		// Add the row to the vertical counters: a ripple-carry adder over
		// the planes, each bit position an item's counter.
		x, y := r.a&open.a, r.b&open.b
		p0a, x = p0a^x, p0a&x
		p0b, y = p0b^y, p0b&y
		p1a, x = p1a^x, p1a&x
		p1b, y = p1b^y, p1b&y
		p2a, x = p2a^x, p2a&x
		p2b, y = p2b^y, p2b&y
		sa, sb = sa|x, sb|y
	}
	ca, cb := open.a&^sa, open.b&^sb
	if ca|cb == 0 { // every open item has Saturated options or more
		ca, cb = open.a, open.b
		least = Saturated
	} else {
		if ta, tb := ca&^p2a, cb&^p2b; ta|tb != 0 {
			ca, cb = ta, tb
		} else {
			least |= 4
		}
		if ta, tb := ca&^p1a, cb&^p1b; ta|tb != 0 {
			ca, cb = ta, tb
		} else {
			least |= 2
		}
		if ta, tb := ca&^p0a, cb&^p0b; ta|tb != 0 {
			ca, cb = ta, tb
		} else {
			least |= 1
		}
	}
	switch {
	case ca != 0:
		best = int32(mbits.TrailingZeros64(ca))
	case cb != 0:
		best = 64 + int32(mbits.TrailingZeros64(cb))
	default:
		best = -1
	}
	return n, best, least
}
