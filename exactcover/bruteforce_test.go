package exactcover_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
)

// bruteForce returns p's solutions by trying every subset of options
// (exactcover/verify, no engine code), each as a string, sorted.
func bruteForce(p *exactcover.Problem) []string {
	var found []string
	for _, sol := range verify.BruteForce(p) {
		found = append(found, fmt.Sprint(sol))
	}
	slices.Sort(found)
	return found
}

// randomProblem makes a small problem with secondary items and colors, and
// half the time with multiplicities.
func randomProblem(r *rand.Rand) *exactcover.Problem {
	p := &exactcover.Problem{}
	nPrimary, nSecondary := 1+r.IntN(5), r.IntN(4)
	for i := range nPrimary {
		p.Primary = append(p.Primary, fmt.Sprintf("p%d", i))
	}
	for i := range nSecondary {
		p.Secondary = append(p.Secondary, fmt.Sprintf("s%d", i))
	}
	all := append(slices.Clone(p.Primary), p.Secondary...)
	for range 1 + r.IntN(13) {
		var o exactcover.Option
		for _, i := range r.Perm(len(all))[:1+r.IntN(min(4, len(all)))] {
			ref := exactcover.ItemRef{Name: all[i]}
			if i >= nPrimary && r.IntN(3) > 0 {
				ref.Color = string(rune('a' + r.IntN(2)))
			}
			o.Items = append(o.Items, ref)
		}
		p.Options = append(p.Options, o)
	}
	if r.IntN(2) == 0 {
		for range nPrimary {
			lo := r.IntN(3)
			p.Bounds = append(p.Bounds, exactcover.Bounds{Lo: lo, Hi: max(lo, 1) + r.IntN(2)})
		}
	}
	return p
}

// TestRandomProblemsAgainstBruteForce checks every solution of random
// problems, with secondary items, colors and multiplicities, against brute
// force, in both engines, under both branching rules, and with the solver's set of short items (see
// trackShortAbove) kept and not kept: keeping it must not change a single
// choice, so Knuth's rule must give the same node and update counts both
// ways.
func TestRandomProblemsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testtier.Short() {
		n = 300
	}
	for i := range n {
		p := randomProblem(r)
		want := bruteForce(p)
		var knuth [2][2]exactcover.Stats
		for track, above := range []int{1 << 30, 0} {
			restore := exactcover.SetTrackShortAbove(above)
			s, err := exactcover.New(p)
			if err != nil {
				t.Fatalf("problem %d: %v", i, err)
			}
			for engine, rule := range []exactcover.Branching{exactcover.KnuthMRV, exactcover.Weighted, exactcover.KnuthMRV, exactcover.Weighted} {
				cfg := exactcover.Config{Branching: rule, Engine: exactcover.EngineDLX}
				if engine >= 2 {
					cfg.Engine = exactcover.EngineSparse
				}
				var got []string
				st, _ := s.Search(context.Background(), cfg, func(sol []int) bool {
					checkSolution(t, p, sol)
					got = append(got, fmt.Sprint(slices.Sorted(slices.Values(sol))))
					return true
				})
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("problem %d, %v, rule %d, short set %d %s:\n engine %v\n brute  %v", i, cfg.Engine, rule, track, describe(p), got, want)
				}
				if st.Solutions != int64(len(want)) || st.Status != exactcover.Complete {
					t.Fatalf("problem %d: stats %v, want %d solutions", i, st, len(want))
				}
				if rule == exactcover.KnuthMRV {
					knuth[engine/2][track] = st
				}
			}
			restore()
		}
		for engine := range knuth {
			if a, b := knuth[engine][0], knuth[engine][1]; a.Nodes != b.Nodes || a.Updates != b.Updates {
				t.Fatalf("problem %d, engine %d: Knuth's rule without the short set %v, with it %v", i, engine, a, b)
			}
		}
	}
}

func describe(p *exactcover.Problem) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v %v | %v;", p.Primary, p.Bounds, p.Secondary)
	for _, o := range p.Options {
		fmt.Fprintf(&b, " %v;", o.Items)
	}
	return b.String()
}

// FuzzSearch builds a small random problem from the fuzzer's seed and checks
// the engines against brute force: Knuth's rule, the Weighted rule with the
// set of short items kept, the sparse-set engine, and a search from a
// partial solution (its first solution's first option) in both.
func FuzzSearch(f *testing.F) {
	for _, seed := range []uint64{0, 1, 42, 1 << 40} {
		f.Add(seed, seed^0x9e3779b97f4a7c15)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		p := randomProblem(rand.New(rand.NewPCG(a, b)))
		want := bruteForce(p)
		s, err := exactcover.New(p)
		if err != nil {
			t.Fatal(err)
		}
		st, err := searchCount(s, context.Background(), exactcover.Config{})
		if err != nil || st.Solutions != int64(len(want)) {
			t.Fatalf("%s: %v, %v; brute force %d", describe(p), st, err, len(want))
		}
		// The other rule, with the set of short items kept (small problems
		// do without it otherwise).
		restore := exactcover.SetTrackShortAbove(0)
		tracked, err := exactcover.New(p)
		restore()
		if err != nil {
			t.Fatal(err)
		}
		st, err = tracked.Search(context.Background(), exactcover.Config{Branching: exactcover.Weighted}, func(sol []int) bool {
			checkSolution(t, p, sol)
			return true
		})
		if err != nil || st.Solutions != int64(len(want)) {
			t.Fatalf("%s, weighted: %v, %v; brute force %d", describe(p), st, err, len(want))
		}
		st, err = tracked.Search(context.Background(), exactcover.Config{Engine: exactcover.EngineSparse}, func(sol []int) bool {
			checkSolution(t, p, sol)
			return true
		})
		if err != nil || st.Solutions != int64(len(want)) {
			t.Fatalf("%s, sparse: %v, %v; brute force %d", describe(p), st, err, len(want))
		}
		first, _, _ := s.First(context.Background(), exactcover.Config{})
		if first == nil {
			return
		}
		partial := first[:1]
		var n int64
		for _, w := range want {
			if strings.Contains(" "+strings.Trim(w, "[]")+" ", fmt.Sprintf(" %d ", partial[0])) {
				n++
			}
		}
		for _, engine := range []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineSparse} {
			st, err = s.Search(context.Background(), exactcover.Config{Partial: partial, Engine: engine}, func(sol []int) bool {
				checkSolution(t, p, sol)
				return true
			})
			if err != nil || st.Solutions != n {
				t.Fatalf("%s from %v, %v: %v, %v; brute force %d", describe(p), partial, engine, st, err, n)
			}
		}
	})
}
