package sparse_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// sudoku4 returns a 4×4 Sudoku as exact cover: 64 primary items (cell,
// row-digit, column-digit, box-digit), an option per cell and digit,
// only the given digit's for a cell in givens (cell → digit 1…4).
func sudoku4(givens map[int]int) *core.Problem {
	p := &core.Problem{NPrimary: 64, NItems: 64, Begin: []int32{0}}
	for cell := range 16 {
		r, c := cell/4, cell%4
		b := r/2*2 + c/2
		for d := range 4 {
			if g, ok := givens[cell]; ok && g != d+1 {
				continue
			}
			p.Items = append(p.Items, int32(cell), int32(16+4*r+d), int32(32+4*c+d), int32(48+4*b+d))
			p.Begin = append(p.Begin, int32(len(p.Items)))
			k := int32(len(p.Caller))
			p.Caller, p.Index = append(p.Caller, k), append(p.Index, k)
		}
	}
	return p
}

// plainCount counts p's solutions with no Visit, as a count does, the
// search divided by split's answers to polls every node; it returns the
// counters and the nodes per level.
func plainCount(t *testing.T, p *core.Problem, split func() core.Action) (core.Counters, []int64) {
	t.Helper()
	return countOn(t, core.New[sparse.Engine](p), split)
}

// splitWay is a way to divide a search: split answers its polls.
type splitWay struct {
	name  string
	split func() core.Action
}

// splitWays are the ways a search is divided: whole, donated in part at
// random polls as workers do, and stopped at random polls as a
// checkpoint does (its rest searched after).
func splitWays(r *rand.Rand) []splitWay {
	return []splitWay{
		{"whole", func() core.Action { return core.Continue }},
		{"donated", func() core.Action {
			if r.IntN(3) == 0 {
				return core.Donate
			}
			return core.Continue
		}},
		{"stopped", func() core.Action {
			if r.IntN(5) == 0 {
				return core.Stop
			}
			return core.Continue
		}},
	}
}

// countOn is plainCount on engine e.
func countOn(t *testing.T, e *sparse.Engine, split func() core.Action) (core.Counters, []int64) {
	t.Helper()
	return countKeeping(t, e, split, make([]int64, e.MaxDepth()+2))
}

// countKeeping is countOn with the nodes per level added to prof, or
// not kept when prof is nil.
func countKeeping(t *testing.T, e *sparse.Engine, split func() core.Action, prof []int64) (core.Counters, []int64) {
	t.Helper()
	var c core.Counters
	todo := []core.Unit{{}}
	for len(todo) > 0 {
		u := todo[0]
		todo = todo[1:]
		run := core.Run{Profile: prof, PollEvery: 1, Poll: func(*core.Counters) core.Action { return split() }}
		if _, err := e.Search(u, &run, &c); err != nil {
			t.Fatal(err)
		}
		todo = append(todo, run.Export...)
	}
	return c, prof
}

// TestForcedFinishes checks that counting forced finishes at once
// (leaves.go) changes no count: solutions against a known figure or brute
// force, and nodes, updates and nodes per level against the search that
// takes the forced moves one at a time, whole and divided among units.
func TestForcedFinishes(t *testing.T) {
	defer func(track, leaves int) { sparse.TrackShortAbove, sparse.LeafItems = track, leaves }(sparse.TrackShortAbove, sparse.LeafItems)
	sparse.TrackShortAbove = 0 // the finishes need the set of short items

	type instance struct {
		name string
		p    *core.Problem
		sols int64
	}
	cases := []instance{
		{"sudoku 4×4, no givens", sudoku4(nil), 288}, // the number of 4×4 Sudoku grids
		{"sudoku 4×4, one given", sudoku4(map[int]int{0: 1}), 288 / 4},
	}
	r := rand.New(rand.NewPCG(36, 10))
	for range 400 {
		p := enginetest.Random(r, false)
		cases = append(cases, instance{"random " + enginetest.Describe(p), p, int64(len(enginetest.BruteForce(p)))})
	}
	finishes := 0
	for _, tc := range cases {
		sparse.LeafItems = 0
		want, wantProf := plainCount(t, tc.p, func() core.Action { return core.Continue })
		sparse.LeafItems = 64
		for _, way := range splitWays(r)[:2] { // whole and donated
			got, prof := plainCount(t, tc.p, way.split)
			if got.Solutions != tc.sols {
				t.Fatalf("%s, %s: %d solutions, want %d", tc.name, way.name, got.Solutions, tc.sols)
			}
			if got != want || !slices.Equal(prof, wantProf) {
				t.Fatalf("%s, %s: counters %+v, profile %v; a move at a time %+v, %v", tc.name, way.name, got, prof, want, wantProf)
			}
		}
		if sparse.ForcedFinishes(tc.p) > 0 {
			finishes++
		}
	}
	if finishes < len(cases)/10 {
		t.Errorf("only %d of %d problems had a forced finish: the test checks little", finishes, len(cases))
	}
}
