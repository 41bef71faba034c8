package bits

import mbits "math/bits"

// row1 is a bit row of up to 64 items, in one word.
type row1 struct{ a uint64 }

// filter1 is filterWidth for rows of one word, which the lists carry
// beside their options (Engine.stackRows): it reads the rows of
// stack[lo:hi] from stackRows[lo:hi], and writes the rows of the options
// it writes at top beside them, so that a list is read in order, without
// looking each option's row up.
//
// It also leaves in ties[0] the open items with the fewest options (those
// with none for a dead end), for the Weighted rule.
func (e *Engine) filter1(lo, hi, top int32, m, open uint64) (n int, best, least int32) {
	if need := int(top) + 2*int(hi-lo); need > len(e.stack) {
		e.grow(need)
	}
	ties := e.ties[:1]
	src, srcRows := e.stack[lo:hi], e.stackRows[lo:hi]
	dst, dstRows := e.stack[top:top+hi-lo], e.stackRows[top:top+hi-lo]
	// First the survivors, without a branch: whether an option survives
	// is a coin toss the processor cannot predict.
	// The n-th survivor goes to place n ≤ i, which these slices check
	// once to be in bounds for every i, so that the views write it
	// unchecked (views.go).
	src = src[:len(srcRows)]
	dst, dstRows = dst[:len(srcRows)], dstRows[:len(srcRows)]
	out, outRows := viewOptions(dst), viewRows(dstRows)
	for i, r := range srcRows {
		*out.at(n), *outRows.at(n) = src[i], r
		var survives int
		if r&m == 0 {
			survives = 1
		}
		n += survives
	}
	rows := dstRows[:n]
	// Then the counts, in vertical counters, as in filter2, but for the
	// survivors past the last eight, which are fewer than eight and so
	// are counted in three planes, then added to the others: a list
	// deep in the search is often shorter than eight.
	var q0, q1, q2 uint64
	eight := n &^ 7
	for _, x := range rows[eight:] {
		q0, x = q0^x, q0&x
		q1, x = q1^x, q1&x
		q2 |= x
	}
	p0, p1, p2 := q0, q1, q2
	var p3, p4, p5, sat uint64
	if eight > 0 {
		p0, p1, p2, p3, p4, p5, sat = countEights(rows[:eight])
		// Add the last survivors' counts, plane by plane with a carry.
		var c uint64
		p0, c = p0^q0, p0&q0
		p1, c = p1^q1^c, p1&q1|(p1^q1)&c
		p2, c = p2^q2^c, p2&q2|(p2^q2)&c
		p3, c = p3^c, p3&c
		p4, c = p4^c, p4&c
		p5, c = p5^c, p5&c
		sat |= c
	}
	// Then whether some open item is left without options, a dead end,
	// which needs no choice.
	if d := open &^ (p0 | p1 | p2 | p3 | p4 | p5 | sat); d != 0 {
		ties[0] = d
		return n, int32(mbits.TrailingZeros64(d)), 0
	}
	c := open &^ sat
	if c == 0 { // every open item has Saturated options or more
		c = open
		least = Saturated
	} else {
		// Keep the candidates whose counter has a 0 in each plane from
		// the highest down, where any has: those with the fewest.
		if t := c &^ p5; t != 0 {
			c = t
		} else {
			least |= 1 << 5
		}
		if t := c &^ p4; t != 0 {
			c = t
		} else {
			least |= 1 << 4
		}
		if t := c &^ p3; t != 0 {
			c = t
		} else {
			least |= 1 << 3
		}
		if t := c &^ p2; t != 0 {
			c = t
		} else {
			least |= 1 << 2
		}
		if t := c &^ p1; t != 0 {
			c = t
		} else {
			least |= 1 << 1
		}
		if t := c &^ p0; t != 0 {
			c = t
		} else {
			least |= 1 << 0
		}
	}
	ties[0] = c
	if c != 0 {
		return n, int32(mbits.TrailingZeros64(c)), least
	}
	return n, -1, least
}

// countEights counts rows, a multiple of eight, in six planes and their
// saturation, eight at a time by a tree of carry-save adders (filter2).
func countEights(rows []uint64) (p0, p1, p2, p3, p4, p5, sat uint64) {
	var t0, t1, u0, u1, eights uint64
	for i := 0; i+8 <= len(rows); i += 8 {
		g := rows[i : i+8 : i+8]
		t0, p0 = csa(p0, g[0], g[1])
		t1, p0 = csa(p0, g[2], g[3])
		u0, p1 = csa(p1, t0, t1)
		t0, p0 = csa(p0, g[4], g[5])
		t1, p0 = csa(p0, g[6], g[7])
		u1, p1 = csa(p1, t0, t1)
		eights, p2 = csa(p2, u0, u1)
		p3, eights = p3^eights, p3&eights
		p4, eights = p4^eights, p4&eights
		p5, eights = p5^eights, p5&eights
		sat |= eights
	}
	return
}
