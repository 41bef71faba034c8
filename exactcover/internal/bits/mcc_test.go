package bits_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// TestMultiplicitiesSparseTree checks, on random problems with bounds
// (and colors half the time), in narrow and wide rows, that the engine's
// tree is the sparse-set engine's: the same solutions and the same nodes,
// since both choose the item of least branching degree with the same
// ties, and its option with the smallest index.
func TestMultiplicitiesSparseTree(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := range 600 {
		p := enginetest.Random(r, true)
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
}

// TestMultiplicitiesShared counts the shared MCC instances small enough
// for a test, against their published solutions and the sparse-set
// engine's nodes.
func TestMultiplicitiesShared(t *testing.T) {
	for _, name := range []string{"mcc-knuth", "mcc-queens2-6", "mcc-tetra-6x6"} {
		t.Run(name, func(t *testing.T) {
			_, p := loadSharedIn(t, filepath.Join(sharedDir, "..", "mcc"), name)
			var c, sc core.Counters
			if _, err := newEngine(p).Search(core.Unit{}, &core.Run{}, &c); err != nil {
				t.Fatal(err)
			}
			if _, err := core.New[sparse.Engine](p).Search(core.Unit{}, &core.Run{}, &sc); err != nil {
				t.Fatal(err)
			}
			if c.Solutions != sc.Solutions || c.Nodes != sc.Nodes {
				t.Errorf("%d solutions in %d nodes, sparse sets %d in %d", c.Solutions, c.Nodes, sc.Solutions, sc.Nodes)
			}
			t.Logf("%d solutions, %d nodes, %d updates", c.Solutions, c.Nodes, c.Updates)
		})
	}
}

// TestWeightedMultiplicities checks the Weighted rule's solutions against
// brute force on problems with bounds and colors, in narrow and wide rows,
// with weights learned over several searches.
func TestWeightedMultiplicities(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for trial := range 300 {
		p := enginetest.Random(r, true)
		want := enginetest.BruteForce(p)
		e := newEngine(padded(p, []int{0, 300}[trial%2]))
		for range 3 { // the weights carry over from one search to the next
			var got []string
			run := core.Run{Weighted: true, Visit: func(sol []int) bool {
				s := slices.Clone(sol)
				slices.Sort(s)
				got = append(got, fmt.Sprint(s))
				return true
			}}
			var c core.Counters
			if _, err := e.Search(core.Unit{}, &run, &c); err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d: %v, want %v\n%s", trial, got, want, enginetest.Describe(p))
			}
		}
	}
}

// TestMultiplicitiesNoAllocation checks that a warm engine allocates
// nothing in a whole search of a problem with multiplicities.
func TestMultiplicitiesNoAllocation(t *testing.T) {
	_, p := loadSharedIn(t, filepath.Join(sharedDir, "..", "mcc"), "mcc-queens2-6")
	e := newEngine(p)
	run, c := &core.Run{}, &core.Counters{}
	search := func() {
		*c = core.Counters{}
		if _, err := e.Search(core.Unit{}, run, c); err != nil || c.Solutions != 1097 {
			t.Fatalf("%+v, %v", *c, err)
		}
	}
	search()
	if n := testing.AllocsPerRun(2, search); n != 0 {
		t.Fatalf("%v allocations per search", n)
	}
}
