package exactcover_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
)

// found collects the solutions a search visits, each checked by the
// independent verifier and kept as its sorted option indices. visit is
// safe for concurrent use.
type found struct {
	t     testing.TB
	p     *exactcover.Problem
	check func([]int) error
	mu    sync.Mutex
	sols  []string
}

func newFound(t testing.TB, p *exactcover.Problem) *found {
	c := verify.NewChecker(p) // bounds too
	return &found{t: t, p: p, check: c.Check}
}

func (f *found) visit(sol []int) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.check(sol); err != nil {
		f.t.Errorf("invalid solution %v: %v", sol, err)
	}
	f.sols = append(f.sols, solutionKey(sol))
	return true
}

// solutionKey writes a solution's options, sorted, as bruteForce does.
func solutionKey(sol []int) string {
	s := slices.Clone(sol)
	slices.Sort(s)
	b := []byte{'['}
	for i, k := range s {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(k), 10)
	}
	return string(append(b, ']'))
}

// sorted returns the solutions found, sorted.
func (f *found) sorted() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Sorted(slices.Values(f.sols))
}

// distinct fails unless no solution was found twice.
func distinct(t testing.TB, sols []string) {
	t.Helper()
	for i := 1; i < len(sols); i++ {
		if sols[i] == sols[i-1] {
			t.Fatalf("solution %s found twice", sols[i])
		}
	}
}

// goroutines returns a function that fails t if goroutines started since
// are still running (after a grace period for their last steps).
func goroutines(t testing.TB) func() {
	before := runtime.NumGoroutine()
	return func() {
		t.Helper()
		for range 100 {
			if runtime.NumGoroutine() <= before {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before, %d after:\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
	}
}

// sameCounters reports whether two statistics have the same counters.
func sameCounters(a, b exactcover.Stats) bool {
	return a.Solutions == b.Solutions && a.Nodes == b.Nodes && a.Updates == b.Updates && a.Cleansings == b.Cleansings
}

// TestParallelSharedInstances: with 2 and 8 workers (and 64 on small
// trees, more workers than work), every shared instance gives DLX1's
// solutions, nodes and updates exactly, every solution verified.
func TestParallelSharedInstances(t *testing.T) {
	defer goroutines(t)()
	for _, e := range readExpected(t) {
		if slowShared[e.name] || e.name == "queens-13" {
			continue // TestParallelSpeedInstances runs the slow ones
		}
		workers := []int{2, 8}
		if testtier.Short() && (e.nodes > 100000 || e.update > shortUpdates) {
			if e.solutions > 50000 || e.update > 2*shortUpdates {
				continue // minutes, or long seconds, under the race detector; plain "go test" runs it
			}
			workers = []int{3}
		}
		if e.nodes < 20000 {
			workers = append(workers, 64)
		}
		for _, j := range workers {
			t.Run(fmt.Sprintf("%s/j%d", e.name, j), func(t *testing.T) {
				p := loadShared(t, e.name)
				s := mustNew(t, p)
				f := newFound(t, p)
				st, err := searchOrCount(s, context.Background(), exactcover.Config{Workers: j, Engine: exactcover.EngineDLX}, f.visit)
				if err != nil {
					t.Fatal(err)
				}
				if st.Solutions != e.solutions || st.Nodes != e.nodes || st.Updates != e.update || st.Status != exactcover.Complete {
					t.Fatalf("got %v; DLX1: %d solutions, %d nodes, %d updates", st, e.solutions, e.nodes, e.update)
				}
				if got := f.sorted(); int64(len(got)) != e.solutions {
					t.Fatalf("%d solutions visited, %d counted", len(got), e.solutions)
				} else {
					distinct(t, got)
				}
				var sum int64
				for _, n := range st.Profile {
					sum += n
				}
				if sum != st.Nodes || st.Workers != j {
					t.Errorf("profile sums to %d, nodes %d; workers %d", sum, st.Nodes, st.Workers)
				}
			})
		}
	}
}

// TestParallelSpeedInstances counts the three instances of the speed
// target with two workers: DLX1's figures exactly. Slow: not with -short.
func TestParallelSpeedInstances(t *testing.T) {
	testtier.Long(t)
	want := map[string]expected{}
	for _, e := range readExpected(t) {
		want[e.name] = e
	}
	for _, name := range []string{"pent-6x10-sym", "queens-14", "sudoku-multi-823k"} {
		t.Run(name, func(t *testing.T) {
			e := want[name]
			s := mustNew(t, loadShared(t, name))
			st, err := searchCount(s, context.Background(), exactcover.Config{Workers: 2, SkipProfile: true, Engine: exactcover.EngineDLX})
			if err != nil || st.Solutions != e.solutions || st.Nodes != e.nodes || st.Updates != e.update {
				t.Fatalf("got %v (%v); DLX1: %d solutions, %d nodes, %d updates", st, err, e.solutions, e.nodes, e.update)
			}
			t.Logf("%v, %d steals", st, st.Steals)
		})
	}
}

// TestParallelSparse: the sparse-set engine, divided among workers that
// poll often, counts exactly what its sequential search counts, on
// instances with and without multiplicities.
func TestParallelSparse(t *testing.T) {
	defer exactcover.SetPollEvery(97)()
	for _, in := range []instance{sharedInstance(t, "queens-10"), sharedInstance(t, "sudoku-escargot"), mccInstance(t, "mcc-queens2-6")} {
		p := in.p
		s := mustNew(t, p)
		cfg := exactcover.Config{Engine: exactcover.EngineSparse}
		seq, err := searchCount(s, context.Background(), cfg)
		if err != nil || seq.Solutions != in.solutions {
			t.Fatalf("%s: sequential %v, %v", in.name, seq, err)
		}
		for _, j := range []int{2, 8} {
			f := newFound(t, p)
			cfg.Workers = j
			st, err := searchOrCount(s, context.Background(), cfg, f.visit)
			if err != nil || !sameCounters(st, seq) {
				t.Fatalf("%s, %d workers: %v (%v), sequential %v", in.name, j, st, err, seq)
			}
			distinct(t, f.sorted())
		}
	}
}

// TestParallelMCC: with multiplicities too, DLX3's counts exactly.
func TestParallelMCC(t *testing.T) {
	for _, e := range readMCCExpected(t) {
		if e.nodes > 500000 || testtier.Short() && e.nodes > 30000 {
			continue
		}
		workers := []int{2, 5}
		if e.nodes > 100000 {
			workers = []int{3}
		}
		for _, j := range workers {
			t.Run(fmt.Sprintf("%s/j%d", e.name, j), func(t *testing.T) {
				p := loadMCC(t, e.name)
				s := mustNew(t, p)
				f := newFound(t, p)
				st, err := searchOrCount(s, context.Background(), exactcover.Config{Workers: j, Engine: exactcover.EngineDLX}, f.visit)
				if err != nil {
					t.Fatal(err)
				}
				if st.Solutions != e.solutions || st.Nodes != e.nodes || st.Updates != e.updates || st.Cleansings != e.cleansings {
					t.Fatalf("got %v, %d cleansings; DLX3: %d, %d, %d, %d", st, st.Cleansings, e.solutions, e.nodes, e.updates, e.cleansings)
				}
				distinct(t, f.sorted())
			})
		}
	}
}

// engines are the engines every driver is tested with.
var engines = []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineSparse}

// TestParallelRandomAgainstBruteForce divides small random searches every
// way: workers poll at every node, so idle ones steal constantly. The
// solutions must be brute force's, each once; the counters those of the
// same engine's sequential search (itself checked against DLX1 and brute
// force, or against the engine checks of internal/enginetest).
func TestParallelRandomAgainstBruteForce(t *testing.T) {
	defer exactcover.SetPollEvery(1)()
	defer goroutines(t)()
	r := rand.New(rand.NewPCG(3, 4))
	n := 400
	if testtier.Short() {
		n = 100
	}
	var steals int64
	for i := range n {
		p := randomProblem(r)
		want := bruteForce(p)
		s := mustNew(t, p)
		engine := engines[i%len(engines)]
		seq, _ := searchCount(s, context.Background(), exactcover.Config{Engine: engine})
		for _, j := range []int{2, 3, 8} {
			f := newFound(t, p)
			st, err := searchOrCount(s, context.Background(), exactcover.Config{Workers: j, Engine: engine}, f.visit)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.sorted(); !slices.Equal(got, want) {
				t.Fatalf("problem %d, %d workers: solutions %v, brute force %v\n%s", i, j, got, want, describe(p))
			}
			if !sameCounters(st, seq) {
				t.Fatalf("problem %d, %d workers: %v, sequential %v\n%s", i, j, st, seq, describe(p))
			}
			steals += st.Steals
		}
	}
	t.Logf("%d steals", steals) // few: most of these trees are over before a second worker starts
}

// TestParallelStealsOften: with polls at every node on a tree of ten
// thousand nodes, workers steal hundreds of times (unless the scheduler
// keeps them from starting) and still count exactly (DLX1's figures).
func TestParallelStealsOften(t *testing.T) {
	defer exactcover.SetPollEvery(1)()
	e := expectedRow(t, "queens-10")
	p := loadShared(t, "queens-10")
	s := mustNew(t, p)
	var steals int64
	// Whether a worker steals is the scheduler's call: on a busy machine the
	// first worker may finish a search of milliseconds before the others
	// run. Rounds go on until one steals, at most 20.
	for round := 0; round < 20 && steals == 0; round++ {
		steals += stealRound(t, s, p, e)
	}
	if steals == 0 { // sixty searches of milliseconds, polling at every node
		t.Error("no worker ever stole work")
	}
}

// stealRound searches p with 2, 7 and 64 workers, checks the totals
// against DLX1's and returns the steals.
func stealRound(t *testing.T, s *exactcover.Solver, p *exactcover.Problem, e expected) (steals int64) {
	for _, j := range []int{2, 7, 64} {
		f := newFound(t, p)
		st, err := searchOrCount(s, context.Background(), exactcover.Config{Workers: j, Engine: exactcover.EngineDLX}, f.visit)
		if err != nil || st.Solutions != e.solutions || st.Nodes != e.nodes || st.Updates != e.update {
			t.Fatalf("%d workers: %v, %v", j, st, err)
		}
		distinct(t, f.sorted())
		t.Logf("%d workers: %d steals", j, st.Steals)
		steals += st.Steals
	}
	return steals
}

// expectedRow returns the row of expected.tsv for one instance.
func expectedRow(t testing.TB, name string) expected {
	for _, e := range readExpected(t) {
		if e.name == name {
			return e
		}
	}
	t.Fatalf("%s not in expected.tsv", name)
	return expected{}
}

// TestParallelWeighted: the Weighted rule finds the same solutions with
// any number of workers; its node counts depend on how the work was
// divided (each worker learns on its own), so they are only logged.
func TestParallelWeighted(t *testing.T) {
	names := []string{"sudoku-escargot", "queens-10"}
	if !testtier.Short() {
		names = append(names, "sudoku-multi-65k")
	}
	for _, name := range names {
		e := expectedRow(t, name)
		p := loadShared(t, name)
		s := mustNew(t, p)
		for _, j := range []int{1, 2, 4} {
			st, err := searchCount(s, context.Background(), exactcover.Config{Workers: j, Branching: exactcover.Weighted})
			if err != nil || st.Solutions != e.solutions {
				t.Fatalf("%s, %d workers: %v, %v; want %d solutions", name, j, st, err, e.solutions)
			}
			t.Logf("%s, %d workers: %d nodes", name, j, st.Nodes)
		}
	}
}

// TestParallelLimits: the solution limit is exact across workers, the node
// limit overshoots by less than one poll interval per worker, and the
// context and the visitor stop every worker.
func TestParallelLimits(t *testing.T) {
	defer goroutines(t)()
	p := loadShared(t, "queens-12")
	s := mustNew(t, p)
	ctx := context.Background()
	const pollInterval = 1024 // parallelPollEvery
	for _, j := range []int{1, 2, 8} {
		if j == 1 && testtier.Short() {
			continue // one worker: nothing for the race detector
		}
		t.Run(fmt.Sprintf("j%d", j), func(t *testing.T) {
			cfg := exactcover.Config{Workers: j, Engine: exactcover.EngineDLX}
			if j == 1 {
				cfg.Checkpoint = toFile(t.TempDir() + "/ck") // -j 1 goes through the driver only with a checkpoint
			}
			for _, limit := range []int64{1, 7, 500} {
				f := newFound(t, p)
				c := cfg
				c.MaxSolutions = limit
				st, err := searchOrCount(s, ctx, c, f.visit)
				if err != nil || st.Status != exactcover.SolutionLimit || st.Solutions != limit || int64(len(f.sorted())) != limit {
					t.Fatalf("limit %d: %v, %v, %d visited", limit, st, err, len(f.sorted()))
				}
			}
			for _, limit := range []int64{1, 100, 5000, 50000} {
				c := cfg
				c.MaxNodes = limit
				st, err := searchCount(s, ctx, c)
				if err != nil || st.Status != exactcover.NodeLimit || st.Nodes > limit || st.Nodes < limit-int64(j-1)*(pollInterval+1) {
					t.Fatalf("node limit %d: %v, %v", limit, st, err)
				}
				if j == 1 && st.Nodes != limit {
					t.Fatalf("one worker, node limit %d: %d nodes", limit, st.Nodes)
				}
			}
			n := 0
			st, err := s.Search(ctx, cfg, func([]int) bool { n++; return n < 3 })
			if err != nil || st.Status != exactcover.Stopped || n != 3 || st.Solutions != 3 {
				t.Fatalf("visitor stop: %v, %v, %d visits", st, err, n)
			}
			cancelled, cancel := context.WithCancel(ctx)
			n = 0
			st, err = s.Search(cancelled, cfg, func([]int) bool {
				if n++; n == 100 {
					cancel()
				}
				return true
			})
			if !errors.Is(err, context.Canceled) || st.Status != exactcover.Interrupted || st.Solutions >= 14200 || int64(n) != st.Solutions {
				t.Fatalf("cancelled: %v, %v, %d visits", st, err, n)
			}
			// The first solution waits until the deadline has passed, so
			// that it passes mid-search: left to the scheduler, eight busy
			// workers on two cores could hold its timer past the end of
			// the whole search (16 ms), which then completed.
			expired, cancel2 := context.WithTimeout(ctx, time.Millisecond)
			var waited sync.Once
			st, err = s.Search(expired, cfg, func([]int) bool {
				waited.Do(func() {
					for expired.Err() == nil {
						time.Sleep(100 * time.Microsecond)
					}
				})
				return true
			})
			cancel2()
			if !errors.Is(err, context.DeadlineExceeded) || st.Status != exactcover.Timeout {
				t.Fatalf("timeout: %v, %v", st, err)
			}
		})
	}
	// Stopping anywhere leaves the solver as it was.
	if st, _ := searchCount(s, ctx, exactcover.Config{Engine: exactcover.EngineDLX}); st.Solutions != 14200 || st.Nodes != 211716 {
		t.Fatalf("afterwards: %v", st)
	}
}

// TestParallelPanic: a panic in a worker (here in the visit function)
// stops the search cleanly with a WorkerPanic error, leaks nothing, and
// leaves the solver usable.
func TestParallelPanic(t *testing.T) {
	defer goroutines(t)()
	p := loadShared(t, "queens-10")
	s := mustNew(t, p)
	for _, j := range []int{1, 2, 8} {
		var n int
		st, err := s.Search(context.Background(), exactcover.Config{Workers: j, Shard: exactcover.Shard{K: 1, N: 1}, Engine: exactcover.EngineDLX}, func([]int) bool {
			if n++; n == 50 {
				panic("boom")
			}
			return true
		})
		var wp *exactcover.WorkerPanic
		if !errors.As(err, &wp) || wp.Value != "boom" || !strings.Contains(string(wp.Stack), "parallel_test.go") {
			t.Fatalf("%d workers: %v, %v", j, st, err)
		}
	}
	if st, _ := searchCount(s, context.Background(), exactcover.Config{Workers: 2, Engine: exactcover.EngineDLX}); st.Solutions != 724 || st.Nodes != 11578 {
		t.Fatalf("afterwards: %v", st)
	}
}

// TestParallelProgress: progress reports combine the workers: a fraction
// in [0, 1] that ends near 1, and counters that never exceed the totals.
func TestParallelProgress(t *testing.T) {
	p := loadShared(t, "queens-12")
	s := mustNew(t, p)
	var mu sync.Mutex
	var fractions []float64
	var last exactcover.Stats
	st, err := searchCount(s, context.Background(), exactcover.Config{
		Workers:       3,
		ProgressEvery: time.Millisecond,
		Progress: func(pr *exactcover.Progress) {
			mu.Lock()
			defer mu.Unlock()
			fractions = append(fractions, pr.Fraction())
			last = pr.Stats
			if pr.Workers < 0 || pr.Workers > 3 {
				t.Errorf("%d workers busy", pr.Workers)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, f := range fractions {
		if f < 0 || f > 1 {
			t.Fatalf("fraction %v", f)
		}
	}
	if last.Nodes > st.Nodes || last.Solutions > st.Solutions {
		t.Errorf("progress %v beyond the totals %v", last, st)
	}
	if n := len(fractions); n > 2 && fractions[n-1] < fractions[0] {
		t.Errorf("fraction went from %v to %v", fractions[0], fractions[n-1])
	}
	if n := len(fractions); n > 0 { // none when the search ended before the first tick was served
		t.Logf("%d reports, fractions %v … %v", n, fractions[0], fractions[n-1])
	}
}

// TestParallelMaxNodes: MaxNodes is one budget that the workers share:
// a stopped search never enters more nodes than it allows, however many
// workers search (a solution is a node like any other), and stops at most
// a poll interval per other worker short of it (the nodes those workers were allowed and had not yet
// entered). A resumed search's budget is for the nodes it enters after
// the checkpoint's.
func TestParallelMaxNodes(t *testing.T) {
	defer goroutines(t)()
	s := mustNew(t, loadShared(t, "queens-12"))
	const pollInterval = 1024 // parallelPollEvery
	for _, j := range []int{2, 4} {
		for _, limit := range []int64{1, 1000, 5000, 100000} {
			st, err := searchCount(s, context.Background(), exactcover.Config{Workers: j, MaxNodes: limit})
			if err != nil || st.Status != exactcover.NodeLimit || st.Nodes > limit || st.Nodes < limit-int64(j-1)*(pollInterval+1) {
				t.Errorf("-j %d, node limit %d: %v, %v; want at most %d nodes and more than %d", j, limit, st, err, limit, limit-int64(j-1)*(pollInterval+1))
			}
		}
	}
	path := filepath.Join(t.TempDir(), "ck")
	if _, err := searchCount(s, context.Background(), exactcover.Config{Workers: 2, MaxNodes: 3000, Checkpoint: toFile(path)}); err != nil {
		t.Fatal(err)
	}
	ck, err := readCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := searchCount(s, context.Background(), exactcover.Config{Workers: 4, MaxNodes: 6000, Resume: ck})
	if ran := st.Nodes - ck.Stats.Nodes; err != nil || st.Status != exactcover.NodeLimit || ran > 6000 || ran < 6000-3*(pollInterval+1) {
		t.Errorf("resumed from %d nodes, -j 4, node limit 6000: %v, %v; %d nodes entered", ck.Stats.Nodes, st, err, ran)
	}
}
