package exactcover

import (
	"errors"
	"fmt"
	"time"

	"github.com/xcover/xcover/exactcover/internal/checkpointfile"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// Checkpoint is the saved position of a search: what it has found and
// counted so far, and the parts of its search tree not yet explored. It
// is of one of two kinds, which [ReadCheckpoint] tells apart and Best
// says:
//
//   - a search that lists or counts ([Solver.Search], [Solver.Count]'s
//     search; Best is 0): its units are subtrees named by their paths (see
//     the package documentation). A search with Config.Resume set to it
//     goes on from there, with any number of workers, and ends with
//     exactly the totals of a search never interrupted (under Knuth's
//     branching rule; see [Weighted]);
//   - a search for the Best cheapest solutions ([Solver.Cheapest]): the
//     best solutions found so far, whose Best-th is the cut-off in force,
//     and units each the subtree of one option of the root's item from a
//     path in it, to the end of that subtree in the order of cost the
//     search tries the options. Positions are paths, not node counts,
//     because the cut-off changes what a search visits: the same path
//     means the same partial solution to any engine, so a search with
//     CostConfig.Resume set to it may use any cost engine and any number
//     of workers, and ends with the Best cheapest costs of a search never
//     interrupted.
//
// Searches with Config.Checkpoint or CostConfig.Checkpoint write them.
// What a checkpoint says is checked when it is read and again when a
// search resumes it ([Solver.CheckCheckpoint]), not trusted for its
// digest, which anyone can compute.
type Checkpoint struct {
	// Problem is the hash of the compiled problem ([Solver.Hash]); a
	// checkpoint resumes only a search of the same problem.
	Problem [32]byte
	// Engine and Branching are those of the search. A resumed count or
	// listing must use them too: the engine because a unit that continues
	// a node after some of its branches lists them in that engine's order,
	// the rule because the counters mix otherwise. (A search for the
	// cheapest solutions may go on with another engine.)
	Engine    Engine
	Branching Branching
	// What the search asked for, which a resumed search must ask again,
	// since it goes on delivering and counting from where the runs before
	// stopped: List says its solutions went to a visit function (else
	// they were counted), Limit is Config.MaxSolutions (0 for all), and
	// Best is K for a search for the K cheapest solutions (0 for the
	// others). Goal says it in words.
	List  bool
	Limit int64
	Best  int
	// Solutions are, for a search for the cheapest solutions, the best
	// found so far, by increasing cost.
	Solutions []CostSolution
	// Partial is the search's partial solution, Shard its shard (N = 0
	// when it is not one) and Split the digest of the shard split.
	Partial []int
	Shard   Shard
	Split   string
	// Stats holds the counters so far (and for a count or a listing,
	// their profile), and Elapsed the wall time of every run of the search
	// so far. Status is how the run that wrote the checkpoint stood:
	// Complete means that nothing is left to search and Stats are the
	// final totals; Running marks the checkpoints written while the search
	// went on.
	Stats   Stats
	Running bool
	// Written is when the checkpoint was written.
	Written time.Time

	share     float64          // the share of the search tree the search covers
	pieces    []core.Piece     // a count's or listing's work left
	costUnits []drive.CostUnit // a search for the cheapest solutions' work left
}

// CheckpointVersion is the version of the checkpoint file format written;
// files of other versions are refused. Version 2 records what the search
// asked for; version 3 the checkpoints of searches for the cheapest
// solutions, and reads version 2 too.
const CheckpointVersion = checkpointfile.Version

// goal is what a search asks for that a checkpoint records besides the
// problem and the division of its tree.
type goal struct {
	list  bool
	limit int64
	best  int
}

// goalOf returns the goal of a search with cfg and visit.
func goalOf(cfg *Config, visit func([]int) bool) goal {
	return goal{list: visit != nil, limit: max(cfg.MaxSolutions, 0)}
}

// goal returns what the search that wrote ck asked for.
func (ck *Checkpoint) goal() goal { return goal{list: ck.List, limit: ck.Limit, best: ck.Best} }

// Goal says what the search that wrote ck asked for, for messages:
// "counts every solution", "lists up to 3 solutions", "looks for the 3
// cheapest solutions".
func (ck *Checkpoint) Goal() string { return ck.goal().String() }

// String describes g for messages (see Checkpoint.Goal).
func (g goal) String() string {
	if g.best > 0 {
		return "looks for " + cheapestText(g.best)
	}
	verb := "counts"
	if g.list {
		verb = "lists"
	}
	switch g.limit {
	case 0:
		return verb + " every solution"
	case 1:
		return verb + " one solution"
	}
	return fmt.Sprintf("%s up to %d solutions", verb, g.limit)
}

// cheapestText names what a search for the k cheapest solutions looks for.
func cheapestText(k int) string {
	if k == 1 {
		return "the cheapest solution"
	}
	return fmt.Sprintf("the %d cheapest solutions", k)
}

// MaxCheckpointBytes bounds the size of a checkpoint read: a search has
// at most a few units per worker and level, and a million units with paths
// of a hundred steps stay under it. A file is refused as soon as it is
// known to exceed it (see [ReadCheckpoint]).
const MaxCheckpointBytes = checkpointfile.MaxBytes

// Errors about checkpoints.
var (
	// ErrCheckpoint: the file is not a checkpoint that can be read: not
	// one at all, truncated, changed since it was written, or of another
	// format version. The file is left as it is.
	ErrCheckpoint = errors.New("not a usable checkpoint")
	// ErrCheckpointMismatch: the checkpoint is of another search (another
	// problem, engine, branching rule, goal, partial solution or shard).
	ErrCheckpointMismatch = errors.New("checkpoint of another search")
	// ErrCheckpointWrite: a checkpoint could not be written; the previous
	// one, if any, is intact.
	ErrCheckpointWrite = errors.New("cannot write the checkpoint")
)

// Units returns the number of units of work the checkpoint holds.
func (ck *Checkpoint) Units() int { return len(ck.pieces) + len(ck.costUnits) }

// Fraction returns the share of the search done when the checkpoint was
// written, under Knuth's uniform estimate (as Progress.Fraction); for a
// search for the cheapest solutions, whose units have no share, 1 when
// none is left and 0 otherwise.
func (ck *Checkpoint) Fraction() float64 {
	if ck.Best > 0 {
		if len(ck.costUnits) == 0 {
			return 1
		}
		return 0
	}
	if ck.share <= 0 {
		return 1
	}
	left := 0.0
	for _, p := range ck.pieces {
		left += p.Hi - p.Lo
	}
	return min(max((ck.share-left)/ck.share, 0), 1)
}

// CheckCheckpoint checks ck against s's problem as a search that resumes
// it does, for a caller that shows what it holds before resuming it:
// another problem is ErrCheckpointMismatch; what the file alone can tell
// (see ReadCheckpoint) and what needs the problem is ErrCheckpoint. For a
// search for the cheapest solutions, that is each solution kept a
// solution of the problem at the cost recorded, distinct, by increasing
// cost and in the part of the tree already searched, and units that are
// partial solutions from the item the search branches on at its root, one
// per root option, in the order the search tries them; for a count or a
// listing, units that name nodes of the search tree of its engine, and
// for a shard, the split of its problem and units within its part. What
// no file can show (a unit removed, say) is left to the digest.
func (s *Solver) CheckCheckpoint(ck *Checkpoint) error {
	if ck.Best > 0 {
		_, err := s.costPosition(ck, ck.Best, sparse.NewCostEngine(&s.model))
		return err
	}
	hash := s.Hash()
	id := Checkpoint{Problem: hash, Engine: ck.Engine, Branching: ck.Branching, List: ck.List, Limit: ck.Limit}
	if ck.Engine == EngineLearn || ck.Engine == EngineAuto {
		return fmt.Errorf("%w: engine %v", ErrCheckpoint, ck.Engine)
	}
	pos, err := resumable(&id, ck)
	if err != nil {
		return err
	}
	m := s.acquire()
	defer s.release(m)
	err = drive.CheckFits(m.engine(ck.Engine), pos, drive.RootPath(id.Partial), id.Shard.K, id.Shard.N, splitSeed(hash), id.Split)
	return s.explain(err, &Config{Resume: ck})
}
