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
	if st, _ := d.search(h); st != ConflictLimit || h.ph.solutionFound {
		t.Fatalf("no solution anywhere: status %v, solutionFound %v; want ConflictLimit, false", st, h.ph.solutionFound)
	}
	d.solved = true
	if d.search(h); !h.ph.solutionFound {
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
	if d.search(h); polls < 2 || !h.ph.solutionFound {
		t.Errorf("a solution found mid-turn (%d polls): solutionFound %v", polls, h.ph.solutionFound)
	}
}
