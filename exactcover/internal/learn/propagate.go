package learn

// count adds literal l, taken off the trail by propagate, to the counters
// of its option's items.
func (s *Solver) count(l lit) {
	k := l >> 1
	items := s.p.Items[s.p.Begin[k]:s.p.Begin[k+1]]
	if l&1 == 0 {
		for _, i := range items {
			s.nTrue[i]++
		}
	} else {
		for _, i := range items {
			s.nFalse[i]++
		}
	}
}

// uncount takes back count(l).
func (s *Solver) uncount(l lit) {
	k := l >> 1
	items := s.p.Items[s.p.Begin[k]:s.p.Begin[k+1]]
	if l&1 == 0 {
		for _, i := range items {
			s.nTrue[i]--
		}
	} else {
		for _, i := range items {
			s.nFalse[i]--
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
		s.count(l)
		if !s.propagateItems(l) || !s.propagateClauses(l) {
			return false
		}
	}
	return true
}

// propagateItems applies the constraints of the items of l's option.
func (s *Solver) propagateItems(l lit) bool {
	k := l >> 1
	p := s.p
	for t := p.Begin[k]; t < p.Begin[k+1]; t++ {
		i := p.Items[t]
		opts := s.occ[s.occStart[i]:s.occStart[i+1]]
		if l&1 == 0 { // k taken
			if s.colored[i] {
				if !s.excludeColors(i, k, s.useColor[t]) {
					return false
				}
				continue
			}
			switch nt := s.nTrue[i]; {
			case nt > s.hi[i]:
				s.conflictItem(i, true)
				return false
			case nt == s.hi[i] && int32(len(opts))-s.nFalse[i] > nt:
				for _, j := range opts {
					if s.value[j] == unset {
						s.enqueue(2*j+1, i)
					}
				}
			}
		} else if int(i) < p.NPrimary { // k not taken
			switch left := int32(len(opts)) - s.nFalse[i]; {
			case left < s.lo[i]:
				s.conflictItem(i, false)
				return false
			case left == s.lo[i] && s.nTrue[i] < left:
				for _, j := range opts {
					if s.value[j] == unset {
						s.enqueue(2*j, i)
					}
				}
			}
		}
	}
	return true
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
		switch s.value[j] {
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
		lits := s.arena[w.cref : w.cref+s.arena[w.cref-1]]
		if lits[0] == falseLit {
			lits[0], lits[1] = lits[1], falseLit
		}
		first := lits[0]
		if first != w.blocker && s.litValue(first) == vTrue {
			ws[j] = watch{w.cref, first}
			j++
			continue
		}
		moved := false
		for t := 2; t < len(lits); t++ {
			if s.litValue(lits[t]) != vFalse {
				lits[1], lits[t] = lits[t], falseLit
				s.watches[lits[1]] = append(s.watches[lits[1]], watch{w.cref, first})
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[j] = watch{w.cref, first}
		j++
		if s.litValue(first) == vFalse {
			s.conflict = append(s.conflict[:0], lits...)
			j += copy(ws[j:], ws[i+1:])
			s.watches[falseLit] = ws[:j]
			return false
		}
		s.enqueue(first, int32(s.p.NItems)+w.cref)
	}
	s.watches[falseLit] = ws[:j]
	return true
}
