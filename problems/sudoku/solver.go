package sudoku

import (
	"context"
	"math/bits"
	"runtime"
	"slices"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/problems/sudoku/internal/bands"
	"github.com/xcover/xcover/problems/sudoku/internal/planes"
)

// Config bounds one puzzle's search.
type Config struct {
	// MaxSolutions stops after this many solutions (0: no limit). 1 finds a
	// solution; 2 proves uniqueness.
	MaxSolutions int64
	// MaxNodes stops a search that has explored this many search-tree nodes
	// (0: no limit), with Result.Status exactcover.NodeLimit.
	MaxNodes int64
	// InOrder reports the solutions in grid order: sorted by their cells,
	// row by row, smaller values first, the order of a plain backtracking
	// search and of the judges' sample outputs. The Solver then branches on
	// cells itself, always on the first open cell, smaller values first,
	// placing singles and probing in each branch; the engine's branching
	// finds solutions in an order of its own. It is slower on hard puzzles
	// and meant for listing a puzzle's solutions, which can then be streamed
	// rather than sorted in memory.
	InOrder bool
	// Engine chooses the search engine, as exactcover.Config.Engine does.
	// With exactcover.EngineLearn the halves the learner splits a hard
	// puzzle into are searched on every core (runtime.GOMAXPROCS), as in
	// auto's portfolio, whatever the number of puzzles solved at once.
	Engine exactcover.Engine
	// Progress, when set, is called about every ProgressEvery (default one
	// second) while the engine searches, with its counters so far: nodes,
	// or the learner's conflicts (exactcover.Config.Progress). A puzzle
	// settled by propagation, searched InOrder, or searched by one of the
	// kernels of 4×4 and 9×9 grids (see Solver) never calls it.
	Progress      func(*exactcover.Progress)
	ProgressEvery time.Duration
}

// Result says how one puzzle's search ended.
type Result struct {
	// Solutions found (at most Config.MaxSolutions).
	Solutions int64
	// Nodes of the search tree: the engine's (0 when propagation alone
	// settled the puzzle), or with Config.InOrder, and on the grids the
	// kernels search (4×4 and 9×9), one per cell value tried at a branch
	// (placements that propagation forces are not nodes).
	Nodes int64
	// Updates made by the engine's dancing links (0 with Config.InOrder
	// and under the kernel).
	Updates int64
	// Learn holds the clause-learning engine's counters when it settled
	// the puzzle (the hard ones, in auto's portfolio, or with Engine set to
	// exactcover.EngineLearn); they are zero when a search tree did.
	Learn exactcover.LearnStats
	// Status is how the search ended: Complete when every solution was
	// found, SolutionLimit when MaxSolutions stopped it, NodeLimit,
	// Timeout or Interrupted when it was cut short.
	Status exactcover.Status
	// By names what settled the puzzle: ByPropagation, ByKernel,
	// ByInOrder, or the exact-cover engine that searched what was open
	// (its exactcover.Engine name: "sparse", "bits", "dlx", "learn").
	// It is empty when the puzzle was refused.
	By string
}

// searchedBy is Result.By for a search by engine e: its name, or none
// when the search stopped before auto chose one.
func searchedBy(e exactcover.Engine) string {
	if e == exactcover.EngineAuto {
		return ""
	}
	return e.String()
}

// What settled a puzzle, besides the exact-cover engines (Result.By).
const (
	// ByPropagation: the singles and the probes alone, which filled the
	// grid or left a cell with no value.
	ByPropagation = "propagation"
	// ByKernel: the kernel of 4×4 or 9×9 grids (see Solver).
	ByKernel = "kernel"
	// ByInOrder: the Solver's own search on cells (Config.InOrder).
	ByInOrder = "in-order"
)

// Verdict is what a search established about a puzzle's solutions, named
// as the sudoku command prints it.
type Verdict string

const (
	// NoSolution: the search completed without finding a solution.
	NoSolution Verdict = "none"
	// Unique: the search completed with exactly one solution.
	Unique Verdict = "unique"
	// Multiple: at least two solutions were found.
	Multiple Verdict = "multiple"
	// Solved: a solution was found and the search stopped there, as asked
	// (MaxSolutions 1), without looking for another.
	Solved Verdict = "solved"
	// Stopped: a node limit, a deadline or a cancellation cut the search
	// short before it settled anything above; Result.Status says which.
	Stopped Verdict = "stopped"
	// Invalid: the puzzle could not be searched (see Answer.Err).
	Invalid Verdict = "invalid"
)

// Verdict says what the search established. A search stopped by a node
// limit, a deadline or a cancellation is Stopped whatever it found: a count
// or a listing cut short settles nothing. (Proving uniqueness stops at the
// second solution with Status SolutionLimit, which is Multiple.)
func (r Result) Verdict() Verdict {
	switch {
	case r.Status == exactcover.NodeLimit || r.Status == exactcover.Timeout || r.Status == exactcover.Interrupted:
		return Stopped
	case r.Solutions >= 2:
		return Multiple
	case r.Solutions == 0:
		return NoSolution
	case r.Status == exactcover.Complete:
		return Unique
	default:
		return Solved
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
// placed until none is left, and each two-candidate cell is probed; all of
// it is forced, so no solution changes. Last, what is still open becomes an
// exact-cover problem with only the items not yet satisfied — open cells,
// and the row-value, column-value and box-value pairs still missing — and
// one option per remaining candidate, and exactcover's engines finish it
// (Config.Engine; auto picks one for each puzzle's open part). With
// Config.InOrder, the Solver branches on cells itself instead, repeating the
// second step in each branch.
//
// Under the auto engine, 4×4 and 9×9 puzzles not searched InOrder go to a
// kernel of their own instead: the same exact cover, its items' options
// kept as bit sets of cells per value, singles placed as items with one
// option left, and a search that branches on cells. 4×4 grids go to
// internal/planes; 9×9 grids to internal/bands, whose words are a band of
// 27 cells per value, and which also removes the options the box–line rule
// rules out. A kernel builds no problem and probes nothing, which on 9×9
// grids costs less than the three steps; from 16×16 on, the engines' branching and the
// clause-learning engine beside them settle the hard puzzles in far fewer
// nodes, so those grids keep the three steps (see fastBoxes).
type Solver struct {
	geom       *geometry
	state              // the grid, its open cells, candidates and units
	unitItem   []int32 // item of (unit kind·n + unit)·n + value, -1 when satisfied
	cellItem   []int32 // item of each open cell
	optCell    []int16 // cell of each option
	optVal     []uint8 // value of each option
	b          exactcover.Builder
	cover      *exactcover.Solver // the exact-cover problem of what is still open
	out        Grid
	visit      func(*Grid) bool
	onSolution func([]int) bool           // s.decode
	onKernel   func([]uint8) bool         // s.handKernel
	kernelOut  *Grid                      // where onKernel writes a kernel's solutions,
	kernelTo   func(*Grid) bool           // and whom it hands them to
	queue      []int16                    // cells that may have become naked singles
	dead       bool                       // some open cell has lost its last candidate
	key        []int32                    // sort key of each open cell, for build
	saved      state                      // for probing
	branch     []uint64                   // what a probe's first branch left possible
	stack      []state                    // inOrder's state at each depth
	kernels    [MaxBox + 1]*planes.Solver // the kernel of each box side, made when first used
	bands      *bands.Solver              // the 9×9 grid's kernel, made when first used
	bandsOut   Grid                       // its solutions, handed to Solve's visit
}

// NewSolver returns a Solver for grids of any supported size.
func NewSolver() *Solver {
	s := &Solver{cover: new(exactcover.Solver)}
	s.onSolution, s.onKernel = s.decode, s.handKernel
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
	if g.Box == 3 && usesKernel(g, &cfg) {
		return s.solveBands(ctx, g, &cfg, visit)
	}
	s.setup(g)
	if err := s.placeGivens(g); err != nil {
		return Result{}, err
	}
	if usesKernel(g, &cfg) {
		return s.solveKernel(ctx, g, &cfg, visit)
	}
	s.visit = visit
	defer func() { s.visit = nil }()
	if !s.propagate() {
		return Result{Status: exactcover.Complete, By: ByPropagation}, nil
	}
	if len(s.open) > 0 && !s.probe() {
		return Result{Status: exactcover.Complete, By: ByPropagation}, nil
	}
	res := Result{Status: exactcover.Complete}
	err := s.searchOpen(ctx, &cfg, &res)
	return res, err
}

// searchOpen finishes the propagated state: with no open cell it is a
// solution; otherwise the engine searches what is open, or, with
// cfg.InOrder, inOrder does. It returns a non-nil error only when ctx
// stopped the search, and sets res.Status when anything but completion
// ended it.
func (s *Solver) searchOpen(ctx context.Context, cfg *Config, res *Result) error {
	if len(s.open) == 0 {
		res.By = ByPropagation
		s.solved(cfg, res)
		return nil
	}
	if cfg.InOrder {
		res.By = ByInOrder
		return s.inOrder(ctx, 0, cfg, res)
	}
	s.build()
	if err := s.b.Build(s.cover); err != nil {
		panic(err) // cannot happen within MaxBox: a bug
	}
	sub := exactcover.Config{SkipProfile: true, Branching: exactcover.Weighted,
		MaxSolutions: cfg.MaxSolutions, MaxNodes: cfg.MaxNodes, Engine: cfg.Engine,
		Progress: cfg.Progress, ProgressEvery: cfg.ProgressEvery}
	if cfg.Engine == exactcover.EngineLearn {
		// The halves it splits a hard puzzle into get every core, as in
		// auto's portfolio: one worker would take twice the time.
		sub.Workers = runtime.GOMAXPROCS(0)
	}
	st, err := s.cover.Search(ctx, sub, s.onSolution)
	res.Solutions, res.Nodes, res.Updates = st.Solutions, st.Nodes, st.Updates
	res.Status, res.By = st.Status, searchedBy(st.Engine)
	if st.Engine == exactcover.EngineLearn {
		res.Learn = st.Learn
	}
	return err
}

// solved reports the filled grid in s.val as a solution.
func (s *Solver) solved(cfg *Config, res *Result) {
	res.Solutions++
	if s.visit != nil {
		copy(s.out.Cells, s.val)
		if !s.visit(&s.out) {
			res.Status = exactcover.Stopped
			return
		}
	}
	if cfg.MaxSolutions > 0 && res.Solutions >= cfg.MaxSolutions {
		res.Status = exactcover.SolutionLimit
	}
}

// inOrder searches the propagated state in grid order (Config.InOrder): it
// branches on the first open cell, row by row, trying its candidates from
// the smallest value up and placing singles and probing in each branch.
// Every solution below value v of that cell comes before every solution
// below a larger value, and the cells before it are filled, so solutions
// come out sorted. Each value tried is a node. The arguments and results
// are those of search; depth indexes s.stack.
func (s *Solver) inOrder(ctx context.Context, depth int, cfg *Config, res *Result) error {
	if len(s.open) == 0 {
		s.solved(cfg, res)
		return nil
	}
	cell := int(s.open[0])
	for len(s.stack) <= depth {
		s.stack = append(s.stack, newState(len(s.cand), s.geom.n))
	}
	slot := &s.stack[depth]
	s.saveTo(slot)
	defer s.restoreFrom(slot)
	for m := s.cand[cell]; m != 0; m &= m - 1 {
		if cfg.MaxNodes > 0 && res.Nodes >= cfg.MaxNodes {
			res.Status = exactcover.NodeLimit
			return nil
		}
		if res.Nodes%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				res.Status = exactcover.StoppedBy(err)
				return err
			}
		}
		res.Nodes++
		s.place(cell, bits.TrailingZeros64(m))
		if s.propagate() && s.probe() {
			if err := s.inOrder(ctx, depth+1, cfg, res); err != nil || res.Status != exactcover.Complete {
				return err
			}
		}
		s.restoreFrom(slot)
	}
	return nil
}

// pollEvery is how many nodes of inOrder pass between two looks at the
// context: a node propagates and probes, so a few hundred take well under
// a millisecond.
const pollEvery = 256

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
		s.key = make([]int32, n*n)
		s.saved = newState(n*n, n)
		s.stack = s.stack[:0]
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

// conflict returns the first pair of givens of g that clash, nil if none.
func (g *Grid) conflict() *ConflictError {
	geo := geometryOf(g.Box)
	var rowU, colU, boxU [MaxSize]uint64
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		bit := uint64(1) << (v - 1)
		r, c, b := geo.row[i], geo.col[i], geo.boxOf[i]
		if (rowU[r]|colU[c]|boxU[b])&bit != 0 {
			return conflictAt(g, i)
		}
		rowU[r] |= bit
		colU[c] |= bit
		boxU[b] |= bit
	}
	return nil
}

// conflictAt finds the given before cell i that clashes with it.
func conflictAt(g *Grid, i int) *ConflictError {
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
// s.b. The primary items are the open cells, then the missing row-value
// pairs, then the missing column-value pairs, then, on grids of
// boxesPrimaryFrom and more, the missing box-value pairs, which are
// secondary on smaller grids (see the package comment). Each candidate is
// an option.
//
// The engine branches on a primary item with the fewest options, ties to
// the heaviest (exactcover.Weighted) and then to the first, so the order
// of items decides the ties that weights leave. Cells come first, ordered
// by their number of candidates and then by their number of open peers,
// most first. With Knuth's rule this order cut the search tree by a
// quarter against row-major order on the hardest 9×9 sets; with weights,
// which learn an order of their own, it saves only 1.5% (1211 nodes a
// puzzle against 1230 on the first 5000 of hardest1905) for a sort that
// costs next to nothing.
func (s *Solver) build() {
	geo := s.geom
	n := geo.n
	for _, i := range s.open {
		k := int32(bits.OnesCount64(s.cand[i])) * int32(geo.np+1)
		for _, p := range geo.peersOf(int(i)) {
			if s.val[p] == 0 {
				k--
			}
		}
		s.key[i] = k
	}
	slices.SortStableFunc(s.open, func(a, b int16) int { return int(s.key[a] - s.key[b]) })
	nItems := int32(0)
	for _, i := range s.open {
		s.cellItem[i] = nItems
		nItems++
	}
	boxesPrimary := geo.box >= boxesPrimaryFrom
	var nPrimary int32
	for kind, used := range [3][]uint64{s.rowU, s.colU, s.boxU} {
		if kind == 2 && !boxesPrimary {
			nPrimary = nItems
		}
		for u, m := range used {
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
	if boxesPrimary {
		nPrimary = nItems
	}
	s.b.Reset(int(nPrimary), int(nItems-nPrimary))
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

// boxesPrimaryFrom is the box side from which the box items are primary
// (16×16 grids and up). Below it they are secondary: the enumerating
// engine settles those puzzles, and its scan for the item with fewest
// options is shorter without them (measured on forum_hardest_1905_11+).
// From 16×16 on, the clause-learning engine settles the hard puzzles
// (exactcover's portfolio), and it propagates only what the items state: a
// box item that is only "at most once" never finds a value's last place in
// its box. On the 18 Gecode 25×25 puzzles, `xcover sudoku --unique` took
// 1.52 million conflicts in all with box items primary, 1.83 million with
// them secondary; the 16×16, 25×25 and 36×36 sets of misc_nxn took no
// longer.
const boxesPrimaryFrom = 4

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

// state is what propagation changes: a Solver's own, or a copy of it to
// go back to after a probe or a branch.
type state struct {
	val              []uint8  // the grid
	open             []int16  // empty cells still to fill
	cand             []uint64 // candidates of each open cell, 0 once filled
	rowU, colU, boxU []uint64 // values each row, column and box holds
}

func newState(cells, n int) state {
	return state{val: make([]uint8, cells), open: make([]int16, 0, cells), cand: make([]uint64, cells),
		rowU: make([]uint64, n), colU: make([]uint64, n), boxU: make([]uint64, n)}
}

// copyTo copies st into dst, whose slices keep their memory.
func (st *state) copyTo(dst *state) {
	copy(dst.val, st.val)
	dst.open = append(dst.open[:0], st.open...)
	copy(dst.cand, st.cand)
	copy(dst.rowU, st.rowU)
	copy(dst.colU, st.colU)
	copy(dst.boxU, st.boxU)
}

func (s *Solver) save()    { s.saveTo(&s.saved) }
func (s *Solver) restore() { s.restoreFrom(&s.saved) }

func (s *Solver) saveTo(st *state) { s.state.copyTo(st) }

func (s *Solver) restoreFrom(st *state) {
	st.copyTo(&s.state)
	s.queue = s.queue[:0]
	s.dead = false
}

// probe tries both candidates of every cell that has two, propagating
// singles after each (Knuth's "failed literal" idea, and the Sudoku
// players' bivalue forcing). When one leads to a contradiction the other is
// placed; when both go through, a candidate that neither left standing in
// some cell is removed. It returns false when the puzzle has no solution.
func (s *Solver) probe() bool {
	nn := len(s.cand)
	if len(s.branch) < nn {
		s.branch = make([]uint64, nn)
	}
	for changed := true; changed && len(s.open) > 0; {
		changed = false
		for k := 0; k < len(s.open); k++ {
			i := int(s.open[k])
			m := s.cand[i]
			if s.val[i] != 0 || bits.OnesCount64(m) != 2 {
				continue
			}
			d1 := bits.TrailingZeros64(m)
			d2 := bits.TrailingZeros64(m &^ (1 << d1))
			s.save()
			s.place(i, d1)
			okA := s.propagate()
			if okA {
				s.possible(s.branch)
			}
			s.restore()
			s.place(i, d2)
			okB := s.propagate()
			if okB && okA {
				// Keep in s.branch what either branch leaves possible.
				for j, v := range s.val {
					if v != 0 {
						s.branch[j] |= 1 << (v - 1)
					} else {
						s.branch[j] |= s.cand[j]
					}
				}
			}
			s.restore()
			switch {
			case !okA && !okB:
				return false
			case !okA:
				s.place(i, d2)
			case !okB:
				s.place(i, d1)
			default:
				for _, j := range s.open {
					if s.val[j] != 0 {
						continue
					}
					if keep := s.cand[j] & s.branch[j]; keep != s.cand[j] {
						s.cand[j] = keep
						if keep&(keep-1) == 0 {
							s.queue = append(s.queue, j)
						}
						changed = true
					}
				}
				if !changed {
					continue
				}
			}
			if !s.propagate() {
				return false
			}
			changed = true
			break
		}
	}
	return true
}

// possible writes, for every cell, the values still possible there: the
// value of a filled cell, the candidates of an open one.
func (s *Solver) possible(dst []uint64) {
	for j, v := range s.val {
		if v != 0 {
			dst[j] = 1 << (v - 1)
		} else {
			dst[j] = s.cand[j]
		}
	}
}
