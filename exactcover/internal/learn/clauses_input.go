package learn

import "github.com/xcover/xcover/exactcover/internal/core"

// FromClauses returns a solver for a formula in conjunctive normal form:
// nVars variables and no items, constrained by clauses of DIMACS literals
// (±variable, from 1). Solutions list the true variables, from 0.
func FromClauses(nVars int, clauses [][]int32) *Solver {
	p := &core.Problem{Begin: make([]int32, nVars+1)}
	for v := range nVars {
		p.Caller = append(p.Caller, int32(v))
		p.Index = append(p.Index, int32(v))
	}
	s := New(p)
	for _, c := range clauses {
		s.AddClause(c)
	}
	return s
}

// AddClause adds a clause of DIMACS literals for good: the search goes
// back to level 0, and every solution found afterwards satisfies it.
// Callers enumerating solutions projected on some variables add the
// clause that blocks each projection.
func (s *Solver) AddClause(dimacs []int32) {
	s.cancelUntil(0)
	if s.unsat {
		return
	}
	s.learnt = s.learnt[:0]
	for _, d := range dimacs {
		l := 2 * (d - 1)
		if d < 0 {
			l = 2*(-d-1) + 1
		}
		switch {
		case s.litValue(l) == vTrue && s.vars[l>>1].level == 0:
			return // satisfied for good
		case s.litValue(l) == vFalse && s.vars[l>>1].level == 0:
			continue
		}
		dup := false
		for _, m := range s.learnt {
			if m == l {
				dup = true
			}
			if m == l^1 {
				return // a tautology
			}
		}
		if !dup {
			s.learnt = append(s.learnt, l)
		}
	}
	switch len(s.learnt) {
	case 0:
		s.unsat = true
	case 1:
		s.enqueue(s.learnt[0], noReason)
	default:
		// Level 0 was propagated, or will be before the next decision:
		// any two unassigned literals are valid watches.
		s.addClause(s.learnt, len(s.learnt), true)
	}
}
