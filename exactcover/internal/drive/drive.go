package drive

import (
	"errors"
	"fmt"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// running is the Status of a periodic checkpoint's position.
const running core.Status = -1

// DefaultCheckpointEvery is how often a search with Config.Checkpoint
// saves its position when Config.CheckpointEvery is zero.
const DefaultCheckpointEvery = time.Minute

// Config is a search for the driver: where it starts (Root, or Resume,
// or part Shard of Shards), its limits, and what it reports.
type Config struct {
	Workers int // 0 and 1: one
	// MaxNodes bounds the nodes this run enters (0: no limit); a resumed
	// position's nodes do not count, as with CostConfig.MaxNodes, so that a
	// run resumed with the limit it stopped at goes on.
	MaxNodes     int64
	MaxSolutions int64
	Weighted     bool        // the Weighted branching rule
	Root         []core.Step // the partial solution's path (see RootPath)
	Visit        func([]int) bool
	// SkipProfile leaves Result.Profile empty. Engines then keep no nodes
	// per level either, which spares the sparse engine's table of counts
	// a share of its work, unless Checkpoint is set: a position's profile
	// adds up to its nodes.
	SkipProfile bool

	// Progress, when set, is called about every ProgressEvery, never while
	// Visit runs.
	Progress      func(*Progress)
	ProgressEvery time.Duration

	// Checkpoint, when set, is given the position every CheckpointEvery
	// (Running set) and at the end of a search that completed or was
	// stopped by its context or MaxNodes, with the world stopped.
	Checkpoint      func(*Position) error
	CheckpointEvery time.Duration

	// Resume continues from a position (checked against the problem:
	// see CheckFits), instead of Root. With Shards > 0, Split is the
	// digest of its split.
	Resume *Position
	Split  string

	// Shard K of Shards (Shards 0: no shard), split deterministically,
	// the split's random walks seeded by SplitSeed (the problem's hash).
	Shard, Shards int
	SplitSeed     uint64
}

// Position is where a driven search stands: its totals so far and the
// work left, which a checkpoint holds.
type Position struct {
	Counters core.Counters
	Profile  []int64       // nodes per level, without trailing empty levels
	Elapsed  time.Duration // of every run of the search so far
	Status   core.Status   // how the run that took it stood (core.Interrupted while Running)
	Running  bool          // taken while the search went on
	Share    float64       // the share of the whole tree the search covers
	Pieces   []core.Piece  // the work left
	Split    string        // a shard's split (its digest)
}

// Result is what a driven search did.
type Result struct {
	Counters core.Counters
	Profile  []int64
	Elapsed  time.Duration
	Status   core.Status
	Workers  int
	Steals   int64
	Idle     time.Duration
	Split    string // the digest of the shard split; empty when not a shard
}

// Progress is a snapshot of a search for Config.Progress, valid during
// the call.
type Progress struct {
	Counters core.Counters
	Elapsed  time.Duration
	// Branches is the current path, in a sequential search; Run's
	// workers are at many places at once, and report Workers, the number
	// searching, and Done, the share of the search done (Knuth's
	// estimate, over the pieces).
	Branches []core.Branch
	Workers  int
	Done     float64
	Combined bool // Done holds the share done
}

// WorkerPanic is the error of a search in which a worker panicked (in an
// engine, or in the visit function). The other workers stopped cleanly;
// with a checkpoint, the file holds a position from which resuming is
// exact: the final one when the panicking worker's piece could be
// requeued whole, the last periodic one otherwise.
type WorkerPanic struct {
	Value any
	Stack []byte
}

func (e *WorkerPanic) Error() string { return fmt.Sprintf("a search worker panicked: %v", e.Value) }

// ErrUnfit wraps the error of a position that does not fit the problem
// (CheckFits); ErrOtherSplit, that of a shard's position whose split is
// not this problem's.
var (
	ErrUnfit      = errors.New("the position does not fit the problem")
	ErrOtherSplit = errors.New("the position is of another split")
)

// RootPath returns the path of the node a search with the given partial
// solution (options, as the caller's indices) starts from.
func RootPath(partial []int) []core.Step {
	return appendRoot(make([]core.Step, 0, len(partial)), partial)
}

// appendRoot appends the steps of RootPath(partial) to dst: each forces an
// option outside any search (Item -1); an index out of range is clamped
// to one the engine refuses as naming no option.
func appendRoot(dst []core.Step, partial []int) []core.Step {
	for _, k := range partial {
		dst = append(dst, core.Step{Item: -1, Option: int32(min(max(k, -2), 1<<31-1))})
	}
	return dst
}
