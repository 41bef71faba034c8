package drive_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/internal/testtier"
)

// sequential returns what the sequential search of p from root counts.
func sequential(t testing.TB, eng core.Engine, root []core.Step) drive.Result {
	t.Helper()
	var x drive.Scratch
	res, err := drive.Sequential(context.Background(), eng, &drive.Config{Root: root}, &x)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestRunMatchesSequential checks the driver of several workers, polling
// at every node so that small searches are divided in many ways: with 1
// to 4 workers it visits each of the brute force's solutions once, and
// its counters and profile are exactly the sequential search's, however
// the work was stolen.
func TestRunMatchesSequential(t *testing.T) {
	defer drive.SetPollEvery(1)()
	n := 80
	if testtier.Short() {
		n = 20
	}
	type instance struct {
		p    *core.Problem
		want []string // nil: count only, against known
	}
	var instances []instance
	for _, p := range randomProblems(n, 3) {
		instances = append(instances, instance{p, enginetest.BruteForce(p)})
	}
	instances = append(instances, instance{dominoes(4, 4), nil}, instance{queens(6), nil})
	for _, e := range engines {
		for i, in := range instances {
			whole := sequential(t, e.new(in.p), nil)
			for workers := 1; workers <= 4; workers++ {
				var got collector
				res, err := drive.Run(context.Background(), e.new(in.p), drive.Config{Workers: workers, Visit: got.visit})
				if err != nil || res.Status != core.Complete || res.Workers != workers {
					failf(t, in.p, "%s, problem %d, %d workers: %+v, %v", e.name, i, workers, res, err)
				}
				if in.want != nil && !slices.Equal(got.sorted(), in.want) {
					failf(t, in.p, "%s, problem %d, %d workers: solutions %v, brute force %v", e.name, i, workers, got.sorted(), in.want)
				}
				if res.Counters != whole.Counters || !slices.Equal(res.Profile, whole.Profile) {
					failf(t, in.p, "%s, problem %d, %d workers: %+v, profile %v; sequential %+v, profile %v",
						e.name, i, workers, res.Counters, res.Profile, whole.Counters, whole.Profile)
				}
				if int64(len(got.sols)) != res.Counters.Solutions {
					failf(t, in.p, "%s, problem %d, %d workers: %d solutions visited, %d counted", e.name, i, workers, len(got.sols), res.Counters.Solutions)
				}
			}
		}
	}
}

// TestRunSteals checks that the totals survive work stealing: on a tree of
// thousands of nodes, four workers polling at every node steal from one
// another, and the counters and profile still equal the sequential
// search's, the solutions OEIS's count, each visited once. Runs are
// repeated until one has stolen (a run on a loaded machine may leave one
// worker alone with the tree); every run is checked.
func TestRunSteals(t *testing.T) {
	defer drive.SetPollEvery(1)()
	p := dominoes(4, 6) // 281 tilings (OEIS A004003)
	for _, e := range engines {
		whole := sequential(t, e.new(p), nil)
		if whole.Counters.Solutions != 281 {
			t.Fatalf("%s: sequential search counts %d tilings, want 281", e.name, whole.Counters.Solutions)
		}
		var steals int64
		for run := 0; run < 50 && (steals == 0 || run < 3); run++ {
			var got collector
			res, err := drive.Run(context.Background(), e.new(p), drive.Config{Workers: 4, Visit: got.visit})
			if err != nil || res.Counters != whole.Counters || !slices.Equal(res.Profile, whole.Profile) {
				t.Fatalf("%s, run %d (%d steals): %+v, profile %v, %v; sequential %+v, profile %v",
					e.name, run, res.Steals, res.Counters, res.Profile, err, whole.Counters, whole.Profile)
			}
			sols := got.sorted()
			if len(sols) != 281 || len(slices.Compact(sols)) != 281 {
				t.Fatalf("%s, run %d: %d solutions visited, %d distinct, want 281", e.name, run, len(got.sols), len(sols))
			}
			steals += res.Steals
		}
		if steals == 0 {
			t.Errorf("%s: no worker stole in 50 runs", e.name)
		}
		t.Logf("%s: %d steals", e.name, steals)
	}
}

// TestRunLimits checks how the driver stops across workers: the solution
// limit delivers exactly that many solutions and counts them, a visitor
// that declines gets no solution more, and the node limit holds for the
// workers together.
func TestRunLimits(t *testing.T) {
	defer drive.SetPollEvery(1)()
	p := dominoes(4, 5) // 95 tilings
	for _, e := range engines {
		whole := sequential(t, e.new(p), nil)
		for workers := 1; workers <= 3; workers++ {
			for _, tc := range []struct {
				name      string
				cfg       drive.Config
				stopAt    int64 // the visitor declines the stopAt-th solution (0: never)
				status    core.Status
				solutions int64 // visited, and counted (-1: any)
			}{
				{"solution limit", drive.Config{MaxSolutions: 10}, 0, core.SolutionLimit, 10},
				{"solution limit at the count", drive.Config{MaxSolutions: 95}, 0, core.SolutionLimit, 95},
				{"solution limit above the count", drive.Config{MaxSolutions: 96}, 0, core.Complete, 95},
				{"visitor", drive.Config{}, 7, core.Stopped, 7},
				{"node limit", drive.Config{MaxNodes: 50}, 0, core.NodeLimit, -1},
				{"node limit of 1", drive.Config{MaxNodes: 1}, 0, core.NodeLimit, -1},
			} {
				var got collector
				var visited int64
				tc.cfg.Workers = workers
				tc.cfg.Visit = func(sol []int) bool {
					visited++ // one at a time: the driver's promise
					got.visit(sol)
					return tc.stopAt == 0 || visited < tc.stopAt
				}
				res, err := drive.Run(context.Background(), e.new(p), tc.cfg)
				if err != nil || res.Status != tc.status {
					t.Errorf("%s, %d workers, %s: status %v, %v; want %v", e.name, workers, tc.name, res.Status, err, tc.status)
				}
				if tc.solutions >= 0 && (visited != tc.solutions || res.Counters.Solutions != tc.solutions) {
					t.Errorf("%s, %d workers, %s: %d visited, %d counted, want %d", e.name, workers, tc.name, visited, res.Counters.Solutions, tc.solutions)
				}
				if sols := got.sorted(); len(slices.Compact(sols)) != len(got.sols) {
					t.Errorf("%s, %d workers, %s: a solution visited twice", e.name, workers, tc.name)
				}
				if m := tc.cfg.MaxNodes; m > 0 && (res.Counters.Nodes-res.Counters.Solutions > m || e.name == "sparse" && res.Counters.Nodes > m ||
					res.Counters.Nodes >= whole.Counters.Nodes) { // dlx counts a solution as a leaf without checking its limit
					t.Errorf("%s, %d workers, %s: %d nodes, limit %d, whole search %d", e.name, workers, tc.name, res.Counters.Nodes, m, whole.Counters.Nodes)
				}
			}
		}
	}
}

// TestRunWorkerPanic checks that a panic in a worker (here in the visitor)
// ends the search with a *drive.WorkerPanic, and that the final position,
// when one is written, resumes to the uninterrupted totals: the piece of
// the worker that panicked goes back whole, its counts dropped, so that
// the resumed search delivers every solution the position does not
// count (those of that piece delivered before the panic come again), and
// no solution is lost.
func TestRunWorkerPanic(t *testing.T) {
	defer drive.SetPollEvery(1)()
	p := dominoes(4, 5)
	for _, e := range engines {
		whole := sequential(t, e.new(p), nil)
		for workers := 1; workers <= 3; workers++ {
			var got collector
			var pos *drive.Position
			panicked := false
			cfg := drive.Config{
				Workers: workers,
				Visit: func(sol []int) bool {
					if len(got.sols) == 20 && !panicked {
						panicked = true
						panic("visitor fails")
					}
					return got.visit(sol)
				},
				Checkpoint: func(p *drive.Position) error { pos = p; return nil },
			}
			_, err := drive.Run(context.Background(), e.new(p), cfg)
			var wp *drive.WorkerPanic
			if !errors.As(err, &wp) || wp.Value != "visitor fails" || len(wp.Stack) == 0 {
				t.Fatalf("%s, %d workers: error %v, want the worker's panic", e.name, workers, err)
			}
			if pos == nil {
				continue // work was lost: no position to resume from
			}
			cfg.Resume, cfg.Checkpoint = pos, nil
			before := len(got.sols)
			res, err := drive.Run(context.Background(), e.new(p), cfg)
			if err != nil || res.Counters != whole.Counters || !slices.Equal(res.Profile, whole.Profile) {
				t.Errorf("%s, %d workers: resumed after a panic: %+v, profile %v, %v; uninterrupted %+v, profile %v",
					e.name, workers, res.Counters, res.Profile, err, whole.Counters, whole.Profile)
			}
			if again := int64(len(got.sols) - before); again != whole.Counters.Solutions-pos.Counters.Solutions {
				t.Errorf("%s, %d workers: the resumed search delivered %d solutions, the position counts %d of %d",
					e.name, workers, again, pos.Counters.Solutions, whole.Counters.Solutions)
			}
			if sols := got.sorted(); len(slices.Compact(sols)) != 95 {
				t.Errorf("%s, %d workers: %d distinct solutions visited in both runs, want the 95", e.name, workers, len(sols))
			}
		}
	}
}

// TestProgress checks the reports of both drivers: never made while the
// visitor runs, with counters no larger than the search's, a share done
// within [0, 1] for Run (Combined, at most as many workers searching as
// it has), and the current path's branches (K of D) for the sequential
// search. The visitor sleeps until a few reports came, so that the
// search lasts several report intervals.
func TestProgress(t *testing.T) {
	p := dominoes(5, 6) // more nodes than one poll interval of the sequential search
	for _, e := range engines {
		whole := sequential(t, e.new(p), nil)
		for _, workers := range []int{0, 1, 3} { // 0: the sequential search
			var (
				mu      sync.Mutex
				visits  bool
				reports []drive.Progress
			)
			cfg := drive.Config{
				Workers: workers,
				Visit: func([]int) bool {
					mu.Lock()
					visits = true
					n := len(reports)
					mu.Unlock()
					if n < 3 && workers > 0 {
						time.Sleep(100 * time.Microsecond)
					}
					mu.Lock()
					visits = false
					mu.Unlock()
					return true
				},
				Progress: func(pr *drive.Progress) {
					mu.Lock()
					defer mu.Unlock()
					if visits {
						t.Errorf("%s, %d workers: a report while the visitor runs", e.name, workers)
					}
					r := *pr
					r.Branches = slices.Clone(pr.Branches)
					reports = append(reports, r)
				},
				ProgressEvery: time.Nanosecond,
			}
			var res drive.Result
			var err error
			if workers == 0 {
				var x drive.Scratch
				res, err = drive.Sequential(context.Background(), e.new(p), &cfg, &x)
			} else {
				res, err = drive.Run(context.Background(), e.new(p), cfg)
			}
			if err != nil || res.Counters != whole.Counters {
				t.Fatalf("%s, %d workers: %+v, %v", e.name, workers, res.Counters, err)
			}
			if len(reports) == 0 {
				t.Fatalf("%s, %d workers: no report", e.name, workers)
			}
			for _, r := range reports {
				if r.Counters.Nodes > whole.Counters.Nodes || r.Counters.Solutions > whole.Counters.Solutions || r.Elapsed < 0 {
					t.Errorf("%s, %d workers: report %+v beyond the search's %+v", e.name, workers, r.Counters, whole.Counters)
				}
				if workers > 0 && (!r.Combined || r.Done < 0 || r.Done > 1 || r.Workers > workers) {
					t.Errorf("%s, %d workers: report %+v", e.name, workers, r)
				}
				if workers == 0 {
					if len(r.Branches) == 0 {
						t.Errorf("%s, sequential: a report with no path", e.name)
					}
					for _, b := range r.Branches {
						if b.K < 1 || b.K > b.D {
							t.Errorf("%s, sequential: branch %d of %d", e.name, b.K, b.D)
						}
					}
				}
			}
		}
	}
}
