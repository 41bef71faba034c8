package bits_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
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
func costSearch(e *bits.CostEngine, k int, maxNodes int64) (core.End, []int64, core.Counters) {
	var c core.Counters
	end, costs := e.Search(&core.CostRun{Best: k, MaxNodes: maxNodes, Bound: core.NewBound(k)}, &c)
	return end, costs, c
}

// newCostEngine compiles the shared instance name with random costs.
func newCostEngine(t *testing.T, name string, seed uint64) (*bits.CostEngine, *core.Problem) {
	t.Helper()
	_, p := loadShared(t, name)
	p = withCosts(p, seed)
	e, err := bits.NewCostEngine(p)
	if err != nil {
		t.Fatal(err)
	}
	return e, p
}

// TestCostEngineAllocs checks that the cost search allocates nothing per
// node: a whole search of thousands of nodes allocates what one stopped
// after a few hundred does (the bound and the list of costs it returns),
// once the stack of lists has grown.
func TestCostEngineAllocs(t *testing.T) {
	e, _ := newCostEngine(t, "pent-3x20", 3)
	const few = 1000
	if _, _, c := costSearch(e, 50, 0); c.Nodes < 8*few {
		t.Fatalf("%d nodes: too few to tell", c.Nodes)
	}
	if _, costs, _ := costSearch(e, 50, few); len(costs) == 0 {
		t.Fatalf("no solution in %d nodes: the costs returned differ", few)
	}
	short := testing.AllocsPerRun(5, func() { costSearch(e, 50, few) })
	full := testing.AllocsPerRun(5, func() { costSearch(e, 50, 0) })
	if full != short {
		t.Errorf("a whole search allocates %v times, one of %d nodes %v", full, few, short)
	}
}

// TestCostEngineAgain checks that a search stopped by its node limit
// leaves the engine as it was: the next finds what a new engine finds,
// counting the same.
func TestCostEngineAgain(t *testing.T) {
	for seed := range uint64(3) {
		e, p := newCostEngine(t, "pent-3x20", seed)
		fresh, err := bits.NewCostEngine(p)
		if err != nil {
			t.Fatal(err)
		}
		_, want, wantCounts := costSearch(fresh, 7, 0)
		for _, stop := range []int64{1, 5, 40} {
			if end, _, c := costSearch(e, 7, stop); end != core.NodeLimit || c.Nodes != stop {
				t.Fatalf("seed %d: stopped after %d nodes: %v, %d nodes", seed, stop, end, c.Nodes)
			}
		}
		end, got, counts := costSearch(e, 7, 0)
		if end != core.Exhausted || len(got) != 7 || !slices.Equal(got, want) || counts != wantCounts {
			t.Errorf("seed %d: after stops %v %v %+v, new engine %v %+v", seed, end, got, counts, want, wantCounts)
		}
	}
}

// TestCostEngineRefuses checks that the engine refuses what Supports
// refuses.
func TestCostEngineRefuses(t *testing.T) {
	p := &core.Problem{NPrimary: 1, NItems: 300, Begin: []int32{0, 1}, Items: []int32{0}, Caller: []int32{0}, Index: []int32{0}}
	if _, err := bits.NewCostEngine(p); err == nil {
		t.Error("300 items: no error")
	}
}
