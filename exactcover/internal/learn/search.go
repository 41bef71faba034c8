package learn

import "github.com/xcover/xcover/exactcover/internal/core"

// Solve searches for solutions, calling visit with each (the caller's
// option indices, in a buffer valid until visit returns) and blocking it,
// until none is left, visit returns false, or a limit stops the search.
// It may be called again to go on: the solutions found stay blocked and
// the clauses learned stay learned.
func (s *Solver) Solve(lim Limits, visit func(solution []int) bool) core.Status {
	startConflicts := s.stats.Conflicts
	startSolutions := s.stats.Solutions
	nextPoll := s.stats.Propagations + PollPropagations
	pollConflicts := s.stats.Conflicts + PollConflicts
	for {
		if s.unsat {
			return core.Complete
		}
		s.restart.start()
		for {
			if !s.propagate() {
				s.stats.Conflicts++
				d := s.decisionLevel()
				if d == 0 {
					s.unsat = true
					return core.Complete
				}
				s.ph.noConflictUntil = int(s.trailLim[d-1])
				back, lbd := s.analyze()
				s.updatePhases()
				s.cancelUntil(back)
				s.learn(lbd)
				s.restart.conflict(lbd)
				s.decayVars()
				s.decayClauses()
				if s.shouldReduce() {
					s.reduce()
				}
				if lim.MaxConflicts > 0 && s.stats.Conflicts-startConflicts >= lim.MaxConflicts {
					return core.NodeLimit
				}
				if s.stats.Conflicts >= pollConflicts {
					pollConflicts = s.stats.Conflicts + PollConflicts
					if lim.Stop != nil && lim.Stop(&s.stats) {
						return core.Interrupted
					}
				}
				continue
			}
			if s.stats.Propagations >= nextPoll {
				nextPoll = s.stats.Propagations + PollPropagations
				if lim.Stop != nil && lim.Stop(&s.stats) {
					return core.Interrupted
				}
			}
			s.ph.noConflictUntil = len(s.trail)
			if s.restart.due() || s.stats.Conflicts >= s.ph.modeSwitchAt {
				break // restart
			}
			d := s.pickBranch()
			if d < 0 {
				s.stats.Solutions++
				more := visit == nil || visit(s.solution())
				if lim.MaxSolutions > 0 && s.stats.Solutions-startSolutions >= lim.MaxSolutions {
					more = false
				}
				s.block()
				if !more {
					return core.Stopped
				}
				if s.unsat {
					return core.Complete
				}
				continue
			}
			s.decide(d)
		}
		s.updatePhases()
		s.cancelUntil(0)
		s.stats.Restarts++
		if s.stats.Conflicts >= s.ph.modeSwitchAt {
			s.switchMode()
		}
		if s.stats.Conflicts >= s.ph.rephaseAt {
			s.rephase()
		}
	}
}

// decide opens a new decision level with l.
func (s *Solver) decide(l lit) {
	s.stats.Decisions++
	s.trailLim = append(s.trailLim, int32(len(s.trail)))
	s.enqueue(l, noReason)
}

// learn adds the clause analyze left in s.learnt, at the level analyze
// chose, and asserts its first literal.
func (s *Solver) learn(lbd int) {
	s.stats.Learned++
	if s.learned != nil {
		s.learned(s.learnt)
	}
	if len(s.learnt) == 1 {
		s.enqueue(s.learnt[0], noReason)
		return
	}
	cref := s.addClause(s.learnt, lbd, lbd <= glueLBD)
	s.enqueue(s.learnt[0], int32(s.p.NItems)+cref)
}

// solution returns the options taken, as the caller's indices.
func (s *Solver) solution() []int {
	s.sol = s.sol[:0]
	for v := range s.nVars {
		if s.litValue(2*lit(v)) == vTrue {
			s.sol = append(s.sol, int(s.p.Caller[v]))
		}
	}
	return s.sol
}

// block adds the clause that negates the current decisions: they imply
// the whole assignment, so it rules out this solution and no other. The
// search goes back to the level below the last decision, where the
// clause asserts the negation of that decision. From then on the search
// stays in stable mode (afterSolution, mode.go).
func (s *Solver) block() {
	d := s.decisionLevel()
	if d == 0 {
		s.unsat = true // the solution was forced: there is no other
		return
	}
	s.learnt = s.learnt[:0]
	for lv := d - 1; lv >= 0; lv-- {
		s.learnt = append(s.learnt, s.trail[s.trailLim[lv]]^1)
	}
	s.afterSolution()
	s.cancelUntil(d - 1)
	if len(s.learnt) == 1 {
		s.enqueue(s.learnt[0], noReason)
		return
	}
	cref := s.addClause(s.learnt, len(s.learnt), true)
	s.enqueue(s.learnt[0], int32(s.p.NItems)+cref)
}
