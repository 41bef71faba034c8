package learn

import (
	"sync"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// pigeons is n+1 pigeons (primary items) in n holes (secondary items),
// an option per pigeon and hole: no exact cover, and a proof of that
// takes many conflicts.
func pigeons(n int) *core.Problem {
	p := &core.Problem{NPrimary: n + 1, NItems: 2*n + 1, Begin: []int32{0}}
	for pigeon := range n + 1 {
		for hole := range n {
			p.Items = append(p.Items, int32(pigeon), int32(n+1+hole))
			p.Begin = append(p.Begin, int32(len(p.Items)))
			k := int32(len(p.Caller))
			p.Caller, p.Index = append(p.Caller, k), append(p.Index, k)
		}
	}
	return p
}

// TestHalvesProveOnceSolved checks that once some half has found a
// solution, a half that has not searches as after a solution of its own
// (afterSolution), whether it starts its turn then or is in the middle of
// one.
func TestHalvesProveOnceSolved(t *testing.T) {
	newSplitter := func(budget int64) *splitter {
		d := &splitter{budget: budget, idleBudget: 1 << 40, workers: 1}
		d.cond = sync.NewCond(&d.mu)
		return d
	}

	d := newSplitter(PollConflicts / 2) // a turn too short to poll Stop
	h := New(pigeons(9))
	if st, _ := d.searchHalf(h, d.budget); st != core.NodeLimit || h.ph.solutionFound {
		t.Fatalf("no solution anywhere: status %v, solutionFound %v; want core.NodeLimit, false", st, h.ph.solutionFound)
	}
	d.solved = true
	if d.searchHalf(h, d.budget); !h.ph.solutionFound {
		t.Error("a turn begun after another half's solution: solutionFound false")
	}

	d = newSplitter(8 * PollConflicts)
	polls := 0
	d.lim.Stop = func(*Stats) bool { // called under d.mu, as a worker's solution is counted
		polls++
		d.solved = true
		return false
	}
	h = New(pigeons(9))
	if d.searchHalf(h, d.budget); polls < 2 || !h.ph.solutionFound {
		t.Errorf("a solution found mid-turn (%d polls): solutionFound %v", polls, h.ph.solutionFound)
	}
}

// latinRows is the n×n Latin squares with the first row 0, 1, …, n-1:
// for each cell a symbol, with items cell, row-symbol and column-symbol.
// For n = 6 there are 812,851,200 / 6! = 1,128,960 of them, so a search
// split at once finds solutions in several halves at the same time.
func latinRows(n int) *core.Problem {
	p := &core.Problem{NPrimary: 3 * n * n, NItems: 3 * n * n, Begin: []int32{0}}
	for r := range n {
		for c := range n {
			for v := range n {
				if r == 0 && v != c {
					continue
				}
				p.Items = append(p.Items, int32(r*n+c), int32(n*n+r*n+v), int32(2*n*n+c*n+v))
				p.Begin = append(p.Begin, int32(len(p.Items)))
				k := int32(len(p.Caller))
				p.Caller, p.Index = append(p.Caller, k), append(p.Index, k)
			}
		}
	}
	return p
}

// TestSplitSolutionLimit checks that halves searched in parallel count no
// more solutions than asked and call visit no more after it says stop:
// the search ends under the lock that counts its last solution.
func TestSplitSolutionLimit(t *testing.T) {
	p := latinRows(6)
	for trial := range 200 {
		want := int64(2 + trial%40)
		stopVisit := trial%2 == 1 // stop by visit, or by MaxSolutions
		s := New(p)
		s.firstBudget, s.splitBudget = 1, 1
		var mu sync.Mutex
		visits := int64(0)
		lim := Limits{}
		if !stopVisit {
			lim.MaxSolutions = want
		}
		st := s.SolveSplit(lim, 4, func([]int) bool {
			mu.Lock()
			defer mu.Unlock()
			visits++
			return !stopVisit || visits < want
		})
		if st != core.Stopped || visits != want || s.stats.Solutions != want {
			t.Fatalf("trial %d (stop by visit %v): status %v, %d visits, %d solutions; want Stopped, %d, %d",
				trial, stopVisit, st, visits, s.stats.Solutions, want, want)
		}
	}
}
