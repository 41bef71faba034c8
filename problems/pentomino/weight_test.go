package pentomino_test

import (
	"context"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/problems/pentomino"
)

// onEdge counts the pieces of a packing of a w×h rectangle that have a cell
// in its first or last row or column: the TouchingBorder cost, computed
// from the coordinates alone.
func onEdge(pk *pentomino.Packing, w, h int) int64 {
	n := int64(0)
	for _, pl := range pk.Placed {
		for _, c := range pl.Cells {
			if c.Row == 0 || c.Row == h-1 || c.Col == 0 || c.Col == w-1 {
				n++
				break
			}
		}
	}
	return n
}

// TestCheapestTouchingBorder checks the cheapest packing under
// TouchingBorder against every packing enumerated by Solve and costed by
// onEdge, with and without the symmetry reduction.
func TestCheapestTouchingBorder(t *testing.T) {
	for _, tc := range []struct {
		w, h     int
		symmetry bool
		tier     string // "short": every run; "default": not under -short and the race detector; "long"
	}{{20, 3, false, "short"}, {20, 3, true, "short"}, {15, 4, true, "default"}, {10, 6, true, "long"}} {
		board, err := pentomino.Rectangle(tc.w, tc.h)
		if err != nil {
			t.Fatal(err)
		}
		if tc.tier == "long" && !testtier.Longs() || tc.tier == "default" && testtier.Short() {
			continue // seconds: XCOVER_LONG_TESTS=1, or without -short and -race
		}
		p, err := pentomino.New(board, pentomino.Pentominoes(), pentomino.Options{Symmetry: tc.symmetry})
		if err != nil {
			t.Fatal(err)
		}
		least := int64(-1)
		if _, err := p.Solve(context.Background(), pentomino.Limits{}, func(pk *pentomino.Packing) bool {
			if c := onEdge(pk, tc.w, tc.h); least < 0 || c < least {
				least = c
			}
			return true
		}); err != nil {
			t.Fatal(err)
		}
		p.Weigh(pentomino.TouchingBorder)
		var last *pentomino.Packing
		res, err := p.Cheapest(context.Background(), 1, 0, func(pk *pentomino.Packing, cost int64) bool {
			if c := onEdge(pk, tc.w, tc.h); c != cost {
				t.Errorf("%dx%d: packing reported at cost %d has %d pieces on the edge", tc.w, tc.h, cost, c)
			}
			last = pk
			return true
		})
		if err != nil || res.Status != exactcover.Complete || len(res.Best) != 1 || last == nil {
			t.Fatalf("%dx%d: Cheapest = %+v, %v", tc.w, tc.h, res, err)
		}
		if res.Best[0].Cost != least {
			t.Errorf("%dx%d symmetry %v: cheapest costs %d, the least over all packings is %d", tc.w, tc.h, tc.symmetry, res.Best[0].Cost, least)
		}
		covered := map[pentomino.Cell]bool{}
		for _, pl := range last.Placed {
			for _, c := range pl.Cells {
				if covered[c] || !board.Has(c) {
					t.Fatalf("%dx%d: cell %v covered twice or off the board", tc.w, tc.h, c)
				}
				covered[c] = true
			}
		}
		if len(covered) != tc.w*tc.h {
			t.Errorf("%dx%d: %d cells covered", tc.w, tc.h, len(covered))
		}
	}
}
