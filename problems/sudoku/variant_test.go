package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readSolutions reads a file of solutions, one grid of digits per line or
// a grid over several lines, with a reader of its own.
func readSolutions(t *testing.T, path string, cells int) [][]uint8 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '1' && r <= '9' {
			return r
		}
		return -1
	}, string(data))
	if len(digits)%cells != 0 {
		t.Fatalf("%s: %d digits, not a whole number of %d-cell grids", path, len(digits), cells)
	}
	var out [][]uint8
	for k := 0; k < len(digits); k += cells {
		g := make([]uint8, cells)
		for i := range cells {
			g[i] = digits[k+i] - '0'
		}
		out = append(out, g)
	}
	return out
}

// TestVariantPublished solves published X-Sudoku, jigsaw and killer
// puzzles and holds each to its published solution: unique, equal, and
// passing CheckVariant.
func TestVariantPublished(t *testing.T) {
	cases := []struct {
		file, solutions string
		variant         Variant
	}{
		{"variant-x.txt", "variant-x.sol", XSudoku},
		{"variant-jigsaw.txt", "variant-jigsaw.sol", Jigsaw},
		{"variant-killer.txt", "variant-killer.sol", Killer},
	}
	s := NewVariantSolver()
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("testdata", c.file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want := readSolutions(t, filepath.Join("testdata", c.solutions), 81)
			puzzles, err := ReadVariant(path, data, c.variant)
			if err != nil {
				t.Fatal(err)
			}
			if len(puzzles) != len(want) {
				t.Fatalf("%d puzzles, %d solutions", len(puzzles), len(want))
			}
			for k, p := range puzzles {
				if p.Err != nil {
					t.Fatalf("puzzle %d: %v", k+1, p.Err)
				}
				var sols []*Grid
				res, err := s.Solve(context.Background(), p.Grid, p.Rules, Config{MaxSolutions: 2}, func(g *Grid) bool {
					sols = append(sols, g.Clone())
					return true
				})
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict() != Unique || len(sols) != 1 {
					t.Fatalf("puzzle %d: %s with %d solutions, want unique", k+1, res.Verdict(), len(sols))
				}
				if got := string(sols[0].Cells); got != string(want[k]) {
					t.Errorf("puzzle %d: solution %v, published %v", k+1, sols[0].Cells, want[k])
				}
				if err := CheckVariant(p.Grid, sols[0], p.Rules); err != nil {
					t.Errorf("puzzle %d: %v", k+1, err)
				}
			}
		})
	}
}

// naive counts the completions of cells under r by plain backtracking,
// cell after cell, checking every rule by scanning the grid; it shares
// nothing with the solver.
func naive(cells []uint8, box int, r *Rules, limit int) int {
	n := box * box
	sameRegion := func(a, b int) bool {
		if r.Regions != nil {
			return r.Regions[a] == r.Regions[b]
		}
		return (a/n)/box == (b/n)/box && (a%n)/box == (b%n)/box
	}
	onDiag := func(a int) (bool, bool) { return a/n == a%n, a/n+a%n == n-1 }
	ok := func(i int, v uint8) bool {
		d1, d2 := onDiag(i)
		for j := range n * n {
			if j == i || cells[j] != v {
				continue
			}
			e1, e2 := onDiag(j)
			if j/n == i/n || j%n == i%n || sameRegion(i, j) || r.Diagonals && (d1 && e1 || d2 && e2) {
				return false
			}
		}
		for _, c := range r.Cages {
			in, sum, full := false, 0, true
			for _, j := range c.Cells {
				w := cells[j]
				if j == i {
					in, w = true, v
				}
				sum += int(w)
				full = full && w != 0
			}
			if !in {
				continue
			}
			for _, j := range c.Cells {
				if j != i && cells[j] == v {
					return false
				}
			}
			if sum > c.Sum || full && sum != c.Sum {
				return false
			}
		}
		return true
	}
	count := 0
	var rec func(i int)
	rec = func(i int) {
		if count >= limit {
			return
		}
		if i == n*n {
			count++
			return
		}
		if cells[i] != 0 {
			rec(i + 1)
			return
		}
		for v := uint8(1); int(v) <= n; v++ {
			if ok(i, v) {
				cells[i] = v
				rec(i + 1)
				cells[i] = 0
			}
		}
	}
	rec(0)
	return count
}

// jigsaw4 are 4×4 region maps: the boxes, and shapes that are not boxes.
var jigsaw4 = []string{
	"AABBAABBCCDDCCDD",
	"AAABABBBCCCDCDDD",
	"AAAABBBBCCCCDDDD", // regions are the rows: every Latin square
	"ABBBAAABCDDDCCCD",
	"AABBACBBACDDCCDD",
}

func regionsOf(m string) []uint8 {
	ids := map[byte]uint8{}
	out := make([]uint8, len(m))
	for i := range len(m) {
		if _, ok := ids[m[i]]; !ok {
			ids[m[i]] = uint8(len(ids))
		}
		out[i] = ids[m[i]]
	}
	return out
}

// TestVariantCounts4x4 counts every 4×4 X-Sudoku and jigsaw grid, and the
// solutions of random 4×4 killer and variant puzzles, against naive.
func TestVariantCounts4x4(t *testing.T) {
	s := NewVariantSolver()
	count := func(t *testing.T, g *Grid, r *Rules) int {
		t.Helper()
		res, err := s.Solve(context.Background(), g, r, Config{}, func(sol *Grid) bool {
			if err := CheckVariant(g, sol, r); err != nil {
				t.Fatalf("solution %v: %v", sol.Cells, err)
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		return int(res.Solutions)
	}
	empty, _ := NewGrid(2)
	t.Run("all", func(t *testing.T) {
		rules := []*Rules{{}, RulesFor(XSudoku)}
		for _, m := range jigsaw4 {
			rules = append(rules, &Rules{Variant: Jigsaw, Regions: regionsOf(m)})
		}
		// Published figures first: 288 4×4 Sudoku grids (OEIS A107739),
		// and with the rows as regions the 576 Latin squares of order 4
		// (OEIS A002860).
		for m, want := range map[string]int{jigsaw4[0]: 288, jigsaw4[2]: 576} {
			if got := count(t, empty, &Rules{Variant: Jigsaw, Regions: regionsOf(m)}); got != want {
				t.Errorf("regions %s: %d grids, published %d", m, got, want)
			}
		}
		for _, r := range rules {
			want := naive(slices4(empty), 2, r, 1<<30)
			if got := count(t, empty, r); got != want {
				t.Errorf("%+v: %d grids, naive %d", r, got, want)
			}
		}
	})
	rng := rand.New(rand.NewPCG(1, 2))
	t.Run("random", func(t *testing.T) {
		for k := range 300 {
			g, _ := NewGrid(2)
			var r *Rules
			switch k % 3 {
			case 0:
				r = RulesFor(XSudoku)
			case 1:
				r = &Rules{Variant: Jigsaw, Regions: regionsOf(jigsaw4[rng.IntN(len(jigsaw4))])}
			default:
				r = randomCages(rng, 2)
			}
			for range rng.IntN(4) {
				g.Cells[rng.IntN(16)] = uint8(1 + rng.IntN(4))
			}
			if r.checkPuzzle(g) != nil {
				continue
			}
			want := naive(slices4(g), 2, r, 1<<30)
			if got := count(t, g, r); got != want {
				t.Fatalf("puzzle %v rules %+v: %d solutions, naive %d", g.Cells, r, got, want)
			}
		}
	})
}

func slices4(g *Grid) []uint8 { return append([]uint8(nil), g.Cells...) }

// randomCages draws cages over a grid of box side box: horizontal or
// vertical runs of 1 to 3 cells, with sums that different values can make.
func randomCages(rng *rand.Rand, box int) *Rules {
	n := box * box
	r := &Rules{Variant: Killer}
	used := make([]bool, n*n)
	for i := range n * n {
		if used[i] || rng.IntN(3) == 0 {
			continue
		}
		cells := []int{i}
		used[i] = true
		for len(cells) < 3 {
			j := cells[len(cells)-1] + 1
			if j%n == 0 || used[j] || rng.IntN(2) == 0 {
				break
			}
			used[j] = true
			cells = append(cells, j)
		}
		k := len(cells)
		lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
		r.Cages = append(r.Cages, Cage{Cells: cells, Sum: lo + rng.IntN(hi-lo+1), Name: fmt.Sprint(len(r.Cages))})
	}
	return r
}

// TestCheckVariant holds CheckVariant to broken solutions of each rule.
func TestCheckVariant(t *testing.T) {
	// A 4×4 grid whose diagonals hold each value once.
	sol := &Grid{Box: 2, Cells: []uint8{1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3}}
	empty, _ := NewGrid(2)
	x := RulesFor(XSudoku)
	if err := CheckVariant(empty, sol, x); err != nil {
		t.Fatalf("a good X grid: %v", err)
	}
	// Swapping rows 3 and 4 keeps rows, columns and boxes, breaks a diagonal.
	bad := &Grid{Box: 2, Cells: []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}}
	if err := CheckVariant(empty, bad, &Rules{}); err != nil {
		t.Fatalf("a good classic grid: %v", err)
	}
	if err := CheckVariant(empty, bad, x); err == nil {
		t.Error("a diagonal holding a value twice passed")
	}
	// A 9×9 grid whose anti-diagonal holds each value once and whose main
	// diagonal does not: each diagonal is checked on its own.
	main := &Grid{Box: 3}
	for _, ch := range "891234765234567198567891432123456987456789321789123654912345876678912543345678219" {
		main.Cells = append(main.Cells, uint8(ch-'0'))
	}
	empty9, _ := NewGrid(3)
	if err := CheckVariant(empty9, main, &Rules{}); err != nil {
		t.Fatalf("a good classic 9×9: %v", err)
	}
	if err := CheckVariant(empty9, main, x); err == nil || !strings.Contains(err.Error(), "main diagonal") {
		t.Errorf("a main diagonal holding a value twice: %v", err)
	}
	// Its mirror image, left to right: the anti-diagonal is now the broken one.
	anti := main.Clone()
	for i := range anti.Cells {
		anti.Cells[i] = main.Cells[i/9*9+8-i%9]
	}
	if err := CheckVariant(empty9, anti, x); err == nil || !strings.Contains(err.Error(), "anti-diagonal") {
		t.Errorf("an anti-diagonal holding a value twice: %v", err)
	}
	// Regions that the boxes' values do not fill.
	jig := &Rules{Variant: Jigsaw, Regions: regionsOf("AAABABBBCCCDCDDD")}
	if err := CheckVariant(empty, sol, jig); err == nil {
		t.Error("a region holding a value twice passed")
	}
	cage := &Rules{Variant: Killer, Cages: []Cage{{Sum: 3, Cells: []int{0, 1}, Name: "a"}}}
	if err := CheckVariant(empty, sol, cage); err != nil {
		t.Errorf("a good cage: %v", err)
	}
	cage.Cages[0].Sum = 4
	if err := CheckVariant(empty, sol, cage); err == nil {
		t.Error("a cage adding up to another sum passed")
	}
	// r1c1 and r2c3 both hold 1: the sum 2 is right, the values repeat.
	twice := &Rules{Variant: Killer, Cages: []Cage{{Sum: 2, Cells: []int{0, 6}, Name: "b"}}}
	if err := CheckVariant(empty, sol, twice); err == nil {
		t.Error("a cage holding a value twice passed")
	}
}
