package bits

import mbits "math/bits"

// row4 is a bit row of up to 256 items, in four words kept as fields (not
// an array) so that the compiler holds them in registers.
type row4 struct{ a, b, c, d uint64 }

// filter4 is filter for rows of four words; see filter.
func filter4(rows []row4, src, dst []int32, m, open row4) (n int, best, least int32) {
	var p0a, p0b, p0c, p0d, p1a, p1b, p1c, p1d, p2a, p2b, p2c, p2d, sa, sb, sc, sd uint64
	// First the survivors, without a branch: whether an option survives
	// is a coin toss the processor cannot predict.
	for _, k := range src {
		r := rows[k]
		dst[n] = k
		meet := r.a&m.a | r.b&m.b | r.c&m.c | r.d&m.d
		n += int(1 - (meet|-meet)>>63)
	}
	// Then whether some open item is left without options, a dead end,
	// which two out of three children are in a pentomino packing: it
	// needs no counts.
	var oa, ob, oc, od uint64
	for _, k := range dst[:n] {
		r := rows[k]
		oa, ob, oc, od = oa|r.a, ob|r.b, oc|r.c, od|r.d
	}
	if da, db, dc, dd := open.a&^oa, open.b&^ob, open.c&^oc, open.d&^od; da|db|dc|dd != 0 {
		switch {
		case da != 0:
			return n, int32(mbits.TrailingZeros64(da)), 0
		case db != 0:
			return n, 64 + int32(mbits.TrailingZeros64(db)), 0
		case dc != 0:
			return n, 128 + int32(mbits.TrailingZeros64(dc)), 0
		case dd != 0:
			return n, 192 + int32(mbits.TrailingZeros64(dd)), 0
		}
	}
	for _, k := range dst[:n] {
		r := rows[k]
		// Add the row to the vertical counters: a ripple-carry adder over
		// the planes, each bit position an item's counter.
		x, y, z, v := r.a&open.a, r.b&open.b, r.c&open.c, r.d&open.d
		p0a, x = p0a^x, p0a&x
		p0b, y = p0b^y, p0b&y
		p0c, z = p0c^z, p0c&z
		p0d, v = p0d^v, p0d&v
		p1a, x = p1a^x, p1a&x
		p1b, y = p1b^y, p1b&y
		p1c, z = p1c^z, p1c&z
		p1d, v = p1d^v, p1d&v
		p2a, x = p2a^x, p2a&x
		p2b, y = p2b^y, p2b&y
		p2c, z = p2c^z, p2c&z
		p2d, v = p2d^v, p2d&v
		sa, sb, sc, sd = sa|x, sb|y, sc|z, sd|v
	}
	ca, cb, cc, cd := open.a&^sa, open.b&^sb, open.c&^sc, open.d&^sd
	if ca|cb|cc|cd == 0 { // every open item has Saturated options or more
		ca, cb, cc, cd = open.a, open.b, open.c, open.d
		least = Saturated
	} else {
		if ta, tb, tc, td := ca&^p2a, cb&^p2b, cc&^p2c, cd&^p2d; ta|tb|tc|td != 0 {
			ca, cb, cc, cd = ta, tb, tc, td
		} else {
			least |= 4
		}
		if ta, tb, tc, td := ca&^p1a, cb&^p1b, cc&^p1c, cd&^p1d; ta|tb|tc|td != 0 {
			ca, cb, cc, cd = ta, tb, tc, td
		} else {
			least |= 2
		}
		if ta, tb, tc, td := ca&^p0a, cb&^p0b, cc&^p0c, cd&^p0d; ta|tb|tc|td != 0 {
			ca, cb, cc, cd = ta, tb, tc, td
		} else {
			least |= 1
		}
	}
	switch {
	case ca != 0:
		best = int32(mbits.TrailingZeros64(ca))
	case cb != 0:
		best = 64 + int32(mbits.TrailingZeros64(cb))
	case cc != 0:
		best = 128 + int32(mbits.TrailingZeros64(cc))
	case cd != 0:
		best = 192 + int32(mbits.TrailingZeros64(cd))
	default:
		best = -1
	}
	return n, best, least
}
