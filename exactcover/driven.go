package exactcover

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// DefaultCheckpointEvery is how often a search with Config.Checkpoint
// saves its position when Config.CheckpointEvery is zero.
const DefaultCheckpointEvery = drive.DefaultCheckpointEvery

// WorkerPanic is the error of a search in which a worker panicked (in an
// engine, or in the visit function). The other workers stopped cleanly;
// with a checkpoint, the sink holds a position from which resuming is
// exact: the final one when the panicking worker's piece could be
// requeued whole, the last periodic one otherwise.
type WorkerPanic struct {
	Value any
	Stack []byte
}

func (e *WorkerPanic) Error() string { return fmt.Sprintf("a search worker panicked: %v", e.Value) }

// searchDriven runs the search that cfg asks for with several workers, a
// checkpoint, a resumed position or a shard: package drive's Run, given
// what it needs and its result and errors told in this package's terms.
func (s *Solver) searchDriven(ctx context.Context, cfg Config, visit func([]int) bool) (Stats, error) {
	choice := s.engineOf(cfg)
	hash := s.Hash()
	g := goalOf(&cfg, visit)
	ident := Checkpoint{Problem: hash, Engine: choice, Branching: cfg.Branching, List: g.list, Limit: g.limit,
		Partial: slices.Clone(cfg.Partial), Shard: cfg.Shard}
	dc := drive.Config{Workers: cfg.Workers, MaxNodes: cfg.MaxNodes, MaxSolutions: cfg.MaxSolutions,
		Weighted: cfg.Branching == Weighted, Visit: visit, SkipProfile: cfg.SkipProfile,
		Progress: progressTo(cfg.Progress, new(Progress)), ProgressEvery: cfg.ProgressEvery,
		CheckpointEvery: cfg.CheckpointEvery, SplitSeed: splitSeed(hash)}
	switch {
	case cfg.Resume != nil:
		pos, err := resumable(&ident, cfg.Resume)
		if err != nil {
			return Stats{}, err
		}
		dc.Resume, dc.Split = pos, ident.Split
	case cfg.Shard != (Shard{}):
		if err := cfg.Shard.check(); err != nil {
			return Stats{}, err
		}
	}
	dc.Root, dc.Shard, dc.Shards = drive.RootPath(ident.Partial), ident.Shard.K, ident.Shard.N
	if sink := cfg.Checkpoint; sink != nil {
		dc.Checkpoint = func(pos *drive.Position) error {
			ck := ident
			ck.Stats = statsOf(pos.Counters)
			ck.Stats.Profile, ck.Stats.Elapsed, ck.Stats.Status, ck.Stats.Engine = pos.Profile, pos.Elapsed, pos.Status, choice
			ck.Running, ck.Written, ck.share, ck.pieces, ck.Split = pos.Running, time.Now(), pos.Share, pos.Pieces, pos.Split
			if err := sink(&ck); err != nil {
				return &checkpointWriteError{err}
			}
			return nil
		}
	}
	r, err := drive.Run(ctx, s.engine(choice), dc)
	st := statsOfResult(r, choice)
	st.Shard = ident.Shard
	return st, s.explain(err, &cfg)
}

// checkpointWriteError is a sink's error, which wraps ErrCheckpointWrite
// and the sink's: one error with one Unwrap, not a list (explain takes a
// list for the errors of several workers, one per line).
type checkpointWriteError struct{ err error }

func (e *checkpointWriteError) Error() string {
	return ErrCheckpointWrite.Error() + ": " + e.err.Error()
}
func (e *checkpointWriteError) Unwrap() error        { return e.err }
func (e *checkpointWriteError) Is(target error) bool { return target == ErrCheckpointWrite }

// splitSeed seeds the random walks of a shard split: from the problem's
// hash, so that every machine splits alike.
func splitSeed(hash [32]byte) uint64 { return binary.LittleEndian.Uint64(hash[:8]) }

// resumable checks that ck is of the search ident describes, and returns
// its position. The search takes ck's partial solution and shard when it
// names none, and its split.
func resumable(id *Checkpoint, ck *Checkpoint) (*drive.Position, error) {
	mismatch := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrCheckpointMismatch}, args...)...)
	}
	switch {
	case ck.Best > 0:
		return nil, mismatch("it is of a search for %s (Solver.Cheapest resumes it)", cheapestText(ck.Best))
	case ck.Problem != id.Problem:
		return nil, mismatch("it is of problem %x…, this problem is %x…", ck.Problem[:6], id.Problem[:6])
	case ck.Engine != id.Engine:
		return nil, mismatch("it was written by the %s engine, this search uses %s", ck.Engine, id.Engine)
	case ck.Branching != id.Branching:
		return nil, mismatch("it branches by rule %s, this search by %s", ck.Branching, id.Branching)
	case ck.goal() != id.goal():
		return nil, mismatch("it is of a search that %s, this search %s", ck.goal(), id.goal())
	}
	if id.Partial == nil {
		id.Partial = slices.Clone(ck.Partial)
	} else if !slices.Equal(id.Partial, ck.Partial) {
		return nil, mismatch("it starts from partial solution %v, this search from %v", ck.Partial, id.Partial)
	}
	if id.Shard == (Shard{}) {
		id.Shard = ck.Shard
	} else if id.Shard != ck.Shard {
		return nil, mismatch("it is %s, this search %s", ck.Shard.describe(), id.Shard.describe())
	}
	id.Split = ck.Split
	if err := ck.checkContent(); err != nil { // again: a caller may have changed ck since it was read
		return nil, fmt.Errorf("%w: %w", ErrCheckpoint, err)
	}
	c := ck.Stats
	return &drive.Position{Counters: core.Counters{Solutions: c.Solutions, Nodes: c.Nodes, Updates: c.Updates, Cleansings: c.Cleansings},
		Profile: c.Profile, Elapsed: c.Elapsed, Share: ck.share, Pieces: ck.pieces}, nil
}

// explain tells the errors of a driven search in this package's terms: a
// path that names no node is the partial solution's fault (a
// *ProblemError) or the checkpoint's (ErrCheckpoint); a position that does
// not fit is ErrCheckpoint, one of another split ErrCheckpointMismatch; a
// worker's panic is a *WorkerPanic. The errors of several workers stay
// joined.
func (s *Solver) explain(err error, cfg *Config) error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var all []error
		for _, e := range j.Unwrap() {
			all = append(all, s.explain(e, cfg))
		}
		return errors.Join(all...)
	}
	var (
		wp *drive.WorkerPanic
		pe *core.PathError
	)
	switch {
	case errors.As(err, &wp):
		return &WorkerPanic{Value: wp.Value, Stack: wp.Stack}
	case errors.Is(err, drive.ErrOtherSplit):
		return fmt.Errorf("%w: %w", ErrCheckpointMismatch, err)
	case errors.Is(err, drive.ErrUnfit):
		return fmt.Errorf("%w: %w", ErrCheckpoint, err)
	case errors.As(err, &pe) && cfg.Resume == nil && pe.Step < len(cfg.Partial):
		return partialError(err, cfg.Partial)
	case errors.As(err, &pe):
		return fmt.Errorf("%w: a unit of work names no node of the search tree: %w", ErrCheckpoint, err)
	}
	return err
}
