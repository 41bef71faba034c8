package learn_test

import (
	"os"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/learn"
	"github.com/xcover/xcover/internal/testtier"
)

// sudokuProblem encodes a Sudoku given as one line (digits 1-9 then
// letters A-Z for 10…, '.' or '0' for an empty cell) as an exact cover:
// items cell, row-value, column-value and box-value; an option per value
// a cell may take given the clues of its row, column and box.
func sudokuProblem(line string) *core.Problem {
	n := 1
	for n*n < len(line) {
		n++
	}
	b := 1
	for b*b < n {
		b++
	}
	val := make([]int, n*n)
	for i, ch := range line {
		switch {
		case ch >= '1' && ch <= '9':
			val[i] = int(ch - '0')
		case ch >= 'A' && ch <= 'Z':
			val[i] = int(ch-'A') + 10
		}
	}
	p := &core.Problem{NPrimary: 4 * n * n, NItems: 4 * n * n, Begin: []int32{0}}
	clash := func(r, c, v int) bool {
		for u := range n {
			if val[r*n+u] == v || val[u*n+c] == v {
				return true
			}
			br, bc := r/b*b+u/b, c/b*b+u%b
			if val[br*n+bc] == v {
				return true
			}
		}
		return false
	}
	for r := range n {
		for c := range n {
			for v := 1; v <= n; v++ {
				if g := val[r*n+c]; g != 0 && g != v || g == 0 && clash(r, c, v) {
					continue
				}
				box := r/b*b + c/b
				p.Items = append(p.Items, int32(r*n+c), int32(n*n+r*n+v-1), int32(2*n*n+c*n+v-1), int32(3*n*n+box*n+v-1))
				p.Begin = append(p.Begin, int32(len(p.Items)))
				k := int32(len(p.Caller))
				p.Caller = append(p.Caller, k)
				p.Index = append(p.Index, k)
			}
		}
	}
	return p
}

// BenchmarkUnique proves the uniqueness of a Gecode 25×25 puzzle: its
// solution found, blocked, and the rest proved unsatisfiable.
func BenchmarkUnique(b *testing.B) {
	data, err := os.ReadFile("testdata/gecode-25x25-7.txt")
	if err != nil {
		b.Fatal(err)
	}
	p := sudokuProblem(strings.TrimSpace(string(data)))
	b.ReportAllocs()
	for b.Loop() {
		s := learn.New(p)
		if st := s.Solve(learn.Limits{}, nil); st != core.Complete || s.Stats().Solutions != 1 {
			b.Fatalf("%v, %+v", st, s.Stats())
		}
	}
}

// TestGecodeUnique settles the uniqueness of two of the Gecode 25×25
// puzzles in every way a solver runs (whole, hurried, split on one and
// three workers, splitting after a few conflicts), each solution checked
// against the definition and against the published solution.
func TestGecodeUnique(t *testing.T) {
	testtier.Slow(t) // two 25×25 searches, on one goroutine
	puzzles, err := os.ReadFile("../../../../shared/data/sudoku/gecode/gecode_25x25.txt")
	if err != nil {
		t.Skip(err)
	}
	published, err := os.ReadFile("../../../../shared/data/sudoku/gecode/gecode_25x25.sol.txt")
	if err != nil {
		t.Skip(err)
	}
	lines, sols := strings.Split(string(puzzles), "\n"), strings.Split(string(published), "\n")
	for _, i := range []int{17, 18} { // the quick ones: a few hundred conflicts
		_, want, _ := strings.Cut(sols[i-1], "\t")
		p := sudokuProblem(strings.TrimSpace(lines[i-1]))
		for _, c := range compilers {
			s := c.new(p)
			var got []string
			st := c.solve(s, learn.Limits{MaxSolutions: 2}, func(sol []int) bool {
				if !enginetest.Valid(p, sol) {
					t.Fatalf("puzzle %d, %s: invalid solution", i, c.name)
				}
				got = append(got, sudokuGrid(p, sol))
				return true
			})
			if st != core.Complete || len(got) != 1 || got[0] != strings.TrimSpace(want) {
				t.Errorf("puzzle %d, %s: %v, %d solutions %q, published %q", i, c.name, st, len(got), got, want)
			}
			t.Logf("puzzle %d, %s: %+v", i, c.name, s.Stats())
		}
	}
}

// sudokuGrid writes the solution of a sudokuProblem as a line: the value
// of each cell (its option's row-value item tells it), in the puzzle's
// alphabet.
func sudokuGrid(p *core.Problem, sol []int) string {
	n := 1
	for n*n*4 < p.NItems {
		n++
	}
	grid := make([]byte, n*n)
	for _, k := range sol {
		items := p.Items[p.Begin[k]:p.Begin[k+1]]
		cell, v := items[0], int(items[1])%n+1
		if v <= 9 {
			grid[cell] = byte('0' + v)
		} else {
			grid[cell] = byte('A' + v - 10)
		}
	}
	return string(grid)
}
