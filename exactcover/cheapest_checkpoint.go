package exactcover

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// CostCheckpoint is the saved position of a search for the cheapest
// solutions ([Solver.Cheapest]): the K best solutions found so far, whose
// K-th best is the cut-off in force, the counts so far, and the parts of
// the search tree not yet explored. A search with CostConfig.Resume set
// to it goes on from there, with any number of workers and either cost
// engine, and ends with the K best costs of a search never interrupted.
//
// The parts left are units, each the subtree of one option of the root's
// item from a position in it: the steps (item, option) from the root to
// the node the search had entered when it stopped. A unit holds what a
// depth-first search has still to explore from there: that node's
// subtree, then at each level above it the options after the one taken,
// in the order of cost the search tries them; it stops at the end of its
// root option's subtree. Units are of distinct root options, in the
// order of the root item's list, so they cannot overlap. Positions are
// paths, not node counts, because the cut-off changes what a search
// visits: the same path means the same partial solution to any engine.
// (The model is the simplest that keeps every node's work: a search with
// W workers stops with at most W units started, and the root's options
// not yet started are units of one step.)
//
// A search that stopped at its root, before it branched, leaves every
// option of the root item as a unit.
//
// What a checkpoint says is checked when it is read and again when a
// search resumes it (see [Solver.CheckCostCheckpoint]), not trusted for
// its digest, which anyone can compute.
type CostCheckpoint struct {
	// Problem is the hash of the compiled problem ([Solver.Hash]).
	Problem [32]byte
	// Best is K; a resumed search must ask for the same.
	Best int
	// Engine is the engine that searched last (a resumed search may use
	// the other: the units are engine-free).
	Engine Engine
	// Solutions are the best solutions found so far, by increasing cost.
	Solutions []CostSolution
	// Stats are the counts so far, over every run of the search.
	Stats Stats
	// Units are the parts of the search tree left (see above): none when
	// the search is complete.
	Units []CostUnit
	// Running marks the checkpoints written while the search went on;
	// Written is when it was written.
	Running bool
	Written time.Time
}

// CostUnit is a part of a search for the cheapest solutions left to do
// (see CostCheckpoint): the subtree of the root option Path[0] from the
// node Path leads to on. Entered says that the search had entered that
// node (and counted it) when it stopped; a root option not yet started
// is a unit of one step, not entered.
type CostUnit struct {
	Path    []Step
	Entered bool
}

// ErrCostCheckpointEngine: the bit-set engine searches for the cheapest
// solutions without saving where it stands, so a search with
// CostConfig.Checkpoint or Resume takes the dlx or the sparse engine (auto
// picks one of them) and refuses EngineBits. It wraps
// ErrEngineUnsupported.
var ErrCostCheckpointEngine = fmt.Errorf("%w: the bit-set engine does not save checkpoints of a search for the cheapest solutions; the dlx and sparse engines do", ErrEngineUnsupported)

// bitsSearcher is the bit-set cost engine as Cheapest drives it: it
// searches, but does not say where it stopped (Position returns nil, and
// Cheapest leaves no checkpoint), nor resume (Cheapest does not give it
// units).
type bitsSearcher struct{ *bits.CostEngine }

func (bitsSearcher) Position() []core.Step { return nil }
func (bitsSearcher) ListOrder(int) []int   { return nil }
func (bitsSearcher) RootItem() int         { return -1 }

// Step is a step of a path from the root of a search tree: the node
// branches on primary item Item and takes Option (the caller's indices).
type Step struct {
	Item, Option int
}

// leftUnits returns the units a fresh search leaves when it stops, from
// its workers' ends and positions: the root option each worker stood in,
// from its position, then the root options not yet started, whole.
func leftUnits(root int, order []int, ends []core.Status, pos [][]core.Step) []CostUnit {
	workers := len(ends)
	if root < 0 {
		return nil
	}
	var units []CostUnit
	for r, o := range order {
		w := r % workers
		switch p := pos[w]; {
		case ends[w] == core.Complete:
		case len(p) == 0 || slices.Index(order, int(p[0].Option)) < r:
			units = append(units, CostUnit{Path: []Step{{Item: root, Option: o}}})
		case int(p[0].Option) == o:
			units = append(units, CostUnit{Path: stepsOf(p), Entered: true})
		}
	}
	return units
}

// stepsOf returns path as Steps.
func stepsOf(path []core.Step) []Step {
	steps := make([]Step, len(path))
	for i, st := range path {
		steps[i] = Step{Item: int(st.Item), Option: int(st.Option)}
	}
	return steps
}

// costUnits are the units a resumed search shares out: each worker takes
// the next, in order, until none is left or the search stops.
type costUnits struct {
	mu    sync.Mutex
	runs  []core.CostRun // Start and Entered of each unit
	next  int            // the first not yet taken
	left  []*CostUnit    // per unit taken and stopped, where it stands
	taken []bool
}

// take returns the index of the next unit, false when none is left.
func (u *costUnits) take() (int, bool) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.next == len(u.runs) {
		return 0, false
	}
	u.next++
	u.taken[u.next-1] = true
	return u.next - 1, true
}

// resume sets c up to go on with cfg.Resume, if set: its units to share
// out, its solutions kept and their cut-off in force.
func (c *cheapest) resume(s *Solver) error {
	r := c.cfg.Resume
	if r == nil {
		return nil
	}
	runs, err := s.checkResume(r, c.k, c.engines[0])
	if err != nil {
		return err
	}
	c.units = &costUnits{runs: runs, left: make([]*CostUnit, len(runs)), taken: make([]bool, len(runs))}
	tax := c.engines[0].TotalTax()
	for _, sol := range r.Solutions {
		c.bound.Offer(sol.Cost - tax)
		c.res.Best = append(c.res.Best, CostSolution{Options: slices.Clone(sol.Options), Cost: sol.Cost})
	}
	return nil
}

// searchUnits is worker w of a resumed search: it searches units until
// none is left or the search stops.
func (c *cheapest) searchUnits(w int, run *core.CostRun) {
	e := c.engines[w]
	for {
		if c.workers == 1 && c.cfg.MaxNodes > 0 {
			if run.MaxNodes = c.cfg.MaxNodes - c.counts[w].Nodes; run.MaxNodes <= 0 {
				c.ends[w] = core.NodeLimit
				return
			}
		}
		i, ok := c.units.take()
		if !ok {
			c.ends[w] = core.Complete
			return
		}
		run.Start, run.Entered = c.units.runs[i].Start, c.units.runs[i].Entered
		end, _ := e.Search(run, &c.counts[w])
		if end == core.Complete {
			continue
		}
		c.ends[w] = end
		if end == core.NodeLimit || end == core.Interrupted {
			c.units.mu.Lock()
			c.units.left[i] = &CostUnit{Path: stepsOf(e.Position()), Entered: true}
			c.units.mu.Unlock()
		}
		return
	}
}

// checkpoint returns where the stopped search stands; nil when a visit
// stopped it (a worker's position is then not known) or when the bit-set
// engine searched (it does not say where it stands).
func (c *cheapest) checkpoint(s *Solver) *CostCheckpoint {
	if slices.Contains(c.ends, core.Stopped) || c.engine == EngineBits {
		return nil
	}
	ck := &CostCheckpoint{Problem: s.Hash(), Best: c.k, Engine: c.res.Engine, Stats: c.res.Stats}
	for _, b := range c.res.Best {
		ck.Solutions = append(ck.Solutions, CostSolution{Options: slices.Clone(b.Options), Cost: b.Cost})
	}
	if u := c.units; u != nil {
		for i, run := range u.runs {
			switch {
			case !u.taken[i]:
				ck.Units = append(ck.Units, CostUnit{Path: stepsOf(run.Start), Entered: run.Entered})
			case u.left[i] != nil:
				ck.Units = append(ck.Units, *u.left[i])
			}
		}
		return ck
	}
	root := c.engines[0].RootItem()
	if root >= 0 {
		ck.Units = leftUnits(root, c.engines[0].ListOrder(root), c.ends, c.pos)
	}
	return ck
}

// cheapestSaving is Cheapest with cfg.Checkpoint: it searches in spells
// of cfg.CheckpointEvery, each stopped by a pause that leaves a
// checkpoint, given to the sink and resumed at once, and gives the sink a
// final checkpoint at the end.
func (s *Solver) cheapestSaving(ctx context.Context, cfg CostConfig, visit func([]int, int64) bool) (CostResult, error) {
	sink, every := cfg.Checkpoint, cmp.Or(cfg.CheckpointEvery, DefaultCheckpointEvery)
	cfg.Checkpoint = nil
	var before int64 // the nodes of the resumed search, which MaxNodes leaves out
	if cfg.Resume != nil {
		before = cfg.Resume.Stats.Nodes
	}
	limit := cfg.MaxNodes
	for {
		pause := make(chan struct{})
		cfg.pause = pause
		timer := time.AfterFunc(every, func() { close(pause) })
		if limit > 0 {
			cfg.MaxNodes = limit
			if cfg.Resume != nil {
				cfg.MaxNodes = limit - (cfg.Resume.Stats.Nodes - before)
			}
		}
		res, err := s.Cheapest(ctx, cfg, visit)
		timer.Stop()
		ck := res.Checkpoint
		switch {
		case err != nil && !errors.Is(err, ctx.Err()):
			return res, err
		case res.Status == Complete:
			ck = &CostCheckpoint{Problem: s.Hash(), Best: cmp.Or(cfg.Best, 1), Engine: res.Engine, Stats: res.Stats}
			for _, b := range res.Best {
				ck.Solutions = append(ck.Solutions, CostSolution{Options: slices.Clone(b.Options), Cost: b.Cost})
			}
		case ck == nil || res.Status != Interrupted || ctx.Err() != nil:
		default: // paused
			ck.Running, ck.Written = true, time.Now()
			sink(ck) // an error is the sink's to tell; the search goes on
			cfg.Resume = ck
			res.Checkpoint = nil
			continue
		}
		if ck != nil {
			ck.Written = time.Now()
			sink(ck)
		}
		return res, err
	}
}

// CheckCostCheckpoint checks ck as a search for the best cheapest
// solutions of s's problem checks it when it resumes (CostConfig.Resume):
// the same problem and K (ErrCheckpointMismatch); then (ErrCheckpoint)
// min(K, Stats.Solutions) solutions kept, distinct, by increasing cost,
// each a solution of the problem at the cost recorded and in the part of
// the tree already searched, and units that are partial solutions from
// the item the search branches on at its root, one per root option, in
// the order the search tries them. A caller that shows the solutions of a
// checkpoint before resuming it checks them first. What no file can show
// (a unit removed, say) is left to the digest, as for a [Checkpoint].
func (s *Solver) CheckCostCheckpoint(ck *CostCheckpoint, best int) error {
	_, err := s.checkResume(ck, best, sparse.NewCostEngine(&s.model))
	return err
}
