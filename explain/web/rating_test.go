package web_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/problems/sudoku"
)

// ratedPuzzles are 9×9 puzzles of qqwing's (problems/sudoku/testdata/
// qqwing-rated.txt) whose human paths need pointing, an x-wing, and more
// than the techniques (beyond).
var ratedPuzzles = []struct{ name, puzzle string }{
	{"pointing", ".2..8..75....9....4.1......8.....6...72.4....1...2......65.8.2..58..94......7.9.."},
	{"x-wing", "...6.9....31..2.4.9...4.......2...............24167....93.1..628......31.1..96.7."},
	{"beyond", "......1.2.....7.5..82.5...7.1....6.3..8.6.5..6......81.65....4...38....5..47...1."},
}

// wantRating checks that the rating a page holds, read back, is the one
// sudoku.Rate gives the grid: its hardest technique and level, and every
// step in the players' words, in items and options, with its placement,
// the candidates it rules out and the cells of its pattern.
func wantRating(t *testing.T, got *web.Rating, g *sudoku.Grid) {
	t.Helper()
	rt, err := sudoku.NewSolver().Rate(context.Background(), g, sudoku.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if got == nil {
		t.Fatal("the page has no rating")
	}
	level := rt.Hardest.Level()
	if got.Hardest != rt.Hardest.String() || got.Level != level || got.Total != len(rt.Steps) || len(got.Steps) != len(rt.Steps) {
		t.Fatalf("rated %q (%q), %d of %d steps; Rate: %q (%q), %d steps", got.Hardest, got.Level, len(got.Steps), got.Total, rt.Hardest, level, len(rt.Steps))
	}
	open := 0
	for _, v := range rt.Stalled.Cells {
		if v == 0 {
			open++
		}
	}
	if got.Open != open {
		t.Errorf("%d cells left open, Rate leaves %d", got.Open, open)
	}
	n := g.Size()
	for k, st := range rt.Steps {
		s := got.Steps[k]
		var placed []int
		if st.Placed.Value > 0 {
			placed = []int{st.Placed.Cell, st.Placed.Value}
		}
		var removed [][]int
		for _, c := range st.Removed {
			removed = append(removed, []int{c.Cell, c.Value})
		}
		if s.Technique != st.Technique.String() || s.Say != st.Say(n) || s.Items != st.Items(n) || !reflect.DeepEqual(s.Placed, placed) || !reflect.DeepEqual(s.Removed, removed) {
			t.Fatalf("step %d: %+v; Rate: %+v", k+1, s, st)
		}
		switch {
		case st.Placed.Value > 0 && !slices.Equal(s.Cells, []int{st.Placed.Cell}),
			len(st.Cells) > 0 && !slices.Equal(s.Cells, st.Cells):
			t.Fatalf("step %d (%s) marks cells %v", k+1, s.Technique, s.Cells)
		case len(s.Cells) == 0:
			t.Fatalf("step %d (%s) marks no cell", k+1, s.Technique)
		}
	}
}

// The page of a Sudoku holds its rating and human path exactly as
// sudoku.Rate gives them, read back through the page's reader: the
// playground's (a grid pasted) and explain --html's (the spec of
// "xcover sudoku --emit-spec", its givens found again from the items);
// the rating's bytes are taken from the trace's budget.
func TestPageRating(t *testing.T) {
	for _, tc := range ratedPuzzles {
		t.Run(tc.name, func(t *testing.T) {
			b, err := sudoku.Read("puzzle", []byte(tc.puzzle), sudoku.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			g := b.Puzzles[0].Grid

			data, err := web.TraceInput(context.Background(), "sudoku", tc.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			back, err := web.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			wantRating(t, back.Rating, g)
			if back.Rating.Bytes <= 0 || back.Rating.Bytes > web.MaxRatingBytes || back.Trace.Budget+web.MaxRatingBytes != web.MaxPlaygroundTraceBytes {
				t.Errorf("the trace's budget %d and the rating's %d bytes of MaxRatingBytes %d; the playground's budget %d", back.Trace.Budget, back.Rating.Bytes, web.MaxRatingBytes, web.MaxPlaygroundTraceBytes)
			}

			p, err := sudoku.Encode(g)
			if err != nil {
				t.Fatal(err)
			}
			page, err := web.NewPage(context.Background(), tc.name, p, explain.TraceLimits{Nodes: 50})
			if err != nil {
				t.Fatal(err)
			}
			data, err = web.Encode(page)
			if err != nil {
				t.Fatal(err)
			}
			if back, err = web.Decode(data); err != nil {
				t.Fatal(err)
			}
			wantRating(t, back.Rating, g)
			if back.Trace.Budget+web.MaxRatingBytes != explain.MaxTraceBytes {
				t.Errorf("the trace's budget %d and the rating's MaxRatingBytes %d; explain's budget %d", back.Trace.Budget, web.MaxRatingBytes, explain.MaxTraceBytes)
			}
		})
	}
}

// A path longer than the steps or the bytes a page keeps is cut there,
// and the rating says how long it is (MaxRatingSteps, here 20, or
// MaxRatingBytes, here 4,000, of a 9×9 path).
func TestPageRatingCut(t *testing.T) {
	b, err := sudoku.Read("puzzle", []byte(ratedPuzzles[0].puzzle), sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := b.Puzzles[0].Grid
	full := web.RateGrid(context.Background(), g, web.MaxRatingSteps, web.MaxRatingBytes)
	if full == nil || full.Total <= 20 || len(full.Steps) != full.Total || full.Bytes <= 4000 {
		t.Fatalf("the whole path: %+v", full)
	}
	for _, tc := range []struct {
		keep  int
		bytes int64
	}{{20, web.MaxRatingBytes}, {web.MaxRatingSteps, 4000}} {
		rt := web.RateGrid(context.Background(), g, tc.keep, tc.bytes)
		if rt == nil || len(rt.Steps) > tc.keep || rt.Bytes > tc.bytes || rt.Total != full.Total || !reflect.DeepEqual(rt.Steps, full.Steps[:len(rt.Steps)]) {
			t.Fatalf("within %d steps and %d bytes: %d steps of %d kept (%d bytes)", tc.keep, tc.bytes, len(rt.Steps), rt.Total, rt.Bytes)
		}
		if len(rt.Steps) == 0 || len(rt.Steps) == full.Total {
			t.Fatalf("within %d steps and %d bytes: %d steps of %d kept", tc.keep, tc.bytes, len(rt.Steps), full.Total)
		}
	}
}

// A grid whose techniques reach a dead end (a cell with no candidate
// left) says so; one they finish, or leave to the search, does not.
func TestPageRatingDead(t *testing.T) {
	for _, tc := range []struct {
		puzzle string
		dead   bool
	}{
		// r1c9 can hold no value: 1…8 are in its row, 9 in its column.
		{"12345678.\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n", true},
		{ratedPuzzles[1].puzzle, false},
		{ratedPuzzles[2].puzzle, false},
	} {
		b, err := sudoku.Read("puzzle", []byte(tc.puzzle), sudoku.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rt := web.RateGrid(context.Background(), b.Puzzles[0].Grid, web.MaxRatingSteps, web.MaxRatingBytes)
		if rt == nil || rt.Dead != tc.dead {
			t.Errorf("%q: %+v, want dead %v", tc.puzzle, rt, tc.dead)
		}
	}
}
