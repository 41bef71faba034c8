package explain

import (
	"context"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

// liveHeap returns the heap's live bytes, after a collection.
func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// peakLive runs f and returns the most live heap seen while it ran, above
// what was live before, sampled every interval after a collection.
func peakLive(interval time.Duration, f func()) int64 {
	base := liveHeap()
	var (
		mu   sync.Mutex
		peak int64
	)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-done:
				return
			case <-time.After(interval):
			}
			h := liveHeap()
			mu.Lock()
			peak = max(peak, h)
			mu.Unlock()
		}
	}()
	f()
	close(done)
	wg.Wait()
	return peak - base
}

// emptySudoku is the problem of an empty n×n Sudoku.
func emptySudoku(t *testing.T, n int) *exactcover.Problem {
	t.Helper()
	b, err := sudoku.Read("empty", []byte(strings.Repeat(".", n*n)+"\n"), sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := sudoku.Encode(b.Puzzles[0].Grid)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The memory a trace counts is the memory it takes: what it keeps once
// made is its count less the walk's part (the links, the view of the
// path), or up to a third less (the count rounds up); and the most it
// holds while it is made, sampled, is no more than twice its count and
// 4 MiB (the transient allocations of the walk and of the narration). A
// search that goes deep (an empty 64×64 Sudoku goes down without
// backtracking, 262,144 options) must not hold a copy of its state per
// level.
func TestTraceBytesMeasured(t *testing.T) {
	testtier.Slow(t) // one goroutine of the module's code
	type tcase struct {
		name string
		p    func(t *testing.T) *exactcover.Problem
		lim  TraceLimits
	}
	pentominoes := func(t *testing.T) *exactcover.Problem {
		data, err := os.ReadFile("../specs/examples/pentomino-3x20.yaml")
		if err != nil {
			t.Fatal(err)
		}
		sp, err := specs.Load("pentomino-3x20.yaml", data, "")
		if err != nil {
			t.Fatal(err)
		}
		return &sp.Problem
	}
	cases := []tcase{
		{"pentominoes 3×20, 1,500 nodes", pentominoes, TraceLimits{Nodes: 1500}},
		{"empty 25×25 Sudoku, cut at 12 MiB", func(t *testing.T) *exactcover.Problem { return emptySudoku(t, 25) }, TraceLimits{Bytes: 12 << 20}},
	}
	if !testtier.Short() {
		cases = append(cases,
			tcase{"pentominoes 3×20, 15,000 nodes", pentominoes, TraceLimits{Nodes: 15000}},
			tcase{"empty 64×64 Sudoku, 300 nodes", func(t *testing.T) *exactcover.Problem { return emptySudoku(t, 64) }, TraceLimits{Nodes: 300}})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.p(t)
			var tr *Trace
			before := liveHeap()
			peak := peakLive(50*time.Millisecond, func() {
				var err error
				if tr, err = NewTrace(context.Background(), p, tc.lim); err != nil {
					t.Error(err)
				}
			})
			if tr == nil {
				return
			}
			kept := liveHeap() - before
			runtime.KeepAlive(tr)
			runtime.KeepAlive(p)
			counted := tr.Bytes - tr.work
			t.Logf("%d nodes (%s): counted %d bytes (the trace %d), kept %d, held at most %d", len(tr.Nodes), tr.Status, tr.Bytes, counted, kept, peak)
			if kept > counted+counted/20 || kept < counted-counted/3 {
				t.Errorf("the trace keeps %d bytes, and counts %d", kept, counted)
			}
			// What a step allocates and drops (the walk's list of active
			// items, the narration's copy of it: a megabyte or two a node
			// on the 64×64 Sudoku) is not counted, and a sample may catch
			// some of it alive, with what the walk allocated while the
			// collector of that sample ran: 1.2 times the count was seen
			// idle, 1.59 on a machine loaded ten times over. Twice the
			// count still refuses a copy of the state per level, which
			// would be hundreds of times it.
			if peak > 2*tr.Bytes+4<<20 {
				t.Errorf("the trace held %d bytes while it was made, more than twice the %d it counts", peak, tr.Bytes)
			}
			if tc.lim.Bytes > 0 && (tr.Status != StatusByteLimit || tr.Bytes > tc.lim.Bytes) {
				t.Errorf("a trace of %d bytes, status %s, within a budget of %d", tr.Bytes, tr.Status, tc.lim.Bytes)
			}
		})
	}
}

// A problem whose first node would not fit the budget is refused from its
// size, before the trace's memory is spent: an empty 64×64 Sudoku's trace
// takes about 100 MB before its first node.
func TestTraceRefusedBeforeSpending(t *testing.T) {
	testtier.Slow(t) // a 64×64 Sudoku built on one goroutine: seconds under the race detector
	p := emptySudoku(t, 64)
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	tr, err := NewTrace(context.Background(), p, TraceLimits{Bytes: 32 << 20})
	runtime.ReadMemStats(&m1)
	be, ok := err.(*BudgetError)
	if tr != nil || !ok || be.Budget != 32<<20 || be.Bytes < 64<<20 {
		t.Fatalf("NewTrace: %v, %v", tr, err)
	}
	if spent := m1.TotalAlloc - m0.TotalAlloc; spent > 1<<20 {
		t.Errorf("the refusal allocated %d bytes", spent)
	}
}
