package drive_test

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// checkPosition checks what a position promises whatever the search: its
// profile adds up to its nodes, its pieces are distinct, disjoint and
// below root (drive.CheckUnits), and their shares are intervals of [0, 1)
// that do not overlap.
func checkPosition(t testing.TB, pos *drive.Position, root []core.Step) {
	t.Helper()
	if sum(pos.Profile) != pos.Counters.Nodes {
		t.Fatalf("position's profile %v adds up to %d, its nodes %d", pos.Profile, sum(pos.Profile), pos.Counters.Nodes)
	}
	if err := drive.CheckUnits(pos.Pieces, root); err != nil {
		t.Fatalf("position's pieces: %v\n%+v", err, pos.Pieces)
	}
	pieces := slices.Clone(pos.Pieces)
	slices.SortFunc(pieces, func(a, b core.Piece) int { return cmp.Or(cmp.Compare(a.Lo, b.Lo), cmp.Compare(a.Hi, b.Hi)) })
	const rounding = 1e-12
	for i, p := range pieces {
		if !(0 <= p.Lo && p.Lo <= p.Hi && p.Hi <= p.End && p.End <= 1) || i > 0 && p.Lo < pieces[i-1].Hi-rounding {
			t.Fatalf("piece %d of %d: share [%g, %g) end %g, overlapping or out of [0, 1)", i+1, len(pieces), p.Lo, p.Hi, p.End)
		}
	}
}

// TestStopAndResume checks the driver's checkpoints: a search stopped by
// its node limit, again and again, each time resumed from the position it
// gave its sink with another number of workers, ends with exactly the
// counters and profile of one uninterrupted search, and visits every
// solution once over all its runs; each stop respects the limit (the
// workers together), and each position is one a search could leave.
func TestStopAndResume(t *testing.T) {
	defer drive.SetPollEvery(1)()
	r := rand.New(rand.NewPCG(5, 8))
	problems := append(randomProblems(30, 4), dominoes(4, 5), queens(6))
	for _, e := range engines {
		for i, p := range problems {
			whole := sequential(t, e.new(p), nil)
			want := whole.Counters.Solutions
			var got collector
			var pos *drive.Position
			var before core.Counters // of the runs so far
			for run := 0; ; run++ {
				if run > int(whole.Counters.Nodes)+1 {
					failf(t, p, "%s, problem %d: not complete after %d runs", e.name, i, run)
				}
				limit := 1 + r.Int64N(whole.Counters.Nodes/3+1) // this run's nodes
				cfg := drive.Config{
					Workers:    1 + r.IntN(3),
					MaxNodes:   limit,
					Visit:      got.visit,
					Resume:     pos,
					Checkpoint: func(p *drive.Position) error { pos = p; return nil },
				}
				res, err := drive.Run(context.Background(), e.new(p), cfg)
				if err != nil {
					failf(t, p, "%s, problem %d, run %d: %v", e.name, i, run, err)
				}
				// dlx counts a solution as a leaf without checking its
				// limit: the nodes it branches from respect it.
				nodes, solutions := res.Counters.Nodes-before.Nodes, res.Counters.Solutions-before.Solutions
				before = res.Counters
				if nodes-solutions > limit || e.name == "sparse" && nodes > limit || nodes == 0 && res.Status != core.Complete ||
					pos.Counters != res.Counters || pos.Status != res.Status || pos.Running {
					failf(t, p, "%s, problem %d, run %d, limit %d: %+v; position %+v", e.name, i, run, limit, res, pos)
				}
				checkPosition(t, pos, nil)
				if res.Status == core.Complete {
					if len(pos.Pieces) != 0 {
						failf(t, p, "%s, problem %d: complete, with %d pieces left", e.name, i, len(pos.Pieces))
					}
					break
				}
				if res.Status != core.NodeLimit {
					failf(t, p, "%s, problem %d, run %d: status %v", e.name, i, run, res.Status)
				}
			}
			if pos.Counters != whole.Counters || !slices.Equal(pos.Profile, whole.Profile) {
				failf(t, p, "%s, problem %d: resumed to %+v, profile %v; uninterrupted %+v, profile %v",
					e.name, i, pos.Counters, pos.Profile, whole.Counters, whole.Profile)
			}
			if sols := got.sorted(); int64(len(sols)) != want || int64(len(slices.Compact(sols))) != want {
				failf(t, p, "%s, problem %d: %d solutions visited over the runs, want each of %d once", e.name, i, len(got.sols), want)
			}
		}
	}
}

// TestInterruptAndResume checks a search stopped by its context (canceled
// by the visitor at a solution): every solution a worker counted is
// delivered, the position says Interrupted, and resuming it gives the
// uninterrupted totals with each solution visited once over both runs.
func TestInterruptAndResume(t *testing.T) {
	defer drive.SetPollEvery(1)()
	p := dominoes(4, 5) // 95 tilings
	for _, e := range engines {
		whole := sequential(t, e.new(p), nil)
		for workers := 1; workers <= 4; workers++ {
			for _, at := range []int{1, 30, 94} {
				ctx, cancel := context.WithCancel(context.Background())
				var got collector
				var pos *drive.Position
				cfg := drive.Config{
					Workers: workers,
					Visit: func(sol []int) bool {
						if got.visit(sol); len(got.sols) == at {
							cancel()
						}
						return true
					},
					Checkpoint: func(p *drive.Position) error { pos = p; return nil },
				}
				res, err := drive.Run(ctx, e.new(p), cfg)
				cancel()
				if res.Status == core.Complete { // the last nodes searched before the workers polled
					continue
				}
				if err != context.Canceled || res.Status != core.Interrupted || pos == nil || pos.Status != core.Interrupted {
					t.Fatalf("%s, %d workers, canceled at solution %d: %v, %v, position %+v", e.name, workers, at, res.Status, err, pos)
				}
				if int64(len(got.sols)) != pos.Counters.Solutions {
					t.Fatalf("%s, %d workers: %d solutions visited, the position counts %d", e.name, workers, len(got.sols), pos.Counters.Solutions)
				}
				checkPosition(t, pos, nil)
				cfg.Resume, cfg.Checkpoint, cfg.Visit, cfg.Workers = pos, nil, got.visit, 5-workers
				res, err = drive.Run(context.Background(), e.new(p), cfg)
				if err != nil || res.Counters != whole.Counters || !slices.Equal(res.Profile, whole.Profile) {
					t.Fatalf("%s, %d workers, canceled at solution %d, resumed: %+v, profile %v, %v; uninterrupted %+v, profile %v",
						e.name, workers, at, res.Counters, res.Profile, err, whole.Counters, whole.Profile)
				}
				if sols := got.sorted(); len(sols) != 95 || len(slices.Compact(sols)) != 95 {
					t.Fatalf("%s, %d workers, canceled at solution %d: %d solutions over both runs, want each of 95 once", e.name, workers, at, len(got.sols))
				}
			}
		}
	}
}

// TestPeriodicCheckpoints checks the positions a search gives its sink
// while it runs (the world stopped, Running set): each resumes, by itself,
// to the uninterrupted totals, and the search they were taken from is
// undisturbed. The visitor sleeps at each solution until a few
// checkpoints came, so that the search lasts several checkpoint
// intervals; a run in which none came (a machine too loaded to run the
// ticker) is repeated with longer sleeps.
func TestPeriodicCheckpoints(t *testing.T) {
	defer drive.SetPollEvery(1)()
	p := dominoes(4, 5)
	for _, e := range engines {
		whole := sequential(t, e.new(p), nil)
		var running []*drive.Position
		for nap := 50 * time.Microsecond; len(running) == 0; nap *= 4 {
			if nap > time.Second {
				t.Fatalf("%s: no periodic checkpoint", e.name)
			}
			var mu sync.Mutex
			var taken atomic.Int32
			cfg := drive.Config{
				Workers: 3,
				Visit: func([]int) bool {
					if taken.Load() < 6 {
						time.Sleep(nap)
					}
					return true
				},
				Checkpoint: func(p *drive.Position) error {
					mu.Lock()
					defer mu.Unlock()
					if p.Running {
						running = append(running, p)
						taken.Add(1)
					}
					return nil
				},
				CheckpointEvery: time.Millisecond,
			}
			res, err := drive.Run(context.Background(), e.new(p), cfg)
			if err != nil || res.Counters != whole.Counters || !slices.Equal(res.Profile, whole.Profile) {
				t.Fatalf("%s: checkpointed every millisecond: %+v, %v; uninterrupted %+v", e.name, res.Counters, err, whole.Counters)
			}
		}
		for i, pos := range running {
			if pos.Status != core.Interrupted {
				t.Errorf("%s, checkpoint %d: status %v, want Interrupted while running", e.name, i+1, pos.Status)
			}
			checkPosition(t, pos, nil)
			var got collector
			res, err := drive.Run(context.Background(), e.new(p), drive.Config{Workers: 2, Resume: pos, Visit: got.visit})
			if err != nil || res.Counters != whole.Counters || !slices.Equal(res.Profile, whole.Profile) {
				t.Fatalf("%s, checkpoint %d of %d: resumed to %+v, profile %v, %v; uninterrupted %+v, profile %v",
					e.name, i+1, len(running), res.Counters, res.Profile, err, whole.Counters, whole.Profile)
			}
			if n := int64(len(got.sols)); n != whole.Counters.Solutions-pos.Counters.Solutions {
				t.Fatalf("%s, checkpoint %d: resumed search visits %d solutions, the position leaves %d", e.name, i+1, n, whole.Counters.Solutions-pos.Counters.Solutions)
			}
		}
		t.Logf("%s: %d periodic checkpoints resumed", e.name, len(running))
	}
}
