package exactcover_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// mutilatedBoard is the domino tiling of an n×n board without two
// opposite corners: no tiling (each domino covers one square of each
// color), which search proves by exhausting a tree exponential in n and
// clause learning in a few hundred conflicts for n = 8. The sparse
// engine's tree has 74,134 nodes for n = 7, 814,292 for n = 8, and more
// than 20 million for n = 9.
func mutilatedBoard(n int) *exactcover.Problem {
	p := &exactcover.Problem{}
	ok := func(r, c int) bool {
		return r >= 0 && c >= 0 && r < n && c < n && !(r == 0 && c == 0) && !(r == n-1 && c == n-1)
	}
	name := func(r, c int) string { return fmt.Sprintf("%d,%d", r, c) }
	for r := range n {
		for c := range n {
			if ok(r, c) {
				p.Primary = append(p.Primary, name(r, c))
			}
			for _, d := range [][2]int{{0, 1}, {1, 0}} {
				if ok(r, c) && ok(r+d[0], c+d[1]) {
					p.Options = append(p.Options, exactcover.NewOption(name(r, c), name(r+d[0], c+d[1])))
				}
			}
		}
	}
	return p
}

// TestPortfolio checks who settles auto's questions, on one core and on
// two: search alone on a small problem, the learner on a big mutilated
// board (on one core because the probes find its tree hopeless, on two by
// the race), and that both answer right in between. Under the race
// detector (testtier.Short) only two cores: on one the learner runs alone.
func TestPortfolio(t *testing.T) {
	cores := []int{1, 2}
	if testtier.Short() {
		cores = cores[1:]
	}
	for _, procs := range cores {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		for _, tc := range []struct {
			name      string
			p         *exactcover.Problem
			limit     int64
			engine    exactcover.Engine
			solutions int64
		}{
			{"knuth", knuthExample(), 2, exactcover.EngineSparse, 1},
			{"mutilated 7×7", mutilatedBoard(7), 2, 0, 0},
			{"mutilated 9×9", mutilatedBoard(9), 1, exactcover.EngineLearn, 0},
			{"mutilated 9×9, uniqueness", mutilatedBoard(9), 2, exactcover.EngineLearn, 0},
		} {
			s, err := exactcover.New(tc.p)
			if err != nil {
				t.Fatal(err)
			}
			st, err := s.Search(context.Background(), exactcover.Config{MaxSolutions: tc.limit}, func([]int) bool { return true })
			if err != nil || tc.engine != 0 && st.Engine != tc.engine || st.Solutions != tc.solutions || st.Status != exactcover.Complete {
				t.Errorf("%d cores, %s: %v (engine %v), %v", procs, tc.name, st, st.Engine, err)
			}
		}
	}
	// The switch on one core follows the probes' estimate, which must be
	// near the trees' sizes (above), here far from the bound.
	for n, hopeless := range map[int]bool{8: false, 9: true} {
		s, err := exactcover.New(mutilatedBoard(n))
		if err != nil {
			t.Fatal(err)
		}
		if s.TreeLooksHopeless(exactcover.Config{}) != hopeless {
			t.Errorf("mutilated %d×%d: the tree looks hopeless is %v, want %v (bound %.0g nodes)", n, n, !hopeless, hopeless, exactcover.HopelessNodes)
		}
	}
	// Stopped by the context during the race: both racers stop.
	s, err := exactcover.New(mutilatedBoard(12))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	st, err := searchCount(s, ctx, exactcover.Config{MaxSolutions: 1, Progress: func(*exactcover.Progress) { cancel() }, ProgressEvery: 1})
	if err != context.Canceled || st.Status != exactcover.Interrupted {
		t.Errorf("cancelled: %v, %v", st, err)
	}
}
