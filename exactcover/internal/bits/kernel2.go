package bits

import mbits "math/bits"

// row2 is a bit row of up to 128 items, in two words kept as fields (not
// an array) so that the compiler holds them in registers.
type row2 struct{ a, b uint64 }

// filter2 is filter for rows of two words; see filter.
func filter2(rows []row2, src, dst []int32, m, open row2) (n int, best, least int32) {
	var p0a, p0b, p1a, p1b, p2a, p2b, p3a, p3b, p4a, p4b, sa, sb uint64
	// First the survivors, without a branch: whether an option survives
	// is a coin toss the processor cannot predict.
	for _, k := range src {
		r := rows[k]
		dst[n] = k
		meet := r.a&m.a | r.b&m.b
		n += int(1 - (meet|-meet)>>63)
	}
	// Then whether some open item is left without options, a dead end,
	// which two out of three children are in a pentomino packing: it
	// needs no counts.
	var oa, ob uint64
	for _, k := range dst[:n] {
		r := rows[k]
		oa, ob = oa|r.a, ob|r.b
	}
	if da, db := open.a&^oa, open.b&^ob; da|db != 0 {
		switch {
		case da != 0:
			return n, int32(mbits.TrailingZeros64(da)), 0
		case db != 0:
			return n, 64 + int32(mbits.TrailingZeros64(db)), 0
		}
	}
	for _, k := range dst[:n] {
		r := rows[k]
		// Add the row to the vertical counters: a ripple-carry adder over
		// the planes, each bit position an item's counter.
		x, y := r.a&open.a, r.b&open.b
		p0a, x = p0a^x, p0a&x
		p0b, y = p0b^y, p0b&y
		p1a, x = p1a^x, p1a&x
		p1b, y = p1b^y, p1b&y
		p2a, x = p2a^x, p2a&x
		p2b, y = p2b^y, p2b&y
		p3a, x = p3a^x, p3a&x
		p3b, y = p3b^y, p3b&y
		p4a, x = p4a^x, p4a&x
		p4b, y = p4b^y, p4b&y
		sa, sb = sa|x, sb|y
	}
	ca, cb := open.a&^sa, open.b&^sb
	if ca|cb == 0 { // every open item has Saturated options or more
		ca, cb = open.a, open.b
		least = Saturated
	} else {
		if ta, tb := ca&^p4a, cb&^p4b; ta|tb != 0 {
			ca, cb = ta, tb
		} else {
			least |= 16
		}
		if ta, tb := ca&^p3a, cb&^p3b; ta|tb != 0 {
			ca, cb = ta, tb
		} else {
			least |= 8
		}
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
