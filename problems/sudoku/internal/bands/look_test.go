package bands

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestLastCells holds the band look's last cells (from rowInfo and
// lastCellsOf) to a count of each row's and box's cells, on every word
// whose rows repeat one of a few patterns and on random words.
func TestLastCells(t *testing.T) {
	naive := func(x uint32) uint32 {
		var last uint32
		for k := range 3 {
			if r := x & (0x1ff << (9 * k)); bits.OnesCount32(r) == 1 {
				last |= r
			}
			if b := x & (box0 << (3 * k)); bits.OnesCount32(b) == 1 {
				last |= b
			}
		}
		return last
	}
	check := func(x uint32) {
		r0, r1, r2 := uint32(rowInfo[x&0x1ff]), uint32(rowInfo[x>>9&0x1ff]), uint32(rowInfo[x>>18&0x1ff])
		if got, want := lastCells(x, r0, r1, r2), naive(x); got != want {
			t.Fatalf("word %027b: last cells %027b, want %027b", x, got, want)
		}
	}
	// Rows of zero, one, two or three cells spread over the triads.
	rows := []uint32{0, 1, 2, 4, 8, 64, 256, 3, 9, 65, 0x49, 0x1c0, 0x1ff, 0x111}
	for _, a := range rows {
		for _, b := range rows {
			for _, c := range rows {
				check(a | b<<9 | c<<18)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		// As many sparse words as dense ones: sparse words have singles.
		check(rng.Uint32() & rng.Uint32() & rng.Uint32() & allCells)
		check(rng.Uint32() & allCells)
	}
}

// TestValuesOf holds a cell's values, gathered from the band's words at
// once, to the words read one by one, on random words.
func TestValuesOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var st level
	for range 1000 {
		for b := range 3 {
			for v := range 9 {
				st.cand[b][v] = rng.Uint32() & allCells
			}
		}
		for c := range Cells {
			var want uint16
			for v := range 9 {
				want |= uint16(st.cand[c/27][v]>>(c%27)&1) << v
			}
			if got := valuesOf(&st, c); got != want {
				t.Fatalf("cell %d: values %09b, want %09b", c, got, want)
			}
		}
	}
}

// TestFoldTwice holds a band word's columns with a cell (fold) and with
// two or more (twice) to a count of each column's three cells.
func TestFoldTwice(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		x := rng.Uint32() & allCells
		var in, many uint32
		for c := range 9 {
			n := x>>c&1 + x>>(9+c)&1 + x>>(18+c)&1
			if n >= 1 {
				in |= 1 << c
			}
			if n >= 2 {
				many |= 1 << c
			}
		}
		if got := fold(x); got != in {
			t.Fatalf("word %027b: fold %09b, want %09b", x, got, in)
		}
		if got := twice(x); got != many {
			t.Fatalf("word %027b: twice %09b, want %09b", x, got, many)
		}
	}
}
