package enginetest

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// WithCosts gives p's options random costs from 0 to 20, drawn with seed,
// and returns p.
func WithCosts(p *core.Problem, seed uint64) *core.Problem {
	r := rand.New(rand.NewPCG(seed, 1))
	p.Costs = make([]int64, p.NumOptions())
	for k := range p.Costs {
		p.Costs[k] = int64(r.IntN(21))
	}
	return p
}

// CostSearch runs one search of e for the k cheapest solutions, stopped
// after maxNodes nodes when positive, and returns how it ended, the costs
// found (taxes included) and the counters.
func CostSearch(e core.CostEngine, k int, maxNodes int64) (core.Status, []int64, core.Counters) {
	var c core.Counters
	bound := core.NewBound(k)
	end := e.Search(&core.CostRun{Best: k, MaxNodes: maxNodes, Bound: bound}, &c)
	return end, bound.Costs(e.TotalTax()), c
}

// CheckCostAgain checks that searches of e stopped by their node limit (1,
// 5, then 40 nodes) leave it as it was: each stops after exactly its
// limit, and the next whole search finds the 7 cheapest costs that fresh,
// a new engine of the same problem, finds, counting the same.
func CheckCostAgain(t *testing.T, e, fresh core.CostEngine) {
	t.Helper()
	_, want, wantCounts := CostSearch(fresh, 7, 0)
	for _, stop := range []int64{1, 5, 40} {
		if end, _, c := CostSearch(e, 7, stop); end != core.NodeLimit || c.Nodes != stop {
			t.Fatalf("stopped after %d nodes: %v, %d nodes", stop, end, c.Nodes)
		}
	}
	end, got, counts := CostSearch(e, 7, 0)
	if end != core.Complete || len(got) != len(want) || !slices.Equal(got, want) || counts != wantCounts {
		t.Errorf("after stops %v %v %+v, new engine %v %+v", end, got, counts, want, wantCounts)
	}
}
