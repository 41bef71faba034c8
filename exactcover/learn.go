package exactcover

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/learn"
)

// ErrNoTree is wrapped by the error of a call with EngineLearn that asks
// for something only a search tree gives: a checkpoint, a resumed search
// or a shard (Search), a count by memoizing or auto's choice (Count), an
// estimate of the tree (Estimate). (Workers it has: they search the halves it splits
// the problem into.)
var ErrNoTree = errors.New("the learning engine has no search tree")

// LearnStats are the counters of the clause-learning engine (Stats.Learn,
// when EngineLearn searched).
type LearnStats struct {
	Conflicts    int64 // the unit of Config.MaxNodes for this engine
	Decisions    int64
	Propagations int64 // options set by propagation or decision
	Learned      int64 // clauses learned
	Kept         int64 // learned clauses in memory at the end
	Restarts     int64
	Splits       int64 // halves cut in two (cube and conquer)
}

func learnStatsOf(st learn.Stats) LearnStats {
	return LearnStats{Conflicts: st.Conflicts, Decisions: st.Decisions, Propagations: st.Propagations,
		Learned: st.Learned, Kept: st.Kept, Restarts: st.Restarts, Splits: st.Splits}
}

// searchLearn is Search with EngineLearn: clause learning over the
// options, each solution blocked once found (see internal/learn). Its
// node limit counts conflicts. A search that has not settled after a
// while is split in halves, which cfg.Workers goroutines search.
func (s *Solver) searchLearn(ctx context.Context, cfg Config, visit func([]int) bool) (Stats, error) {
	st := Stats{Engine: EngineLearn}
	if cfg.Checkpoint != nil || cfg.Resume != nil || cfg.Shard != (Shard{}) {
		return st, fmt.Errorf("%w to save or split: use the sparse or dlx engine for checkpoints and shards", ErrNoTree)
	}
	start := time.Now()
	if len(cfg.Partial) > 0 { // the sparse engine checks the partial solution
		var c core.Counters
		if _, _, err := s.sparse.get(&s.model).Expand(core.Unit{Path: s.scratch.drive.Root(cfg.Partial)}, &c, nil); err != nil {
			return st, partialError(err, cfg.Partial)
		}
	}
	l := learn.New(&s.model)
	for _, k := range cfg.Partial {
		l.Include(int(s.model.Index[k]))
	}
	every := cfg.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	nextProgress := start.Add(every)
	var progress Progress
	lim := learn.Limits{MaxConflicts: cfg.MaxNodes, MaxSolutions: cfg.MaxSolutions, OnSplit: cfg.onSplit,
		Stop: func(ls *learn.Stats) bool {
			if ctx.Err() != nil {
				return true
			}
			if cfg.Progress != nil {
				if now := time.Now(); now.After(nextProgress) {
					nextProgress = now.Add(every)
					progress = Progress{Stats: Stats{Solutions: ls.Solutions, Learn: learnStatsOf(*ls), Elapsed: now.Sub(start), Engine: EngineLearn}}
					cfg.Progress(&progress)
				}
			}
			return false
		}}
	end := l.SolveSplit(lim, max(cfg.Workers, 1), visit)
	ls := l.Stats()
	st.Solutions, st.Learn, st.Elapsed = ls.Solutions, learnStatsOf(ls), time.Since(start)
	st.Status = end
	switch end {
	case Stopped:
		if cfg.MaxSolutions > 0 && ls.Solutions >= cfg.MaxSolutions {
			st.Status = SolutionLimit
		}
	case Interrupted: // its Stop said so: the context ended
		st.Status = StoppedBy(ctx.Err())
		return st, ctx.Err()
	}
	return st, nil
}
