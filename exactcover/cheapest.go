package exactcover

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
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
	// engine takes (no colors, at most 256 items; else an error wrapping
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
	// Resume, when set, goes on with a search that stopped (see
	// CostCheckpoint): its solutions are kept, their K-th best is the
	// cut-off, and only its units are searched. It must be of the same
	// problem and Best (ErrCheckpointMismatch); its solutions and units
	// are checked against the problem (ErrCheckpoint).
	Resume *CostCheckpoint
	// Checkpoint, when set, is given the search's position every
	// CheckpointEvery (DefaultCheckpointEvery when zero), with Running
	// set, and a final one when the search ends, however it ends (see
	// Solver.Cheapest). An error it returns does not stop the search.
	Checkpoint      func(*CostCheckpoint) error
	CheckpointEvery time.Duration

	pause <-chan struct{} // closed: stop and leave a checkpoint (see cheapestSaving)
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
	Checkpoint *CostCheckpoint
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
	if cfg.Checkpoint != nil || cfg.Resume != nil {
		if cfg.Engine == EngineBits {
			return CostResult{}, ErrCostCheckpointEngine
		}
		if cfg.Checkpoint != nil {
			return s.cheapestSaving(ctx, cfg, visit)
		}
	}
	if cfg.Engine == EngineBits && cfg.Trace == nil {
		if err := bits.Supports(&s.model); err != nil {
			return CostResult{}, err
		}
	}
	if err := ctx.Err(); err != nil {
		return CostResult{Stats: Stats{Status: StoppedBy(err)}}, err
	}
	start := time.Now()
	c := cheapest{k: k, cfg: cfg, visit: visit, done: ctx.Done(), pause: cfg.pause, bound: core.NewBound(k), workers: max(cfg.Workers, 1)}
	c.engine = costEngine(&s.model, cfg)
	if c.engine == EngineBits && (cfg.pause != nil || cfg.Resume != nil) {
		c.engine = EngineDLX // a search with checkpoints (see ErrCostCheckpointEngine)
		if sparseCostPays(&s.model) {
			c.engine = EngineSparse
		}
	}
	c.ends, c.counts = make([]core.Status, c.workers), make([]core.Counters, c.workers)
	c.engines, c.pos = make([]costSearcher, c.workers), make([][]core.Step, c.workers)
	for w := range c.engines {
		switch c.engine {
		case EngineDLX:
			c.engines[w] = dlx.NewCostEngine(&s.model)
		case EngineBits:
			e, _ := bits.NewCostEngine(&s.model) // Cheapest checked that it takes the model
			c.engines[w] = bitsSearcher{e}
		default:
			c.engines[w] = sparse.NewCostEngine(&s.model)
		}
	}
	if err := c.resume(s); err != nil {
		return CostResult{}, err
	}
	if c.workers == 1 {
		c.search(0)
	} else {
		var wg sync.WaitGroup
		for w := range c.workers {
			wg.Add(1)
			go func() { defer wg.Done(); c.search(w) }()
		}
		wg.Wait()
	}
	res := &c.res
	if r := cfg.Resume; r != nil {
		res.Solutions, res.Nodes, res.Updates, res.Cleansings = r.Stats.Solutions, r.Stats.Nodes, r.Stats.Updates, r.Stats.Cleansings
		res.Elapsed = r.Stats.Elapsed
	}
	for _, n := range c.counts {
		res.Solutions, res.Nodes, res.Updates, res.Cleansings = res.Solutions+n.Solutions, res.Nodes+n.Nodes, res.Updates+n.Updates, res.Cleansings+n.Cleansings
	}
	res.Elapsed += time.Since(start)
	if c.workers > 1 {
		res.Workers = c.workers
	}
	res.Engine = c.engine
	var ctxErr error
	switch {
	case c.stopped.Load():
		res.Status = Stopped
	case c.nodeLimit.Load() || slices.Contains(c.ends, core.NodeLimit):
		res.Status = NodeLimit
	case slices.Contains(c.ends, core.Interrupted):
		ctxErr = ctx.Err()
		res.Status = StoppedBy(ctxErr)
		if ctxErr == nil { // paused for a checkpoint
			res.Status = Interrupted
		}
	}
	if res.Status != Complete && res.Status != Stopped {
		res.Checkpoint = c.checkpoint(s)
	}
	return *res, ctxErr
}

// sparseCostShortLists is the average length of the primary items'
// lists up to which auto searches for the cheapest solutions on sparse
// sets. Measured (same run, median of 5, --min-cost and --best 10): with
// short lists (Sudoku, 9 options an item) the sparse engine's bound takes
// the nodes from 42,508 to 15,835 on sudoku-multi-65k with costs and it
// is faster than DLX5; with long ones (pentominoes, 200 an item; the 13
// queens, 13) the bound prunes little and the dancing links, which scan
// only the cheap options of a list, are faster.
const sparseCostShortLists = 10

// costEngine returns the engine that searches for the cheapest solutions
// of p under cfg: DLX5's when there is a Trace (only it tells its steps),
// else cfg.Engine, or for EngineAuto the bit-set engine where it would
// enumerate (bits.Prefer: many options per item, few items) and there
// are no secondary items, the sparse sets where their bound pays
// (sparseCostPays), the dancing links elsewhere.
//
// Secondary items keep the bit sets away because the cost search filters
// a node's whole list of cheap options, and options that only clash on
// secondary items leave it long: on n queens with random costs (secondary
// diagonals) the bit sets and the sparse sets were both slower than the
// dancing links, which run at DLX5's speed there.
func costEngine(p *core.Problem, cfg CostConfig) Engine {
	switch {
	case cfg.Trace != nil:
		return EngineDLX
	case cfg.Engine != EngineAuto:
		return cfg.Engine
	case bits.Prefer(p) && p.NItems == p.NPrimary:
		return EngineBits
	case sparseCostPays(p):
		return EngineSparse
	}
	return EngineDLX
}

// sparseCostPays reports whether auto searches for the cheapest
// solutions of p with the sparse engine: when its primary items' lists
// are short on average.
func sparseCostPays(p *core.Problem) bool {
	uses := 0
	for _, it := range p.Items {
		if int(it) < p.NPrimary {
			uses++
		}
	}
	return uses <= sparseCostShortLists*p.NPrimary
}

// cheapest is one call of Cheapest: what its workers share.
type cheapest struct {
	k       int
	cfg     CostConfig
	visit   func([]int, int64) bool
	done    <-chan struct{}
	pause   <-chan struct{}
	bound   *core.Bound
	workers int
	engine  Engine // EngineDLX, EngineSparse or EngineBits

	mu                 sync.Mutex // guards res and the calls of visit
	res                CostResult
	stopped, nodeLimit atomic.Bool // visit said stop; MaxNodes reached by the workers together
	nodes              atomic.Int64
	ends               []core.Status
	counts             []core.Counters
	engines            []costSearcher
	pos                [][]core.Step // per worker, where its search stopped
	units              *costUnits    // when resuming: the units left, which the workers share
}

// costSearcher is what Cheapest asks of a cost engine.
type costSearcher interface {
	Search(*core.CostRun, *core.Counters) (core.Status, []int64)
	Position() []core.Step
	ListOrder(item int) []int
	RootItem() int
	TotalTax() int64
}

// search runs worker w.
func (c *cheapest) search(w int) {
	e := c.engines[w]
	run := &core.CostRun{Best: c.k, Bound: c.bound, Worker: w, Workers: c.workers, Poll: c.poll(), Visit: c.keep}
	if c.workers == 1 {
		run.MaxNodes, run.Trace = c.cfg.MaxNodes, c.cfg.Trace
	}
	if c.units != nil {
		c.searchUnits(w, run)
		return
	}
	c.ends[w], _ = e.Search(run, &c.counts[w])
	c.pos[w] = slices.Clone(e.Position())
}

// poll returns a worker's poll: false when the context is done, when
// visit asked to stop, or when the workers together reached MaxNodes.
func (c *cheapest) poll() func(*core.Counters) bool {
	last := int64(0)
	return func(n *core.Counters) bool {
		if c.workers > 1 && c.cfg.MaxNodes > 0 {
			if c.nodes.Add(n.Nodes-last) >= c.cfg.MaxNodes {
				c.nodeLimit.Store(true)
				return false
			}
			last = n.Nodes
		}
		select {
		case <-c.done:
			return false
		case <-c.pause:
			return false
		default:
			return !c.stopped.Load()
		}
	}
}

// keep records and reports a solution that beat the cut-off, unless one
// at least as good was reported meanwhile by another worker.
func (c *cheapest) keep(sol []int, cost int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.stopped.Load():
		return false
	case len(c.res.Best) == c.k && cost >= c.res.Best[c.k-1].Cost:
		return true
	}
	c.res.keep(c.k, sol, cost)
	if c.visit != nil && !c.visit(sol, cost) {
		c.stopped.Store(true)
		return false
	}
	return true
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
