package pentomino

import (
	"context"
	"slices"
	"time"

	"github.com/xcover/xcover/exactcover"
)

// Limits bounds one call of [Puzzle.Solve]; the zero value finds every
// packing.
type Limits struct {
	// MaxPackings stops after this many packings (0: no limit).
	MaxPackings int64
	// MaxNodes stops after this many search-tree nodes (0: no limit).
	MaxNodes int64
	// Progress, when set, is called about every ProgressEvery (default one
	// second) from inside the search, as exactcover.Config.Progress is,
	// with Stats.Solutions counting the packings reported so far.
	Progress      func(*exactcover.Progress)
	ProgressEvery time.Duration
	// Workers searches with this many goroutines (exactcover's
	// Config.Workers; 0 and 1: one). visit is then called from them, one
	// call at a time, in no particular order.
	Workers int
	// Engine chooses the search engine, as exactcover.Config.Engine does.
	Engine exactcover.Engine
}

// Result describes one call of Solve: the packings reported, and the
// engine's statistics (Stats.Solutions counts the exact-cover solutions
// before the symmetry and copy filters; Stats.Nodes and Stats.Updates are
// the engine's measures of the search, Knuth's DLX1 ones with
// exactcover.EngineDLX).
type Result struct {
	Packings int64
	Stats    exactcover.Stats
	Engine   exactcover.Engine // the engine that searched
}

// Placed is one piece of a packing.
type Placed struct {
	Piece string `json:"piece"`          // the piece's name
	Copy  int    `json:"copy,omitempty"` // 0 for the first copy of a piece listed more than once
	Cells []Cell `json:"cells"`          // board coordinates, in reading order
}

// Packing is one solution: the board and where each piece went, in the
// order the pieces were given (unused pieces of an optional set are absent).
type Packing struct {
	Board  *Board
	Placed []Placed
}

// Solve searches for packings, calling visit (which may be nil, to count
// only) with each one; the Packing is the caller's to keep. Returning false
// from visit stops the search. With Options.Symmetry each packing is
// reported once up to the board's symmetries; with copies of a piece, once
// whatever copy goes where.
//
// The error is ctx.Err() when the context stopped the search; the Result
// is valid in every case, and its Stats.Status says why the search ended
// (SolutionLimit when MaxPackings was reached).
func (p *Puzzle) Solve(ctx context.Context, lim Limits, visit func(*Packing) bool) (Result, error) {
	if !p.Possible() {
		return Result{Stats: exactcover.Stats{Status: exactcover.Complete}}, nil
	}
	var (
		b exactcover.Builder
		s = new(exactcover.Solver)
	)
	if err := p.build(&b, s); err != nil {
		return Result{}, err
	}
	cfg := exactcover.Config{MaxNodes: lim.MaxNodes, SkipProfile: true, Progress: lim.Progress, ProgressEvery: lim.ProgressEvery,
		Engine: lim.Engine, Workers: lim.Workers}
	res := Result{Engine: s.EngineFor(lim.Engine)}
	if p.group == nil && !(p.copies && p.secondary) {
		// Every exact-cover solution is a distinct packing.
		cfg.MaxSolutions = lim.MaxPackings
		if visit == nil {
			cfg.Method = exactcover.MethodSearch
			cr, err := s.Count(ctx, cfg)
			res.Packings, res.Stats = cr.Search.Solutions, cr.Search
			return res, err
		}
		st, err := s.Search(ctx, cfg, func(sol []int) bool { return visit(p.decode(sol)) })
		res.Packings, res.Stats = st.Solutions, st
		return res, err
	}
	var (
		c      canon
		anchor = make([]int32, p.order.base)
		limit  bool
	)
	if lim.Progress != nil { // speak of packings, not of the solutions filtered
		cfg.Progress = func(pr *exactcover.Progress) {
			pr.Stats.Solutions = res.Packings
			lim.Progress(pr)
		}
	}
	st, err := s.Search(ctx, cfg, func(sol []int) bool {
		if !p.copiesInOrder(sol, anchor) {
			return true
		}
		if p.group != nil {
			c.ids = c.ids[:0]
			for _, k := range sol {
				c.ids = append(c.ids, p.optPlace[k])
			}
			slices.Sort(c.ids)
			if !p.keep(&c, c.ids) {
				return true
			}
		}
		res.Packings++
		if visit != nil && !visit(p.decode(sol)) {
			return false
		}
		if lim.MaxPackings > 0 && res.Packings >= lim.MaxPackings {
			limit = true
			return false
		}
		return true
	})
	if limit {
		st.Status = exactcover.SolutionLimit
	}
	res.Stats = st
	return res, err
}

// copiesInOrder reports whether the copies of each piece used in sol are
// its first copies, placed in increasing order of their anchor cells: of the
// solutions that only permute copies, exactly this one is kept. The order
// items (order.go) already forbid a wrong order between consecutive copies
// that are both used, so this rejects only solutions of optional pieces that
// skip a copy. anchor is scratch space, one entry per item.
func (p *Puzzle) copiesInOrder(sol []int, anchor []int32) bool {
	if !p.copies || !p.secondary {
		return true // every copy is used, in order
	}
	for i := range anchor {
		anchor[i] = -1
	}
	for _, k := range sol {
		pl := &p.placements[p.optPlace[k]]
		anchor[p.firstItem[pl.piece]+int(p.optCopy[k])] = pl.cells[0]
	}
	for i, pc := range p.pieces {
		a := anchor[p.firstItem[i] : p.firstItem[i]+pc.Count]
		for j := 1; j < len(a); j++ {
			if a[j] >= 0 && (a[j-1] < 0 || a[j-1] > a[j]) {
				return false
			}
		}
	}
	return true
}

// decode turns a solution (option indices) into a Packing.
func (p *Puzzle) decode(sol []int) *Packing {
	pk := &Packing{Board: p.board, Placed: make([]Placed, 0, len(sol))}
	for _, k := range sol {
		pl := &p.placements[p.optPlace[k]]
		cells := make([]Cell, len(pl.cells))
		for j, c := range pl.cells {
			cells[j] = p.board.cells[c]
		}
		pk.Placed = append(pk.Placed, Placed{Piece: p.pieces[pl.piece].Name, Copy: int(p.optCopy[k]), Cells: cells})
	}
	order := map[string]int{}
	for i, pc := range p.pieces {
		order[pc.Name] = i
	}
	slices.SortFunc(pk.Placed, func(a, b Placed) int {
		if d := order[a.Piece] - order[b.Piece]; d != 0 {
			return d
		}
		return a.Copy - b.Copy
	})
	return pk
}
