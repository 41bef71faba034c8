package learn

import "github.com/xcover/xcover/exactcover/internal/core"

// NewHurried compiles p with every periodic step (mode switches, stable
// restarts, rephasing, reductions of the learned clauses) due after a few
// conflicts, so that the tests on small problems go through all of them.
func NewHurried(p *core.Problem) *Solver {
	s := New(p)
	s.setSchedule(schedule{modeFirst: 3, lubyUnit: 2, rephase: 2, reduceFirst: 3, reduceStep: 1})
	s.firstBudget, s.splitBudget = 5, 3
	return s
}

// NewHurriedWide is NewHurried with the 32-bit clause arena of problems
// whose literals do not fit in 16 bits (arena.go), so that the tests' small
// problems go through it too.
func NewHurriedWide(p *core.Problem) *Solver {
	s := NewHurried(p)
	s.wideArena = true
	return s
}

// SetSplit sets SolveSplit's conflicts before the first split and
// between splits.
func (s *Solver) SetSplit(first, every int64) { s.firstBudget, s.splitBudget = first, every }

// OnLearn sets a function that sees each clause learned, after
// minimization and shrinking (not the clauses that block solutions), its
// literals as caller option indices k: k+1 for "k taken", -(k+1) for "k
// not taken".
func (s *Solver) OnLearn(f func(clause []int)) {
	s.learned = func(lits []lit) {
		c := make([]int, len(lits))
		for i, l := range lits {
			k := int(s.p.Caller[l>>1]) + 1
			if l&1 == 1 {
				k = -k
			}
			c[i] = k
		}
		f(c)
	}
}
