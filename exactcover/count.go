package exactcover

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/exactcover/internal/memo"
)

// Method chooses how [Solver.Count] and [Solver.ZDD] count: by the
// search, which meets every solution, or by memoizing, which merges
// partial solutions that leave the same problem to solve and so counts
// far more than it could meet (see "Counting without enumerating" in the
// package documentation). Its String is the word the command line and
// its JSON records write.
type Method int

const (
	// MethodAuto counts by whichever method is expected to finish first:
	// see [Solver.Count].
	MethodAuto Method = iota
	// MethodSearch counts by the search alone.
	MethodSearch
	// MethodMemo counts by memoizing alone, however long it takes.
	MethodMemo
)

var methodNames = []string{"auto", "search", "memo"}

// String returns the method's name: "auto", "search" or "memo".
func (m Method) String() string { return nameOf(m, methodNames) }

// DefaultMemoLimit is the memory memoized counting may take by default: a
// third of the 24 GiB machines xcover is built and measured on, leaving
// room for the compiled problem, a search running beside it and the
// system. A count that needs more stops with [ErrMemoLimit].
const DefaultMemoLimit = 8 << 30

// ErrMemoLimit is wrapped by the error of a memoized count that would need
// more memory than its limit.
var ErrMemoLimit = memo.ErrLimit

// MemoStats describe a memoized count: the options are decided one by one
// in a fixed order (one level each), and a state is what the options
// decided so far leave to the rest.
type MemoStats struct {
	Levels      int   // options to decide
	Level       int   // options decided
	States      int64 // states made, over all levels
	Transitions int64 // branches tried: two per state
	Widest      int   // the most states at one level
	KeyBits     int   // the most bits a state's key needed
	PeakBytes   int64 // the most memory held
	ZDDNodes    int   // nodes of the ZDD, when one was built
}

// CountResult is the outcome of [Solver.Count] (and [Solver.ZDD]).
type CountResult struct {
	// Solutions is the exact number of solutions, when Status is
	// Complete; otherwise nil, or the solutions the search found so far
	// when the search alone ran.
	Solutions *big.Int
	// Method is the method that produced the count: MethodSearch or
	// MethodMemo (MethodAuto when none ran).
	Method Method
	// Why says in a few words why the method was chosen.
	Why string
	// Search and Memo describe what each method did (zero when it did
	// not run).
	Search Stats
	Memo   MemoStats
	// Estimate is the estimate of the search's tree that MethodAuto made
	// to choose, when it made one.
	Estimate *Estimate
	// Engine is the engine of the search, when it ran.
	Engine  Engine
	Elapsed time.Duration
	// Status is Complete, Timeout or Interrupted when ctx ended, or
	// Stopped for a memoized count stopped at its memory limit.
	Status Status
}

// Count counts the solutions exactly, whatever their number, by the
// method cfg.Method names:
//
//   - MethodSearch: the search [Solver.Search] runs, with no visitor,
//     with everything cfg asks of it (workers, a checkpoint, a resumed
//     position, a shard, a partial solution, limits); its statistics are
//     CountResult.Search;
//   - MethodMemo: memoized counting alone, which needs memory for the
//     frontier of the problem (see the package documentation) and stops
//     with an error wrapping ErrMemoLimit at cfg.MemoLimit;
//   - MethodAuto: the search, for a count that asks for any of the
//     search's options above; otherwise the search first, and if it has
//     not finished after a short while, an estimate of its tree by random
//     probes (Knuth's estimator, as [Solver.Estimate]) against
//     memoizing's own bound on its work, or a short trial of memoizing:
//     memoizing when it is well ahead, the search, paused meanwhile, going
//     on otherwise, so that a problem on which memoizing does not pay
//     (Sudoku, most packings, n queens) is counted about as fast as by the
//     search alone. A memoized count that reaches cfg.MemoLimit gives way
//     to the search. CountResult.Why says what was decided.
//
// The learning engine counts only by MethodSearch, blocking each solution
// found; the other methods refuse it (ErrNoTree). When ctx ends, Count
// returns ctx.Err() and the result so far.
func (s *Solver) Count(ctx context.Context, cfg Config) (CountResult, error) {
	if autoCountSearches(cfg) {
		cfg.Method = MethodSearch
	}
	if cfg.Method == MethodSearch {
		st, err := s.searchTree(ctx, cfg, nil)
		res := CountResult{Solutions: big.NewInt(st.Solutions), Method: MethodSearch, Why: "asked for",
			Search: st, Engine: st.Engine, Elapsed: st.Elapsed, Status: st.Status}
		if cfg.Method == MethodAuto {
			res.Why = "the count asks for what only the search does"
		}
		return res, err
	}
	if cfg.Engine == EngineLearn {
		return CountResult{}, fmt.Errorf("%w to memoize or choose by: count with the sparse, dlx or bits engine, or by the search", ErrNoTree)
	}
	if err := ctx.Err(); err != nil {
		return CountResult{Solutions: new(big.Int), Status: StoppedBy(err)}, err
	}
	m := s.acquire()
	defer s.release(m)
	s = m
	r := newCounting(s, cfg)
	err := r.run(ctx)
	res := r.res
	res.Elapsed = time.Since(r.start)
	res.Search = r.searchStats()
	if res.Search.Nodes > 0 {
		res.Engine = s.EngineFor(cfg.Engine)
	}
	if r.m != nil && r.memoing > 0 {
		res.Memo = memoStats(r.m.Stats())
	}
	res.Status = countStatus(ctx, err)
	if res.Status == Timeout || res.Status == Interrupted {
		if res.Method == MethodSearch || r.m == nil {
			res.Solutions = big.NewInt(res.Search.Solutions)
		}
	}
	return res, err
}

// newCounting starts a count of s with cfg, its defaults filled in.
func newCounting(s *Solver, cfg Config) *counting {
	r := &counting{s: s, cfg: cfg, start: time.Now()}
	if r.cfg.MemoLimit <= 0 {
		r.cfg.MemoLimit = DefaultMemoLimit
	}
	if r.cfg.ProgressEvery <= 0 {
		r.cfg.ProgressEvery = time.Second
	}
	r.lastProgress = r.start
	return r
}

// countStatus is the status of a count that ended with err.
func countStatus(ctx context.Context, err error) Status {
	switch {
	case err == nil:
		return Complete
	case ctx.Err() != nil && err == ctx.Err():
		return StoppedBy(err)
	}
	return Stopped
}

// counting is the state of one Count by memoizing or by auto's choice,
// or of one ZDD.
type counting struct {
	s            *Solver
	cfg          Config
	start        time.Time
	res          CountResult
	lastProgress time.Time
	// The search, resumable, once started.
	sr *drive.Resumable
	// The memoized count, when one was started.
	m       *memo.Counter
	memoing time.Duration
}

// run counts by memoizing (MethodMemo) or as auto decides.
func (r *counting) run(ctx context.Context) error {
	if r.cfg.Method == MethodMemo {
		r.res.Method, r.res.Why = MethodMemo, "asked for"
		return r.memoize(ctx, 0)
	}
	return r.auto(ctx)
}

// memoThenSearch memoizes for at most budget (0: no bound) and, if that
// runs out or memory does, searches instead.
func (r *counting) memoThenSearch(ctx context.Context, budget time.Duration) error {
	err := r.memoize(ctx, budget)
	if err == nil && r.m.Done() {
		r.res.Method = MethodMemo
		r.res.Solutions = r.m.Count()
		return nil
	}
	if ctx.Err() != nil {
		r.res.Method = MethodMemo
		return err
	}
	if err != nil {
		r.res.Why += fmt.Sprintf("; then %v, so the search took over", err)
	} else {
		r.res.Why += fmt.Sprintf("; memoizing took longer than %v, so the search took over", budget.Round(time.Millisecond))
	}
	r.dropMemo()
	r.res.Method = MethodSearch
	return r.searchSlice(ctx, 0)
}

// dropMemo gives the memoized count's memory back, keeping its statistics.
func (r *counting) dropMemo() {
	if r.m != nil && r.memoing > 0 {
		r.res.Memo = memoStats(r.m.Stats())
	}
	r.m = nil
}

// searchSlice goes on with the search for about maxNodes more nodes (0: to
// the end).
func (r *counting) searchSlice(ctx context.Context, maxNodes int64) error {
	if r.sr == nil {
		r.sr = drive.NewResumable(r.s.engine(r.cfg.Engine))
		r.res.Method = MethodSearch
	}
	cfg := drive.Config{Weighted: r.cfg.Branching == Weighted, ProgressEvery: r.cfg.ProgressEvery}
	if r.cfg.Progress != nil {
		cfg.Progress = func(p *drive.Progress) { r.progress(MethodSearch, &p.Counters, nil) }
	}
	if err := r.sr.Run(ctx, maxNodes, &cfg); err != nil {
		return err
	}
	if r.sr.Done() {
		r.res.Solutions = big.NewInt(r.sr.Counters.Solutions)
	}
	return nil
}

// searchDone reports whether the search has searched the whole tree.
func (r *counting) searchDone() bool { return r.sr != nil && r.sr.Done() }

// memoize goes on with the memoized count for about budget more (0: to
// the end).
func (r *counting) memoize(ctx context.Context, budget time.Duration) error {
	if r.m == nil {
		r.m = memo.New(&r.s.model, memo.Config{Limit: r.cfg.MemoLimit})
	}
	began := time.Now()
	defer func() { r.memoing += time.Since(began) }()
	// Transitions between looks at the clock: from a thousand (microseconds,
	// for short budgets) doubling to a quarter million (milliseconds).
	slice := int64(1 << 10)
	for !r.m.Done() {
		if err := r.m.Run(ctx, slice); err != nil {
			return err
		}
		slice = min(2*slice, 1<<18)
		st := r.m.Stats()
		r.progress(MethodMemo, nil, &st)
		if budget > 0 && time.Since(began) >= budget {
			return nil
		}
	}
	if r.cfg.Method == MethodMemo {
		r.res.Solutions = r.m.Count()
	}
	return nil
}

// progress calls cfg.Progress when it is due, with the counters of the
// search (c) or the statistics of memoizing (st), whichever runs.
func (r *counting) progress(method Method, c *core.Counters, st *memo.Stats) {
	if r.cfg.Progress == nil {
		return
	}
	now := time.Now()
	if now.Sub(r.lastProgress) < r.cfg.ProgressEvery {
		return
	}
	r.lastProgress = now
	p := Progress{Method: method, combined: true}
	if c != nil {
		p.Stats = statsOf(*c)
		var f float64
		if r.res.Estimate != nil && !r.res.Estimate.Nodes.IsZero() {
			f = float64(c.Nodes) / r.res.Estimate.Nodes.Float64()
		} else {
			f = (&Progress{branches: r.sr.Branches(nil)}).Fraction()
		}
		p.done = min(f, 1)
	}
	if st != nil {
		p.Memo = memoStats(*st)
		p.done = st.Fraction()
	}
	p.Stats.Elapsed = now.Sub(r.start)
	r.cfg.Progress(&p)
}

func (r *counting) searchStats() Stats {
	if r.sr == nil {
		return Stats{}
	}
	st := statsOf(r.sr.Counters)
	st.Elapsed = r.sr.Elapsed
	return st
}

func memoStats(st memo.Stats) MemoStats {
	return MemoStats{Levels: st.Levels, Level: st.Level, States: st.States, Transitions: st.Transitions,
		Widest: st.Widest, KeyBits: st.KeyBits, PeakBytes: st.PeakBytes, ZDDNodes: st.ZDDNodes}
}
