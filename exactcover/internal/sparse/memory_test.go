package sparse_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/sparse"
	"github.com/xcover/xcover/internal/testtier"
)

// problemOf compiles options, lists of items, into a problem whose items
// 0…nPrimary-1 are primary and the rest up to nItems secondary.
func problemOf(nPrimary, nItems int, options [][]int32) *core.Problem {
	p := &core.Problem{NPrimary: nPrimary, NItems: nItems, Begin: []int32{0}}
	for k, o := range options {
		p.Items = append(p.Items, o...)
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller = append(p.Caller, int32(k))
		p.Index = append(p.Index, int32(k))
	}
	return p
}

// chain returns n primary items, each with two options of its own: the
// search goes n levels deep, each a restore point with every item below
// it still active, and changes one item per level.
func chain(n int) *core.Problem {
	var options [][]int32
	for i := range int32(n) {
		options = append(options, []int32{i}, []int32{i})
	}
	return problemOf(n, n, options)
}

// sudoku returns the empty n²×n² Sudoku: a cell, a digit in a row, in a
// column and in a box are its primary items; an option puts a digit in a
// cell.
func sudoku(n int) *core.Problem {
	m := n * n
	var options [][]int32
	for r := range m {
		for c := range m {
			for d := range m {
				b := r/n*n + c/n
				options = append(options, []int32{int32(r*m + c), int32(m*m + r*m + d), int32(2*m*m + c*m + d), int32(3*m*m + b*m + d)})
			}
		}
	}
	return problemOf(4*m*m, 4*m*m, options)
}

// heapAllocated returns the bytes allocated on the heap so far.
func heapAllocated() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// TestRestoreMemory checks that restore points take memory in proportion
// to what changes along the path, not to depth × active items, which
// saving every active size at every restore point takes: 5,000 levels of
// 5,000 active items are 12.5 million saved sizes (100 MB), and the 64×64
// Sudoku's first 2,000 nodes hundreds of megabytes. What the search
// allocates is read at its polls, every 64 nodes, and at its end. The
// searches must still find valid solutions, and Search must leave no
// restore point behind (a second search repeats the first).
func TestRestoreMemory(t *testing.T) {
	skipUnderRace(t)
	for _, tc := range []struct {
		name     string
		p        *core.Problem
		maxNodes int64
		limit    uint64 // bytes the search may allocate
	}{
		// The chain's 10,000 changes and whole saves while few items are
		// active (at most 64 Ki entries) take under 1 MB, twice that
		// allocated as the trail grows.
		{"chain-5000", chain(5000), 0, 4 << 20},
		// The trail's bound, 2·(uses + 5·items) entries of 8 bytes, is
		// 18 MB here; the first 2,000 nodes take a fourth of it.
		{"sudoku-64x64", sudoku(8), 2000, 32 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := core.New[sparse.Engine](tc.p)
			var sol []int
			var start, grown uint64
			run := core.Run{MaxSolutions: 1, MaxNodes: tc.maxNodes, Final: true,
				Visit: func(s []int) bool {
					sol = append(sol[:0], s...)
					return true
				},
				PollEvery: 64,
				Poll: func(*core.Counters) core.Action {
					grown = max(grown, heapAllocated()-start)
					return core.Continue
				},
			}
			var c core.Counters
			start = heapAllocated()
			if _, err := e.Search(core.Unit{}, &run, &c); err != nil {
				t.Fatal(err)
			}
			grown = max(grown, heapAllocated()-start)
			if grown > tc.limit {
				t.Errorf("search allocated %d bytes, want at most %d", grown, tc.limit)
			}
			if tc.maxNodes == 0 && (c.Solutions != 1 || !enginetest.Valid(tc.p, sol)) {
				t.Errorf("found %d solutions, the last %v not valid", c.Solutions, sol)
			}
			var again core.Counters
			if _, err := e.Search(core.Unit{}, &run, &again); err != nil || again != c {
				t.Errorf("second search counted %+v (%v), want %+v as the first", again, err, c)
			}
		})
	}
}

// TestPollWork checks that a search polls after PollWork updates, not
// only every core.PollInterval nodes, where nodes are expensive: on the
// 64×64 Sudoku a node makes hundreds of updates, and on a chain of 5,000
// items each choice looks at thousands of them. (A node's own work, at
// most a few thousand updates here, may carry a poll past PollWork.)
func TestPollWork(t *testing.T) {
	skipUnderRace(t)
	const slack = 1 << 14 // the most updates one node makes here, and more
	for _, tc := range []struct {
		name      string
		p         *core.Problem
		maxNodes  int64
		wantPolls int // at least
	}{
		// 3,000 nodes of hundreds of updates each.
		{"sudoku-64x64", sudoku(8), 3000, 1},
		// 5,000 nodes, each looking at its active items: 12.5 million.
		{"chain-5000", chain(5000), 0, 12_500_000 / sparse.PollWork},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := core.New[sparse.Engine](tc.p)
			polls, last, most := 0, int64(0), int64(0)
			run := core.Run{MaxSolutions: 1, MaxNodes: tc.maxNodes, Final: true,
				Poll: func(c *core.Counters) core.Action {
					polls++
					most = max(most, c.Updates-last)
					last = c.Updates
					return core.Continue
				},
			}
			var c core.Counters
			if _, err := e.Search(core.Unit{}, &run, &c); err != nil {
				t.Fatal(err)
			}
			most = max(most, c.Updates-last)
			if most > sparse.PollWork+slack || polls < tc.wantPolls {
				t.Errorf("%d polls in %d nodes, at most %d updates apart; want at least %d, at most %d apart",
					polls, c.Nodes, most, tc.wantPolls, sparse.PollWork+slack)
			}
		})
	}
}

// TestTrailBound checks the bound on the trail that RestoreMemory states
// (and exactcover.MemoryNeeded budgets): along any path it holds at most
// twice trailMax entries, however whole saves and trail points mix, and
// its capacity is at most twice that. It polls at every node.
func TestTrailBound(t *testing.T) {
	skipUnderRace(t)
	type instance struct {
		name     string
		p        *core.Problem
		maxNodes int64
	}
	list := []instance{{"chain-3000", chain(3000), 0}, {"sudoku-64x64", sudoku(8), 500}}
	r := rand.New(rand.NewPCG(1, 2))
	for k := range 200 {
		list = append(list, instance{fmt.Sprintf("random-%d", k), enginetest.Random(r, k%2 == 1), 0})
	}
	for _, whole := range []int{0, 5, sparse.WholeSaveMax} {
		defer setVar(&sparse.WholeSaveMax, whole)()
		for _, tc := range list {
			e := core.New[sparse.Engine](tc.p)
			var peak, capacity int
			run := core.Run{MaxNodes: tc.maxNodes, Final: true, PollEvery: 1, Poll: sparse.TrailPeak(e, &peak, &capacity)}
			if tc.maxNodes == 0 {
				run.MaxSolutions = 1
			}
			var c core.Counters
			if _, err := e.Search(core.Unit{}, &run, &c); err != nil {
				t.Fatal(err)
			}
			if peak > 2*sparse.TrailMax(e) || int64(capacity)*8 > sparse.RestoreMemory(tc.p.NItems, len(tc.p.Items)) {
				t.Errorf("whole=%d %s: the trail held %d entries, capacity %d; want at most %d, %d bytes",
					whole, tc.name, peak, capacity, 2*sparse.TrailMax(e), sparse.RestoreMemory(tc.p.NItems, len(tc.p.Items)))
			}
		}
	}
}

// skipUnderRace skips a test of one goroutine's sizes and counts on the
// 64×64 Sudoku under -race (and -short), where it takes minutes and can
// find no race; the plain run checks it.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if testtier.Short() {
		t.Skip("one goroutine on large problems: run without -race and -short")
	}
}
