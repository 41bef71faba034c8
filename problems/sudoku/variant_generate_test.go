package sudoku

import (
	"context"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// TestGenerateVariant4x4 makes 4×4 puzzles of every variant and holds
// them to the naive backtracker: one solution, the one reported; X and
// jigsaw puzzles minimal (every clue taken away gives a second solution);
// jigsaw regions connected, of four cells.
func TestGenerateVariant4x4(t *testing.T) {
	gen := NewVariantGenerator()
	for _, v := range []Variant{XSudoku, Jigsaw, Killer} {
		for idx := range uint64(40) {
			out, err := gen.Generate(context.Background(), GenerateOptions{Box: 2, Seed: 7}, v, idx)
			if err != nil {
				t.Fatalf("%s %d: %v", v, idx, err)
			}
			checkGeneratedVariant(t, v, out)
			if got := naive(slices4(out.Puzzle), 2, out.Rules, 2); got != 1 {
				t.Fatalf("%s %d: %d solutions by brute force, want 1", v, idx, got)
			}
			if v == Killer {
				continue
			}
			for i, x := range out.Puzzle.Cells {
				if x == 0 {
					continue
				}
				cells := slices4(out.Puzzle)
				cells[i] = 0
				if got := naive(cells, 2, out.Rules, 2); got < 2 {
					t.Fatalf("%s %d: clue %s can go, the puzzle is not minimal", v, idx, cellName(i, 4))
				}
			}
		}
	}
}

// checkGeneratedVariant checks a generated puzzle's rules, that its solution
// keeps its givens and rules (CheckVariant), and for jigsaw that each
// region is one piece.
func checkGeneratedVariant(t *testing.T, v Variant, out *GeneratedVariant) {
	t.Helper()
	if out.Rules.Variant != v {
		t.Fatalf("variant %s, want %s", out.Rules.Variant, v)
	}
	if err := out.Rules.checkPuzzle(out.Puzzle); err != nil {
		t.Fatal(err)
	}
	if err := CheckVariant(out.Puzzle, out.Solution, out.Rules); err != nil {
		t.Fatal(err)
	}
	if v == Jigsaw {
		n := out.Puzzle.Size()
		for k := range n {
			if !connected(out.Rules.Regions, n, uint8(k)) {
				t.Fatalf("region %d is not connected", k+1)
			}
		}
	}
	if v == Killer {
		for i, x := range out.Puzzle.Cells {
			if x != 0 {
				t.Fatalf("a killer puzzle with a given at %d", i)
			}
		}
	}
}

// TestGenerateVariantLarger makes 9×9 puzzles of each variant (16×16
// X-Sudoku and jigsaw ones of 120 clues in the slow tier) and checks each with a count of its own solutions by the
// solver and CheckVariant.
func TestGenerateVariantLarger(t *testing.T) {
	boxes := []int{3}
	if !testtier.Short() {
		boxes = append(boxes, 4)
	}
	gen := NewVariantGenerator()
	for _, box := range boxes {
		for _, v := range []Variant{XSudoku, Jigsaw, Killer} {
			opt := GenerateOptions{Box: box, Seed: 3}
			if box > MaxKillerGenerateBox {
				if v == Killer {
					continue
				}
				opt.Clues = 120 // a minimal 16×16 takes minutes
			}
			out, err := gen.Generate(context.Background(), opt, v, 0)
			if err != nil {
				t.Fatalf("%s %d: %v", v, box, err)
			}
			checkGeneratedVariant(t, v, out)
			t.Logf("%s %d×%d: %d clues, %d cages, %d proofs", v, box*box, box*box, out.Clues, len(out.Rules.Cages), out.Proofs)
		}
	}
}

// TestVariantLargerGrids solves 16×16 puzzles of each variant, and 25×25
// X-Sudoku and killer ones in the slow tier, each made from a solved grid
// (a random region map for jigsaw, random cages with the grid's sums for
// killer) with a quarter of its cells given: the solution found keeps the
// givens and every rule (CheckVariant).
func TestVariantLargerGrids(t *testing.T) {
	testtier.Slow(t) // one goroutine: nothing for the race detector, and seconds under it
	boxes := []int{4, 5}
	gen := NewVariantGenerator()
	s := NewVariantSolver()
	for _, box := range boxes {
		for _, v := range []Variant{XSudoku, Jigsaw, Killer} {
			if v == Jigsaw && box > MaxJigsawGenerateBox {
				continue // no region map of that size to fill
			}
			gen.pcg.Seed(uint64(box), uint64(v))
			var out Generated
			r, sol, err := gen.fill(context.Background(), box, v, &out)
			if err != nil {
				t.Fatalf("%s %d: %v", v, box, err)
			}
			if v == Killer {
				r.Cages = cagesFrom(sol, gen.randomCages(sol, maxCage(box)))
			}
			puzzle := sol.Clone()
			for i := range puzzle.Cells {
				if gen.rng.IntN(4) != 0 {
					puzzle.Cells[i] = 0
				}
			}
			var found *Grid
			res, err := s.Solve(context.Background(), puzzle, r, Config{MaxSolutions: 1}, func(g *Grid) bool { found = g.Clone(); return true })
			if err != nil || found == nil {
				t.Fatalf("%s %d: %v, %d solutions", v, box, err, res.Solutions)
			}
			if err := CheckVariant(puzzle, found, r); err != nil {
				t.Fatalf("%s %d: %v", v, box, err)
			}
		}
	}
}
