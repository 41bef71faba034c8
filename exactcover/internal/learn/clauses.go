package learn

import "slices"

// clause is a learned (or blocking) clause: its literals are the arena's
// words start to start+size (arena.go), and it is named by start (cref).
// The first two literals are watched, and when the clause is the reason
// of a literal, that literal is first.
type clause struct {
	start, size int32
	lbd         int32
	activity    float32
	keep        bool // a glue or blocking clause: never deleted
	deleted     bool
	used        bool // a reason in an analysis since the last reduction
}

// watch is an entry of a literal's watch list: a clause watching it, and
// a literal of the clause (the blocker) whose truth spares a visit.
type watch struct {
	cref    int32
	blocker lit
}

// addClause stores lits (two or more) as a clause watched by its first two
// literals and returns its index.
func (s *Solver) addClause(lits []lit, lbd int, keep bool) int32 {
	var cref int32
	if s.wideArena {
		s.wide, cref = appendClause(s.wide, len(s.clauses), lits)
	} else {
		s.narrow, cref = appendClause(s.narrow, len(s.clauses), lits)
	}
	s.clauses = append(s.clauses, clause{
		start: cref, size: int32(len(lits)), lbd: int32(lbd),
		activity: s.clauseInc, keep: keep,
	})
	s.watches[lits[0]] = append(s.watches[lits[0]], watch{cref, lits[1]})
	s.watches[lits[1]] = append(s.watches[lits[1]], watch{cref, lits[0]})
	if !keep {
		s.nRemove++
	}
	s.stats.Kept++
	return cref
}

// bumpClause raises clause c's activity (used as a tie-break between
// clauses of the same LBD when reducing).
func (s *Solver) bumpClause(cref int32) {
	cl := s.clauseOf(cref)
	cl.used = true
	cl.activity += s.clauseInc
	if cl.activity > 1e20 {
		for i := range s.clauses {
			s.clauses[i].activity *= 1e-20
		}
		s.clauseInc *= 1e-20
	}
}

func (s *Solver) decayClauses() { s.clauseInc /= clauseDecay }

// shouldReduce reports whether the database is due for a reduction.
func (s *Solver) shouldReduce() bool {
	return s.nRemove > s.maxRemove || s.arenaLen() > MaxLearnedLiterals
}

// reduce deletes the worse half of the removable clauses (highest LBD,
// then lowest activity), those satisfied at level 0, and compacts the
// arena. It runs at any level: a clause that is the reason of a literal
// on the trail (locked) is kept, and compact renumbers the reasons.
func (s *Solver) reduce() {
	overBudget := s.arenaLen() > MaxLearnedLiterals
	cand := s.cand[:0]
	for c := range s.clauses {
		cl := &s.clauses[c]
		switch {
		case s.locked(cl):
		case s.satisfiedAtRoot(cl):
			cl.deleted = true
		case cl.used && cl.lbd <= usedLBD && !overBudget:
			cl.used = false // kept this time; next time only if used again
		case !cl.keep || overBudget:
			cand = append(cand, int32(c))
		}
	}
	s.cand = cand
	slices.SortFunc(cand, func(a, b int32) int {
		ca, cb := &s.clauses[a], &s.clauses[b]
		if ca.lbd != cb.lbd {
			return int(cb.lbd - ca.lbd)
		}
		switch {
		case ca.activity < cb.activity:
			return -1
		case ca.activity > cb.activity:
			return 1
		}
		return 0
	})
	for _, c := range cand[:len(cand)/2] {
		s.clauses[c].deleted = true
	}
	s.compact()
	s.maxRemove += s.sched.reduceStep
}

func (s *Solver) satisfiedAtRoot(cl *clause) bool {
	for t := cl.start; t < cl.start+cl.size; t++ {
		if l := s.at(t); s.litValue(l) == vTrue && s.vars[l>>1].level == 0 {
			return true
		}
	}
	return false
}

// locked reports whether cl is the reason of its first literal, above
// level 0 (reasons at level 0 are never explained).
func (s *Solver) locked(cl *clause) bool {
	v := s.at(cl.start) >> 1
	return s.litValue(2*v) != unset && s.vars[v].level > 0 && s.vars[v].reason == int32(s.p.NItems)+cl.start
}

// compact drops deleted clauses, renumbers the rest and rebuilds the
// watch lists (the watched literals stay the first two of each clause).
func (s *Solver) compact() {
	ni := int32(s.p.NItems)
	for v := range s.vars { // level-0 reasons are never explained
		if s.vars[v].reason >= ni && (s.litValue(2*lit(v)) == unset || s.vars[v].level == 0) {
			s.vars[v].reason = noReason
		}
	}
	for l := range s.watches {
		s.watches[l] = s.watches[l][:0]
	}
	if s.wideArena {
		s.wide = compactArena(s, s.wide)
	} else {
		s.narrow = compactArena(s, s.narrow)
	}
}

// compactArena moves the clauses of arena a not deleted down over the
// deleted ones, renumbering them and the reasons that name them, and
// watches them again. It returns the arena.
func compactArena[W word](s *Solver, a []W) []W {
	ni := int32(s.p.NItems)
	arena, kept := a[:0], s.clauses[:0]
	s.nRemove = 0
	for _, cl := range s.clauses {
		if cl.deleted {
			s.stats.Deleted++
			s.stats.Kept--
			continue
		}
		pos := a[cl.start+posWord]
		lits := a[cl.start : cl.start+cl.size]
		// The header goes at or before the old one, and the literals
		// move down: nothing unread is overwritten.
		arena = appendHeader(arena, len(kept), pos, W(cl.size))
		if v := lits[0] >> 1; s.vars[v].reason == ni+cl.start {
			s.vars[v].reason = ni + int32(len(arena)) // locked: its literal moves with it
		}
		cl.start = int32(len(arena))
		arena = append(arena, lits...)
		lits = arena[cl.start:]
		kept = append(kept, cl)
		s.watches[lits[0]] = append(s.watches[lits[0]], watch{cl.start, lit(lits[1])})
		s.watches[lits[1]] = append(s.watches[lits[1]], watch{cl.start, lit(lits[0])})
		if !cl.keep {
			s.nRemove++
		}
	}
	s.clauses = kept
	return arena
}
