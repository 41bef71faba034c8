package planes

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
)

// classic returns the shape of the n×n Sudoku with boxes of side box:
// rows, then columns, then boxes.
func classic(tb testing.TB, box int) *Shape {
	n := box * box
	units := make([][]int16, 3*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i := int16(r*n + c)
			units[r] = append(units[r], i)
			units[n+c] = append(units[n+c], i)
			b := r/box*box + c/box
			units[2*n+b] = append(units[2*n+b], i)
		}
	}
	sh, err := NewShape(n*n, n, units)
	if err != nil {
		tb.Fatal(err)
	}
	return sh
}

// sharedSet reads a shared 9×9 set and its .sol.txt: the puzzles, and for
// each its count ("0", "1", "2+") and solution.
func sharedSet(tb testing.TB, rel string) (puzzles, counts, sols []string) {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "..", "shared", "data", "sudoku")
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("shared Sudoku data not found at %s", dir)
	}
	puzzles = lines(tb, filepath.Join(dir, rel+".txt"))
	for _, l := range lines(tb, filepath.Join(dir, rel+".sol.txt")) {
		count, sol, _ := strings.Cut(l, "\t")
		counts, sols = append(counts, count), append(sols, sol)
	}
	return puzzles, counts, sols
}

func lines(tb testing.TB, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, strings.TrimSpace(sc.Text()))
	}
	return out
}

func TestSharedSets(t *testing.T) {
	s := NewSolver(classic(t, 3))
	for _, rel := range []string{"9x9/puzzles2_17_clue", "9x9/puzzles5_forum_hardest_1905_11+"} {
		puzzles, counts, sols := sharedSet(t, rel)
		if testing.Short() {
			puzzles = puzzles[:2000]
		}
		if m, _ := strconv.Atoi(os.Getenv("PLANES_N")); m > 0 && m < len(puzzles) {
			puzzles = puzzles[:m]
		}
		var nodes int64
		givens := make([]uint8, 81)
		for k, p := range puzzles {
			for i := range 81 {
				givens[i] = 0
				if ch := p[i]; ch >= '1' && ch <= '9' {
					givens[i] = ch - '0'
				}
			}
			var first string
			res, err := s.Solve(context.Background(), givens, Limits{MaxSolutions: 2}, func(v []uint8) bool {
				if first == "" {
					b := make([]byte, 81)
					for i, x := range v {
						b[i] = '0' + x
					}
					first = string(b)
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			nodes += res.Nodes
			want := map[string]int64{"0": 0, "1": 1, "2+": 2}[counts[k]]
			if res.Solutions != want {
				t.Fatalf("%s:%d: %d solutions, want %s", rel, k+1, res.Solutions, counts[k])
			}
			if want == 1 && (first != sols[k] || res.Status != exactcover.Complete) {
				t.Fatalf("%s:%d: solution %s (%v), want %s", rel, k+1, first, res.Status, sols[k])
			}
		}
		t.Logf("%s: %d puzzles, %d nodes", rel, len(puzzles), nodes)
	}
}
