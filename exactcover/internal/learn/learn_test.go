package learn_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/learn"
	"github.com/xcover/xcover/internal/testtier"
)

// compilers are the ways a test builds and runs a solver: with the
// schedule of real runs, hurried (every periodic step after a few
// conflicts), and hurried and split after a few conflicts (split.go), on
// one worker and on three, the last with the 32-bit clause arena.
var compilers = []struct {
	name  string
	new   func(*core.Problem) *learn.Solver
	solve func(*learn.Solver, learn.Limits, func([]int) bool) core.Status
}{
	{"default", learn.New, (*learn.Solver).Solve},
	{"hurried", learn.NewHurried, (*learn.Solver).Solve},
	{"split", learn.NewHurried, splitOn(1)},
	{"split-3", learn.NewHurried, splitOn(3)},
	{"split-3-wide", learn.NewHurriedWide, splitOn(3)},
}

// splitOn returns SolveSplit on n workers.
func splitOn(n int) func(*learn.Solver, learn.Limits, func([]int) bool) core.Status {
	return func(s *learn.Solver, lim learn.Limits, visit func([]int) bool) core.Status {
		return s.SolveSplit(lim, n, visit)
	}
}

// all lists every solution of p by blocking, checking each against the
// definition, as sorted keys.
func all(t *testing.T, p *core.Problem, newSolver func(*core.Problem) *learn.Solver,
	solve func(*learn.Solver, learn.Limits, func([]int) bool) core.Status) []string {
	t.Helper()
	s := newSolver(p)
	var found []string
	st := solve(s, learn.Limits{}, func(sol []int) bool {
		chosen := make([]int, len(sol))
		for i, c := range sol {
			chosen[i] = int(p.Index[c])
		}
		if !enginetest.Valid(p, chosen) {
			t.Fatalf("invalid solution %v\n%s", sol, enginetest.Describe(p))
		}
		s := slices.Clone(sol)
		slices.Sort(s)
		found = append(found, fmt.Sprint(s))
		return true
	})
	if st != core.Complete {
		t.Fatalf("status %v", st)
	}
	slices.Sort(found)
	return found
}

func TestRandomAgainstBruteForce(t *testing.T) {
	for _, mcc := range []bool{false, true} {
		r := rand.New(rand.NewPCG(3, uint64(len(fmt.Sprint(mcc)))))
		trials := 3000
		if testtier.Short() {
			trials = 300
		}
		for trial := range trials {
			p := enginetest.Random(r, mcc)
			want := enginetest.BruteForce(p)
			for _, c := range compilers {
				if got := all(t, p, c.new, c.solve); !slices.Equal(got, want) {
					t.Fatalf("%s: mcc %v trial %d: %v, brute force %v\n%s", c.name, mcc, trial, got, want, enginetest.Describe(p))
				}
			}
		}
	}
}
