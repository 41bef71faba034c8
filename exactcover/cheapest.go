package exactcover

import (
	"cmp"
	"context"
	"errors"
	"time"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/exactcover/internal/sparse"
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
	// Engine is EngineDLX, EngineSparse, EngineBits or EngineAuto.
	// EngineDLX is Knuth's DLX5, whose solutions, nodes, updates and
	// cleansings it reproduces. EngineSparse searches the same way on
	// sparse sets and prunes more: it finds dead ends as it covers items,
	// and bounds the cost still to pay by the items' cheapest options (see
	// the sparse package's CostEngine). EngineBits searches the same way
	// on bit rows, its lists sorted by cost and cut to the options cheap
	// enough (see the bits package's CostEngine); it takes what the bit-set
	// engine takes (no multiplicities, at most 4,096 items and colors; else an error wrapping
	// ErrEngineUnsupported). Both find the same K best costs as DLX5, with
	// their own counts, and of solutions of equal cost possibly others.
	// EngineAuto is EngineBits where the bit-set engine is preferred for
	// enumerating (packings: few items, many options each) and there are
	// no secondary items, else EngineSparse where its bound pays, else
	// EngineDLX (see costEngine); with checkpoints, which the bit-set
	// engine does not save, one of the last two.
	// Other engines are refused (ErrCostEngine).
	Engine Engine
	// Workers > 1 searches with that many goroutines sharing the
	// cut-off (see Cheapest).
	Workers int
	// Trace, when set, is told every step of the search: the taxes, the
	// item each node branches on, each option tried, each cut, each
	// solution (package explain narrates them). Only one worker's search
	// is told: with Workers > 1, Trace is not called. A search with a
	// Trace is DLX5's (EngineDLX), whatever Engine says.
	Trace func(CostStep)
	// Resume, when set, goes on with a search for the cheapest solutions
	// that stopped (see Checkpoint): its solutions are kept, their K-th
	// best is the cut-off, and only its units are searched. It must be of
	// such a search, of the same problem and Best (ErrCheckpointMismatch);
	// its solutions and units are checked against the problem
	// (ErrCheckpoint).
	Resume *Checkpoint
	// Checkpoint, when set, is given the search's position every
	// CheckpointEvery (DefaultCheckpointEvery when zero), with Running
	// set, and a final one when the search ends, however it ends (see
	// Solver.Cheapest). An error it returns does not stop the search.
	Checkpoint      func(*Checkpoint) error
	CheckpointEvery time.Duration
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
	// ErrCostEngine: only the dlx, sparse and bits engines search for
	// the cheapest solutions.
	ErrCostEngine = errors.New("the cheapest solutions are searched by the dlx, sparse or bits engine only")
)

// CostSolution is a solution with its cost.
type CostSolution struct {
	Options []int // indices into Problem.Options, in the order chosen
	Cost    int64
}

// CostResult is what [Solver.Cheapest] found. Stats count as DLX5 counts
// (with EngineSparse, its own nodes and updates; Stats.Engine is the engine
// that searched): Solutions is the number of solutions found that were
// cheaper than the K-th best known when found (the cut-off prunes the
// others unseen).
type CostResult struct {
	Stats
	// Best are the K cheapest solutions found, by increasing cost; of
	// solutions of equal cost, the first found comes first, and one found
	// later whose cost only equals the K-th best is not kept (DLX5's rule:
	// a solution must beat the K-th best). When the search completes,
	// they are the K cheapest solutions of the problem (fewer if it has
	// fewer).
	Best []CostSolution
	// Checkpoint, when the search stopped by its context or MaxNodes, is
	// where it stands, to resume it with (CostConfig.Resume); nil when the
	// bit-set engine searched. Its counts include those of the searches it
	// resumed, as Stats do.
	Checkpoint *Checkpoint
}

// Cheapest searches for the cfg.Best cheapest solutions, in the model of
// Knuth's DLX5 (TAOCP 7.2.2.1; see the dlx package's CostEngine for taxes,
// sorted lists and the cut-off, and the sparse package's for the bound
// the sparse engine adds), with the engine cfg.Engine names (see there);
// CostResult.Engine says which searched. visit, when not nil, receives every solution
// found that improves on the K-th best so far, as it is found, with its
// cost: a long search is useful early. Its slice is valid until it
// returns; returning false stops the search (Status Stopped).
//
// With cfg.Workers > 1, that many goroutines share the root's options out
// and the cut-off: a solution one finds prunes the others' branches at
// once. visit is then called by one at a time, with costs that still
// decrease (a solution beaten meanwhile by another worker's is not
// reported); the counts are summed, and differ from DLX5's.
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
	if cfg.Engine != EngineAuto && cfg.Engine != EngineDLX && cfg.Engine != EngineSparse && cfg.Engine != EngineBits {
		return CostResult{}, ErrCostEngine
	}
	engine := s.cheapestEngine(cfg)
	if engine == EngineBits {
		if err := bits.Supports(&s.model); err != nil {
			return CostResult{}, err
		}
	}
	if err := ctx.Err(); err != nil {
		return CostResult{Stats: Stats{Status: StoppedBy(err)}}, err
	}
	var proto core.CostEngine
	switch engine {
	case EngineDLX:
		proto = dlx.NewCostEngine(&s.model)
	case EngineBits:
		proto, _ = bits.NewCostEngine(&s.model) // supported: checked above
	default:
		proto = sparse.NewCostEngine(&s.model)
	}
	dc := drive.CostConfig{Best: k, Workers: cfg.Workers, MaxNodes: cfg.MaxNodes, Visit: visit, Trace: cfg.Trace,
		CheckpointEvery: cfg.CheckpointEvery}
	if cfg.Resume != nil {
		pos, err := s.costPosition(cfg.Resume, k, proto)
		if err != nil {
			return CostResult{}, err
		}
		dc.Resume = pos
	}
	if sink := cfg.Checkpoint; sink != nil {
		dc.Checkpoint = func(pos *drive.CostPosition) error {
			return sink(s.costCheckpoint(pos, k, engine))
		}
	}
	r, err := drive.Cheapest(ctx, proto, dc)
	res := CostResult{Stats: statsOf(r.Counters)}
	res.Elapsed, res.Status, res.Workers, res.Engine = r.Elapsed, r.Status, r.Workers, engine
	for _, b := range r.Kept {
		res.Best = append(res.Best, CostSolution(b))
	}
	if r.Position != nil {
		res.Checkpoint = s.costCheckpoint(r.Position, k, engine)
	}
	var wp *drive.WorkerPanic
	if errors.As(err, &wp) {
		err = &WorkerPanic{Value: wp.Value, Stack: wp.Stack}
	}
	return res, err
}

// cheapestEngine returns the engine that searches for the cheapest
// solutions under cfg: DLX5's for a Trace, the one cfg names, or
// autoCheapest's.
func (s *Solver) cheapestEngine(cfg CostConfig) Engine {
	switch {
	case cfg.Trace != nil:
		return EngineDLX // only it tells its steps
	case cfg.Engine != EngineAuto:
		return cfg.Engine
	}
	return autoCheapest(&s.model, cfg.Checkpoint != nil || cfg.Resume != nil)
}
