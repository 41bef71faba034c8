package drive_test

import (
	"math"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/internal/testtier"
)

// expectation returns the exact expected values of Knuth's estimates of
// the nodes and the solutions below u, as Probe's walks make them: every
// walk is enumerated (the pick function follows each sequence of choices
// in turn, as an odometer), weighted by its probability, the product of
// 1/d over the degrees d met. It also returns the number of walks.
func expectation(t testing.TB, eng core.Engine, u core.Unit, canonical bool) (nodes, sols float64, walks int) {
	t.Helper()
	var buf []core.Unit
	var choice, degree []int // the walk's choices and the degrees they were made among
	for {
		depth := 0
		pick := func(n int) int {
			if depth == len(choice) {
				choice, degree = append(choice, 0), append(degree, n)
			} else if degree[depth] != n {
				t.Fatalf("walk %d: %d children at depth %d, %d on an earlier walk", walks, n, depth, degree[depth])
			}
			depth++
			return choice[depth-1]
		}
		prob, weight := 1.0, 1.0 // the walk's probability; the product of the degrees above the node
		est, sol := 0.0, 0.0
		_, err := drive.Probe(eng, u, pick, canonical, &buf, func(children int, solution bool) {
			est += weight
			if solution {
				sol = weight
			}
			weight *= float64(children)
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range degree[:depth] {
			prob /= float64(d)
		}
		nodes += prob * est
		sols += prob * sol
		walks++
		// The next walk: the deepest choice that can move on does, and
		// the choices below it start again.
		choice, degree = choice[:depth], degree[:depth]
		for len(choice) > 0 && choice[len(choice)-1]+1 == degree[len(degree)-1] {
			choice, degree = choice[:len(choice)-1], degree[:len(degree)-1]
		}
		if len(choice) == 0 {
			return nodes, sols, walks
		}
		choice[len(choice)-1]++
	}
}

// TestEstimatorIsUnbiased checks Knuth's estimator as Probe walks it: the
// exact expectation of its estimates, over every walk, is the number of
// nodes the sequential search counts and the number of solutions it
// finds, on random problems (with multiplicities, where the sparse engine
// abandons choices it lists) and on trees of thousands of nodes.
func TestEstimatorIsUnbiased(t *testing.T) {
	problems := append(randomProblems(100, 9), queens(6), dominoes(4, 4))
	if testtier.Short() {
		problems = problems[50:]
	}
	for _, e := range engines {
		for i, p := range problems {
			whole := sequential(t, e.new(p), nil)
			for _, canonical := range []bool{true, false} {
				if !canonical && e.name == "sparse" {
					continue // its lists change order between walks: the walks cannot be enumerated by place
				}
				nodes, sols, walks := expectation(t, e.new(p), core.Unit{}, canonical)
				if !near(nodes, float64(whole.Counters.Nodes)) || !near(sols, float64(whole.Counters.Solutions)) {
					failf(t, p, "%s, problem %d, canonical %v: %d walks expect %g nodes and %g solutions; the search counts %d and %d",
						e.name, i, canonical, walks, nodes, sols, whole.Counters.Nodes, whole.Counters.Solutions)
				}
			}
		}
	}
}

// near reports whether x is y up to the rounding of sums of products.
func near(x, y float64) bool { return math.Abs(x-y) <= 1e-9*max(1, y) }

// TestSplitEstimates checks the estimator the shard split weighs its units
// with, from a fixed seed: on a tree whose every path looks alike (n items
// of two options each, a complete binary tree), every walk gives the exact
// size; on irregular trees, the mean of many walks lies within four
// standard errors of the size the search counts (deterministic, since the
// seed is fixed).
func TestSplitEstimates(t *testing.T) {
	const n = 10
	var opts [][]int32
	for i := range int32(n) {
		opts = append(opts, []int32{i}, []int32{i})
	}
	binary := problem(n, n, opts)
	for _, e := range engines {
		est, err := drive.KnuthEstimates(e.new(binary), core.Unit{}, 1, 20)
		if err != nil {
			t.Fatal(err)
		}
		for i, x := range est {
			if x != 1<<(n+1)-1 {
				t.Fatalf("%s: walk %d of a complete binary tree of depth %d estimates %g nodes, want %d", e.name, i, n, x, 1<<(n+1)-1)
			}
		}
		for _, tc := range []struct {
			name string
			p    *core.Problem
		}{{"queens 7", queens(7)}, {"dominoes 4x5", dominoes(4, 5)}} {
			whole := sequential(t, e.new(tc.p), nil)
			walks := 1000
			if testtier.Short() {
				walks = 200
			}
			est, err := drive.KnuthEstimates(e.new(tc.p), core.Unit{}, 42, walks)
			if err != nil {
				t.Fatal(err)
			}
			var mean, m2 float64
			for i, x := range est {
				d := x - mean
				mean += d / float64(i+1)
				m2 += d * (x - mean)
			}
			stderr := math.Sqrt(m2 / float64(walks-1) / float64(walks))
			if math.Abs(mean-float64(whole.Counters.Nodes)) > 4*stderr {
				t.Errorf("%s, %s: %d walks estimate %.1f ± %.1f nodes; the search counts %d", e.name, tc.name, walks, mean, stderr, whole.Counters.Nodes)
			}
			t.Logf("%s, %s: %d walks estimate %.1f ± %.1f nodes; the search counts %d", e.name, tc.name, walks, mean, stderr, whole.Counters.Nodes)
		}
	}
}
