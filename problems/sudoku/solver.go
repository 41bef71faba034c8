package sudoku

import (
	"context"
	"math/bits"

	"xcover/exactcover"
)

// Config bounds one puzzle's search.
type Config struct {
	// MaxSolutions stops after this many solutions (0: no limit). 1 finds a
	// solution; 2 proves uniqueness.
	MaxSolutions int64
	// MaxNodes stops a search that has explored this many search-tree nodes
	// (0: no limit), with Result.Status exactcover.NodeLimit.
	MaxNodes int64
}

// Result says how one puzzle's search ended.
type Result struct {
	// Solutions found (at most Config.MaxSolutions).
	Solutions int64
	// Nodes of the exact-cover search tree (0 when propagation alone
	// settled the puzzle).
	Nodes int64
	// Status is how the search ended: Complete when every solution was
	// found, SolutionLimit when MaxSolutions stopped it, NodeLimit,
	// Timeout or Interrupted when it was cut short.
	Status exactcover.Status
}

// Verdict names the outcome the way the sudoku command prints it: "none",
// "unique", "multiple" (at least two solutions), "solved" (one found, not
// known to be alone), "timeout" when a node limit or a deadline cut the
// search short before two solutions were found, or "interrupted" when it
// was cancelled.
func (r Result) Verdict() string {
	switch {
	case r.Solutions >= 2:
		return "multiple"
	case r.Status == exactcover.NodeLimit || r.Status == exactcover.Timeout:
		return "timeout"
	case r.Status == exactcover.Interrupted:
		return "interrupted"
	case r.Solutions == 0:
		return "none"
	case r.Status == exactcover.Complete:
		return "unique"
	default:
		return "solved"
	}
}

// Solver solves puzzles one after another, reusing its memory: once warm it
// allocates nothing per puzzle. It is not safe for concurrent use; give each
// goroutine its own Solver.
//
// A puzzle is solved in three steps. First the givens are placed and every
// empty cell gets the candidate values no given in its row, column or box
// excludes (a bit mask per cell). Then naked singles (a cell with one
// candidate) and hidden singles (a value with one place left in a unit) are
// placed until none is left; each is forced, so this changes no solution.
// Last, what is still open becomes an exact-cover problem with only the items
// not yet satisfied — open cells, and the row-value, column-value and
// box-value pairs still missing — and one option per remaining candidate, and
// the dancing-links engine finishes it.
type Solver struct {
	geom             *geometry
	val              []uint8 // working grid
	open             []int16 // empty cells still to fill
	rowU, colU, boxU []uint64
	unitItem         []int32 // item of (unit kind·n + unit)·n + value, -1 when satisfied
	cellItem         []int32 // item of each open cell
	optCell          []int16 // cell of each option
	optVal           []uint8 // value of each option
	b                exactcover.Builder
	dlx              *exactcover.Solver
	out              Grid
	visit            func(*Grid) bool
	onSolution       func([]int) bool
	cand             []uint64 // candidates of each open cell, 0 once filled
	queue            []int16  // cells that may have become naked singles
	dead             bool     // some open cell has lost its last candidate
	saved            saved
	probing          bool
	order            [4]int // item groups in order: 0 row, 1 column, 2 box, 3 cell
	nPrim            int    // the first nPrim groups are primary
}

// NewSolver returns a Solver for grids of any supported size.
func NewSolver() *Solver {
	s := &Solver{dlx: new(exactcover.Solver), order: [4]int{3, 0, 1, 2}, nPrim: 3}
	s.onSolution = s.decode
	return s
}

// Solve searches g, calling visit (if not nil) with each solution found; the
// grid passed is reused and valid only until visit returns, and returning
// false stops the search (Status Stopped). g is not changed. Conflicting
// givens give a *ConflictError; a grid of the wrong shape an error wrapping
// ErrSize or ErrValue. When ctx stops the search, Solve returns ctx.Err()
// with the result so far.
func (s *Solver) Solve(ctx context.Context, g *Grid, cfg Config, visit func(*Grid) bool) (Result, error) {
	if err := g.validShape(); err != nil {
		return Result{}, err
	}
	s.setup(g)
	if err := s.placeGivens(g); err != nil {
		return Result{}, err
	}
	s.visit = visit
	defer func() { s.visit = nil }()
	if !s.propagate() {
		return Result{Status: exactcover.Complete}, nil
	}
	if s.probing && len(s.open) > 0 && !s.probe() {
		return Result{Status: exactcover.Complete}, nil
	}
	if len(s.open) == 0 {
		res := Result{Solutions: 1, Status: exactcover.Complete}
		if visit != nil {
			copy(s.out.Cells, s.val)
			if !visit(&s.out) {
				res.Status = exactcover.Stopped
			}
		}
		return res, nil
	}
	s.build()
	if err := s.b.Build(s.dlx); err != nil {
		return Result{}, err // cannot happen within MaxBox: a bug
	}
	st, err := s.dlx.Search(ctx, exactcover.Config{MaxSolutions: cfg.MaxSolutions, MaxNodes: cfg.MaxNodes, SkipProfile: true}, s.onSolution)
	return Result{Solutions: st.Solutions, Nodes: st.Nodes, Status: st.Status}, err
}

// setup sizes the scratch state for g.
func (s *Solver) setup(g *Grid) {
	if s.geom == nil || s.geom.box != g.Box {
		s.geom = geometryOf(g.Box)
		n := s.geom.n
		s.val = make([]uint8, n*n)
		s.open = make([]int16, 0, n*n)
		s.queue = make([]int16, 0, n*n)
		s.rowU, s.colU, s.boxU = make([]uint64, n), make([]uint64, n), make([]uint64, n)
		s.unitItem = make([]int32, 3*n*n)
		s.cellItem = make([]int32, n*n)
		s.cand = make([]uint64, n*n)
		s.saved = saved{val: make([]uint8, n*n), open: make([]int16, 0, n*n), cand: make([]uint64, n*n),
			rowU: make([]uint64, n), colU: make([]uint64, n), boxU: make([]uint64, n)}
		s.out = Grid{Box: g.Box, Cells: make([]uint8, n*n)}
	}
	copy(s.val, g.Cells)
	clear(s.rowU)
	clear(s.colU)
	clear(s.boxU)
	s.queue = s.queue[:0]
	s.dead = false
}

// placeGivens records the givens in the unit masks, lists the open cells
// and gives each its candidates: the values no given in its row, column or
// box excludes.
func (s *Solver) placeGivens(g *Grid) error {
	geo := s.geom
	s.open = s.open[:0]
	for i, v := range s.val {
		if v == 0 {
			s.open = append(s.open, int16(i))
			continue
		}
		bit := uint64(1) << (v - 1)
		r, c, b := geo.row[i], geo.col[i], geo.boxOf[i]
		if (s.rowU[r]|s.colU[c]|s.boxU[b])&bit != 0 {
			return conflictAt(g, i)
		}
		s.rowU[r] |= bit
		s.colU[c] |= bit
		s.boxU[b] |= bit
	}
	for i, v := range s.val {
		if v != 0 {
			s.cand[i] = 0
			continue
		}
		m := geo.all &^ (s.rowU[geo.row[i]] | s.colU[geo.col[i]] | s.boxU[geo.boxOf[i]])
		s.cand[i] = m
		if m&(m-1) == 0 {
			s.queue = append(s.queue, int16(i)) // a naked single, or dead
		}
	}
	return nil
}

// conflictAt finds the given before cell i that clashes with it.
func conflictAt(g *Grid, i int) error {
	geo := geometryOf(g.Box)
	v := g.Cells[i]
	for k, unit := range []string{"row", "column", "box"} {
		var u int
		switch k {
		case 0:
			u = int(geo.row[i])
		case 1:
			u = geo.n + int(geo.col[i])
		default:
			u = 2*geo.n + int(geo.boxOf[i])
		}
		for _, j := range geo.units[u] {
			if int(j) < i && g.Cells[j] == v {
				return &ConflictError{Size: geo.n, Cell1: int(j), Cell2: i, Value: int(v), Unit: unit}
			}
		}
	}
	return &ConflictError{Size: geo.n, Cell1: i, Cell2: i, Value: int(v), Unit: "grid"} // unreachable
}

// place puts value index d (0-based) in open cell i and removes it from
// the candidates of i's peers, queueing those left with one candidate and
// flagging s.dead when one is left with none.
func (s *Solver) place(i int, d int) {
	geo := s.geom
	bit := uint64(1) << d
	s.val[i] = uint8(d + 1)
	s.cand[i] = 0
	s.rowU[geo.row[i]] |= bit
	s.colU[geo.col[i]] |= bit
	s.boxU[geo.boxOf[i]] |= bit
	cand := s.cand
	for _, p := range geo.peersOf(i) {
		m := cand[p]
		if m&bit == 0 {
			continue
		}
		m &^= bit
		cand[p] = m
		if m&(m-1) == 0 {
			s.queue = append(s.queue, p)
			if m == 0 {
				s.dead = true
			}
		}
	}
}

// propagate places naked and hidden singles until there are none, then
// removes the filled cells from s.open. It returns false when some cell
// has no candidate or some unit has a value with no place: the puzzle has
// no solution.
func (s *Solver) propagate() bool {
	geo := s.geom
	for {
		// Naked singles, from the queue that place fills.
		for len(s.queue) > 0 {
			if s.dead {
				return false
			}
			i := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			if s.val[i] != 0 {
				continue
			}
			m := s.cand[i]
			if m == 0 {
				return false
			}
			s.place(int(i), bits.TrailingZeros64(m))
		}
		if s.dead {
			return false
		}
		// Hidden singles: a value with one place in a unit.
		placed := false
		for u, unit := range geo.units {
			var used uint64
			switch {
			case u < geo.n:
				used = s.rowU[u]
			case u < 2*geo.n:
				used = s.colU[u-geo.n]
			default:
				used = s.boxU[u-2*geo.n]
			}
			if used == geo.all {
				continue
			}
			var once, twice uint64
			for _, i := range unit {
				m := s.cand[i]
				twice |= once & m
				once |= m
			}
			if once|used != geo.all {
				return false // some value has no place left in this unit
			}
			for h := once &^ twice; h != 0; h &= h - 1 {
				bit := h & -h
				found := false
				for _, i := range unit {
					if s.cand[i]&bit != 0 {
						s.place(int(i), bits.TrailingZeros64(bit))
						found = true
						break
					}
				}
				if !found {
					return false // an earlier placement took its last place
				}
				placed = true
			}
			if s.dead {
				return false
			}
		}
		if !placed && len(s.queue) == 0 {
			break
		}
	}
	k := 0
	for _, i := range s.open {
		if s.val[i] == 0 {
			s.open[k] = i
			k++
		}
	}
	s.open = s.open[:k]
	return true
}

// build turns the open part of the puzzle into an exact-cover problem in
// s.b: items are the open cells, then the missing row-value, column-value
// and box-value pairs; options are the candidates, cell by cell.
func (s *Solver) build() {
	geo := s.geom
	n := geo.n
	nItems := int32(0)
	nPrimary := 0
	masks := [3][]uint64{s.rowU, s.colU, s.boxU}
	for gi, grp := range s.order {
		if gi == s.nPrim {
			nPrimary = int(nItems)
		}
		if grp == 3 {
			for _, i := range s.open {
				s.cellItem[i] = nItems
				nItems++
			}
			continue
		}
		kind := grp
		for u, m := range masks[kind] {
			base := (kind*n + u) * n
			for d := 0; d < n; d++ {
				if m&(1<<d) != 0 {
					s.unitItem[base+d] = -1
				} else {
					s.unitItem[base+d] = nItems
					nItems++
				}
			}
		}
	}
	if s.nPrim >= 4 {
		nPrimary = int(nItems)
	}
	s.b.Reset(nPrimary, int(nItems)-nPrimary)
	s.optCell = s.optCell[:0]
	s.optVal = s.optVal[:0]
	rowBase, colBase, boxBase := 0, n*n, 2*n*n
	for _, i := range s.open {
		r, c, b := int(geo.row[i]), int(geo.col[i]), int(geo.boxOf[i])
		for m := s.cand[i]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			s.b.AddOption(s.cellItem[i], s.unitItem[rowBase+r*n+d], s.unitItem[colBase+c*n+d], s.unitItem[boxBase+b*n+d])
			s.optCell = append(s.optCell, i)
			s.optVal = append(s.optVal, uint8(d+1))
		}
	}
}

// decode fills s.out from the options of one solution and calls s.visit.
func (s *Solver) decode(sol []int) bool {
	if s.visit == nil {
		return true
	}
	copy(s.out.Cells, s.val)
	for _, k := range sol {
		s.out.Cells[s.optCell[k]] = s.optVal[k]
	}
	return s.visit(&s.out)
}

// saved is a copy of the propagation state, for probing.
type saved struct {
	val              []uint8
	open             []int16
	cand             []uint64
	rowU, colU, boxU []uint64
}

func (s *Solver) save() {
	copy(s.saved.val, s.val)
	s.saved.open = append(s.saved.open[:0], s.open...)
	copy(s.saved.cand, s.cand)
	copy(s.saved.rowU, s.rowU)
	copy(s.saved.colU, s.colU)
	copy(s.saved.boxU, s.boxU)
}

func (s *Solver) restore() {
	copy(s.val, s.saved.val)
	s.open = append(s.open[:0], s.saved.open...)
	copy(s.cand, s.saved.cand)
	copy(s.rowU, s.saved.rowU)
	copy(s.colU, s.saved.colU)
	copy(s.boxU, s.saved.boxU)
	s.queue = s.queue[:0]
	s.dead = false
}

// probe tries both candidates of every cell that has two: when placing one
// and propagating singles ends in a contradiction, the other is forced
// (a failed-literal test). It returns false when the puzzle has no
// solution.
func (s *Solver) probe() bool {
	for changed := true; changed && len(s.open) > 0; {
		changed = false
	cells:
		for k := 0; k < len(s.open); k++ {
			i := int(s.open[k])
			m := s.cand[i]
			if bits.OnesCount64(m) != 2 {
				continue
			}
			for ; m != 0; m &= m - 1 {
				d := bits.TrailingZeros64(m)
				s.save()
				s.place(i, d)
				ok := s.propagate()
				s.restore()
				if !ok {
					s.place(i, bits.TrailingZeros64(s.cand[i]&^(1<<d)))
					if !s.propagate() {
						return false
					}
					changed = true
					break cells
				}
			}
		}
	}
	return true
}
