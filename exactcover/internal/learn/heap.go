package learn

// varHeap is a binary max-heap of options by activity, the unassigned ones
// (and some assigned ones, skipped when popped), for EVSIDS branching.
type varHeap struct {
	act   []float64
	heap  []int32
	index []int32 // position in heap, -1 when absent
}

func (h *varHeap) init(act []float64, n int) {
	h.act = act
	h.heap = make([]int32, 0, n)
	h.index = make([]int32, n)
	for v := range n {
		h.index[v] = int32(v)
		h.heap = append(h.heap, int32(v))
	}
}

// rebuild makes the heap hold every option, ordered by act.
func (h *varHeap) rebuild(act []float64) {
	h.act = act
	h.heap = h.heap[:0]
	for v := range h.index {
		h.index[v] = int32(v)
		h.heap = append(h.heap, int32(v))
	}
	for i := len(h.heap)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *varHeap) contains(v int32) bool { return h.index[v] >= 0 }

func (h *varHeap) less(a, b int32) bool { return h.act[a] > h.act[b] }

func (h *varHeap) up(i int) {
	v := h.heap[i]
	for i > 0 {
		parent := (i - 1) >> 1
		if !h.less(v, h.heap[parent]) {
			break
		}
		h.heap[i] = h.heap[parent]
		h.index[h.heap[i]] = int32(i)
		i = parent
	}
	h.heap[i] = v
	h.index[v] = int32(i)
}

func (h *varHeap) down(i int) {
	v := h.heap[i]
	n := len(h.heap)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h.less(h.heap[c+1], h.heap[c]) {
			c++
		}
		if !h.less(h.heap[c], v) {
			break
		}
		h.heap[i] = h.heap[c]
		h.index[h.heap[i]] = int32(i)
		i = c
	}
	h.heap[i] = v
	h.index[v] = int32(i)
}

func (h *varHeap) insert(v int32) {
	h.index[v] = int32(len(h.heap))
	h.heap = append(h.heap, v)
	h.up(len(h.heap) - 1)
}

// increased restores the heap after v's activity grew.
func (h *varHeap) increased(v int32) {
	if i := h.index[v]; i >= 0 {
		h.up(int(i))
	}
}

func (h *varHeap) empty() bool { return len(h.heap) == 0 }

func (h *varHeap) pop() int32 {
	v := h.heap[0]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.index[v] = -1
	if len(h.heap) > 0 {
		h.heap[0] = last
		h.index[last] = 0
		h.down(0)
	}
	return v
}

// bumpVar raises v's activity by the current increment, rescaling every
// activity when they grow too large for float64 to keep their order.
func (s *Solver) bumpVar(v int32) {
	s.activity[v] += s.varInc
	if s.activity[v] > 1e100 {
		for u := range s.activity {
			s.activity[u] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	s.heap.increased(v)
}

// decayVars makes later bumps count more than earlier ones.
func (s *Solver) decayVars() { s.varInc /= s.decay() }

// pickBranch returns the option to decide, with its decision phase
// (mode.go), or -1 when all are assigned: of the branchCandidates
// unassigned options of highest activity, the one with an item that has
// the fewest options left open (as the enumerating engines branch on the
// item with the fewest), the most active of those on a tie.
func (s *Solver) pickBranch() lit {
	picked := s.picked[:0]
	for !s.heap.empty() && len(picked) < branchCandidates {
		if v := s.heap.pop(); s.litValue(2*v) == unset {
			picked = append(picked, v)
		}
	}
	s.picked = picked
	if len(picked) == 0 {
		return -1
	}
	best, fewest := picked[0], s.fewestOpen(picked[0])
	for _, v := range picked[1:] {
		if n := s.fewestOpen(v); n < fewest {
			best, fewest = v, n
		}
	}
	for _, v := range picked {
		if v != best {
			s.heap.insert(v)
		}
	}
	if s.decisionPhase(best) == vTrue {
		return 2 * best
	}
	return 2*best + 1
}

// fewestOpen returns the fewest options left open (not ruled out, not
// taken) in an item of option v that still needs one, or the number of
// options when no item of v needs one.
func (s *Solver) fewestOpen(v int32) int32 {
	p := s.p
	fewest := int32(s.nVars)
	for _, i := range p.Items[p.Begin[v]:p.Begin[v+1]] {
		if c := &s.tally[i]; int(i) < p.NPrimary && c.nTrue < c.lo {
			fewest = min(fewest, c.free-c.nTrue)
		}
	}
	return fewest
}
