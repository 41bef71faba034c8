package sudoku

import (
	"context"
	"errors"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/problems/sudoku/internal/bands"
	"github.com/xcover/xcover/problems/sudoku/internal/planes"
)

// fastBoxes are the box sides whose puzzles a kernel solves under the
// auto engine: the same exact cover (cells and unit-value items, an option
// per cell and value, singles placed as items with one option left)
// searched over bit sets, with no exact-cover problem built. 9×9 grids go
// to internal/bands, kept band by band with the box–line rule, which took
// two fifths of the CPU time of the kernel of candidate planes
// (internal/planes) on the 17-clue set and three fifths on the forum's
// hardest (solve and prove unique), with an eighth fewer nodes there; that
// kernel in turn took about a third less than propagation, probing and the
// engines, and keeps the 4×4 grids. On minimal 16×16 puzzles the planes
// kernel took about twice the engines' time, and 25×25 puzzles that the
// clause-learning engine settles in a fraction of a second ran for
// minutes: its search learns nothing from its dead ends. So 16×16 and
// larger keep that path.
var fastBoxes = [MaxBox + 1]bool{2: true, 3: true}

// usesKernel says whether Solve hands g to the kernel: a search under the
// auto engine, not in grid order, on a box side the kernel is used for.
func usesKernel(g *Grid, cfg *Config) bool {
	return !cfg.InOrder && cfg.Engine == exactcover.EngineAuto && fastBoxes[g.Box]
}

// solveKernel searches g, whose givens placeGivens accepted, with the
// kernel of its box side.
func (s *Solver) solveKernel(ctx context.Context, g *Grid, cfg *Config, visit func(*Grid) bool) (Result, error) {
	k := s.kernels[g.Box]
	if k == nil {
		geo := geometryOf(g.Box)
		sh, err := planes.NewShape(geo.n*geo.n, geo.n, geo.units)
		if err != nil {
			panic(err) // the geometry's units are a bug if refused
		}
		k = planes.NewSolver(sh)
		s.kernels[g.Box] = k
	}
	r, err := k.Solve(ctx, g.Cells, planes.Limits{MaxSolutions: cfg.MaxSolutions, MaxNodes: cfg.MaxNodes}, s.kernelVisit(&s.out, visit))
	return Result{Solutions: r.Solutions, Nodes: r.Nodes, Status: r.Status, By: ByKernel}, err
}

// solveBands searches the 9×9 grid g with the kernel of band words
// (internal/bands), which places the givens itself: only givens that
// clash go through placeGivens, for its error naming the clash.
func (s *Solver) solveBands(ctx context.Context, g *Grid, cfg *Config, visit func(*Grid) bool) (Result, error) {
	if s.bands == nil {
		s.bands = bands.NewSolver()
		s.bandsOut = Grid{Box: 3, Cells: make([]uint8, bands.Cells)}
	}
	r, err := s.bands.Solve(ctx, g.Cells, bands.Limits{MaxSolutions: cfg.MaxSolutions, MaxNodes: cfg.MaxNodes}, s.kernelVisit(&s.bandsOut, visit))
	if errors.Is(err, bands.ErrClash) {
		s.setup(g)
		if err := s.placeGivens(g); err != nil {
			return Result{}, err
		}
		panic("sudoku: the kernel and placeGivens disagree on clashing givens") // a bug
	}
	return Result{Solutions: r.Solutions, Nodes: r.Nodes, Status: r.Status, By: ByKernel}, err
}

// kernelVisit returns what a kernel is to call with each solution, one
// value per cell, for visit to get it in out (nil when visit is): s's
// onKernel, made once rather than a closure per puzzle, which would be an
// allocation for a search of microseconds. visit and out stay in s until
// the next kernel's search.
func (s *Solver) kernelVisit(out *Grid, visit func(*Grid) bool) func([]uint8) bool {
	if visit == nil {
		return nil
	}
	s.kernelOut, s.kernelTo = out, visit
	return s.onKernel
}

// handKernel is onKernel: it writes a kernel's solution to s.kernelOut
// and hands it to s.kernelTo.
func (s *Solver) handKernel(vals []uint8) bool {
	copy(s.kernelOut.Cells, vals)
	return s.kernelTo(s.kernelOut)
}
