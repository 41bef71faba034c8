package exactcover

import (
	"context"
	"errors"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// Config bounds and instruments one search. The zero value explores the
// whole tree.
type Config struct {
	// MaxSolutions stops the search after this many solutions (0: no limit).
	MaxSolutions int64
	// MaxNodes stops the search after this many search-tree nodes (0: no
	// limit), across all Workers (see the package documentation, "Big
	// searches", for how exactly); a resumed search after this many more
	// than its checkpoint's.
	MaxNodes int64
	// Partial lists options to take before the search starts, in order; the
	// search then completes them. An option that clashes with one before it
	// is rejected with ErrInconsistentPart. Independent parts of a big search
	// can be given to different solvers this way.
	Partial []int
	// Branching chooses the rule for picking the item to branch on; the
	// zero value is Knuth's.
	Branching Branching
	// Engine chooses the engine; the zero value lets the solver choose
	// (see [Solver.EngineFor]).
	Engine Engine
	// SkipProfile leaves Stats.Profile empty, saving its allocation for
	// callers that solve many small problems, and the work of keeping it:
	// in a count on the sparse engine, its table of subtrees' counts then
	// keeps no nodes per level (unless checkpoints are saved, which hold
	// the profile).
	SkipProfile bool
	// Progress, when set, is called about every ProgressEvery (default one
	// second) from inside the search or count, with a view of where it is
	// (at most every millisecond in a driven search: see Workers), never
	// while visit is running.
	Progress      func(*Progress)
	ProgressEvery time.Duration

	// Method chooses how [Solver.Count] and [Solver.ZDD] count; the zero
	// value chooses by itself (see [Method]). Search ignores it.
	Method Method
	// MemoLimit bounds the memory of memoized counting, in bytes, for
	// Count and ZDD; 0 means DefaultMemoLimit. Under MethodAuto, a
	// memoized count that reaches it gives way to the search.
	MemoLimit int64

	// Workers is the number of goroutines that search at once, each with
	// its own copy of the engine, taking work from one another (see the
	// package documentation, "Parallel search"). 0 and 1 mean one. With
	// more than one, visit is called from the workers, one call at a
	// time, in no particular order.
	Workers int
	// Checkpoint, when set, is the sink of the search's position: it is
	// given a Checkpoint every CheckpointEvery (DefaultCheckpointEvery
	// when zero), with Running set, and a final one when the search
	// completes (the totals, no work left) or is stopped by ctx or
	// MaxNodes (the totals and the work left). The sink stores it where it
	// survives the process ([Checkpoint.WriteTo] encodes it; a file should
	// be replaced atomically, so that it always holds the last good one).
	// It is called from one goroutine at a time and never while a solution
	// is being visited: a caller that prints solutions makes them durable
	// first, since the checkpoint counts them. An error is a checkpoint
	// not saved: a periodic one does not stop the search; a final one is
	// returned by Search, wrapping ErrCheckpointWrite. A search stopped by
	// the visitor or by MaxSolutions gives no final checkpoint (it has
	// dropped work): resuming from the last periodic one is exact.
	Checkpoint      func(*Checkpoint) error
	CheckpointEvery time.Duration
	// Resume continues the search saved in a checkpoint ([ReadCheckpoint])
	// instead of starting afresh. The checkpoint must be of a search that
	// lists or counts (not one for the cheapest solutions), of the same
	// problem, engine (EngineAuto takes the checkpoint's), branching rule,
	// goal (listing or counting, and MaxSolutions: see
	// [Checkpoint.Goal]), partial solution (nil takes the checkpoint's)
	// and shard (zero takes the checkpoint's); Search returns an error wrapping
	// ErrCheckpointMismatch otherwise, and one wrapping ErrCheckpoint when
	// the checkpoint's work does not fit the problem (a unit that names no
	// node, a shard's unit outside its part). Limits and statistics count
	// the checkpoint's totals too.
	Resume *Checkpoint
	// Shard, when N > 0, searches only part K of N of the search tree
	// (see [Shard], and package shards, which merges the parts' results).
	Shard Shard

	// onSplit, when set, is called once when the learning engine starts
	// splitting its search (the portfolio's search gives way then).
	onSplit func()
}

// Search explores the search tree, calling visit with each solution as the
// indices of its options, in the order they were chosen. The slice is
// reused: it is valid only until visit returns. Returning false from visit
// stops the search. visit must not be nil: [Solver.Count] counts.
//
// The search branches on a primary item with the fewest remaining options,
// ties broken by cfg.Branching (by default Knuth's rule: to the item
// declared first); its options are tried in the order given. Search
// returns the statistics, with a nil error when the search ended by itself
// or by a limit, and ctx.Err() when the context stopped it; the statistics
// are valid in every case.
//
// Search may be called again from visit, and from several goroutines at
// once: a search that finds s busy runs on a copy (see [Solver]). A context
// already done when Search is called ends it at once, with that status and
// no node searched (with cfg.Resume, the checkpoint's totals; with
// cfg.Checkpoint, the sink is given the position, all still to search).
func (s *Solver) Search(ctx context.Context, cfg Config, visit func(solution []int) bool) (Stats, error) {
	if visit == nil {
		panic("exactcover: Search with a nil visit function (Solver.Count counts)")
	}
	return s.searchTree(ctx, cfg, visit)
}

// searchTree is Search, and Count's search (visit nil), on a Solver that
// it holds for the search.
func (s *Solver) searchTree(ctx context.Context, cfg Config, visit func(solution []int) bool) (Stats, error) {
	if err := ctx.Err(); err != nil && cfg.Resume == nil && cfg.Checkpoint == nil {
		return Stats{Status: StoppedBy(err)}, err
	}
	m := s.acquire()
	defer s.release(m)
	return m.searchTreeHeld(ctx, cfg, visit)
}

// searchTreeHeld is searchTree on a Solver the caller holds: the learning
// engine, the portfolio, the driven search (workers, a checkpoint, a
// resumed position, a shard) or the sequential one.
func (s *Solver) searchTreeHeld(ctx context.Context, cfg Config, visit func(solution []int) bool) (Stats, error) {
	if cfg.Engine == EngineLearn {
		return s.searchLearn(ctx, cfg, visit)
	}
	if autoFirst(cfg) {
		return s.portfolio(ctx, cfg, visit)
	}
	if cfg.Workers > 1 || cfg.Checkpoint != nil || cfg.Resume != nil || cfg.Shard != (Shard{}) {
		return s.searchDriven(ctx, cfg, visit)
	}
	// The search's state lives in s, so that a warm search allocates
	// nothing.
	x := &s.scratch
	x.cfg = drive.Config{Weighted: cfg.Branching == Weighted, Root: x.drive.Root(cfg.Partial), Visit: visit,
		MaxSolutions: cfg.MaxSolutions, MaxNodes: cfg.MaxNodes, SkipProfile: cfg.SkipProfile,
		Progress: progressTo(cfg.Progress, &x.progress), ProgressEvery: cfg.ProgressEvery}
	r, err := drive.Sequential(ctx, s.engine(cfg.Engine), &x.cfg, &x.drive)
	st := statsOfResult(r, s.engineOf(cfg))
	if err != nil && ctx.Err() == nil {
		return st, partialError(err, cfg.Partial)
	}
	return st, err
}

// scratch is the state of Solver.Search, kept in the Solver.
type scratch struct {
	cfg      drive.Config
	drive    drive.Scratch
	progress Progress
	held     held // the solutions of the portfolio's first stage
	hold     func([]int) bool
}

// progressTo returns the drivers' progress function that reports to f,
// in p's memory (nil when f is).
func progressTo(f func(*Progress), p *Progress) func(*drive.Progress) {
	if f == nil {
		return nil
	}
	return func(dp *drive.Progress) {
		*p = Progress{Stats: statsOf(dp.Counters), Workers: dp.Workers, Method: MethodSearch,
			branches: append(p.branches[:0], dp.Branches...), combined: dp.Combined, done: dp.Done}
		p.Stats.Elapsed = dp.Elapsed
		f(p)
	}
}

// statsOfResult returns the Stats of a driven search's result, which
// engine searched.
func statsOfResult(r drive.Result, engine Engine) Stats {
	st := statsOf(r.Counters)
	st.Profile, st.Elapsed, st.Status, st.Engine = r.Profile, r.Elapsed, r.Status, engine
	st.Workers, st.Steals, st.Idle, st.Split = r.Workers, r.Steals, r.Idle, r.Split
	return st
}

// StoppedBy is the status of a search stopped by its context's end, for
// the reason err, the context's error: Timeout for a deadline, else
// Interrupted.
func StoppedBy(err error) Status { return core.StoppedBy(err) }

// partialError turns an engine's complaint about the root path into the
// ProblemError that names the partial solution's culprit.
func partialError(err error, partial []int) error {
	var pe *core.PathError
	if !errors.As(err, &pe) {
		return err
	}
	sentinel := ErrInconsistentPart
	if errors.Is(err, core.ErrBadPath) {
		sentinel = ErrBadPartial
	}
	return &ProblemError{Err: sentinel, Option: partial[pe.Step], Position: -1}
}
