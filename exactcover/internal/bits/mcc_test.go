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
// (and colors half the time), with the lists as sets of options (with the
// primary items in a row's first word, and across its two), and as
// lists in narrow and wide rows, that the engine's
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
		for _, v := range []struct {
			name string
			p    *core.Problem
		}{{"sets", p}, {"sets past 64 items", withContentFirst(p, 60)}, {"wide", padded(p, 300)}, {"lists", withHugeBound(p)}} {
			c, got := enginetest.Run(t, newEngine(v.p), p, core.Unit{}, func() core.Action { return core.Continue })
			if !slices.Equal(got, want) || c.Nodes != sc.Nodes || c.Solutions != sc.Solutions {
				t.Fatalf("trial %d, %s: %v in %d nodes, sparse sets %v in %d\n%s", trial, v.name, got, c.Nodes, want, sc.Nodes, enginetest.Describe(p))
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

// TestEngineMultiplicitiesLists runs the engines' suite on rows of two
// words whose lists are not sets of options (an upper bound of
// maxSetBound or more: withHugeBound).
func TestEngineMultiplicitiesLists(t *testing.T) {
	enginetest.Check(t, func(p *core.Problem) core.Engine { return newEngine(withHugeBound(p)) }, true)
}

// withHugeBound returns p with one more primary item, in no option, to be
// covered between 0 and 2²⁴ times: the same solutions, the same tree (the
// item is content from the root), and too large a bound for the lists to
// be sets of options.
func withHugeBound(p *core.Problem) *core.Problem {
	q := *p
	q.NPrimary, q.NItems = p.NPrimary+1, p.NItems+1
	q.Items = make([]int32, len(p.Items))
	for t, it := range p.Items {
		q.Items[t] = it
		if int(it) >= p.NPrimary {
			q.Items[t]++
		}
	}
	q.Lo, q.Hi = make([]int32, q.NPrimary), make([]int32, q.NPrimary)
	for i := range p.NPrimary {
		q.Lo[i], q.Hi[i] = p.Bounds(i)
	}
	q.Hi[p.NPrimary] = 1 << 24
	return &q
}

// withContentFirst returns p with n more primary items before its own, in
// no option, each to be covered at most once: the same solutions, the same
// tree (the items are content from the root), and p's items n places on
// in a row, so that with n near 64 they straddle its two words.
func withContentFirst(p *core.Problem, n int32) *core.Problem {
	q := *p
	q.NPrimary, q.NItems = p.NPrimary+int(n), p.NItems+int(n)
	q.Items = make([]int32, len(p.Items))
	for t, it := range p.Items {
		q.Items[t] = it + n
	}
	q.Lo, q.Hi = make([]int32, q.NPrimary), make([]int32, q.NPrimary)
	for i := range n {
		q.Lo[i], q.Hi[i] = 0, 1
	}
	for i := range p.NPrimary {
		q.Lo[int(n)+i], q.Hi[int(n)+i] = p.Bounds(i)
	}
	return &q
}

// TestMultiplicitiesLargeLowerBound checks problems whose lower bounds
// far exceed the options: none has a solution, and the engine abandons
// the root as the sparse-set engine does, whatever the bound (a degree
// far below zero must still read as a dead end).
func TestMultiplicitiesLargeLowerBound(t *testing.T) {
	for _, lo := range []int32{3, 1 << 19, 1 << 20, 1<<24 - 1} {
		// Item 0 to be covered lo times, by options {0} and {0, 1};
		// item 1 exactly once, by {1} and {0, 1}.
		p := &core.Problem{NPrimary: 2, NItems: 2, Lo: []int32{lo, 1}, Hi: []int32{lo, 1},
			Begin: []int32{0, 1, 3, 4}, Items: []int32{0, 0, 1, 1},
			Caller: []int32{0, 1, 2}, Index: []int32{0, 1, 2}}
		var c, sc core.Counters
		if _, err := newEngine(p).Search(core.Unit{}, &core.Run{}, &c); err != nil {
			t.Fatal(err)
		}
		if _, err := core.New[sparse.Engine](p).Search(core.Unit{}, &core.Run{}, &sc); err != nil {
			t.Fatal(err)
		}
		if c.Solutions != 0 || c.Nodes != sc.Nodes {
			t.Errorf("lower bound %d: %d solutions in %d nodes, want none in %d (sparse sets)", lo, c.Solutions, c.Nodes, sc.Nodes)
		}
	}
}
