package exactcover

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
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
	// another: the units are engine-free).
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

// Step is a step of a path from the root of a search tree: the node
// branches on primary item Item and takes Option (the caller's indices).
type Step struct {
	Item, Option int
}

// costCheckpoint returns the checkpoint of a search for the k cheapest
// solutions that engine searched, from its driver's position.
func (s *Solver) costCheckpoint(pos *drive.CostPosition, k int, engine Engine) *CostCheckpoint {
	ck := &CostCheckpoint{Problem: s.Hash(), Best: k, Engine: engine, Stats: statsOf(pos.Counters), Running: pos.Running}
	ck.Stats.Elapsed, ck.Stats.Status, ck.Stats.Engine = pos.Elapsed, pos.Status, engine
	if pos.Running {
		ck.Written = time.Now()
	}
	for _, b := range pos.Kept {
		ck.Solutions = append(ck.Solutions, CostSolution{Options: slices.Clone(b.Options), Cost: b.Cost})
	}
	for _, u := range pos.Units {
		steps := make([]Step, len(u.Path))
		for i, st := range u.Path {
			steps[i] = Step{Item: int(st.Item), Option: int(st.Option)}
		}
		ck.Units = append(ck.Units, CostUnit{Path: steps, Entered: u.Entered})
	}
	return ck
}

// costPosition checks ck as a search for the k cheapest solutions of s's
// problem resumes it, and returns it as the driver takes it: the same
// problem and K (ErrCheckpointMismatch), then (ErrCheckpoint) what the
// file alone can tell (checkContent) and what needs the problem
// (drive.CheckCostPosition), with eng's order of the options.
func (s *Solver) costPosition(ck *CostCheckpoint, k int, eng core.CostEngine) (*drive.CostPosition, error) {
	if ck.Problem != s.Hash() {
		return nil, fmt.Errorf("%w: the checkpoint is of another problem", ErrCheckpointMismatch)
	}
	if ck.Best != k {
		return nil, fmt.Errorf("%w: the checkpoint's search wants the %d cheapest solutions, not %d: give --best %d", ErrCheckpointMismatch, ck.Best, k, ck.Best)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrCheckpoint}, args...)...)
	}
	if err := ck.checkContent(); err != nil { // a CostCheckpoint made by hand was not read
		return nil, bad("%v", err)
	}
	st := &ck.Stats
	pos := &drive.CostPosition{Counters: core.Counters{Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Cleansings: st.Cleansings},
		Elapsed: st.Elapsed, Status: st.Status, Running: ck.Running}
	for _, sol := range ck.Solutions {
		pos.Kept = append(pos.Kept, drive.CostSolution{Options: slices.Clone(sol.Options), Cost: sol.Cost})
	}
	for i, u := range ck.Units {
		path := make([]core.Step, len(u.Path))
		for j, st := range u.Path {
			if st.Item < 0 || st.Item > math.MaxInt32 || st.Option < 0 || st.Option > math.MaxInt32 {
				return nil, bad("unit %d, step %d: no item %d or option %d", i+1, j+1, st.Item, st.Option)
			}
			path[j] = core.Step{Item: int32(st.Item), Option: int32(st.Option)}
		}
		pos.Units = append(pos.Units, drive.CostUnit{Path: path, Entered: u.Entered})
	}
	if err := drive.CheckCostPosition(&s.model, eng, pos); err != nil {
		return nil, bad("%v", err)
	}
	return pos, nil
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
	_, err := s.costPosition(ck, best, sparse.NewCostEngine(&s.model))
	return err
}
