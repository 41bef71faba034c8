package bands_test

import (
	"bufio"
	"cmp"
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
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/problems/sudoku/internal/bands"
)

// count solves givens with the kernel up to two solutions, checking each
// solution with sudoku.Check (which shares no code with any solver), and
// returns the count and the first solution.
func count(t *testing.T, s *bands.Solver, givens []uint8) (int64, string, bands.Result) {
	t.Helper()
	puzzle := &sudoku.Grid{Box: 3, Cells: givens}
	var first []byte
	res, err := s.Solve(context.Background(), givens, bands.Limits{MaxSolutions: 2}, func(sol []uint8) bool {
		if err := sudoku.Check(puzzle, &sudoku.Grid{Box: 3, Cells: sol}); err != nil {
			t.Fatalf("givens %s: solution %s: %v", text(givens), text(sol), err)
		}
		if first == nil {
			first = []byte(text(sol))
		}
		return true
	})
	if errors.Is(err, bands.ErrClash) && res.Solutions == 0 {
		return 0, "", res
	}
	if err != nil {
		t.Fatalf("givens %s: %v", text(givens), err)
	}
	return res.Solutions, string(first), res
}

// engineCount counts the solutions of givens up to two on the exact-cover
// engine's path (dancing links), 0 for givens that clash.
func engineCount(t *testing.T, e *sudoku.Solver, givens []uint8) int64 {
	t.Helper()
	res, err := e.Solve(context.Background(), &sudoku.Grid{Box: 3, Cells: givens},
		sudoku.Config{MaxSolutions: 2, Engine: exactcover.EngineDLX}, nil)
	if errors.Is(err, sudoku.ErrConflict) {
		return 0
	}
	if err != nil {
		t.Fatalf("givens %s: engine: %v", text(givens), err)
	}
	return res.Solutions
}

// text writes givens as a line of 81 symbols, '.' for an open cell.
func text(cells []uint8) string {
	b := make([]byte, len(cells))
	for i, v := range cells {
		b[i] = '.'
		if v != 0 {
			b[i] = '0' + v
		}
	}
	return string(b)
}

// parse reads a line of 81 symbols, anything but 1–9 an open cell.
func parse(line string) []uint8 {
	g := make([]uint8, bands.Cells)
	for i := range g {
		if ch := line[i]; ch >= '1' && ch <= '9' {
			g[i] = ch - '0'
		}
	}
	return g
}

// sharedDir is ../shared/data/sudoku/9x9, or the test is skipped.
func sharedDir(tb testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "..", "shared", "data", "sudoku", "9x9")
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("shared Sudoku data not found at %s", dir)
	}
	return dir
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
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestSharedSets proves the shared 9×9 puzzles unique (or not) and holds
// each solution to the set's verified one: 300 of each large set in the
// quick tier, all of them in the long tier.
func TestSharedSets(t *testing.T) {
	dir := sharedDir(t)
	s := bands.NewSolver()
	for _, name := range []string{"plb_hard20", "norvig_top95", "puzzles2_17_clue", "puzzles5_forum_hardest_1905_11+",
		"puzzles3_magictour_top1465", "puzzles7_serg_benchmark"} {
		puzzles := lines(t, filepath.Join(dir, name+".txt"))
		sols := lines(t, filepath.Join(dir, name+".sol.txt"))
		if len(sols) != len(puzzles) {
			t.Fatalf("%s: %d puzzles, %d solutions", name, len(puzzles), len(sols))
		}
		if max := 300; !testtier.Longs() && len(puzzles) > max {
			puzzles = puzzles[:max]
		}
		var nodes int64
		for k, p := range puzzles {
			n, first, res := count(t, s, parse(p))
			nodes += res.Nodes
			want, sol, _ := strings.Cut(sols[k], "\t")
			if got := map[int64]string{0: "0", 1: "1", 2: "2+"}[n]; got != want {
				t.Fatalf("%s:%d: %d solutions, want %s", name, k+1, n, want)
			}
			if n == 1 && (first != sol || res.Status != exactcover.Complete) {
				t.Fatalf("%s:%d: solution %s (%v), want %s", name, k+1, first, res.Status, sol)
			}
		}
		t.Logf("%s: %d puzzles, %d nodes", name, len(puzzles), nodes)
	}
}

// randomPuzzle makes givens of every kind from a solved grid: a random
// subset of its cells (unique, or several solutions), and sometimes one of
// them changed (no solution, or clashing givens), or random givens over
// an empty grid.
func randomPuzzle(rng *rand.Rand, solved []uint8) []uint8 {
	g := make([]uint8, bands.Cells)
	switch rng.IntN(4) {
	case 0:
		for k := rng.IntN(30); k > 0; k-- {
			g[rng.IntN(bands.Cells)] = uint8(1 + rng.IntN(9))
		}
	default:
		keep := 17 + rng.IntN(30)
		for _, c := range rng.Perm(bands.Cells)[:keep] {
			g[c] = solved[c]
		}
		if rng.IntN(3) == 0 {
			g[rng.IntN(bands.Cells)] = uint8(1 + rng.IntN(9))
		}
	}
	return g
}

// TestAgainstEngine compares the kernel's counts (0, 1 or 2 and more)
// with the exact-cover engine's on random puzzles, clashing ones
// included, drawn from the shared sets' solved grids.
func TestAgainstEngine(t *testing.T) {
	dir := sharedDir(t)
	var solved [][]uint8
	for _, l := range lines(t, filepath.Join(dir, "norvig_top95.sol.txt")) {
		_, sol, _ := strings.Cut(l, "\t")
		solved = append(solved, parse(sol))
	}
	rng := rand.New(rand.NewPCG(3, 6))
	s, e := bands.NewSolver(), sudoku.NewSolver()
	trials := 3000
	if testtier.Short() {
		trials = 500
	}
	seen := map[int64]int{}
	for range trials {
		g := randomPuzzle(rng, solved[rng.IntN(len(solved))])
		n, _, _ := count(t, s, g)
		if want := engineCount(t, e, g); n != want {
			t.Fatalf("givens %s: %d solutions, the engine %d", text(g), n, want)
		}
		seen[n]++
	}
	for n := range int64(3) {
		if seen[n] == 0 {
			t.Errorf("no puzzle with %d solutions among %d: %v", n, trials, seen)
		}
	}
}

// FuzzSolve compares the kernel's count of any givens with the engine's:
// pairs of bytes name a cell and its value, over a solved grid's cells
// (the first byte's top bit) or an empty grid.
func FuzzSolve(f *testing.F) {
	for _, l := range lines(f, filepath.Join("testdata", "seeds.txt")) {
		g := parse(l)
		var data []byte
		for c, v := range g {
			if v != 0 {
				data = append(data, byte(c), v)
			}
		}
		f.Add(data)
	}
	solved := parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	s, e := bands.NewSolver(), sudoku.NewSolver()
	f.Fuzz(func(t *testing.T, data []byte) {
		g := make([]uint8, bands.Cells)
		for i := 0; i+1 < len(data); i += 2 {
			c := int(data[i]&0x7f) % bands.Cells
			if data[i]&0x80 != 0 {
				g[c] = solved[c]
			} else {
				g[c] = data[i+1] % 10
			}
		}
		n, _, _ := count(t, s, g)
		if want := engineCount(t, e, g); n != want {
			t.Fatalf("givens %s: %d solutions, the engine %d", text(g), n, want)
		}
	})
}

func TestLimits(t *testing.T) {
	s := bands.NewSolver()
	empty := make([]uint8, bands.Cells)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithTimeout(context.Background(), -1)
	defer cancel2()
	for _, tc := range []struct {
		name      string
		ctx       context.Context
		lim       bands.Limits
		stopAfter int64
		solutions int64
		status    exactcover.Status
		err       error
	}{
		{"ten", context.Background(), bands.Limits{MaxSolutions: 10}, 0, 10, exactcover.SolutionLimit, nil},
		{"visitor stops", context.Background(), bands.Limits{}, 3, 3, exactcover.Stopped, nil},
		{"nodes", context.Background(), bands.Limits{MaxNodes: 5}, 0, -1, exactcover.NodeLimit, nil},
		{"cancelled", cancelled, bands.Limits{}, 0, 0, exactcover.Interrupted, context.Canceled},
		{"deadline", expired, bands.Limits{}, 0, 0, exactcover.Timeout, context.DeadlineExceeded},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen int64
			distinct := map[string]bool{}
			res, err := s.Solve(tc.ctx, empty, tc.lim, func(sol []uint8) bool {
				if err := sudoku.Check(&sudoku.Grid{Box: 3, Cells: empty}, &sudoku.Grid{Box: 3, Cells: sol}); err != nil {
					t.Fatal(err)
				}
				distinct[string(sol)] = true
				seen++
				return tc.stopAfter == 0 || seen < tc.stopAfter
			})
			if !errors.Is(err, tc.err) || (tc.err == nil && err != nil) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			if res.Status != tc.status || (tc.solutions >= 0 && res.Solutions != tc.solutions) ||
				res.Solutions != seen || int64(len(distinct)) != seen {
				t.Fatalf("%d solutions (%d visited, %d distinct), %v; want %d, %v", res.Solutions, seen, len(distinct), res.Status, tc.solutions, tc.status)
			}
			if tc.lim.MaxNodes > 0 && res.Nodes != tc.lim.MaxNodes {
				t.Fatalf("%d nodes, want the limit %d", res.Nodes, tc.lim.MaxNodes)
			}
		})
	}
}

// TestPropagation checks what propagation settles without a node: each
// puzzle is a solved grid with cells taken away so that one rule, and
// only the rules before it, finishes it.
func TestPropagation(t *testing.T) {
	const solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	for _, tc := range []struct {
		name     string
		puzzle   string
		nodes    bool   // the kernel must branch
		solution string // "": solved
	}{
		{"solved", solved, false, ""},
		{"a naked single", "." + solved[1:], false, ""},
		// The top-left box open: each cell's row and column leave it one value.
		{"a box of naked singles", "...678912...195348...342567" + solved[27:], false, ""},
		// Row 1 and column 1 open but for r1c1: hidden and naked singles.
		{"a row and a column", openLines(solved), false, ""},
		// The empty grid needs branching.
		{"empty", strings.Repeat(".", 81), true, ""},
		// Line 973 of the shared 17-clue set, with its solution from the
		// set's .sol.txt: the box–column rule settles it (without it the
		// kernel took 211 nodes).
		{"the box–column rule", ".................1..2..345......2.3......6...47......8....7......58.....9.3....2.", false,
			"159467382347258961862193457598742136231986574476531298624375819715829643983614725"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := bands.NewSolver()
			g := parse(tc.puzzle)
			n, first, res := count(t, s, g)
			if tc.nodes {
				if res.Nodes == 0 {
					t.Fatalf("no node, %d solutions", n)
				}
				return
			}
			want := cmp.Or(tc.solution, solved)
			if n != 1 || first != want || res.Nodes != 0 {
				t.Fatalf("%d solutions (%s), %d nodes; want %s and no node", n, first, res.Nodes, want)
			}
		})
	}
}

// openLines empties row 1 and column 1 of a solved grid but for r1c1.
func openLines(solved string) string {
	b := []byte(solved)
	for k := 1; k < 9; k++ {
		b[k], b[9*k] = '.', '.'
	}
	return string(b)
}
