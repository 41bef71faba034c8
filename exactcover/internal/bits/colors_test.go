package bits_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// TestColorsSparseTree checks, on random problems with colored secondary
// items, in narrow and wide rows, that the engine's tree is the
// sparse-set engine's: the same solutions and the same nodes, since the
// item chosen is the sparse-set engine's wherever items have fewer than
// Saturated options (they have at most 14 here).
func TestColorsSparseTree(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	colored := 0
	for trial := range 600 {
		p := enginetest.Random(r, false)
		if p.Colors == nil {
			continue
		}
		colored++
		var sc core.Counters
		_, want := enginetest.Run(t, core.New[sparse.Engine](p), p, core.Unit{}, func() core.Action { return core.Continue })
		if _, err := core.New[sparse.Engine](p).Search(core.Unit{}, &core.Run{}, &sc); err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 300} {
			c, got := enginetest.Run(t, newEngine(padded(p, n)), p, core.Unit{}, func() core.Action { return core.Continue })
			if !slices.Equal(got, want) || c.Nodes != sc.Nodes || c.Solutions != sc.Solutions {
				t.Fatalf("trial %d, %d items: %v in %d nodes, sparse sets %v in %d\n%s", trial, max(n, p.NItems), got, c.Nodes, want, sc.Nodes, enginetest.Describe(p))
			}
		}
	}
	if colored < 100 {
		t.Fatalf("only %d colored problems", colored)
	}
}
