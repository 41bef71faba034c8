package learn_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/learn"
	"github.com/xcover/xcover/internal/testtier"
)

// larger returns a random problem too large for brute force: up to 14
// primary items, 5 secondary, 60 options, with colors and, when mcc is
// set, bounds.
func larger(r *rand.Rand, mcc bool) *core.Problem {
	nPrimary, nSecondary := 4+r.IntN(11), r.IntN(6)
	p := &core.Problem{NPrimary: nPrimary, NItems: nPrimary + nSecondary, Begin: []int32{0}}
	if mcc {
		for range nPrimary {
			lo := int32(r.IntN(3))
			hi := max(lo, 1) + int32(r.IntN(2))
			p.Lo, p.Hi = append(p.Lo, lo), append(p.Hi, hi)
		}
	}
	colored := nSecondary > 0 && r.IntN(2) == 0
	for k := range 10 + r.IntN(50) {
		items := r.Perm(nPrimary)[:1+r.IntN(min(4, nPrimary))]
		if nSecondary > 0 && r.IntN(2) == 0 {
			items = append(items, nPrimary+r.IntN(nSecondary))
		}
		for _, it := range items {
			p.Items = append(p.Items, int32(it))
			c := int32(0)
			if it >= nPrimary && colored && r.IntN(3) > 0 {
				c = 1 + int32(r.IntN(2))
			}
			p.Colors = append(p.Colors, c)
		}
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller, p.Index = append(p.Caller, int32(k)), append(p.Index, int32(k))
	}
	if !colored {
		p.Colors = nil
	}
	return p
}

// maxListed is the most solutions a comparison lists: beyond, blocking
// them one by one is not what the learner is for.
const maxListed = 300

// enumerated returns the solutions the dancing-links engine finds, as
// sorted keys, or nil and false when there are more than maxListed.
func enumerated(t *testing.T, p *core.Problem) ([]string, bool) {
	t.Helper()
	e := core.New[dlx.Engine](p)
	var found []string
	run := core.Run{MaxSolutions: maxListed + 1, Visit: func(sol []int) bool {
		s := slices.Clone(sol)
		slices.Sort(s)
		found = append(found, fmt.Sprint(s))
		return true
	}}
	var c core.Counters
	end, err := e.Search(core.Unit{}, &run, &c)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(found)
	return found, end == core.Complete
}

// TestAgainstEnumeration compares, on problems too large for brute force,
// every solution with those of the dancing-links engine, and the verdict
// of a search for two solutions (none, unique, several).
func TestAgainstEnumeration(t *testing.T) {
	trials := 1500
	if testtier.Short() {
		trials = 150
	}
	r := rand.New(rand.NewPCG(7, 11))
	compared, unique, none := 0, 0, 0
	defer func() { t.Logf("%d problems compared: %d without solution, %d with one", compared, none, unique) }()
	for trial := range trials {
		p := larger(r, trial%2 == 1)
		want, ok := enumerated(t, p)
		if !ok {
			continue
		}
		compared++
		switch len(want) {
		case 0:
			none++
		case 1:
			unique++
		}
		for _, c := range compilers {
			if got := all(t, p, c.new, c.solve); !slices.Equal(got, want) {
				t.Fatalf("%s: trial %d: %d solutions, dlx %d\n%v\n%v", c.name, trial, len(got), len(want), got, want)
			}
			s := c.new(p)
			st := c.solve(s, learn.Limits{MaxSolutions: 2}, nil)
			n := s.Stats().Solutions
			if n != int64(min(len(want), 2)) || (st == core.Complete) != (len(want) < 2) {
				t.Fatalf("%s: trial %d: verdict %d solutions (%v), dlx %d", c.name, trial, n, st, len(want))
			}
		}
	}
}

// mutilated returns the domino tilings of an n×n board without two
// opposite corners: none, since a domino covers one black and one white
// square and the corners removed have the same color.
func mutilated(n int) *core.Problem {
	cell := func(r, c int) int { return r*n + c - 1 } // corner (0,0) removed
	p := &core.Problem{NPrimary: n*n - 2, NItems: n*n - 2, Begin: []int32{0}}
	ok := func(r, c int) bool {
		return r >= 0 && c >= 0 && r < n && c < n && !(r == 0 && c == 0) && !(r == n-1 && c == n-1)
	}
	for r := range n {
		for c := range n {
			for _, d := range [][2]int{{0, 1}, {1, 0}} {
				r2, c2 := r+d[0], c+d[1]
				if ok(r, c) && ok(r2, c2) {
					p.Items = append(p.Items, int32(cell(r, c)), int32(cell(r2, c2)))
					p.Begin = append(p.Begin, int32(len(p.Items)))
					k := int32(len(p.Caller))
					p.Caller, p.Index = append(p.Caller, k), append(p.Index, k)
				}
			}
		}
	}
	return p
}

func TestUnsatisfiable(t *testing.T) {
	for _, c := range compilers {
		for _, n := range []int{2, 4, 6, 8} {
			s := c.new(mutilated(n))
			if st := c.solve(s, learn.Limits{}, func([]int) bool { t.Error("a tiling of a mutilated board"); return false }); st != core.Complete {
				t.Errorf("%s: n=%d: %v", c.name, n, st)
			}
			t.Logf("%s: mutilated %d×%d: %+v", c.name, n, n, s.Stats())
			if n == 8 && strings.HasPrefix(c.name, "split") && s.Stats().Splits == 0 {
				t.Errorf("%s: mutilated 8×8 was not split", c.name)
			}
		}
	}
}

// TestSplitConflictLimit checks that a split search stops at its conflict
// limit exactly, on any number of workers: the halves' turns draw their
// conflicts from what the limit leaves, so that together they never take
// more.
func TestSplitConflictLimit(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 4} {
		for _, limit := range []int64{200, 517, 1000} {
			s := learn.NewHurried(mutilated(10))
			st := s.SolveSplit(learn.Limits{MaxConflicts: limit}, workers, nil)
			got := s.Stats()
			if st != core.NodeLimit || got.Splits == 0 || got.Conflicts != limit {
				t.Errorf("%d workers, limit %d: %v after %+v, want the conflict limit after splits and exactly %d conflicts",
					workers, limit, st, got, limit)
			}
		}
	}
}

// TestSplitForIdleWorker checks that a half is split early when a worker
// waits: with a budget between splits that is never reached, every split
// is such a one, and the proof still holds.
func TestSplitForIdleWorker(t *testing.T) {
	s := learn.NewHurried(mutilated(10))
	s.SetSplit(5, 1<<40)
	if st := s.SolveSplit(learn.Limits{}, 2, func([]int) bool { t.Error("a tiling of a mutilated board"); return false }); st != core.Complete {
		t.Fatalf("%v", st)
	}
	if s.Stats().Splits == 0 {
		t.Errorf("no split for the waiting worker: %+v", s.Stats())
	}
	t.Logf("%+v", s.Stats())
}

// TestSplitLimitsRandom checks, on random problems split into halves on
// several workers, that a search for k solutions, stopped by MaxSolutions
// or by visit, sees exactly min(k, all) distinct solutions of the problem
// (those dlx lists), and says Stopped exactly when it stopped short.
func TestSplitLimitsRandom(t *testing.T) {
	trials := 400
	if testtier.Short() {
		trials = 60
	}
	r := rand.New(rand.NewPCG(3, 5))
	for trial := range trials {
		p := larger(r, trial%2 == 1)
		want, ok := enumerated(t, p)
		if !ok || len(want) == 0 {
			continue
		}
		k := 1 + r.IntN(len(want)+1)
		byVisit := r.IntN(2) == 0
		workers := 2 + r.IntN(3)
		s := learn.NewHurried(p)
		lim := learn.Limits{}
		if !byVisit {
			lim.MaxSolutions = int64(k)
		}
		seen := map[string]bool{}
		st := s.SolveSplit(lim, workers, func(sol []int) bool { // one goroutine at a time
			key := slices.Clone(sol)
			slices.Sort(key)
			s := fmt.Sprint(key)
			if _, found := slices.BinarySearch(want, s); !found || seen[s] {
				t.Fatalf("trial %d: solution %s not dlx's or seen twice", trial, s)
			}
			seen[s] = true
			return !byVisit || len(seen) < k
		})
		n := min(k, len(want))
		if len(seen) != n || s.Stats().Solutions != int64(n) || (st == core.Stopped) != (k <= len(want)) {
			t.Fatalf("trial %d (%d workers, k %d, by visit %v): %v, %d visited, %d counted; dlx has %d",
				trial, workers, k, byVisit, st, len(seen), s.Stats().Solutions, len(want))
		}
	}
}
