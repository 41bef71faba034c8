package exactcover_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// knuthExample is the 7-item example of Knuth's paper, all items primary;
// its one solution is options 0 (C E F), 3 (A D) and 4 (B G).
func knuthExample() *exactcover.Problem {
	return &exactcover.Problem{
		Primary: []string{"A", "B", "C", "D", "E", "F", "G"},
		Options: []exactcover.Option{
			exactcover.NewOption("C", "E", "F"),
			exactcover.NewOption("A", "D", "G"),
			exactcover.NewOption("B", "C", "F"),
			exactcover.NewOption("A", "D"),
			exactcover.NewOption("B", "G"),
			exactcover.NewOption("D", "E", "G"),
		},
	}
}

// queens returns the n-queens problem: rows and columns primary, diagonals
// secondary. Its counts are OEIS A000170.
func queens(n int) *exactcover.Problem {
	p := &exactcover.Problem{}
	name := func(prefix byte, i int) string { return string(prefix) + string(rune('A'+i)) }
	for i := range n {
		p.Primary = append(p.Primary, name('r', i), name('c', i))
	}
	for d := range 2*n - 1 {
		p.Secondary = append(p.Secondary, name('a', d), name('b', d))
	}
	for r := range n {
		for c := range n {
			p.Options = append(p.Options, exactcover.NewOption(name('r', r), name('c', c), name('a', r+c), name('b', r-c+n-1)))
		}
	}
	return p
}

func mustNew(t testing.TB, p *exactcover.Problem) *exactcover.Solver {
	t.Helper()
	s, err := exactcover.New(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPartialSolutions(t *testing.T) {
	ctx := context.Background()
	q := queens(8)
	s := mustNew(t, q)
	tests := []struct {
		name      string
		partial   []int
		solutions int64 // counted by brute force over the 92 solutions below
		err       error
	}{
		{name: "none", solutions: 92},
		{name: "corner", partial: []int{0}},
		{name: "two compatible", partial: []int{0, 8*1 + 4}},
		{name: "same row", partial: []int{0, 1}, err: exactcover.ErrInconsistentPart},
		{name: "same diagonal", partial: []int{0, 9}, err: exactcover.ErrInconsistentPart},
		{name: "out of range", partial: []int{64}, err: exactcover.ErrBadPartial},
		{name: "negative", partial: []int{-1}, err: exactcover.ErrBadPartial},
	}
	var all [][]int
	for sol := range s.Solutions(ctx, exactcover.Config{}) {
		all = append(all, slices.Sorted(slices.Values(sol)))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want int64
			for _, sol := range all {
				if containsAll(sol, tt.partial) {
					want++
				}
			}
			st, err := s.Search(ctx, exactcover.Config{Partial: tt.partial}, func(sol []int) bool {
				checkSolution(t, q, sol)
				if !slices.Equal(sol[:len(tt.partial)], tt.partial) {
					t.Errorf("solution %v does not start with %v", sol, tt.partial)
				}
				return true
			})
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if err == nil && st.Solutions != want {
				t.Errorf("%d solutions, want %d", st.Solutions, want)
			}
			// The solver must be intact afterwards.
			if st, _ := searchCount(s, ctx, exactcover.Config{}); st.Solutions != 92 {
				t.Errorf("after partial %v: %v", tt.partial, st)
			}
		})
	}
}

func containsAll(set, sub []int) bool {
	for _, x := range sub {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}

// TestPartialCoversEverything: a partial solution that is complete is the
// one solution.
func TestPartialCoversEverything(t *testing.T) {
	s := mustNew(t, knuthExample())
	var got [][]int
	st, err := s.Search(context.Background(), exactcover.Config{Partial: []int{0, 3, 4}}, func(sol []int) bool {
		got = append(got, slices.Clone(sol))
		return true
	})
	if err != nil || st.Solutions != 1 || !slices.Equal(got[0], []int{0, 3, 4}) {
		t.Fatalf("got %v %v %v", got, st, err)
	}
}

func TestStopping(t *testing.T) {
	q := queens(10) // 724 solutions (OEIS A000170)
	s := mustNew(t, q)
	ctx := context.Background()
	full, _ := searchCount(s, ctx, exactcover.Config{})
	if full.Solutions != 724 {
		t.Fatalf("queens-10: %v", full)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	expired, cancel2 := context.WithDeadline(ctx, time.Now().Add(-time.Second))
	defer cancel2()
	tests := []struct {
		name   string
		ctx    context.Context
		cfg    exactcover.Config
		visit  func([]int) bool
		status exactcover.Status
		err    error
		sols   int64
	}{
		{name: "solution limit", ctx: ctx, cfg: exactcover.Config{MaxSolutions: 10}, status: exactcover.SolutionLimit, sols: 10},
		{name: "node limit", ctx: ctx, cfg: exactcover.Config{MaxNodes: 100}, status: exactcover.NodeLimit, sols: -1},
		{name: "visitor stops", ctx: ctx, visit: func([]int) bool { return false }, status: exactcover.Stopped, sols: 1},
		{name: "cancelled", ctx: cancelled, status: exactcover.Interrupted, err: context.Canceled, sols: -1},
		{name: "deadline", ctx: expired, status: exactcover.Timeout, err: context.DeadlineExceeded, sols: -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			visit := tt.visit
			if visit == nil {
				visit = func(sol []int) bool { checkSolution(t, q, sol); return true }
			}
			st, err := searchOrCount(s, tt.ctx, tt.cfg, visit)
			if !errors.Is(err, tt.err) || st.Status != tt.status {
				t.Fatalf("got %v, %v; want %v, %v", st.Status, err, tt.status, tt.err)
			}
			if tt.sols >= 0 && st.Solutions != tt.sols {
				t.Errorf("%d solutions, want %d", st.Solutions, tt.sols)
			}
			if tt.cfg.MaxNodes > 0 && st.Nodes > tt.cfg.MaxNodes {
				t.Errorf("%d nodes beyond the limit %d", st.Nodes, tt.cfg.MaxNodes)
			}
			// Stopping anywhere must leave the links as they were.
			if again, _ := searchCount(s, ctx, exactcover.Config{}); again.Solutions != full.Solutions || again.Nodes != full.Nodes || again.Updates != full.Updates {
				t.Errorf("after stopping: %v, want %v", again, full)
			}
		})
	}
}

// TestCancelDuringSearch cancels a long search from another goroutine.
func TestCancelDuringSearch(t *testing.T) {
	s := mustNew(t, queens(13))
	ctx, cancel := context.WithCancel(context.Background())
	var seen int
	st, err := s.Search(ctx, exactcover.Config{}, func([]int) bool {
		if seen++; seen == 100 {
			go cancel()
		}
		return true
	})
	if !errors.Is(err, context.Canceled) || st.Status != exactcover.Interrupted || st.Solutions >= 73712 {
		t.Fatalf("got %v, %v", st, err)
	}
}

func TestIteratorBreak(t *testing.T) {
	s := mustNew(t, queens(8))
	n := 0
	for _, err := range s.Solutions(context.Background(), exactcover.Config{}) {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 5 {
			break
		}
	}
	if n != 5 {
		t.Fatalf("%d solutions before the break", n)
	}
	sol, st, err := s.First(context.Background(), exactcover.Config{})
	if err != nil || len(sol) != 8 || st.Status != exactcover.SolutionLimit {
		t.Fatalf("First: %v %v %v", sol, st, err)
	}
}

func TestProblemErrors(t *testing.T) {
	opt := exactcover.NewOption
	tests := []struct {
		name string
		p    exactcover.Problem
		err  error
		opt  int
		item string
	}{
		{"no primary", exactcover.Problem{Secondary: []string{"x"}}, exactcover.ErrNoPrimaryItems, -1, ""},
		{"duplicate", exactcover.Problem{Primary: []string{"a", "b"}, Secondary: []string{"a"}}, exactcover.ErrDuplicateItem, -1, "a"},
		{"empty name", exactcover.Problem{Primary: []string{""}}, exactcover.ErrEmptyItemName, -1, ""},
		{"unknown", exactcover.Problem{Primary: []string{"a"}, Options: []exactcover.Option{opt("a"), opt("a", "z")}}, exactcover.ErrUnknownItem, 1, "z"},
		{"repeated", exactcover.Problem{Primary: []string{"a", "b"}, Options: []exactcover.Option{opt("a", "b", "a")}}, exactcover.ErrRepeatedItem, 0, "a"},
		{"repeated colored", exactcover.Problem{Primary: []string{"a"}, Secondary: []string{"x"}, Options: []exactcover.Option{opt("a", "x:1", "x:2")}}, exactcover.ErrRepeatedItem, 0, "x"},
		{"color on primary", exactcover.Problem{Primary: []string{"a"}, Options: []exactcover.Option{opt("a:1")}}, exactcover.ErrColorOnPrimary, 0, "a"},
		{"empty option", exactcover.Problem{Primary: []string{"a"}, Options: []exactcover.Option{{}}}, exactcover.ErrEmptyOption, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := exactcover.New(&tt.p)
			var pe *exactcover.ProblemError
			if !errors.Is(err, tt.err) || !errors.As(err, &pe) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if pe.Option != tt.opt || pe.Item != tt.item {
				t.Errorf("error names option %d item %q, want %d %q", pe.Option, pe.Item, tt.opt, tt.item)
			}
		})
	}
}

func TestDroppedOptionWarning(t *testing.T) {
	p := &exactcover.Problem{
		Primary: []string{"a"}, Secondary: []string{"x"},
		Options: []exactcover.Option{exactcover.NewOption("x"), exactcover.NewOption("a", "x")},
	}
	s := mustNew(t, p)
	if w := s.Warnings(); len(w) != 1 || w[0].Option != 0 {
		t.Fatalf("warnings %v", w)
	}
	sol, _, _ := s.First(context.Background(), exactcover.Config{})
	if !slices.Equal(sol, []int{1}) {
		t.Fatalf("solution %v", sol)
	}
	if _, err := searchCount(s, context.Background(), exactcover.Config{Partial: []int{0}}); !errors.Is(err, exactcover.ErrBadPartial) {
		t.Fatalf("partial with a dropped option: %v", err)
	}
}

// TestNoAllocation: a warm rebuild and search allocates nothing, however
// many nodes the search visits.
func TestNoAllocation(t *testing.T) {
	var (
		b exactcover.Builder
		s = new(exactcover.Solver)
	)
	build := func() {
		// 6 queens by index: rows 0-5, columns 6-11 primary; 22 diagonals.
		const n = 6
		b.Reset(2*n, 2*(2*n-1))
		for r := int32(0); r < n; r++ {
			for c := int32(0); c < n; c++ {
				b.AddOption(r, n+c, 2*n+r+c, 2*n+2*n-1+r-c+n-1)
			}
		}
		if err := b.Build(s); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	cfg := exactcover.Config{SkipProfile: true}
	count := func() {
		build()
		if st, _ := s.Search(ctx, cfg, func([]int) bool { return true }); st.Solutions != 4 {
			t.Fatalf("6 queens: %v", st)
		}
	}
	count()
	if n := testing.AllocsPerRun(20, count); n != 0 {
		t.Errorf("%v allocations per warm build and search", n)
	}
}

func TestClone(t *testing.T) {
	s := mustNew(t, queens(8))
	c := s.Clone()
	done := make(chan exactcover.Stats)
	go func() { st, _ := searchCount(c, context.Background(), exactcover.Config{}); done <- st }()
	st, _ := searchCount(s, context.Background(), exactcover.Config{})
	if other := <-done; st.Solutions != 92 || other.Solutions != 92 || other.Nodes != st.Nodes {
		t.Fatalf("original %v, clone %v", st, other)
	}
}

func TestProgress(t *testing.T) {
	s := mustNew(t, queens(12))
	calls := 0
	_, err := searchCount(s, context.Background(), exactcover.Config{
		ProgressEvery: time.Nanosecond,
		Progress: func(p *exactcover.Progress) {
			calls++
			if f := p.Fraction(); f <= 0 || f >= 1 {
				t.Errorf("fraction %v", f)
			}
			for _, b := range exactcover.ProgressBranches(p) {
				if b[0] < 1 || b[0] > b[1] {
					t.Errorf("branch %d of %d", b[0], b[1])
				}
			}
		},
	})
	if err != nil || calls == 0 {
		t.Fatalf("%d progress calls, err %v", calls, err)
	}
}

// TestWeighted: the Weighted rule finds the same solutions as Knuth's
// (counts from OEIS A000170 and expected.tsv), every one verified, and two
// runs give the same statistics, as weights start afresh in every search.
// Its node counts are logged, not asserted: they are a tuning matter,
// which the Sudoku benchmarks measure.
func TestWeighted(t *testing.T) {
	testtier.Slow(t)
	for _, name := range []string{"queens-10", "sudoku-escargot", "sudoku-multi-65k", "pent-3x20"} {
		t.Run(name, func(t *testing.T) {
			if name == "sudoku-multi-65k" {
				testtier.Long(t) // 65,554 solutions, each verified
			}
			p := loadShared(t, name)
			s := mustNew(t, p)
			knuth, _ := searchCount(s, context.Background(), exactcover.Config{})
			cfg := exactcover.Config{Branching: exactcover.Weighted, SkipProfile: true}
			weighted, err := s.Search(context.Background(), cfg, newFound(t, p).visit)
			if err != nil || weighted.Solutions != knuth.Solutions {
				t.Fatalf("Weighted %v, Knuth %v (%v)", weighted, knuth, err)
			}
			again, _ := searchCount(s, context.Background(), cfg)
			if again.Nodes != weighted.Nodes || again.Updates != weighted.Updates {
				t.Fatalf("second run %d nodes %d updates, first %d and %d", again.Nodes, again.Updates, weighted.Nodes, weighted.Updates)
			}
			t.Logf("nodes %d → %d, updates %d → %d", knuth.Nodes, weighted.Nodes, knuth.Updates, weighted.Updates)
		})
	}
}

func TestStoppedBy(t *testing.T) {
	deadline, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	<-deadline.Done()
	interrupted, stop := context.WithCancel(context.Background())
	stop()
	if got := exactcover.StoppedBy(deadline.Err()); got != exactcover.Timeout {
		t.Errorf("StoppedBy(deadline) = %v, want timeout", got)
	}
	if got := exactcover.StoppedBy(interrupted.Err()); got != exactcover.Interrupted {
		t.Errorf("StoppedBy(canceled) = %v, want interrupted", got)
	}
}
