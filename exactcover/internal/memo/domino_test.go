package memo

import (
	"math"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// domino returns the exact-cover problem of the domino tilings of an
// r×c board: one primary item per cell, row by row; one option per
// domino, horizontal then vertical at each cell.
func domino(r, c int) *core.Problem {
	p := &core.Problem{NPrimary: r * c, NItems: r * c, Begin: []int32{0}}
	add := func(a, b int) {
		p.Items = append(p.Items, int32(a), int32(b))
		p.Begin = append(p.Begin, int32(len(p.Items)))
		k := int32(len(p.Caller))
		p.Caller = append(p.Caller, k)
		p.Index = append(p.Index, k)
	}
	for i := range r {
		for j := range c {
			if j+1 < c {
				add(i*c+j, i*c+j+1)
			}
			if i+1 < r {
				add(i*c+j, (i+1)*c+j)
			}
		}
	}
	return p
}

// kasteleyn returns the number of domino tilings of an r×c board by
// Kasteleyn's formula (1961), the product over 1 ≤ j ≤ ⌈r/2⌉ and
// 1 ≤ k ≤ ⌈c/2⌉ of 4cos²(πj/(r+1)) + 4cos²(πk/(c+1)), in floating point:
// exact after rounding while the count is well below 2⁵³.
func kasteleyn(r, c int) int64 {
	x := 1.0
	for j := 1; j <= (r+1)/2; j++ {
		for k := 1; k <= (c+1)/2; k++ {
			a, b := math.Cos(math.Pi*float64(j)/float64(r+1)), math.Cos(math.Pi*float64(k)/float64(c+1))
			x *= 4*a*a + 4*b*b
		}
	}
	return int64(math.Round(x))
}

func TestKasteleyn(t *testing.T) {
	// OEIS A004003: 1, 2, 36, 6728, 12988816, 258584046368 for n = 0…10, n even.
	for n, want := range map[int]int64{2: 2, 4: 36, 6: 6728, 8: 12988816, 10: 258584046368} {
		if got := kasteleyn(n, n); got != want {
			t.Errorf("%d×%d: %d, want %d", n, n, got, want)
		}
	}
}

// TestDomino counts the domino tilings of boards against Kasteleyn's
// formula; the bigger boards are in the exactcover package's tests.
func TestDomino(t *testing.T) {
	for _, b := range [][2]int{{1, 1}, {1, 2}, {2, 2}, {3, 4}, {5, 6}, {7, 3}, {8, 8}, {6, 11}, {4, 30}, {10, 10}, {9, 12}} {
		m := count(t, domino(b[0], b[1]), Config{})
		if got, want := m.Count(), kasteleyn(b[0], b[1]); !got.IsInt64() || got.Int64() != want {
			t.Errorf("%d×%d: %v, Kasteleyn %d", b[0], b[1], got, want)
		}
	}
}
