package learn

import "slices"

// Clone returns an independent copy of s, its assignment, learned clauses,
// activities and phases included, so that two goroutines can go on from
// the same point with different questions (split.go). The problem and the
// item tables that never change are shared.
func (s *Solver) Clone() *Solver {
	c := *s
	c.tally = slices.Clone(s.tally)
	c.lv = slices.Clone(s.lv)
	c.vars = slices.Clone(s.vars)
	c.trail, c.trailLim = slices.Clone(s.trail), slices.Clone(s.trailLim)
	c.narrow, c.wide, c.clauses = slices.Clone(s.narrow), slices.Clone(s.wide), slices.Clone(s.clauses)
	c.watches = make([][]watch, len(s.watches))
	for l, ws := range s.watches {
		c.watches[l] = slices.Clone(ws)
	}
	c.activity = slices.Clone(s.activity)
	c.heap = varHeap{act: c.activity, heap: slices.Clone(s.heap.heap), index: slices.Clone(s.heap.index)}
	c.phase = slices.Clone(s.phase)
	c.seen = slices.Clone(s.seen)
	c.learnt, c.buf, c.stack, c.toclear = nil, nil, nil, nil
	c.levelMark, c.shrinkMark = slices.Clone(s.levelMark), slices.Clone(s.shrinkMark)
	c.conflict, c.cand, c.sol, c.lookPhase, c.reasonBuf, c.picked = nil, nil, nil, nil, nil, nil
	c.ph.target, c.ph.best = slices.Clone(s.ph.target), slices.Clone(s.ph.best)
	c.ph.otherActivity = slices.Clone(s.ph.otherActivity)
	return &c
}
