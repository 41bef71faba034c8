package sparse_test

import (
	"fmt"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// TestCostEngineAllocs checks that the cost search allocates nothing per
// node: a search of thousands of nodes allocates what one stopped after 20
// nodes does (the bound and the list of costs it returns), once the trail
// has grown.
func TestCostEngineAllocs(t *testing.T) {
	e := sparse.NewCostEngine(enginetest.WithCosts(sudoku(2), 3))
	if _, _, c := enginetest.CostSearch(e, 50, 0); c.Nodes < 1000 {
		t.Fatalf("%d nodes: too few to tell", c.Nodes)
	}
	short := testing.AllocsPerRun(5, func() { enginetest.CostSearch(e, 50, 20) })
	full := testing.AllocsPerRun(5, func() { enginetest.CostSearch(e, 50, 0) })
	if full != short {
		t.Errorf("a whole search allocates %v times, one of 20 nodes %v", full, short)
	}
}

// TestCostEngineAgain checks that a search stopped by its node limit
// leaves the engine as it was: the next finds what a new engine finds.
func TestCostEngineAgain(t *testing.T) {
	for seed := range uint64(5) {
		p := enginetest.WithCosts(sudoku(2), seed)
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			enginetest.CheckCostAgain(t, sparse.NewCostEngine(p), sparse.NewCostEngine(p))
		})
	}
}
