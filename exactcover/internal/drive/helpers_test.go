package drive_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// engines are the engines the drivers are checked with: both take colors
// and multiplicities, and both have trees that do not depend on history
// under Knuth's rule, so that every division of a search counts the same.
var engines = []struct {
	name string
	new  func(*core.Problem) core.Engine
}{
	{"dlx", func(p *core.Problem) core.Engine { return dlx.New(p) }},
	{"sparse", func(p *core.Problem) core.Engine { return core.New[sparse.Engine](p) }},
}

// problem compiles options (lists of items, primary first) over nPrimary
// primary and nItems items in all, keeping every option.
func problem(nPrimary, nItems int, options [][]int32) *core.Problem {
	p := &core.Problem{NPrimary: nPrimary, NItems: nItems, Begin: []int32{0}}
	for k, o := range options {
		p.Items = append(p.Items, o...)
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller = append(p.Caller, int32(k))
		p.Index = append(p.Index, int32(k))
	}
	return p
}

// dominoes is the tiling of an m×n board by dominoes: an item per cell,
// an option per domino. Its solutions are counted in OEIS A004003 and
// A099390 (4×4: 36, 4×5: 95, 4×6: 281, 5×6: 1,183, 6×6: 6,728).
func dominoes(m, n int) *core.Problem {
	var opts [][]int32
	for r := range m {
		for c := range n {
			cell := int32(r*n + c)
			if c+1 < n {
				opts = append(opts, []int32{cell, cell + 1})
			}
			if r+1 < m {
				opts = append(opts, []int32{cell, cell + int32(n)})
			}
		}
	}
	return problem(m*n, m*n, opts)
}

// queens is the n-queens problem as Knuth poses it: rows and columns
// primary, diagonals secondary. Its solutions are counted in OEIS
// A000170 (6: 4, 7: 40, 8: 92).
func queens(n int) *core.Problem {
	var opts [][]int32
	diag := int32(2 * n)
	for r := range n {
		for c := range n {
			opts = append(opts, []int32{int32(r), int32(n + c), diag + int32(r+c), diag + int32(2*n-1) + int32(r-c+n-1)})
		}
	}
	return problem(2*n, 2*n+2*(2*n-1), opts)
}

// solutionKey writes a solution as its sorted caller indices, as
// enginetest.BruteForce writes the solutions it finds.
func solutionKey(sol []int) string {
	s := slices.Clone(sol)
	slices.Sort(s)
	return fmt.Sprint(s)
}

// collector gathers the solutions a search visits; visit is safe for
// concurrent use, as Run's workers call it.
type collector struct {
	mu   sync.Mutex
	sols []string
}

func (c *collector) visit(sol []int) bool {
	c.mu.Lock()
	c.sols = append(c.sols, solutionKey(sol))
	c.mu.Unlock()
	return true
}

// sorted returns the solutions visited, sorted.
func (c *collector) sorted() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Sorted(slices.Values(c.sols))
}

// bruteForceWith returns the solutions of p that use every option of
// partial (compiled indices, which are the caller's in the problems
// here), as enginetest.BruteForce writes them: every subset of options is
// tried against the definition (enginetest.Validator).
func bruteForceWith(p *core.Problem, partial []int) []string {
	var found []string
	n := p.NumOptions()
	need := 0
	for _, k := range partial {
		need |= 1 << k
	}
	solves := enginetest.Validator(p)
	chosen := make([]int, 0, n)
	for mask := 0; mask < 1<<n; mask++ {
		if mask&need != need {
			continue
		}
		chosen = chosen[:0]
		for k := range n {
			if mask&(1<<k) != 0 {
				chosen = append(chosen, k)
			}
		}
		if solves(chosen) {
			found = append(found, solutionKey(chosen))
		}
	}
	slices.Sort(found)
	return found
}

// randomProblems returns n small random problems (enginetest.Random), with
// multiplicities in every other one, drawn from a fixed seed.
func randomProblems(n int, seed uint64) []*core.Problem {
	r := rand.New(rand.NewPCG(seed, 35))
	ps := make([]*core.Problem, n)
	for i := range ps {
		ps[i] = enginetest.Random(r, i%2 == 1)
	}
	return ps
}

// sum returns the sum of a profile.
func sum(profile []int64) int64 {
	var s int64
	for _, n := range profile {
		s += n
	}
	return s
}

// failf reports a problem's failure with the problem written out.
func failf(t testing.TB, p *core.Problem, format string, args ...any) {
	t.Helper()
	t.Fatalf(format+"\n%s", append(args, enginetest.Describe(p))...)
}
