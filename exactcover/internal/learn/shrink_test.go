package learn_test

import (
	"math/rand/v2"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/learn"
	"github.com/xcover/xcover/internal/testtier"
)

// TestLearnedClausesHold checks every clause the learner learns (after
// minimization and shrinking) against the solutions the dancing-links
// engine lists: each must hold in every solution not blocked yet, since a
// learned clause is implied by the problem and the blocking clauses.
func TestLearnedClausesHold(t *testing.T) {
	trials := 1000
	if testtier.Short() {
		trials = 150
	}
	r := rand.New(rand.NewPCG(13, 17))
	checked := 0
	for trial := range trials {
		p := larger(r, trial%2 == 1)
		sols, ok := solutionSets(t, p)
		if !ok {
			continue
		}
		for _, c := range compilers[:2] {
			blocked := make([]bool, len(sols))
			s := c.new(p)
			s.OnLearn(func(clause []int) {
				checked++
				for n, sol := range sols {
					if !blocked[n] && !holds(clause, sol) {
						t.Fatalf("%s: trial %d: learned %v, false in solution %v\n", c.name, trial, clause, sol)
					}
				}
			})
			st := c.solve(s, learn.Limits{}, func(sol []int) bool {
				for n, want := range sols {
					if len(want) == len(sol) && holdsAll(want, sol) {
						blocked[n] = true
					}
				}
				return true
			})
			if st != core.Complete {
				t.Fatalf("%s: trial %d: %v", c.name, trial, st)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d learned clauses checked", checked)
	}
	t.Logf("%d learned clauses checked", checked)
}

// solutionSets returns the solutions the dancing-links engine lists, each
// as the set of its caller option indices, or false beyond maxListed.
func solutionSets(t *testing.T, p *core.Problem) ([]map[int]bool, bool) {
	t.Helper()
	e := core.New[dlx.Engine](p)
	var sols []map[int]bool
	run := core.Run{MaxSolutions: maxListed + 1, Visit: func(sol []int) bool {
		set := make(map[int]bool, len(sol))
		for _, k := range sol {
			set[k] = true
		}
		sols = append(sols, set)
		return true
	}}
	var c core.Counters
	end, err := e.Search(core.Unit{}, &run, &c)
	if err != nil {
		t.Fatal(err)
	}
	return sols, end == core.Complete
}

// holds reports whether clause (OnLearn's literals) is true in sol.
func holds(clause []int, sol map[int]bool) bool {
	for _, l := range clause {
		if l > 0 && sol[l-1] || l < 0 && !sol[-l-1] {
			return true
		}
	}
	return false
}

// holdsAll reports whether every option of sol is in want.
func holdsAll(want map[int]bool, sol []int) bool {
	for _, k := range sol {
		if !want[k] {
			return false
		}
	}
	return true
}
