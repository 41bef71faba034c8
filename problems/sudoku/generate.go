package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/xcover/xcover/exactcover"
)

// Symmetry is a pattern the clues of a generated puzzle keep: a cell is a
// clue exactly when its images are.
type Symmetry int

const (
	// NoSymmetry: the clues form any pattern.
	NoSymmetry Symmetry = iota
	// Rotational: a half turn maps the clues onto themselves, the
	// symmetry of most published puzzles ((r,c) and (N−1−r,N−1−c)).
	Rotational
	// QuarterTurn: so does a quarter turn (and so a half turn).
	QuarterTurn
	// Mirror: the left and right halves mirror each other ((r,c) and
	// (r,N−1−c)).
	Mirror
	// Diagonal: the pattern is symmetric about the main diagonal ((r,c)
	// and (c,r)).
	Diagonal
)

var symmetryNames = [...]string{"none", "rotational", "quarter", "mirror", "diagonal"}

// String returns the symmetry's name, as ParseSymmetry takes it.
func (s Symmetry) String() string {
	if s >= 0 && int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", int(s))
}

// SymmetryNames lists the names ParseSymmetry takes, in order.
func SymmetryNames() []string { return symmetryNames[:] }

// ParseSymmetry returns the symmetry named s: none, rotational, quarter,
// mirror or diagonal.
func ParseSymmetry(s string) (Symmetry, error) {
	for i, name := range symmetryNames {
		if s == name {
			return Symmetry(i), nil
		}
	}
	return 0, fmt.Errorf("unknown symmetry %q (want %s)", s, strings.Join(symmetryNames[:], ", "))
}

// images returns the cells that symmetry s maps cell i of a grid of side
// n onto, i included.
func (s Symmetry) images(i, n int) []int {
	r, c := i/n, i%n
	at := func(r, c int) int { return r*n + c }
	switch s {
	case Rotational:
		return []int{i, at(n-1-r, n-1-c)}
	case QuarterTurn:
		return []int{i, at(c, n-1-r), at(n-1-r, n-1-c), at(n-1-c, r)}
	case Mirror:
		return []int{i, at(r, n-1-c)}
	case Diagonal:
		return []int{i, at(c, r)}
	}
	return []int{i}
}

// orbits splits the cells of a grid of side n into the classes symmetry s
// keeps together, each listed once, in cell order.
func (s Symmetry) orbits(n int) [][]int {
	seen := make([]bool, n*n)
	var out [][]int
	for i := range n * n {
		if seen[i] {
			continue
		}
		var orbit []int
		for _, j := range s.images(i, n) {
			if !seen[j] {
				seen[j] = true
				orbit = append(orbit, j)
			}
		}
		out = append(out, orbit)
	}
	return out
}

// GenerateOptions choose the puzzles [Generator.Generate] makes.
type GenerateOptions struct {
	// Box is the box side: 2 for 4×4, 3 for 9×9, 4 for 16×16, 5 for 25×25
	// (MinBox…MaxBox).
	Box int
	// Seed, with the index of the puzzle, seeds its draws.
	Seed uint64
	// Symmetry is the pattern the clues keep.
	Symmetry Symmetry
	// Clues stops taking clues away once the puzzle has at most this many
	// (0: never, the puzzle is minimal). A puzzle with more clues is
	// easier, and quicker to make on large grids.
	Clues int
	// Engine chooses the engine of the uniqueness proofs, as Config.Engine
	// does (auto: the Solver's choice for each).
	Engine exactcover.Engine
	// MaxNodes bounds each uniqueness proof (0: no bound): nodes of the
	// search tree, or the clause-learning engine's conflicts, the unit of
	// bounded proofs on 25×25 grids and larger. A proof cut short keeps
	// its clue, so the puzzle is still unique but may not be minimal:
	// Generated.Undecided counts those clues. The final count is never
	// bounded.
	MaxNodes int64
}

// Generated is a puzzle [Generator.Generate] made, with how.
type Generated struct {
	Puzzle, Solution *Grid
	// Clues is the number of givens of Puzzle.
	Clues int
	// Minimal: every clue left was tried and found needed (among the
	// puzzles of the symmetry asked). False when Clues stopped the removal
	// or a proof was cut short by MaxNodes.
	Minimal bool
	// Proofs is the number of uniqueness proofs made; Nodes and Conflicts
	// add up the engines' search-tree nodes and clause-learning conflicts
	// over them, and Fills counts the attempts at a solved grid.
	Proofs           int
	Nodes, Conflicts int64
	Fills            int
	// Undecided counts the clues kept because MaxNodes cut their proof
	// short.
	Undecided int
}

// Generator makes puzzles one after another, reusing its Solver. It is not
// safe for concurrent use: give each goroutine its own.
type Generator struct {
	s    *Solver
	rng  *rand.Rand
	pcg  *rand.PCG
	perm []int // scratch for a shuffled list of values
}

// NewGenerator returns a Generator.
func NewGenerator() *Generator {
	pcg := rand.NewPCG(0, 0)
	return &Generator{s: NewSolver(), pcg: pcg, rng: rand.New(pcg)}
}

// learnFrom is the box side from which proofs bounded by MaxNodes go to
// the clause-learning engine: on 25×25 grids with few clues left, the
// enumerating search settles far fewer of them within a bound.
const learnFrom = 5

// fillNodes bounds one attempt at a random solved grid. Placing the
// singles after each choice keeps the fill from backtracking far: up to
// 36×36 the fills measured took one attempt each. Larger grids wander
// into corners with no completion more often (49×49 took up to 6
// attempts, 64×64 some twenty); such an attempt is abandoned for a fresh
// draw, which leaves the corner faster than backtracking out of it. The
// bound is far above what a successful fill takes (at most one node per
// cell) and grows with the grid.
func fillNodes(n int) int64 { return int64(16 * n * n) }

// maxFills bounds the attempts at a solved grid. Each has a fresh draw;
// a grid size that needs this many is beyond what the fill is for, and
// Generate says so rather than running on.
const maxFills = 1000

// ErrFill: no solved grid was found within maxFills attempts.
var ErrFill = errors.New("no solved grid found by the random fill")

// Generate makes puzzle number index of the run that opt describes: a
// puzzle with exactly one solution, minimal unless opt.Clues stops the
// removal early (see the package comment, "Generating puzzles"). The same
// opt and index give the same puzzle. The puzzle's uniqueness is checked
// last by counting its solutions up to two, as Solve does. When ctx ends,
// it returns ctx.Err().
func (gen *Generator) Generate(ctx context.Context, opt GenerateOptions, index uint64) (*Generated, error) {
	if opt.Box < MinBox || opt.Box > MaxBox {
		return nil, fmt.Errorf("%w: box side %d, want %d…%d", ErrSize, opt.Box, MinBox, MaxBox)
	}
	if opt.Symmetry < 0 || int(opt.Symmetry) >= len(symmetryNames) {
		return nil, fmt.Errorf("unknown symmetry %d", int(opt.Symmetry))
	}
	gen.pcg.Seed(opt.Seed, index)
	out := &Generated{Minimal: true}
	sol, err := gen.fill(ctx, opt.Box, out)
	if err != nil {
		return nil, err
	}
	n := opt.Box * opt.Box
	puzzle := sol.Clone()
	out.Solution, out.Puzzle, out.Clues = sol, puzzle, n*n
	orbits := opt.Symmetry.orbits(n)
	gen.rng.Shuffle(len(orbits), func(i, j int) { orbits[i], orbits[j] = orbits[j], orbits[i] })
	cfg := Config{MaxSolutions: 2, MaxNodes: opt.MaxNodes, Engine: opt.Engine}
	if cfg.MaxNodes > 0 && cfg.Engine == exactcover.EngineAuto && opt.Box >= learnFrom {
		// A bound keeps auto from its portfolio (see exactcover): the
		// bounded proofs of large grids go to the learner, whose
		// conflicts are then the unit of MaxNodes.
		cfg.Engine = exactcover.EngineLearn
	}
	for _, orbit := range orbits {
		if opt.Clues > 0 && out.Clues <= opt.Clues {
			out.Minimal = false
			break
		}
		for _, i := range orbit {
			puzzle.Cells[i] = 0
		}
		v, err := gen.removable(ctx, puzzle, sol, orbit, cfg, out)
		if err != nil {
			return nil, err
		}
		switch v {
		case Unique:
			out.Clues -= len(orbit)
			continue
		case Stopped:
			out.Minimal = false
			out.Undecided += len(orbit)
		}
		for _, i := range orbit {
			puzzle.Cells[i] = sol.Cells[i]
		}
	}
	// The certificate: the engines count the final puzzle's solutions up
	// to two, the way "xcover sudoku --unique" does, without a bound (the
	// last clue taken away proved it already, so no proof here is harder).
	res, err := gen.s.Solve(ctx, puzzle, Config{MaxSolutions: 2, Engine: opt.Engine}, func(g *Grid) bool {
		if !slices.Equal(g.Cells, sol.Cells) {
			panic("sudoku: a generated puzzle has a solution other than its grid")
		}
		return true
	})
	out.count(res)
	if err != nil {
		return nil, err
	}
	if v := res.Verdict(); v != Unique {
		return nil, fmt.Errorf("sudoku: the generated puzzle's count ended %s, not unique", v)
	}
	return out, nil
}

// count adds a proof's counters to out.
func (out *Generated) count(res Result) {
	out.Proofs++
	out.Nodes += res.Nodes
	out.Conflicts += res.Learn.Conflicts
}

// removable says whether puzzle, with the cells of orbit emptied, still
// has sol as its only solution: Unique, Multiple, or Stopped when
// cfg.MaxNodes cut the proof short.
//
// With one cell emptied, a second solution would differ from sol there
// (it keeps every other clue, and the puzzle with them all is unique): the
// engines then look for a solution with that cell's value ruled out, and
// proving there is none is all the proof. That halves the work of counting
// to two, whose search finds sol first. An orbit of several cells is
// counted to two.
func (gen *Generator) removable(ctx context.Context, puzzle, sol *Grid, orbit []int, cfg Config, out *Generated) (Verdict, error) {
	if len(orbit) > 1 {
		res, err := gen.s.Solve(ctx, puzzle, cfg, nil)
		out.count(res)
		return res.Verdict(), err
	}
	i := orbit[0]
	res, err := gen.s.solveExcept(ctx, puzzle, i, int(sol.Cells[i]), cfg)
	out.count(res)
	switch {
	case err != nil:
		return Stopped, err
	case res.Solutions > 0:
		return Multiple, nil
	case res.Status == exactcover.Complete:
		return Unique, nil
	}
	return Stopped, nil
}

// fill draws a solved grid of box side box with gen's generator, counting
// its attempts in out.Fills.
func (gen *Generator) fill(ctx context.Context, box int, out *Generated) (*Grid, error) {
	empty, _ := NewGrid(box)
	s := gen.s
	limit := fillNodes(box * box)
	for out.Fills < maxFills {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out.Fills++
		s.setup(empty)
		if err := s.placeGivens(empty); err != nil {
			panic(err) // the empty grid has no givens to conflict
		}
		nodes := int64(0)
		if gen.randomFill(0, &nodes, limit) {
			g := &Grid{Box: box, Cells: append([]uint8(nil), s.val...)}
			return g, nil
		}
	}
	return nil, fmt.Errorf("%w: %d attempts at a %d×%d grid", ErrFill, maxFills, box*box, box*box)
}

// randomFill completes the Solver's state at depth (an index into its
// stack of saved states) into a solved grid, branching on an open cell
// with the fewest candidates, ties drawn at random, and trying its
// candidates in a random order, with singles placed after each. It
// reports false when the state has no completion or when nodes passes
// limit; the state is then the one it was given.
func (gen *Generator) randomFill(depth int, nodes *int64, limit int64) bool {
	s := gen.s
	if len(s.open) == 0 {
		return true
	}
	cell, best, ties := -1, 65, 0
	for _, i := range s.open {
		k := bits.OnesCount64(s.cand[i])
		switch {
		case k < best:
			cell, best, ties = int(i), k, 1
		case k == best:
			ties++
			if gen.rng.IntN(ties) == 0 {
				cell = int(i)
			}
		}
	}
	for len(s.stack) <= depth {
		s.stack = append(s.stack, newState(len(s.cand), s.geom.n))
	}
	slot := &s.stack[depth]
	s.saveTo(slot)
	gen.perm = gen.perm[:0]
	for m := s.cand[cell]; m != 0; m &= m - 1 {
		gen.perm = append(gen.perm, bits.TrailingZeros64(m))
	}
	gen.rng.Shuffle(len(gen.perm), func(i, j int) { gen.perm[i], gen.perm[j] = gen.perm[j], gen.perm[i] })
	values := append([]int(nil), gen.perm...) // the deeper levels reuse gen.perm
	for _, d := range values {
		if *nodes++; *nodes > limit {
			s.restoreFrom(slot)
			return false
		}
		s.place(cell, d)
		if s.propagate() && gen.randomFill(depth+1, nodes, limit) {
			return true
		}
		s.restoreFrom(slot)
		if *nodes > limit {
			return false
		}
	}
	return false
}

// solveExcept searches g, with value v (1…n) ruled out of its empty cell
// i, for a first solution, as Solve does with cfg.MaxSolutions 1.
func (s *Solver) solveExcept(ctx context.Context, g *Grid, i, v int, cfg Config) (Result, error) {
	s.setup(g)
	if err := s.placeGivens(g); err != nil {
		return Result{}, err
	}
	m := s.cand[i] &^ (1 << (v - 1))
	s.cand[i] = m
	if m&(m-1) == 0 {
		s.queue = append(s.queue, int16(i))
		if m == 0 {
			return Result{Status: exactcover.Complete, By: ByPropagation}, nil
		}
	}
	if !s.propagate() {
		return Result{Status: exactcover.Complete, By: ByPropagation}, nil
	}
	if len(s.open) > 0 && !s.probe() {
		return Result{Status: exactcover.Complete, By: ByPropagation}, nil
	}
	res := Result{Status: exactcover.Complete}
	cfg.MaxSolutions = 1
	err := s.searchOpen(ctx, &cfg, &res)
	return res, err
}
