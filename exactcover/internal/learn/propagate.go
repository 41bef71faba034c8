package learn

// count adds d times literal l to the counters of items, items of its
// option: +1 for the items propagateItems has reached, -1 when
// cancelUntil takes the literal back.
func (s *Solver) count(l lit, items []int32, d int32) {
	tally := s.tally
	if l&1 == 0 {
		for _, i := range items {
			tally[i].nTrue += d
		}
	} else {
		for _, i := range items {
			tally[i].free -= d
		}
	}
}

// propagate processes the trail from qhead: the items of each literal's
// option, then the learned clauses watching its negation. It returns false
// at a conflict, whose clause (every literal false) is then in s.conflict.
func (s *Solver) propagate() bool {
	for s.qhead < len(s.trail) {
		l := s.trail[s.qhead]
		s.qhead++
		s.stats.Propagations++
		if !s.propagateItems(l) || !s.propagateClauses(l) {
			return false
		}
	}
	return true
}

// propagateItems adds literal l, taken off the trail, to the counters of
// its option's items and applies their constraints. Each item is counted
// and checked in one pass; at a conflict, the items not reached yet are
// counted too, since cancelUntil takes back every item of a literal
// propagated.
func (s *Solver) propagateItems(l lit) bool {
	k := l >> 1
	p := s.p
	items := p.Items[p.Begin[k]:p.Begin[k+1]]
	tally := s.tally
	if l&1 == 1 { // k not taken: the first case by far
		nPrimary := int32(p.NPrimary)
		for t, i := range items {
			c := &tally[i]
			c.free--
			if i >= nPrimary || c.free > c.lo {
				continue
			}
			if c.free < c.lo {
				s.conflictItem(i, false)
				s.count(l, items[t+1:], 1)
				return false
			}
			if c.nTrue < c.free { // the options not false must all be taken
				s.forceItem(i, 0, i)
			}
		}
		return true
	}
	for t, i := range items { // k taken
		c := &tally[i]
		c.nTrue++
		ok := true
		switch {
		case s.colored[i]:
			ok = s.excludeColors(i, k, s.useColor[int(p.Begin[k])+t])
		case c.nTrue > c.hi:
			s.conflictItem(i, true)
			ok = false
		case c.nTrue == c.hi && c.free > c.nTrue: // no other may be taken
			why := i
			if c.hi == 1 {
				why = takenBy(k)
			}
			s.forceItem(i, 1, why)
		}
		if !ok {
			s.count(l, items[t+1:], 1)
			return false
		}
	}
	return true
}

// forceItem asserts literal 2j+neg of every unassigned option j of item i:
// taken (neg 0) or not (neg 1), with reason why.
func (s *Solver) forceItem(i int32, neg lit, why int32) {
	for _, j := range s.occ[s.occStart[i]:s.occStart[i+1]] {
		if s.litValue(2*j) == unset {
			s.enqueue(2*j+neg, why)
		}
	}
}

// compatible reports whether two uses of a secondary item, with colors c
// and d (0: none), may both be in a solution.
func compatible(c, d int32) bool { return c != 0 && c == d }

// excludeColors makes false every option that uses item i incompatibly
// with option k's use, of color c; a true one is a conflict.
func (s *Solver) excludeColors(i, k, c int32) bool {
	lo, hi := s.occStart[i], s.occStart[i+1]
	for u := lo; u < hi; u++ {
		j := s.occ[u]
		if j == k || compatible(c, s.occColor[u]) {
			continue
		}
		switch s.litValue(2 * j) {
		case vTrue:
			s.conflict = append(s.conflict[:0], 2*k+1, 2*j+1)
			return false
		case unset:
			s.enqueue(2*j+1, i)
		}
	}
	return true
}

// propagateClauses visits the learned clauses that watch ¬l, which has
// just become false, finding each a new watch or propagating its other
// watched literal (Chaff's scheme, with MiniSat's blocking literal).
func (s *Solver) propagateClauses(l lit) bool {
	if s.wideArena {
		return propagateClausesIn(s, s.wide, l)
	}
	return propagateClausesIn(s, s.narrow, l)
}

// propagateClausesIn is propagateClauses on arena a. The search for a new
// watch starts where the clause's last one stopped and wraps around (Gent,
// "Optimal implementation of watched literals and more general
// techniques", JAIR 2013): in a long clause most literals are false, and
// those before the last stop were false then and mostly still are. A true
// literal found there becomes the watch's blocker, and the watch stays
// (as in CaDiCaL): the clause is satisfied, and no other list is touched.
func propagateClausesIn[W word](s *Solver, a []W, l lit) bool {
	falseLit := l ^ 1
	ws := s.watches[falseLit]
	j := 0
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if s.litValue(w.blocker) == vTrue {
			ws[j] = w
			j++
			continue
		}
		lits := a[w.cref : w.cref+int32(a[w.cref+sizeWord])]
		if lit(lits[0]) == falseLit {
			lits[0], lits[1] = lits[1], W(falseLit)
		}
		first := lit(lits[0])
		if first != w.blocker && s.litValue(first) == vTrue {
			ws[j] = watch{w.cref, first}
			j++
			continue
		}
		if t := nonFalse(s, lits, int(a[w.cref+posWord])); t > 0 {
			a[w.cref+posWord] = W(t)
			if r := lit(lits[t]); s.litValue(r) == vTrue {
				ws[j] = watch{w.cref, r}
				j++
				continue
			}
			lits[1], lits[t] = lits[t], W(falseLit)
			s.watches[lits[1]] = append(s.watches[lits[1]], watch{w.cref, first})
			continue
		}
		ws[j] = watch{w.cref, first}
		j++
		if s.litValue(first) == vFalse {
			s.conflict = appendLits(s.conflict[:0], lits)
			j += copy(ws[j:], ws[i+1:])
			s.watches[falseLit] = ws[:j]
			return false
		}
		s.enqueue(first, int32(s.p.NItems)+w.cref)
	}
	s.watches[falseLit] = ws[:j]
	return true
}

// nonFalse returns the index of a literal of lits beyond the two watched
// that is not false, searching from pos to the end and then from the
// first unwatched, or 0 if there is none.
func nonFalse[W word](s *Solver, lits []W, pos int) int {
	for t := pos; t < len(lits); t++ {
		if s.litValue(lit(lits[t])) != vFalse {
			return t
		}
	}
	for t := firstUnwatched; t < pos; t++ {
		if s.litValue(lit(lits[t])) != vFalse {
			return t
		}
	}
	return 0
}
