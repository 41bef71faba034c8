package planes

import (
	"bufio"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// grid returns the units of an n×n grid whose rows and columns are units
// (a Latin square), with boxes of side box when box > 0 (Sudoku) and the
// two diagonals when diagonals is set.
func grid(n, box int, diagonals bool) [][]int16 {
	var units [][]int16
	for r := 0; r < n; r++ {
		var row, col []int16
		for c := 0; c < n; c++ {
			row = append(row, int16(r*n+c))
			col = append(col, int16(c*n+r))
		}
		units = append(units, row, col)
	}
	if box > 0 {
		for b := 0; b < n; b++ {
			var unit []int16
			for i := 0; i < n; i++ {
				unit = append(unit, int16((b/box*box+i/box)*n+b%box*box+i%box))
			}
			units = append(units, unit)
		}
	}
	if diagonals {
		var main, anti []int16
		for i := 0; i < n; i++ {
			main = append(main, int16(i*n+i))
			anti = append(anti, int16(i*n+n-1-i))
		}
		units = append(units, main, anti)
	}
	return units
}

func mustShape(tb testing.TB, cells, values int, units [][]int16) *Shape {
	tb.Helper()
	sh, err := NewShape(cells, values, units)
	if err != nil {
		tb.Fatal(err)
	}
	return sh
}

// valid reports whether sol fills every cell with a value in range, keeps
// the givens, and puts every value once in every unit: the check of a
// solution, written without the kernel.
func valid(values int, units [][]int16, givens, sol []uint8) bool {
	for c, v := range sol {
		if v < 1 || int(v) > values || (givens[c] != 0 && givens[c] != v) {
			return false
		}
	}
	for _, unit := range units {
		seen := make([]bool, values+1)
		for _, c := range unit {
			if seen[sol[c]] {
				return false
			}
			seen[sol[c]] = true
		}
	}
	return true
}

// bruteCount counts the solutions by plain backtracking: cells in order,
// every value tried, each checked against the cells already filled.
func bruteCount(values int, units [][]int16, givens []uint8) int64 {
	unitsOf := make([][]int, len(givens))
	for u, unit := range units {
		for _, c := range unit {
			unitsOf[c] = append(unitsOf[c], u)
		}
	}
	g := append([]uint8(nil), givens...)
	fits := func(c int, v uint8) bool {
		for _, u := range unitsOf[c] {
			for _, o := range units[u] {
				if int(o) != c && g[o] == v {
					return false
				}
			}
		}
		return true
	}
	for c, v := range givens {
		if v != 0 && !fits(c, v) {
			return 0
		}
	}
	var rec func(c int) int64
	rec = func(c int) int64 {
		if c == len(g) {
			return 1
		}
		if givens[c] != 0 {
			return rec(c + 1)
		}
		var n int64
		for v := uint8(1); int(v) <= values; v++ {
			if fits(c, v) {
				g[c] = v
				n += rec(c + 1)
				g[c] = 0
			}
		}
		return n
	}
	return rec(0)
}

// shapes are the small shapes checked against brute force.
var shapes = []struct {
	name      string
	n, box    int
	diagonals bool
}{
	{"latin 3×3", 3, 0, false},
	{"latin 4×4 with diagonals", 4, 0, true},
	{"sudoku 4×4", 4, 2, false},
	{"x-sudoku 4×4", 4, 2, true},
	{"latin 5×5", 5, 0, false},
}

// TestAgainstBruteForce counts the solutions of random givens (clashing
// ones included) on small shapes and checks each solution found.
func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range shapes {
		t.Run(tc.name, func(t *testing.T) {
			units := grid(tc.n, tc.box, tc.diagonals)
			s := NewSolver(mustShape(t, tc.n*tc.n, tc.n, units))
			for trial := 0; trial < 200; trial++ {
				givens := make([]uint8, tc.n*tc.n)
				for k := tc.n + rng.IntN(tc.n*tc.n/2); k > 0; k-- { // fewer leave brute force slow on 5×5
					givens[rng.IntN(len(givens))] = uint8(1 + rng.IntN(tc.n))
				}
				checkCount(t, s, tc.n, units, givens)
			}
		})
	}
}

// checkCount compares the kernel's count of givens with brute force and
// checks that its solutions are valid and distinct.
func checkCount(t *testing.T, s *Solver, values int, units [][]int16, givens []uint8) {
	t.Helper()
	want := bruteCount(values, units, givens)
	seen := map[string]bool{}
	res, err := s.Solve(context.Background(), givens, Limits{}, func(sol []uint8) bool {
		if !valid(values, units, givens, sol) {
			t.Fatalf("givens %v: invalid solution %v", givens, sol)
		}
		if seen[string(sol)] {
			t.Fatalf("givens %v: solution %v twice", givens, sol)
		}
		seen[string(sol)] = true
		return true
	})
	if err != nil || res.Solutions != want || res.Status != exactcover.Complete {
		t.Fatalf("givens %v: %d solutions (%v, %v), brute force %d", givens, res.Solutions, res.Status, err, want)
	}
}

// FuzzSolve checks any givens on the 4×4 X-Sudoku and the 4×4 Latin
// square against brute force.
func FuzzSolve(f *testing.F) {
	f.Add([]byte{0, 1, 5, 2, 10, 3, 15, 4})
	f.Add([]byte{0, 1, 1, 1})
	f.Add([]byte{})
	x4 := grid(4, 2, true)
	l4 := grid(4, 0, false)
	sx, sl := NewSolver(mustShape(f, 16, 4, x4)), NewSolver(mustShape(f, 16, 4, l4))
	f.Fuzz(func(t *testing.T, data []byte) {
		gx, gl := make([]uint8, 16), make([]uint8, 16)
		for i := 0; i+1 < len(data); i += 2 {
			gx[int(data[i])%16] = data[i+1] % 5
			gl[int(data[i]>>4)] = data[i+1] >> 4 % 5
		}
		checkCount(t, sx, 4, x4, gx)
		checkCount(t, sl, 4, l4, gl)
	})
}

func TestLimits(t *testing.T) {
	units := grid(4, 2, false) // the empty 4×4 Sudoku has 288 solutions
	s := NewSolver(mustShape(t, 16, 4, units))
	empty := make([]uint8, 16)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithTimeout(context.Background(), -1)
	defer cancel2()
	for _, tc := range []struct {
		name      string
		ctx       context.Context
		lim       Limits
		stopAfter int64
		solutions int64
		status    exactcover.Status
		err       error
	}{
		{"all", context.Background(), Limits{}, 0, 288, exactcover.Complete, nil},
		{"two", context.Background(), Limits{MaxSolutions: 2}, 0, 2, exactcover.SolutionLimit, nil},
		{"visitor stops", context.Background(), Limits{}, 3, 3, exactcover.Stopped, nil},
		{"nodes", context.Background(), Limits{MaxNodes: 5}, 0, -1, exactcover.NodeLimit, nil},
		{"cancelled", cancelled, Limits{}, 0, 0, exactcover.Interrupted, context.Canceled},
		{"deadline", expired, Limits{}, 0, 0, exactcover.Timeout, context.DeadlineExceeded},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen int64
			res, err := s.Solve(tc.ctx, empty, tc.lim, func([]uint8) bool {
				seen++
				return tc.stopAfter == 0 || seen < tc.stopAfter
			})
			if !errors.Is(err, tc.err) || (tc.err == nil && err != nil) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			if res.Status != tc.status || (tc.solutions >= 0 && res.Solutions != tc.solutions) || res.Solutions != seen {
				t.Fatalf("%d solutions (%d visited), %v; want %d, %v", res.Solutions, seen, res.Status, tc.solutions, tc.status)
			}
			if tc.lim.MaxNodes > 0 && res.Nodes != tc.lim.MaxNodes {
				t.Fatalf("%d nodes, want the limit %d", res.Nodes, tc.lim.MaxNodes)
			}
		})
	}
}

// TestNodes checks what a node is: a puzzle that singles settle takes
// none, and a search takes at least a node per solution.
func TestNodes(t *testing.T) {
	units := grid(4, 2, false)
	s := NewSolver(mustShape(t, 16, 4, units))
	for _, tc := range []struct {
		name   string
		givens []uint8
		branch bool
	}{
		{"a naked single", []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0}, false},
		{"a row of singles", []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 0, 0, 0, 0}, false},
		{"two rows open", []uint8{1, 2, 3, 4, 3, 4, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0}, true},
		{"empty", make([]uint8, 16), true},
	} {
		res, _ := s.Solve(context.Background(), tc.givens, Limits{}, nil)
		want := bruteCount(4, units, tc.givens)
		if res.Solutions != want || (!tc.branch && res.Nodes != 0) || (tc.branch && res.Nodes < want) {
			t.Errorf("%s: %d solutions, %d nodes; want %d solutions and %s", tc.name, res.Solutions, res.Nodes, want,
				map[bool]string{false: "no node", true: "a node at least per solution"}[tc.branch])
		}
	}
}

func TestNewShapeErrors(t *testing.T) {
	for _, tc := range []struct {
		name          string
		cells, values int
		units         [][]int16
	}{
		{"no cells", 0, 1, nil},
		{"too many cells", MaxCells + 1, 4, nil},
		{"no values", 4, 0, nil},
		{"too many values", 4, MaxValues + 1, nil},
		{"short unit", 4, 2, [][]int16{{0}}},
		{"cell out of range", 4, 2, [][]int16{{0, 4}}},
		{"negative cell", 4, 2, [][]int16{{-1, 0}}},
		{"cell twice", 4, 2, [][]int16{{1, 1}}},
		{"too many units through a cell", 2, 2, [][]int16{{0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewShape(tc.cells, tc.values, tc.units); !errors.Is(err, ErrShape) {
				t.Fatalf("error %v, want ErrShape", err)
			}
		})
	}
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
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestSharedSets proves the shared 9×9 puzzles unique (or not) and
// compares each solution with the set's: a few hundred of the large sets
// in the quick tier, all of them in the long tier.
func TestSharedSets(t *testing.T) {
	units := grid(9, 3, false)
	s := NewSolver(mustShape(t, 81, 9, units))
	for _, rel := range []string{"9x9/plb_hard20", "9x9/norvig_top95", "9x9/puzzles2_17_clue", "9x9/puzzles5_forum_hardest_1905_11+"} {
		puzzles, counts, sols := sharedSet(t, rel)
		if max := 300; !testtier.Longs() && len(puzzles) > max {
			puzzles = puzzles[:max]
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
			var first []byte
			res, err := s.Solve(context.Background(), givens, Limits{MaxSolutions: 2}, func(v []uint8) bool {
				if !valid(9, units, givens, v) {
					t.Fatalf("%s:%d: invalid solution %v", rel, k+1, v)
				}
				if first == nil {
					for _, x := range v {
						first = append(first, '0'+x)
					}
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
			if want == 1 && (string(first) != sols[k] || res.Status != exactcover.Complete) {
				t.Fatalf("%s:%d: solution %s (%v), want %s", rel, k+1, first, res.Status, sols[k])
			}
		}
		t.Logf("%s: %d puzzles, %d nodes", rel, len(puzzles), nodes)
	}
}
