package exactcover

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
)

// CostConfig asks for the cheapest solutions of a problem whose options
// have costs ([Option.Cost]): the sum of its options' costs is a
// solution's cost.
type CostConfig struct {
	// Best is K, the number of cheapest solutions wanted; 0 means 1.
	// It is at most MaxBest.
	Best int
	// MaxNodes stops the search after this many nodes (0: no limit).
	MaxNodes int64
	// Engine is EngineDLX or EngineAuto, which is EngineDLX: Knuth's
	// DLX5, whose nodes, updates and cleansings it reproduces.
	Engine Engine
	// Trace, when set, is told every step of the search: the taxes, the
	// item each node branches on, each option tried, each cut, each
	// solution (package explain narrates them).
	Trace func(CostStep)
}

// CostStep is one step of the search, for CostConfig.Trace; its Kind is
// one of StepTax, StepBranch, StepDeadEnd, StepTry, StepCut and
// StepSolution, which say what its fields hold:
//
//   - StepTax: primary item Item is taxed Net (before the search);
//   - StepBranch: the node at Level branches on Item, which has Choices
//     options cheap enough, the cheapest of net cost Net;
//   - StepDeadEnd: Item has no option cheap enough (Net is its cheapest
//     option's net cost, NoCost when it has none);
//   - StepTry: Level takes Option (the caller's index), which brings the
//     net cost to Net;
//   - StepCut: Option, and every option after it in the item's list
//     (sorted by cost), would bring the net cost to Net or more, not
//     below Cutoff;
//   - StepSolution: the options taken make a solution of net cost Net;
//     Cutoff is the cut-off from now on.
//
// Net costs leave out the taxes, whose total is the sum of the StepTax
// steps.
type CostStep = core.CostStep

// The kinds of CostStep.
const (
	StepTax      = core.CostTax
	StepBranch   = core.CostBranch
	StepDeadEnd  = core.CostDeadEnd
	StepTry      = core.CostTry
	StepCut      = core.CostCut
	StepSolution = core.CostSolution
	// NoCost is the cut-off before K solutions are known.
	NoCost = core.NoCost
)

// MaxBest bounds CostConfig.Best: the best solutions are kept, option
// lists and all, until the search ends. (Knuth's DLX5 allows 15000.)
const MaxBest = 1 << 16

// Errors of [Solver.Cheapest].
var (
	ErrBadBest = errors.New("best: expected 1 to MaxBest solutions")
	// ErrCostBounds: DLX5's taxes and bounds assume that every primary
	// item is covered exactly once.
	ErrCostBounds = errors.New("the cheapest solutions are searched for exact-cover problems only, not with bounds")
)

// CostSolution is a solution with its cost.
type CostSolution struct {
	Options []int // indices into Problem.Options, in the order chosen
	Cost    int64
}

// CostResult is what [Solver.Cheapest] found. Stats count as DLX5 counts:
// Solutions is the number of solutions found that were cheaper than the
// K-th best known when found (the cut-off prunes the others unseen).
type CostResult struct {
	Stats
	// Best are the K cheapest solutions found, by increasing cost; of
	// solutions of equal cost, the first found comes first, and one found
	// later whose cost only equals the K-th best is not kept (DLX5's rule:
	// a solution must beat the K-th best). When the search completes,
	// they are the K cheapest solutions of the problem (fewer if it has
	// fewer).
	Best []CostSolution
}

// Cheapest searches for the cfg.Best cheapest solutions, by Knuth's DLX5
// (TAOCP 7.2.2.1; see the dlx package's CostEngine for taxes, sorted
// lists and the cut-off). visit, when not nil, receives every solution
// found that improves on the K-th best so far, as it is found, with its
// cost: a long search is useful early. Its slice is valid until it
// returns; returning false stops the search (Status Stopped).
//
// When ctx ends or MaxNodes is reached, Cheapest returns what it has
// found, with ctx's error in the first case; the Best solutions are then
// the cheapest found, not necessarily the cheapest there are.
func (s *Solver) Cheapest(ctx context.Context, cfg CostConfig, visit func(solution []int, cost int64) bool) (CostResult, error) {
	k := cmp.Or(cfg.Best, 1)
	if k < 1 || k > MaxBest {
		return CostResult{}, ErrBadBest
	}
	if s.model.Multiplicities() {
		return CostResult{}, ErrCostBounds
	}
	if err := ctx.Err(); err != nil {
		return CostResult{Stats: Stats{Status: StoppedBy(err)}}, err
	}
	start := time.Now()
	e := dlx.NewCostEngine(&s.model)
	var (
		res    CostResult
		ctxErr error
		done   = ctx.Done()
	)
	run := &core.CostRun{Best: k, MaxNodes: cfg.MaxNodes, Trace: cfg.Trace,
		Poll: func(*core.Counters) bool {
			select {
			case <-done:
				ctxErr = ctx.Err()
				return false
			default:
				return true
			}
		},
		Visit: func(sol []int, cost int64) bool {
			res.keep(k, sol, cost)
			return visit == nil || visit(sol, cost)
		},
	}
	var c core.Counters
	end, _ := e.Search(run, &c)
	res.Solutions, res.Nodes, res.Updates, res.Cleansings = c.Solutions, c.Nodes, c.Updates, c.Cleansings
	res.Elapsed = time.Since(start)
	switch end {
	case core.Visited:
		res.Status = Stopped
	case core.NodeLimit:
		res.Status = NodeLimit
	case core.Polled:
		res.Status = StoppedBy(ctxErr)
	}
	return res, ctxErr
}

// keep records a solution among the k best: it beat the k-th, which it
// replaces; equal costs keep the order found.
func (r *CostResult) keep(k int, sol []int, cost int64) {
	i, _ := slices.BinarySearchFunc(r.Best, cost, func(b CostSolution, c int64) int {
		if b.Cost <= c {
			return -1
		}
		return 1
	})
	r.Best = slices.Insert(r.Best, i, CostSolution{Options: slices.Clone(sol), Cost: cost})
	if len(r.Best) > k {
		r.Best = r.Best[:k]
	}
}
