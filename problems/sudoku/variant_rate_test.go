package sudoku

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// TestVariantRate rates the published puzzles and generated 4×4 and 9×9
// ones, and replays every step on a grid of its own: a naked single's
// cell has that one value left by naive's rules (every other value breaks
// a rule with the grid so far), a hidden single's value fits no other
// empty cell of its unit, and every value placed is the puzzle's
// solution's. A puzzle rated below beyond ends full.
func TestVariantRate(t *testing.T) {
	testtier.Slow(t) // rates fifty puzzles, on one goroutine
	type rated struct {
		g *Grid
		r *Rules
	}
	var puzzles []rated
	for _, c := range []struct {
		file string
		v    Variant
	}{{"variant-x.txt", XSudoku}, {"variant-jigsaw.txt", Jigsaw}, {"variant-killer.txt", Killer}} {
		data, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		ps, err := ReadVariant(c.file, data, c.v)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			puzzles = append(puzzles, rated{p.Grid, p.Rules})
		}
	}
	gen := NewVariantGenerator()
	for _, v := range []Variant{XSudoku, Jigsaw, Killer} {
		for _, box := range []int{2, 3} {
			for idx := range uint64(5) {
				out, err := gen.Generate(context.Background(), GenerateOptions{Box: box, Seed: 21}, v, idx)
				if err != nil {
					t.Fatal(err)
				}
				puzzles = append(puzzles, rated{out.Puzzle, out.Rules})
			}
		}
	}
	s := NewVariantSolver()
	counts := map[Technique]int{}
	for k, p := range puzzles {
		rt, err := s.Rate(context.Background(), p.g, p.r, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if rt.Verdict != Unique || rt.Solution == nil {
			t.Fatalf("puzzle %d: verdict %s", k, rt.Verdict)
		}
		counts[rt.Hardest]++
		n := p.g.Size()
		grid := p.g.Clone()
		units := p.r.units(p.g.Box)
		for j, st := range rt.Steps {
			i, v := st.Placed.Cell, st.Placed.Value
			if grid.Cells[i] != 0 || rt.Solution.Cells[i] != uint8(v) {
				t.Fatalf("puzzle %d step %d: %s, the solution has %d", k, j+1, st.Say(n), rt.Solution.Cells[i])
			}
			fits := func(cell, val int) bool {
				grid.Cells[cell] = uint8(val)
				defer func() { grid.Cells[cell] = 0 }()
				return fitsRules(grid, p.r, cell)
			}
			switch st.Technique {
			case NakedSingle:
				for w := 1; w <= n; w++ {
					if w != v && fits(i, w) {
						t.Fatalf("puzzle %d step %d: %s, but %d fits too", k, j+1, st.Say(n), w)
					}
				}
			case HiddenSingle:
				var u *unit
				for x := range units {
					if units[x].name == st.Unit {
						u = &units[x]
					}
				}
				if u == nil {
					t.Fatalf("puzzle %d step %d: no unit %q", k, j+1, st.Unit)
				}
				for _, c := range u.cells {
					if c != i && grid.Cells[c] == 0 && fits(c, v) {
						t.Fatalf("puzzle %d step %d: %s, but r%dc%d takes %d too", k, j+1, st.Say(n), c/n+1, c%n+1, v)
					}
				}
			}
			grid.Cells[i] = uint8(v)
		}
		if rt.Hardest != Beyond && string(grid.Cells) != string(rt.Solution.Cells) {
			t.Fatalf("puzzle %d rated %s does not end full", k, rt.Hardest)
		}
	}
	t.Logf("ratings: %v", counts)
}

// fitsRules reports whether the value in cell breaks no rule with the
// other values of g: no unit or cage holds it twice, and the cage's
// values can still reach its sum with values no other cage cell holds.
func fitsRules(g *Grid, r *Rules, cell int) bool {
	n := g.Size()
	box := g.Box
	v := g.Cells[cell]
	for j, w := range g.Cells {
		if j == cell || w != v {
			continue
		}
		same := j/n == cell/n || j%n == cell%n
		if r.Regions != nil {
			same = same || r.Regions[j] == r.Regions[cell]
		} else {
			same = same || (j/n)/box == (cell/n)/box && (j%n)/box == (cell%n)/box
		}
		if r.Diagonals {
			same = same || j/n == j%n && cell/n == cell%n || j/n+j%n == n-1 && cell/n+cell%n == n-1
		}
		if same {
			return false
		}
	}
	for _, c := range r.Cages {
		in := false
		for _, j := range c.Cells {
			in = in || j == cell
		}
		if !in {
			continue
		}
		// Can the empty cells take different values not in the cage,
		// adding up to what is left? Try every assignment (cages are small).
		var empty []int
		used := map[uint8]bool{}
		sum := 0
		for _, j := range c.Cells {
			if g.Cells[j] == 0 {
				empty = append(empty, j)
			} else {
				if used[g.Cells[j]] {
					return false
				}
				used[g.Cells[j]] = true
				sum += int(g.Cells[j])
			}
		}
		var reach func(k, left int) bool
		reach = func(k, left int) bool {
			if k == len(empty) {
				return left == 0
			}
			for w := uint8(1); int(w) <= n; w++ {
				if !used[w] && int(w) <= left {
					used[w] = true
					ok := reach(k+1, left-int(w))
					used[w] = false
					if ok {
						return true
					}
				}
			}
			return false
		}
		if !reach(0, c.Sum-sum) {
			return false
		}
	}
	return true
}
