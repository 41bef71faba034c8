package learn_test

import (
	"os"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/learn"
	"github.com/xcover/xcover/internal/testtier"
)

// TestSteadyStateAllocations runs the learner on a hard 25×25 Sudoku for
// 20,000 conflicts to warm up (buffers, watch lists and the clause arena
// grow to their working size over the first reductions of the learned
// clauses and the first phases of each mode), then for 4000 more (twice
// 2000): those may allocate only when a watch list or the arena outgrows
// its capacity, far less than once per conflict, and never per
// propagation (hundreds per conflict).
func TestSteadyStateAllocations(t *testing.T) {
	if testtier.Short() {
		t.Skip("slow under the race detector")
	}
	data, err := os.ReadFile("testdata/gecode-25x25-7.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := learn.New(sudokuProblem(strings.TrimSpace(string(data))))
	s.Solve(learn.Limits{MaxConflicts: 20000}, nil)
	before := s.Stats()
	allocs := testing.AllocsPerRun(1, func() {
		s.Solve(learn.Limits{MaxConflicts: 2000}, nil)
	})
	after := s.Stats()
	conflicts := after.Conflicts - before.Conflicts
	props := after.Propagations - before.Propagations
	t.Logf("%v allocations for %d conflicts, %d propagations", allocs, conflicts, props)
	if conflicts < 1000 || allocs > float64(conflicts)/10 {
		t.Errorf("%v allocations for %d conflicts (%d propagations)", allocs, conflicts, props)
	}
}
