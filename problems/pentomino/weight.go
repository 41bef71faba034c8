package pentomino

import (
	"context"

	"github.com/xcover/xcover/exactcover"
)

// A Weight gives a placement of a piece (its cells on the board) a cost,
// which makes the packing problem one of least cost: the cheapest packing
// is the one whose placements cost least in all. Costs must be from 0 to
// exactcover.MaxCost.
type Weight func(b *Board, cells []Cell) int64

// TouchingBorder costs 1 for a placement with a cell on the board's border
// (a cell one of whose four neighbours is not on the board), 0 for one
// inside: the cheapest packings keep the most pieces off the border. (A
// weight per cell would not do: every packing covers every cell once, so
// the sum would be the same for all.)
func TouchingBorder(b *Board, cells []Cell) int64 {
	for _, c := range cells {
		for _, d := range [4]Cell{{c.Row - 1, c.Col}, {c.Row + 1, c.Col}, {c.Row, c.Col - 1}, {c.Row, c.Col + 1}} {
			if !b.Has(d) {
				return 1
			}
		}
	}
	return 0
}

// Weigh gives every option of the problem the cost w gives its
// placement; nil takes the costs away. [Puzzle.Problem] then writes the
// costs, and [Puzzle.Cheapest] looks for the cheapest packings.
func (p *Puzzle) Weigh(w Weight) {
	p.costs = nil
	if w == nil {
		return
	}
	p.costs = make([]int64, len(p.optPlace))
	for k, pl := range p.optPlace {
		cells := p.placements[pl].cells
		on := make([]Cell, len(cells))
		for j, c := range cells {
			on[j] = p.board.cells[c]
		}
		p.costs[k] = w(p.board, on)
	}
}

// Cheapest looks for the best cheapest packings under the weight given to
// [Puzzle.Weigh] (Knuth's DLX5, see exactcover.Solver.Cheapest): visit,
// when not nil, receives each packing cheaper than the best-th cheapest
// found before it, as found, with its cost. With Options.Symmetry the
// problem keeps one packing per orbit at least, so the cheapest cost is
// that of the whole problem when the weight is symmetric, as
// TouchingBorder is.
func (p *Puzzle) Cheapest(ctx context.Context, best int, maxNodes int64, visit func(*Packing, int64) bool) (exactcover.CostResult, error) {
	var b exactcover.Builder
	var s exactcover.Solver
	if err := p.build(&b, &s); err != nil {
		return exactcover.CostResult{}, err
	}
	var v func([]int, int64) bool
	if visit != nil {
		v = func(sol []int, cost int64) bool { return visit(p.decode(sol), cost) }
	}
	return s.Cheapest(ctx, exactcover.CostConfig{Best: best, MaxNodes: maxNodes}, v)
}

// Decode returns the packing of a solution of the exact-cover problem
// (option indices, as [Puzzle.Cheapest] reports its best).
func (p *Puzzle) Decode(sol []int) *Packing { return p.decode(sol) }
