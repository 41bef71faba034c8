package sudoku

import (
	"context"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/problems/sudoku/internal/bands"
	"github.com/xcover/xcover/problems/sudoku/internal/planes"
)

// fastBoxes are the box sides whose puzzles the kernel of candidate
// planes (internal/planes) solves under the auto engine: the same exact
// cover (cells and unit-value items, an option per cell and value,
// singles placed as items with one option left) searched over bit sets,
// with no exact-cover problem built. On the 9×9 sets (17-clue, forum
// hardest: solve and prove unique) it took about a third less CPU time
// than propagation, probing and the engines. On minimal 16×16 puzzles it
// took about twice theirs, and 25×25 puzzles that the clause-learning
// engine settles in a fraction of a second ran for minutes: its search
// learns nothing from its dead ends. So 16×16 and larger keep that path.
var fastBoxes = [MaxBox + 1]bool{2: true, 3: true}

// usesKernel says whether Solve hands g to the kernel: a search under the
// auto engine, not in grid order, on a box side the kernel is used for.
func usesKernel(g *Grid, cfg *Config) bool {
	return !cfg.InOrder && cfg.Engine == exactcover.EngineAuto && fastBoxes[g.Box]
}

// solveKernel searches g, whose givens placeGivens accepted, with the
// kernel of its box side.
func (s *Solver) solveKernel(ctx context.Context, g *Grid, cfg *Config, visit func(*Grid) bool) (Result, error) {
	var each func([]uint8) bool
	if visit != nil {
		each = func(vals []uint8) bool {
			copy(s.out.Cells, vals)
			return visit(&s.out)
		}
	}
	lim := planes.Limits{MaxSolutions: cfg.MaxSolutions, MaxNodes: cfg.MaxNodes}
	if g.Box == 3 {
		if s.bands == nil {
			s.bands = bands.NewSolver()
		}
		r, err := s.bands.Solve(ctx, g.Cells, lim, each)
		return Result{Solutions: r.Solutions, Nodes: r.Nodes, Status: r.Status}, err
	}
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
	r, err := k.Solve(ctx, g.Cells, lim, each)
	return Result{Solutions: r.Solutions, Nodes: r.Nodes, Status: r.Status}, err
}
