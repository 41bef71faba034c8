package sparse_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// withCosts gives p's options random costs from 0 to 20.
func withCosts(p *core.Problem, seed uint64) *core.Problem {
	r := rand.New(rand.NewPCG(seed, 1))
	p.Costs = make([]int64, p.NumOptions())
	for k := range p.Costs {
		p.Costs[k] = int64(r.IntN(21))
	}
	return p
}

// costSearch runs one search for the k cheapest of e's problem, stopped
// after maxNodes nodes when positive.
func costSearch(e *sparse.CostEngine, k int, maxNodes int64) (core.End, []int64, core.Counters) {
	var c core.Counters
	end, costs := e.Search(&core.CostRun{Best: k, MaxNodes: maxNodes, Bound: core.NewBound(k)}, &c)
	return end, costs, c
}

// TestCostEngineAllocs checks that the cost search allocates nothing per
// node: a search of thousands of nodes allocates what one stopped after 20
// nodes does (the bound and the list of costs it returns), once the trail
// has grown.
func TestCostEngineAllocs(t *testing.T) {
	e := sparse.NewCostEngine(withCosts(sudoku(2), 3))
	if _, _, c := costSearch(e, 50, 0); c.Nodes < 1000 {
		t.Fatalf("%d nodes: too few to tell", c.Nodes)
	}
	short := testing.AllocsPerRun(5, func() { costSearch(e, 50, 20) })
	full := testing.AllocsPerRun(5, func() { costSearch(e, 50, 0) })
	if full != short {
		t.Errorf("a whole search allocates %v times, one of 20 nodes %v", full, short)
	}
}

// TestCostEngineAgain checks that a search stopped by its node limit
// leaves the engine as it was: the next finds what a new engine finds.
func TestCostEngineAgain(t *testing.T) {
	for seed := range uint64(5) {
		p := withCosts(sudoku(2), seed)
		_, want, wantCounts := costSearch(sparse.NewCostEngine(p), 7, 0)
		e := sparse.NewCostEngine(p)
		for _, stop := range []int64{1, 5, 40} {
			if end, _, _ := costSearch(e, 7, stop); end != core.NodeLimit {
				t.Fatalf("seed %d: stopped after %d nodes: %v", seed, stop, end)
			}
		}
		end, got, counts := costSearch(e, 7, 0)
		if end != core.Exhausted || !slices.Equal(got, want) || counts != wantCounts {
			t.Errorf("seed %d: after stops %v %v %+v, new engine %v %+v", seed, end, got, counts, want, wantCounts)
		}
	}
}
