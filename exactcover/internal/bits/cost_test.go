package bits_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
)

// newCostEngine compiles the shared instance name with random costs.
func newCostEngine(t *testing.T, name string, seed uint64) (*bits.CostEngine, *core.Problem) {
	t.Helper()
	_, p := loadShared(t, name)
	p = enginetest.WithCosts(p, seed)
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
	if _, _, c := enginetest.CostSearch(e, 50, 0); c.Nodes < 8*few {
		t.Fatalf("%d nodes: too few to tell", c.Nodes)
	}
	if _, costs, _ := enginetest.CostSearch(e, 50, few); len(costs) == 0 {
		t.Fatalf("no solution in %d nodes: the costs returned differ", few)
	}
	short := testing.AllocsPerRun(5, func() { enginetest.CostSearch(e, 50, few) })
	full := testing.AllocsPerRun(5, func() { enginetest.CostSearch(e, 50, 0) })
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
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) { enginetest.CheckCostAgain(t, e, fresh) })
	}
}

// TestCostEngineRefuses checks that the engine refuses what Supports
// refuses.
func TestCostEngineRefuses(t *testing.T) {
	p := &core.Problem{NPrimary: 1, NItems: bits.MaxItems + 1, Begin: []int32{0, 1}, Items: []int32{0}, Caller: []int32{0}, Index: []int32{0}}
	if _, err := bits.NewCostEngine(p); !errors.Is(err, bits.ErrTooManyItems) {
		t.Errorf("%d items: %v, want %v", p.NItems, err, bits.ErrTooManyItems)
	}
}
