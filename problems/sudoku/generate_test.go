package sudoku

import (
	"context"
	"slices"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// bruteCount counts the solutions of the puzzle cells (box side box, 0
// empty), stopping at limit, by plain backtracking written for this test:
// it fills the empty cell with the fewest values allowed by a scan of its
// row, column and box, and shares no code with the Solver or the
// generator.
func bruteCount(box int, cells []uint8, limit int) int {
	n := box * box
	g := slices.Clone(cells)
	allowed := func(i int) []uint8 {
		r, c := i/n, i%n
		used := make([]bool, n+1)
		for k := 0; k < n; k++ {
			used[g[r*n+k]] = true
			used[g[k*n+c]] = true
			br, bc := r/box*box+k/box, c/box*box+k%box
			used[g[br*n+bc]] = true
		}
		var vs []uint8
		for v := 1; v <= n; v++ {
			if !used[v] {
				vs = append(vs, uint8(v))
			}
		}
		return vs
	}
	count := 0
	var search func()
	search = func() {
		best, bestVals := -1, []uint8(nil)
		for i, v := range g {
			if v != 0 {
				continue
			}
			vs := allowed(i)
			if best < 0 || len(vs) < len(bestVals) {
				best, bestVals = i, vs
				if len(vs) == 0 {
					return
				}
			}
		}
		if best < 0 {
			count++
			return
		}
		for _, v := range bestVals {
			g[best] = v
			search()
			g[best] = 0
			if count >= limit {
				return
			}
		}
	}
	search()
	return count
}

// symmetric reports whether the clues of g form the pattern s asks for,
// checked cell by cell from the symmetry's definition.
func symmetric(g *Grid, s Symmetry) bool {
	n := g.Size()
	clue := func(r, c int) bool { return g.At(r, c) != 0 }
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			var ok bool
			switch s {
			case NoSymmetry:
				ok = true
			case Rotational:
				ok = clue(r, c) == clue(n-1-r, n-1-c)
			case QuarterTurn:
				ok = clue(r, c) == clue(c, n-1-r)
			case Mirror:
				ok = clue(r, c) == clue(r, n-1-c)
			case Diagonal:
				ok = clue(r, c) == clue(c, r)
			}
			if !ok {
				return false
			}
		}
	}
	return true
}

// TestGenerateSmall: every 4×4 and 9×9 puzzle generated, with each
// symmetry, has exactly one solution by the test's own brute force, that
// solution is the Solution returned and a valid grid (Check), the clues
// are the solution's, they keep the symmetry, Clues counts them, and the
// puzzle is minimal: without any one clue (any one orbit, with a
// symmetry), the brute force finds two solutions.
func TestGenerateSmall(t *testing.T) {
	t.Parallel()
	perSize := map[int]int{2: 40, 3: 8}
	if testtier.Short() {
		perSize[3] = 3
	}
	for _, box := range []int{2, 3} {
		for _, sym := range []Symmetry{NoSymmetry, Rotational, QuarterTurn, Mirror, Diagonal} {
			gen := NewGenerator()
			for idx := range perSize[box] {
				opt := GenerateOptions{Box: box, Seed: 7, Symmetry: sym}
				p, err := gen.Generate(context.Background(), opt, uint64(idx))
				if err != nil {
					t.Fatalf("%d×%d %s #%d: %v", box*box, box*box, sym, idx, err)
				}
				checkGenerated(t, p, sym)
			}
		}
	}
}

// checkGenerated checks p as TestGenerateSmall says.
func checkGenerated(t *testing.T, p *Generated, sym Symmetry) {
	t.Helper()
	box, n := p.Puzzle.Box, p.Puzzle.Size()
	name := string(AppendGrid(nil, p.Puzzle, Line, nil))
	if err := Check(p.Puzzle, p.Solution); err != nil {
		t.Fatalf("%s: the solution returned is wrong: %v", name, err)
	}
	clues := 0
	for _, v := range p.Puzzle.Cells {
		if v != 0 {
			clues++
		}
	}
	if clues != p.Clues {
		t.Errorf("%s: Clues %d, the puzzle has %d", name, p.Clues, clues)
	}
	if !symmetric(p.Puzzle, sym) {
		t.Errorf("%s: the clues are not %s-symmetric", name, sym)
	}
	if k := bruteCount(box, p.Puzzle.Cells, 2); k != 1 {
		t.Fatalf("%s: brute force finds %d solutions, want 1", name, k)
	}
	if !p.Minimal {
		t.Errorf("%s: not minimal", name)
	}
	seen := make([]bool, n*n)
	for i, v := range p.Puzzle.Cells {
		if v == 0 || seen[i] {
			continue
		}
		less := slices.Clone(p.Puzzle.Cells)
		for _, j := range sym.images(i, n) {
			seen[j] = true
			less[j] = 0
		}
		if k := bruteCount(box, less, 2); k < 2 {
			t.Errorf("%s: the clue at r%dc%d (and its images) can go: still %d solution", name, i/n+1, i%n+1, k)
		}
	}
}

// TestGenerateReproducible: a seed and an index give the same puzzle
// whatever was generated before by the same Generator; another seed or
// index gives another puzzle.
func TestGenerateReproducible(t *testing.T) {
	t.Parallel()
	for _, box := range []int{2, 3, 4} {
		opt := GenerateOptions{Box: box, Seed: 42, Symmetry: Rotational}
		if box == 4 {
			opt.Clues = 150 // the same draws, a quicker removal
		}
		a, b := NewGenerator(), NewGenerator()
		var first []*Grid
		for idx := range 3 {
			p, err := a.Generate(context.Background(), opt, uint64(idx))
			if err != nil {
				t.Fatal(err)
			}
			first = append(first, p.Puzzle)
		}
		for _, idx := range []int{2, 0, 1} {
			p, err := b.Generate(context.Background(), opt, uint64(idx))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(p.Puzzle.Cells, first[idx].Cells) {
				t.Errorf("%d×%d puzzle %d differs between two runs with seed 42", box*box, box*box, idx)
			}
		}
		if slices.Equal(first[0].Cells, first[1].Cells) {
			t.Errorf("%d×%d puzzles 0 and 1 of seed 42 are the same", box*box, box*box)
		}
		other := opt
		other.Seed = 43
		p, err := b.Generate(context.Background(), other, 0)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(p.Puzzle.Cells, first[0].Cells) {
			t.Errorf("%d×%d puzzle 0 is the same with seeds 42 and 43", box*box, box*box)
		}
	}
}

// TestGenerateLarge: 16×16 and 25×25 puzzles (with fewer clues in the
// long tier) are unique by an engine count, their solution is valid
// (Check), the clues keep the symmetry, and with Clues set the removal
// stops there and says the puzzle is not minimal.
func TestGenerateLarge(t *testing.T) {
	t.Parallel()
	if testtier.Short() {
		t.Skip("slow: 16×16 and 25×25 puzzles")
	}
	cases := []GenerateOptions{{Box: 4, Seed: 1}, {Box: 4, Seed: 2, Symmetry: Mirror}, {Box: 5, Seed: 3, Clues: 400}}
	if testtier.Longs() {
		// Fewer clues: harder proofs, each settled by the learner. (A
		// minimal 25×25 takes far longer than a test should.)
		cases = append(cases, GenerateOptions{Box: 5, Seed: 4, Clues: 300})
	}
	gen := NewGenerator()
	for _, opt := range cases {
		p, err := gen.Generate(context.Background(), opt, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := Check(p.Puzzle, p.Solution); err != nil {
			t.Errorf("%+v: %v", opt, err)
		}
		res, err := NewSolver().Solve(context.Background(), p.Puzzle, Config{MaxSolutions: 2}, nil)
		if err != nil || res.Verdict() != Unique {
			t.Errorf("%+v: counted %s (%v), want unique", opt, res.Verdict(), err)
		}
		if !symmetric(p.Puzzle, opt.Symmetry) {
			t.Errorf("%+v: the clues are not %s-symmetric", opt, opt.Symmetry)
		}
		if opt.Clues > 0 && (p.Minimal || p.Clues > opt.Clues || p.Clues < opt.Clues-2) {
			t.Errorf("%+v: %d clues, minimal %v; want %d or one or two fewer, not minimal", opt, p.Clues, p.Minimal, opt.Clues)
		}
	}
}

// TestGenerateErrors: a box side out of range and an unknown symmetry are
// refused; a context already ended stops the generation with its error.
func TestGenerateErrors(t *testing.T) {
	t.Parallel()
	gen := NewGenerator()
	for _, opt := range []GenerateOptions{{Box: 1}, {Box: MaxBox + 1}, {Box: 3, Symmetry: Symmetry(99)}} {
		if _, err := gen.Generate(context.Background(), opt, 0); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := gen.Generate(ctx, GenerateOptions{Box: 3}, 0); err != context.Canceled {
		t.Errorf("an ended context: %v, want context.Canceled", err)
	}
}

// TestParseSymmetry: every name reads back as its symmetry; others are
// refused.
func TestParseSymmetry(t *testing.T) {
	for i, name := range SymmetryNames() {
		s, err := ParseSymmetry(name)
		if err != nil || s != Symmetry(i) || s.String() != name {
			t.Errorf("ParseSymmetry(%q) = %v, %v", name, s, err)
		}
	}
	if _, err := ParseSymmetry("rot180"); err == nil {
		t.Error("ParseSymmetry(rot180): no error")
	}
}
