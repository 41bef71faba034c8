package sparse_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// randomExactCover returns a random problem without secondary items, of
// 6 to 13 items and at most 16 options of 1 to 3 items, some repeated,
// so that different paths of the search often leave the same items open.
func randomExactCover(r *rand.Rand) *core.Problem {
	n := 6 + r.IntN(8)
	p := &core.Problem{NPrimary: n, NItems: n, Begin: []int32{0}}
	for k := range 8 + r.IntN(9) {
		if k > 0 && r.IntN(4) == 0 { // a copy of an earlier option
			j := r.IntN(k)
			p.Items = append(p.Items, p.Items[p.Begin[j]:p.Begin[j+1]]...)
		} else {
			for _, it := range r.Perm(n)[:1+r.IntN(3)] {
				p.Items = append(p.Items, int32(it))
			}
		}
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller, p.Index = append(p.Caller, int32(k)), append(p.Index, int32(k))
	}
	return p
}

// countWith counts p's solutions with no Visit, as a count does, on one
// engine, the search divided by split's answers to polls every node; it
// returns the counters, the nodes per level and the counts the engine
// found in its table.
func countWith(t *testing.T, p *core.Problem, split func() core.Action) (core.Counters, []int64, int64) {
	t.Helper()
	e := core.New[sparse.Engine](p)
	c, prof := countOn(t, e, split)
	return c, prof, sparse.CacheHits(e)
}

// TestCountsKept checks that keeping counts in the table (cache.go)
// changes no count: solutions against brute force, and nodes, updates
// and nodes per level against the search without the table, whole,
// divided among units as workers divide it, and stopped and resumed as
// a checkpoint does, with the table used from a few open items to all.
func TestCountsKept(t *testing.T) {
	defer func(items int) { sparse.CacheItems = items }(sparse.CacheItems)
	type instance struct {
		name string
		p    *core.Problem
		sols int64
	}
	cases := []instance{
		{"sudoku 4×4, no givens", sudoku4(nil), 288},
		{"sudoku 4×4, one given", sudoku4(map[int]int{0: 1}), 288 / 4},
	}
	r := rand.New(rand.NewPCG(36, 11))
	for range 200 {
		p := randomExactCover(r)
		cases = append(cases, instance{"random " + enginetest.Describe(p), p, int64(len(enginetest.BruteForce(p)))})
	}
	var hits int64
	for _, tc := range cases {
		sparse.CacheItems = 0
		want, wantProf, _ := countWith(t, tc.p, func() core.Action { return core.Continue })
		for _, items := range []int{2, 5, 32} {
			sparse.CacheItems = items
			for _, way := range splitWays(r) {
				got, prof, h := countWith(t, tc.p, way.split)
				hits += h
				if got.Solutions != tc.sols {
					t.Fatalf("%s, %d items, %s: %d solutions, want %d", tc.name, items, way.name, got.Solutions, tc.sols)
				}
				if got != want || !slices.Equal(prof, wantProf) {
					t.Fatalf("%s, %d items, %s: counters %+v, profile %v; without the table %+v, %v", tc.name, items, way.name, got, prof, want, wantProf)
				}
			}
		}
	}
	if hits < int64(len(cases)) {
		t.Errorf("only %d counts found in the table over %d problems: the test checks little", hits, len(cases))
	}
}

// TestCountsKeptByClones checks that an engine's clone, as each worker
// of a search has, keeps counts as the engine does: its counters and
// nodes per level are those of the search without the table, on the
// empty 4×4 Sudoku, whose nodes find counts in the table at several
// depths.
func TestCountsKeptByClones(t *testing.T) {
	defer func(items int) { sparse.CacheItems = items }(sparse.CacheItems)
	p := sudoku4(nil)
	sparse.CacheItems = 0
	want, wantProf, _ := countWith(t, p, func() core.Action { return core.Continue })
	sparse.CacheItems = 32
	e := core.New[sparse.Engine](p).Clone().(*sparse.Engine)
	got, prof := countOn(t, e, func() core.Action { return core.Continue })
	if sparse.CacheHits(e) == 0 {
		t.Fatal("the clone found no count in its table: the test checks nothing")
	}
	if got != want || !slices.Equal(prof, wantProf) {
		t.Errorf("the clone counted %+v, profile %v; without the table %+v, %v", got, prof, want, wantProf)
	}
}

// TestCountsKeptWithoutProfile checks that a search that keeps no nodes
// per level, whose slots keep none either, counts what the search
// without the table does, and that one engine's searches with and
// without a profile, in turns, each count it all: a search with a
// profile finds no slot kept without levels.
func TestCountsKeptWithoutProfile(t *testing.T) {
	defer func(items int) { sparse.CacheItems = items }(sparse.CacheItems)
	r := rand.New(rand.NewPCG(36, 12))
	cases := []*core.Problem{sudoku4(nil), sudoku4(map[int]int{0: 1})}
	for range 100 {
		cases = append(cases, randomExactCover(r))
	}
	var hits int64
	for _, p := range cases {
		sparse.CacheItems = 0
		want, wantProf, _ := countWith(t, p, func() core.Action { return core.Continue })
		sparse.CacheItems = 32
		e := core.New[sparse.Engine](p)
		for turn, keeps := range []bool{false, true, false, true} {
			way := splitWays(r)[turn%3]
			var prof []int64
			if keeps {
				prof = make([]int64, e.MaxDepth()+2)
			}
			got, _ := countKeeping(t, e, way.split, prof)
			if got != want || keeps && !slices.Equal(prof, wantProf) {
				t.Fatalf("%s, search %d (profile kept: %v), %s: counters %+v, profile %v; without the table %+v, %v",
					enginetest.Describe(p), turn+1, keeps, way.name, got, prof, want, wantProf)
			}
		}
		hits += sparse.CacheHits(e)
	}
	if hits < int64(len(cases)) {
		t.Errorf("only %d counts found in the table over %d problems: the test checks little", hits, len(cases))
	}
}

// TestCountOverflow checks that a count found in the table that would
// take the solutions past 2⁶³−1 is refused, as is one added to solutions
// counted past it, while one that reaches it exactly is added.
func TestCountOverflow(t *testing.T) {
	e := core.New[sparse.Engine](sudoku4(nil))
	for _, tc := range []struct {
		sols, count, want int64
		ok                bool
	}{
		{10, 20, 30, true},
		{math.MaxInt64 - 5, 5, math.MaxInt64, true},
		{math.MaxInt64 - 5, 6, math.MaxInt64 - 5, false},
		{math.MaxInt64, math.MaxInt64, math.MaxInt64, false},
		{math.MinInt64, 1, math.MinInt64, false}, // counted past the most already
	} {
		got, ok := sparse.AddSlot(e, tc.sols, tc.count)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%d + %d: %d, %v; want %d, %v", tc.sols, tc.count, got, ok, tc.want, tc.ok)
		}
	}
}

// TestWeightedKeepsNoCounts checks that a count under the Weighted rule
// keeps no counts: its weights learn from the subtrees it searches, so
// counts found in the table would make its tree other than the tree of a
// listing of the same problem, whose counters it must report. Under
// Knuth's rule the same problems find counts in the table.
func TestWeightedKeepsNoCounts(t *testing.T) {
	defer func(items int) { sparse.CacheItems = items }(sparse.CacheItems)
	sparse.CacheItems = 5 // the random problems' paths meet near their leaves
	search := func(p *core.Problem, weighted bool, visit func([]int) bool) (core.Counters, int64) {
		e := core.New[sparse.Engine](p)
		var c core.Counters
		run := core.Run{Weighted: weighted, Visit: visit, Profile: make([]int64, e.MaxDepth()+2)}
		if _, err := e.Search(core.Unit{}, &run, &c); err != nil {
			t.Fatal(err)
		}
		return c, sparse.CacheHits(e)
	}
	r := rand.New(rand.NewPCG(36, 12))
	var knuthHits int64
	for range 200 {
		p := randomExactCover(r)
		listed, _ := search(p, true, func([]int) bool { return true })
		counted, hits := search(p, true, nil)
		if counted != listed || hits != 0 {
			t.Fatalf("%s: weighted count %+v with %d counts found in the table; the listing counted %+v", enginetest.Describe(p), counted, hits, listed)
		}
		_, h := search(p, false, nil)
		knuthHits += h
	}
	if knuthHits == 0 {
		t.Error("no count found in the table under Knuth's rule either: the test checks nothing")
	}
}

// TestCountsFoundAtEveryWidth checks that the table is looked up at
// every node within its reach, not only at the first such node of each
// path: on the empty 4×4 Sudoku (64 items, options of 4), counts are
// found by nodes of several numbers of open items, and by nodes with
// fewer than CacheItems, which a path reaches only below its first node
// within reach.
func TestCountsFoundAtEveryWidth(t *testing.T) {
	e := core.New[sparse.Engine](sudoku4(nil))
	var c core.Counters
	if _, err := e.Search(core.Unit{}, &core.Run{}, &c); err != nil {
		t.Fatal(err)
	}
	if c.Solutions != 288 {
		t.Fatalf("%d solutions, want 288", c.Solutions)
	}
	var widths []int
	for open, hits := range sparse.CacheHitsByOpen(e) {
		if hits > 0 {
			widths = append(widths, open)
		}
	}
	if len(widths) < 2 || widths[0] > sparse.CacheItems-8 {
		t.Errorf("counts found only by nodes with %v open items (CacheItems %d)", widths, sparse.CacheItems)
	}
}
