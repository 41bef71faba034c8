package sudoku

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/xcover/xcover/exactcover"
)

// VariantSolver solves variant puzzles: it states each as an exact-cover
// problem and hands it to exactcover's engines. It is not safe for
// concurrent use.
//
// The problem has a primary item for every cell, for every value of every
// unit (rows, columns, boxes or jigsaw regions, and the diagonals of
// X-Sudoku) and for every killer cage; option "r3c7=5" covers the cell,
// the value 5 of each unit the cell is in and, in a cage, two secondary
// items of the cage: "5 is in the cage" (so no value repeats in a cage)
// and "5 is allowed in the cage". A cage's options are its digit
// combinations, the sets of different values of the cage's size that add
// up to its sum; each covers the cage's item and "d is allowed" for every
// value d the set leaves out. Exactly one combination is chosen, each cell
// of the cage takes an allowed value, no two the same: so the cage holds
// exactly the combination's values, and its sum. The combinations are far
// fewer than the placements of values in the cage's cells (a 9-cell cage
// of a 9×9 has one combination and 362,880 placements).
type VariantSolver struct {
	b       exactcover.Builder
	cover   exactcover.Solver
	optCell []int32 // cell of each option, −1 for a cage combination
	optVal  []uint8
	out     Grid
	visit   func(*Grid) bool
}

// NewVariantSolver returns a VariantSolver.
func NewVariantSolver() *VariantSolver { return &VariantSolver{} }

// Solve searches g under rules r as [Solver.Solve] does: visit (if not
// nil) gets each solution, in a grid valid only until it returns, and
// returning false stops the search. Rules that break their limits, or
// givens that clash, give an error wrapping ErrRules or ErrConflict.
func (s *VariantSolver) Solve(ctx context.Context, g *Grid, r *Rules, cfg Config, visit func(*Grid) bool) (Result, error) {
	return s.search(ctx, g, r, cfg, visit, -1, 0, nil)
}

// search is Solve with value except ruled out of cell exceptCell (none
// when −1), and, with rng set, the options added in a random order (the
// engines then find a random solution first).
func (s *VariantSolver) search(ctx context.Context, g *Grid, r *Rules, cfg Config, visit func(*Grid) bool, exceptCell, except int, rng *rand.Rand) (Result, error) {
	if err := r.checkPuzzle(g); err != nil {
		return Result{}, err
	}
	g, ok := placeSingles(g, r, exceptCell, except)
	if !ok || !s.build(g, r, exceptCell, except, rng) {
		return Result{Status: exactcover.Complete, By: ByPropagation}, nil // a cell with no value left
	}
	if err := s.b.Build(&s.cover); err != nil {
		return Result{}, err
	}
	s.visit = visit
	defer func() { s.visit = nil }()
	n := g.Size()
	if s.out.Box != g.Box || len(s.out.Cells) != n*n {
		s.out = Grid{Box: g.Box, Cells: make([]uint8, n*n)}
	}
	sub := exactcover.Config{SkipProfile: true, MaxSolutions: cfg.MaxSolutions, MaxNodes: cfg.MaxNodes,
		Engine: cfg.Engine, Progress: cfg.Progress, ProgressEvery: cfg.ProgressEvery}
	st, err := s.cover.Search(ctx, sub, s.decode)
	res := Result{Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Status: st.Status, By: searchedBy(st.Engine)}
	if st.Engine == exactcover.EngineLearn {
		res.Learn = st.Learn
	}
	return res, err
}

// decode fills s.out from one solution's options and calls s.visit.
func (s *VariantSolver) decode(sol []int) bool {
	if s.visit == nil {
		return true
	}
	for _, k := range sol {
		if c := s.optCell[k]; c >= 0 {
			s.out.Cells[c] = s.optVal[k]
		}
	}
	return s.visit(&s.out)
}

// build states g under r as an exact-cover problem in s.b (see
// VariantSolver). It reports false when some cell has no value left.
func (s *VariantSolver) build(g *Grid, r *Rules, exceptCell, except int, rng *rand.Rand) bool {
	n, box := g.Size(), g.Box
	units := r.units(box)
	// Items: cells, then unit values, then cages (primary); then per
	// cage "v is in it" and "v is allowed" (secondary).
	unitsOf := make([][]int32, n*n)
	for u, un := range units {
		for _, i := range un.cells {
			unitsOf[i] = append(unitsOf[i], int32(u))
		}
	}
	unitBase := int32(n * n)
	cageBase := unitBase + int32(len(units)*n)
	nPrimary := int(cageBase) + len(r.Cages)
	inBase := int32(nPrimary)
	allowBase := inBase + int32(len(r.Cages)*n)
	s.b.Reset(nPrimary, 2*len(r.Cages)*n)
	s.optCell, s.optVal = s.optCell[:0], s.optVal[:0]

	// Values each unit's givens take, and what each cage allows.
	used := make([]uint64, len(units))
	for u, un := range units {
		for _, i := range un.cells {
			if v := g.Cells[i]; v != 0 {
				used[u] |= 1 << (v - 1)
			}
		}
	}
	cageOf := r.cageOfCells(n * n)
	allowed := make([]uint64, len(r.Cages))
	combos := make([][]uint64, len(r.Cages))
	for k, c := range r.Cages {
		var need uint64
		for _, i := range c.Cells {
			if v := g.Cells[i]; v != 0 {
				need |= 1 << (v - 1)
			}
		}
		_, _ = cageCombinations(n, len(c.Cells), c.Sum, need, func(set uint64) {
			combos[k] = append(combos[k], set)
			allowed[k] |= set
		}) // checkPuzzle has bounded the combinations
	}

	// The cell options, in cell order or shuffled.
	type opt struct {
		cell int
		v    int
	}
	var opts []opt
	for i := range n * n {
		var m uint64
		if v := g.Cells[i]; v != 0 {
			m = 1 << (v - 1)
		} else {
			m = 1<<n - 1
			if n == 64 {
				m = ^uint64(0)
			}
			for _, u := range unitsOf[i] {
				m &^= used[u]
			}
			if k := cageOf[i]; k >= 0 {
				m &= allowed[k]
			}
		}
		if i == exceptCell {
			m &^= 1 << (except - 1)
		}
		if m == 0 {
			return false
		}
		for ; m != 0; m &= m - 1 {
			opts = append(opts, opt{i, bits.TrailingZeros64(m) + 1})
		}
	}
	if rng != nil {
		rng.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
	}
	items := make([]int32, 0, 8)
	for _, o := range opts {
		items = append(items[:0], int32(o.cell))
		for _, u := range unitsOf[o.cell] {
			items = append(items, unitBase+u*int32(n)+int32(o.v-1))
		}
		if k := cageOf[o.cell]; k >= 0 {
			items = append(items, inBase+int32(k*n+o.v-1), allowBase+int32(k*n+o.v-1))
		}
		s.b.AddOption(items...)
		s.optCell = append(s.optCell, int32(o.cell))
		s.optVal = append(s.optVal, uint8(o.v))
	}
	for k := range r.Cages {
		if len(combos[k]) == 0 {
			return false
		}
		for _, set := range combos[k] {
			items = append(items[:0], cageBase+int32(k))
			for d := range n {
				if set&(1<<d) == 0 {
					items = append(items, allowBase+int32(k*n+d))
				}
			}
			s.b.AddOption(items...)
			s.optCell = append(s.optCell, -1)
			s.optVal = append(s.optVal, 0)
		}
	}
	return true
}

// placeSingles returns a copy of g with every naked and hidden single
// placed, one after another, until none is left (value except ruled out
// of cell exceptCell, when not −1): each is forced, so the puzzle keeps
// its solutions, and the exact-cover problem of what is left is smaller.
// It reports false when some empty cell has no candidate left: then g
// has no solution.
func placeSingles(g *Grid, r *Rules, exceptCell, except int) (*Grid, bool) {
	grid := g.Clone()
	units := r.units(g.Box)
	cageOf := r.cageOfCells(len(g.Cells))
	for {
		cand, dead := variantCandidates(grid, r, units, cageOf)
		if exceptCell >= 0 && grid.Cells[exceptCell] == 0 {
			if cand[exceptCell] &^= 1 << (except - 1); cand[exceptCell] == 0 {
				dead = true
			}
		}
		if dead {
			return grid, false
		}
		st, ok := nextSingle(grid, cand, units)
		if !ok {
			return grid, true
		}
		grid.Cells[st.Placed.Cell] = uint8(st.Placed.Value)
	}
}
