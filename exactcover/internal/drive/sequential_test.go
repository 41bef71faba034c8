package drive_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/internal/testtier"
)

// TestSequentialFindsTheBruteForceSolutions checks the sequential search
// on small random problems, from the root and from random partial
// solutions: it visits exactly the solutions brute force finds (those
// using every option of the partial solution), counts them, reports a
// profile that adds up to its nodes, and refuses a partial solution that
// no solution extends only when it is inconsistent.
func TestSequentialFindsTheBruteForceSolutions(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var x drive.Scratch // one scratch for every search: a warm search starts clean
	n := 200
	if testtier.Short() {
		n = 60
	}
	for i, p := range randomProblems(n, 1) {
		partial := r.Perm(p.NumOptions())[:r.IntN(min(3, p.NumOptions()+1))] // distinct options
		want := bruteForceWith(p, partial)
		for _, e := range engines {
			var got collector
			cfg := drive.Config{Root: x.Root(partial), Visit: got.visit}
			res, err := drive.Sequential(context.Background(), e.new(p), &cfg, &x)
			if err != nil {
				if len(want) > 0 || !errors.Is(err, core.ErrInconsistent) {
					failf(t, p, "%s, problem %d, partial %v: %v; brute force finds %d solutions", e.name, i, partial, err, len(want))
				}
				continue
			}
			if !slices.Equal(got.sorted(), want) {
				failf(t, p, "%s, problem %d, partial %v: solutions %v, brute force %v", e.name, i, partial, got.sorted(), want)
			}
			if res.Status != core.Complete || res.Counters.Solutions != int64(len(want)) {
				failf(t, p, "%s, problem %d: status %v, %d solutions counted, want complete and %d", e.name, i, res.Status, res.Counters.Solutions, len(want))
			}
			if sum(res.Profile) != res.Counters.Nodes {
				failf(t, p, "%s, problem %d, partial %v: profile %v adds up to %d, nodes %d", e.name, i, partial, res.Profile, sum(res.Profile), res.Counters.Nodes)
			}
		}
	}
}

// TestSequentialKnownCounts checks the sequential search against counts
// published independently of xcover (OEIS), with both branching rules:
// the Weighted rule changes the tree, never the solutions.
func TestSequentialKnownCounts(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    *core.Problem
		want int64
	}{
		{"dominoes 4x5", dominoes(4, 5), 95},
		{"dominoes 5x6", dominoes(5, 6), 1183},
		{"queens 7", queens(7), 40},
		{"queens 8", queens(8), 92},
	} {
		for _, e := range engines {
			for _, weighted := range []bool{false, true} {
				var x drive.Scratch
				cfg := drive.Config{Weighted: weighted}
				res, err := drive.Sequential(context.Background(), e.new(tc.p), &cfg, &x)
				if err != nil || res.Counters.Solutions != tc.want || res.Status != core.Complete {
					t.Errorf("%s, %s, weighted %v: %d solutions, %v, %v; want %d", tc.name, e.name, weighted, res.Counters.Solutions, res.Status, err, tc.want)
				}
			}
		}
	}
}

// TestSequentialLimits checks how the sequential search stops: at the
// solution limit with exactly that many solutions visited, when the
// visitor declines, at the node limit with no more nodes than it allows,
// and at its context's end, named Timeout for a deadline.
func TestSequentialLimits(t *testing.T) {
	p := dominoes(5, 6) // 1,183 solutions, more nodes than a poll interval
	for _, e := range engines {
		var x drive.Scratch
		whole, err := drive.Sequential(context.Background(), e.new(p), &drive.Config{}, &x)
		if err != nil || whole.Counters.Nodes <= core.PollInterval {
			t.Fatalf("%s: %+v, %v: want more nodes than a poll interval", e.name, whole, err)
		}
		canceled, cancel := context.WithCancel(context.Background())
		cancel()
		expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		defer cancel2()
		for _, tc := range []struct {
			name      string
			ctx       context.Context
			cfg       drive.Config
			stopAt    int // the visitor declines the stopAt-th solution (0: never)
			status    core.Status
			solutions int64 // visited
			err       error
		}{
			{"solution limit", context.Background(), drive.Config{MaxSolutions: 10}, 0, core.SolutionLimit, 10, nil},
			{"solution limit at the count", context.Background(), drive.Config{MaxSolutions: 1183}, 0, core.SolutionLimit, 1183, nil},
			{"solution limit above the count", context.Background(), drive.Config{MaxSolutions: 1184}, 0, core.Complete, 1183, nil},
			{"visitor", context.Background(), drive.Config{}, 7, core.Stopped, 7, nil},
			{"node limit", context.Background(), drive.Config{MaxNodes: 100}, 0, core.NodeLimit, -1, nil},
			{"canceled", canceled, drive.Config{}, 0, core.Interrupted, -1, context.Canceled},
			{"deadline", expired, drive.Config{}, 0, core.Timeout, -1, context.DeadlineExceeded},
		} {
			var visited int64
			tc.cfg.Visit = func([]int) bool {
				visited++
				return tc.stopAt == 0 || visited < int64(tc.stopAt)
			}
			res, err := drive.Sequential(tc.ctx, e.new(p), &tc.cfg, &x)
			if !errors.Is(err, tc.err) || tc.err == nil && err != nil {
				t.Errorf("%s, %s: error %v, want %v", e.name, tc.name, err, tc.err)
			}
			if res.Status != tc.status {
				t.Errorf("%s, %s: status %v, want %v", e.name, tc.name, res.Status, tc.status)
			}
			if tc.solutions >= 0 && (visited != tc.solutions || res.Counters.Solutions != tc.solutions) {
				t.Errorf("%s, %s: %d visited, %d counted, want %d", e.name, tc.name, visited, res.Counters.Solutions, tc.solutions)
			}
			if res.Counters.Nodes >= whole.Counters.Nodes && tc.status != core.Complete && tc.solutions != whole.Counters.Solutions {
				t.Errorf("%s, %s: %d nodes, as many as the whole search", e.name, tc.name, res.Counters.Nodes)
			}
			if tc.cfg.MaxNodes > 0 && res.Counters.Nodes > tc.cfg.MaxNodes {
				t.Errorf("%s, %s: %d nodes, over the limit of %d", e.name, tc.name, res.Counters.Nodes, tc.cfg.MaxNodes)
			}
		}
	}
}

// TestSequentialBadRoot checks that a partial solution naming an option
// that does not exist is refused as a bad path, and two options that
// cover one item as inconsistent.
func TestSequentialBadRoot(t *testing.T) {
	p := dominoes(2, 3) // options 0: cells 0-1, 1: 0-3, 2: 1-2, …
	for _, e := range engines {
		for _, tc := range []struct {
			partial []int
			want    error
		}{
			{[]int{-1}, core.ErrBadPath},
			{[]int{p.NumOptions()}, core.ErrBadPath},
			{[]int{1 << 40}, core.ErrBadPath}, // clamped, not wrapped round to a real option
			{[]int{0, 1}, core.ErrInconsistent},
		} {
			var x drive.Scratch
			cfg := drive.Config{Root: drive.RootPath(tc.partial)}
			_, err := drive.Sequential(context.Background(), e.new(p), &cfg, &x)
			var pe *core.PathError
			if !errors.Is(err, tc.want) || !errors.As(err, &pe) {
				t.Errorf("%s, partial %v: error %v, want a *core.PathError wrapping %v", e.name, tc.partial, err, tc.want)
			}
		}
	}
}

// TestSequentialWarmAllocatesNothing checks the promise of Scratch: a
// search run again with the same scratch allocates nothing (with no
// profile asked for, which is a copy the caller keeps).
func TestSequentialWarmAllocatesNothing(t *testing.T) {
	p := queens(6)
	for _, e := range engines {
		eng := e.new(p)
		var x drive.Scratch
		cfg := drive.Config{SkipProfile: true}
		drive.Sequential(context.Background(), eng, &cfg, &x)
		allocs := testing.AllocsPerRun(10, func() {
			if res, err := drive.Sequential(context.Background(), eng, &cfg, &x); err != nil || res.Counters.Solutions != 4 {
				t.Fatalf("%+v, %v", res, err)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per warm search, want 0", e.name, allocs)
		}
	}
}

// TestResumableSlices checks a search run in slices of a few nodes: it
// ends with the counters of one uninterrupted search, and a slice stopped
// by its context loses nothing when the search goes on.
func TestResumableSlices(t *testing.T) {
	problems := append(randomProblems(60, 2), dominoes(4, 5), queens(6))
	for _, e := range engines {
		for i, p := range problems {
			var x drive.Scratch
			whole, err := drive.Sequential(context.Background(), e.new(p), &drive.Config{}, &x)
			if err != nil {
				t.Fatal(err)
			}
			for _, slice := range []int64{0, 1, 2, 7, 100} {
				rs := drive.NewResumable(e.new(p))
				slices := 0
				for !rs.Done() {
					if slices++; slices > int(whole.Counters.Nodes)+2 {
						failf(t, p, "%s, problem %d, slices of %d: not done after %d slices", e.name, i, slice, slices)
					}
					if err := rs.Run(context.Background(), slice, &drive.Config{}); err != nil {
						t.Fatal(err)
					}
				}
				if rs.Counters != whole.Counters {
					failf(t, p, "%s, problem %d, slices of %d nodes: %+v, uninterrupted %+v", e.name, i, slice, rs.Counters, whole.Counters)
				}
			}
		}
	}
	// A context that has ended stops a slice at its first poll.
	p := dominoes(5, 6)
	for _, e := range engines {
		var x drive.Scratch
		whole, _ := drive.Sequential(context.Background(), e.new(p), &drive.Config{}, &x)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		rs := drive.NewResumable(e.new(p))
		if err := rs.Run(ctx, 0, &drive.Config{}); !errors.Is(err, context.Canceled) || rs.Done() {
			t.Fatalf("%s: a canceled slice returned %v, done %v", e.name, err, rs.Done())
		}
		if err := rs.Run(context.Background(), 0, &drive.Config{}); err != nil || !rs.Done() || rs.Counters != whole.Counters {
			t.Errorf("%s: resumed after a canceled slice: %+v, %v; uninterrupted %+v", e.name, rs.Counters, err, whole.Counters)
		}
	}
}
