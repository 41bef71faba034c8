package learn

import "slices"

// The reasons of item constraints are not stored as clauses: explain
// rebuilds the clause behind an implied literal from the trail, taking
// the options of the item assigned before it (which are still assigned
// as they were, since assignments are undone newest first).

// explain puts into s.buf the other literals (all false) of the reason
// clause of option v's assignment.
func (s *Solver) explain(v int32) {
	r := s.vars[v].reason
	s.buf = s.buf[:0]
	if r < noReason {
		s.buf = append(s.buf, 2*takenBy(r)+1) // takenBy is its own inverse
		return
	}
	if r >= int32(s.p.NItems) {
		cref := r - int32(s.p.NItems)
		s.buf = s.appendClauseLits(s.buf, cref, 1)
		return
	}
	i := r
	opts := s.occ[s.occStart[i]:s.occStart[i+1]]
	before := s.vars[v].pos
	if s.litValue(2*v) == vTrue { // at least lo: the others are false
		for _, j := range opts {
			if j != v && s.litValue(2*j) == vFalse && s.vars[j].pos < before {
				s.buf = append(s.buf, 2*j)
			}
		}
		s.smallest(int(int32(len(opts)) - s.tally[i].lo))
		return
	}
	if s.colored[i] { // one true option whose use is incompatible with v's
		c := s.colorOf(i, v)
		best := int32(-1)
		for u := s.occStart[i]; u < s.occStart[i+1]; u++ {
			j := s.occ[u]
			if j != v && s.litValue(2*j) == vTrue && s.vars[j].pos < before && !compatible(c, s.occColor[u]) &&
				(best < 0 || s.vars[j].pos < s.vars[best].pos) {
				best = j
			}
		}
		s.buf = append(s.buf, 2*best+1)
		return
	}
	for _, j := range opts { // at most hi: hi others are true
		if s.litValue(2*j) == vTrue && s.vars[j].pos < before {
			s.buf = append(s.buf, 2*j+1)
		}
	}
	s.smallest(int(s.tally[i].hi))
}

// colorOf returns the color of option v's use of item i.
func (s *Solver) colorOf(i, v int32) int32 {
	for u := s.occStart[i]; u < s.occStart[i+1]; u++ {
		if s.occ[u] == v {
			return s.occColor[u]
		}
	}
	return 0
}

// smallest keeps in s.buf the need literals assigned first: any need of
// them make a reason, and the oldest tend to give shorter learned clauses.
func (s *Solver) smallest(need int) {
	if len(s.buf) <= need {
		return
	}
	slices.SortFunc(s.buf, func(a, b lit) int { return int(s.vars[a>>1].pos - s.vars[b>>1].pos) })
	s.buf = s.buf[:need]
}

// conflictItem puts into s.conflict the clause that item i violates: too
// many of its options true (hi+1 of them) or too many false (all but lo-1).
func (s *Solver) conflictItem(i int32, tooMany bool) {
	opts := s.occ[s.occStart[i]:s.occStart[i+1]]
	s.buf = s.buf[:0]
	if tooMany {
		for _, j := range opts {
			if s.litValue(2*j) == vTrue {
				s.buf = append(s.buf, 2*j+1)
			}
		}
		s.smallest(int(s.tally[i].hi) + 1)
	} else {
		for _, j := range opts {
			if s.litValue(2*j) == vFalse {
				s.buf = append(s.buf, 2*j)
			}
		}
		s.smallest(len(opts) - int(s.tally[i].lo) + 1)
	}
	s.conflict = append(s.conflict[:0], s.buf...)
}

// analyze turns the conflict in s.conflict into a learned clause in
// s.learnt, asserting its first literal (the negation of the first unique
// implication point), with the literal of the highest other level second.
// It returns the level to go back to and the clause's LBD.
func (s *Solver) analyze() (back int32, lbd int) {
	s.learnt = append(s.learnt[:0], 0)
	cur := s.decisionLevel()
	pathC := 0
	idx := len(s.trail) - 1
	lits := s.conflict
	var p lit
	for {
		for _, q := range lits {
			v := q >> 1
			if s.seen[v] != 0 || s.vars[v].level == 0 {
				continue
			}
			s.bumpVar(v)
			s.seen[v] = 1
			if s.vars[v].level >= cur {
				pathC++
			} else {
				s.learnt = append(s.learnt, q)
			}
		}
		for s.seen[s.trail[idx]>>1] == 0 {
			idx--
		}
		p = s.trail[idx]
		idx--
		v := p >> 1
		s.seen[v] = 0
		pathC--
		if pathC == 0 {
			break
		}
		if r := s.vars[v].reason; r >= int32(s.p.NItems) {
			s.bumpClause(r - int32(s.p.NItems))
		}
		s.explain(v)
		lits = s.buf
	}
	s.learnt[0] = p ^ 1
	abstract := s.minimize()
	s.shrink(abstract)
	for _, q := range s.toclear {
		s.seen[q>>1] = 0
	}
	if s.restart.stable {
		s.bumpReasons()
	}

	back = 0
	if len(s.learnt) > 1 {
		m := 1
		for t := 2; t < len(s.learnt); t++ {
			if s.vars[s.learnt[t]>>1].level > s.vars[s.learnt[m]>>1].level {
				m = t
			}
		}
		s.learnt[1], s.learnt[m] = s.learnt[m], s.learnt[1]
		back = s.vars[s.learnt[1]>>1].level
	}
	return back, s.lbd(s.learnt)
}

// Marks of seen beside 1 (in the learned clause, or implied by it).
const (
	// poison marks a literal known not to be implied by the clause.
	poison = 2
	// maxMinimizeDepth bounds the reasons followed back from a literal
	// of the clause (the recursion's depth); past it, a literal counts as
	// not implied, which is safe (the clause keeps it).
	maxMinimizeDepth = 1000
)

// minimize removes from s.learnt the literals implied by the others
// (recursive minimization). The marks analyze left, and those of the
// literals found implied or not (poison), stay set, listed in s.toclear.
// It returns the clause's abstract levels.
func (s *Solver) minimize() uint32 {
	s.toclear = append(s.toclear[:0], s.learnt...)
	var abstract uint32
	for _, q := range s.learnt[1:] {
		abstract |= s.abstractLevel(q >> 1)
	}
	j := 1
	for _, q := range s.learnt[1:] {
		if s.vars[q>>1].reason == noReason || !s.reasonImplied(q>>1, abstract, 0) {
			s.learnt[j] = q
			j++
		}
	}
	s.learnt = s.learnt[:j]
	return abstract
}

func (s *Solver) abstractLevel(v int32) uint32 { return 1 << (uint32(s.vars[v].level) & 31) }

// reasonImplied reports whether the literals of option v's reason are all
// implied by the clause being learned, following reasons back (MiniSat's
// recursive minimization: a literal of the clause whose reason is implied
// is redundant). Each literal it reaches is marked, implied (seen 1) or
// not (poison), so that no other literal's test goes down the same way
// again (as CaDiCaL does).
func (s *Solver) reasonImplied(v int32, abstract uint32, depth int) bool {
	from := len(s.stack)
	s.explain(v)
	s.stack = append(s.stack, s.buf...)
	to := len(s.stack)
	ok := true
	for t := from; t < to && ok; t++ {
		ok = s.impliedLit(s.stack[t], abstract, depth+1)
	}
	s.stack = s.stack[:from]
	return ok
}

// impliedLit reports whether false literal l is implied by the clause
// being learned: of level 0, in the clause or marked implied, or with a
// reason, on one of the clause's levels, whose literals are implied. It
// marks l implied or poison, adding it to s.toclear.
func (s *Solver) impliedLit(l lit, abstract uint32, depth int) bool {
	v := l >> 1
	switch {
	case s.vars[v].level == 0 || s.seen[v] == 1:
		return true
	case s.seen[v] == poison:
		return false
	}
	ok := s.vars[v].reason != noReason && s.abstractLevel(v)&abstract != 0 && depth < maxMinimizeDepth &&
		s.reasonImplied(v, abstract, depth)
	s.seen[v] = poison
	if ok {
		s.seen[v] = 1
	}
	s.toclear = append(s.toclear, l)
	return ok
}

// lbd returns the number of distinct decision levels among lits.
func (s *Solver) lbd(lits []lit) int {
	s.markStamp++
	n := 0
	for _, l := range lits {
		lv := s.vars[l>>1].level
		if s.levelMark[lv] != s.markStamp {
			s.levelMark[lv] = s.markStamp
			n++
		}
	}
	return n
}

// bumpReasons bumps the options in the reasons of the learned clause's
// literals (reason-side bumping, as CaDiCaL and Kissat do in stable mode):
// they took part in the conflict one step further away.
func (s *Solver) bumpReasons() {
	for _, q := range s.learnt[1:] {
		s.seen[q>>1] = 1
	}
	s.toclear = s.toclear[:0]
	for _, q := range s.learnt {
		v := q >> 1
		if s.vars[v].reason == noReason {
			continue
		}
		s.explain(v)
		for _, l := range s.buf {
			u := l >> 1
			if s.seen[u] != 0 || s.vars[u].level == 0 {
				continue
			}
			s.seen[u] = 1
			s.toclear = append(s.toclear, l)
			s.bumpVar(u)
		}
	}
	for _, q := range s.learnt[1:] {
		s.seen[q>>1] = 0
	}
	for _, q := range s.toclear {
		s.seen[q>>1] = 0
	}
}
