package exactcover

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/exactcover/internal/memo"
)

// Memo chooses how [Solver.CountAll] counts: by the search, which meets
// every solution, or by memoized counting, which merges partial solutions
// that leave the same problem to solve and so counts far more than it
// could meet (see "Counting without enumerating" in the package
// documentation).
type Memo int

const (
	// MemoAuto counts by whichever method is expected to finish first:
	// see [Solver.CountAll].
	MemoAuto Memo = iota
	// MemoOff counts by the search alone.
	MemoOff
	// MemoOn counts by memoizing alone, however long it takes.
	MemoOn
)

var memoNames = []string{"auto", "off", "on"}

// String returns the method's name as the command line writes it.
func (m Memo) String() string { return nameOf(m, memoNames) }

// DefaultMemoLimit is the memory memoized counting may take by default: a
// third of the 24 GiB machines xcover is built and measured on, leaving
// room for the compiled problem, a search running beside it and the
// system. A count that needs more stops with [ErrMemoLimit].
const DefaultMemoLimit = 8 << 30

// ErrMemoLimit is wrapped by the error of a memoized count that would need
// more memory than its limit.
var ErrMemoLimit = memo.ErrLimit

// CountConfig configures [Solver.CountAll].
type CountConfig struct {
	// Memo chooses the method; the zero value chooses by itself.
	Memo Memo
	// MemoLimit bounds the memory of memoized counting, in bytes;
	// 0 means DefaultMemoLimit. Under MemoAuto, a memoized count that
	// reaches it gives way to the search.
	MemoLimit int64
	// Engine and Branching configure the search, as in [Config].
	Engine    Engine
	Branching Branching
	// Progress, when set, is called about every ProgressEvery (default
	// one second).
	Progress      func(*CountProgress)
	ProgressEvery time.Duration
}

// CountProgress is a snapshot of a running [Solver.CountAll].
type CountProgress struct {
	Method   string  // "search" or "memo": what runs now
	Fraction float64 // of the running method's work, estimated
	Elapsed  time.Duration
	Search   Stats     // the search so far
	Memo     MemoStats // the memoized count so far
}

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

// CountResult is the outcome of [Solver.CountAll].
type CountResult struct {
	// Solutions is the exact number of solutions, when Status is
	// Complete; otherwise nil, or the solutions the search found so far
	// when the search alone ran.
	Solutions *big.Int
	// Method is "search" or "memo": the method that produced the count.
	Method string
	// Why says in a few words why the method was chosen.
	Why string
	// Search and Memo describe what each method did (zero when it did
	// not run).
	Search Stats
	Memo   MemoStats
	// Estimate is the estimate of the search's tree that MemoAuto made
	// to choose, when it made one.
	Estimate *Estimate
	// Engine is the engine of the search, when it ran.
	Engine  Engine
	Elapsed time.Duration
	// Status is Complete, Timeout or Interrupted when ctx ended, or
	// Stopped for a memoized count stopped at its memory limit.
	Status Status
}

// autoBudgets are the budgets of MemoAuto. The search runs first for
// searchTiny nodes (a millisecond or so), or nodesPerUse nodes per item
// use in the options if that is more (about what planning the memoized
// count costs): most problems end there, never paying for anything else. Then the memoized count is planned (in time
// linear in the problem's size), and runs at once when its bound on the
// states it can visit (at each level, what its keys allow and at most
// twice the level before) is below memoAtOnce: a fraction of a second at
// most (a state costs a few tens of nanoseconds), lost only on a problem
// whose search would have ended sooner. Otherwise the search goes on, to
// searchFirst nodes (tens of milliseconds). Beyond, the estimate of the
// search's tree (estimateProbes probes, or fewer if they take more than
// estimateShare of the time searched so far, and at least
// estimateMinTime) is compared with the memoized count's bound: when the
// bound is below the estimate, memoizing cannot lose by much and runs.
// Otherwise, when the search still has more than longSearch ahead,
// memoizing gets a trial of trialShare of that time; it goes on when it
// finishes or looks at least memoMargin times faster than the search, and
// gives way to the search when it takes more than the time the search
// needs divided by memoMargin. Tests shrink them (export_memo_test.go).
type autoBudgets struct {
	searchTiny, nodesPerUse     int64
	memoAtOnce, searchFirst     int64
	estimateProbes              int
	estimateShare               float64
	estimateMinTime, longSearch time.Duration
	trialShare                  float64
	memoMargin                  int
}

var auto = autoBudgets{
	searchTiny:      1 << 14,
	nodesPerUse:     4,
	memoAtOnce:      1 << 24,
	searchFirst:     1 << 21,
	estimateProbes:  1000,
	estimateShare:   0.02,
	estimateMinTime: 5 * time.Millisecond,
	longSearch:      10 * time.Second,
	trialShare:      0.03,
	memoMargin:      4,
}

// CountAll counts the solutions exactly, whatever their number, by the
// search or by memoized counting as cfg.Memo says.
//
// Under MemoAuto the search runs first; if it has not finished after a
// short while, CountAll estimates the search's tree by random probes
// (Knuth's estimator, as [Solver.Estimate]) and memoizes when memoizing's
// own bound on its work is smaller, or when a short trial shows memoizing
// well ahead of what the search still has to do; the search, paused, goes
// on otherwise, so that a problem on which memoizing does not pay (Sudoku,
// most packings, n queens) is counted about as fast as by the search alone.
// CountResult.Why says what was decided.
//
// The count is exact; memoized counting needs memory for the frontier of
// the problem (see the package documentation) and stops with an error
// wrapping ErrMemoLimit at cfg.MemoLimit, except under MemoAuto, where the
// search then takes over. When ctx ends, CountAll returns ctx.Err() and
// the result so far.
func (s *Solver) CountAll(ctx context.Context, cfg CountConfig) (CountResult, error) {
	if cfg.Engine == EngineLearn {
		return CountResult{}, fmt.Errorf("%w to count by: count with the sparse, dlx or bits engine", ErrNoTree)
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
		if res.Method == "search" || r.m == nil {
			res.Solutions = big.NewInt(res.Search.Solutions)
		}
	}
	return res, err
}

// countStatus is the status of a count that ended with err.
// newCounting starts a count of s with cfg, its defaults filled in.
func newCounting(s *Solver, cfg CountConfig) *counting {
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

func countStatus(ctx context.Context, err error) Status {
	switch {
	case err == nil:
		return Complete
	case ctx.Err() != nil && err == ctx.Err():
		return StoppedBy(err)
	}
	return Stopped
}

// counting is the state of one CountAll.
type counting struct {
	s            *Solver
	cfg          CountConfig
	start        time.Time
	res          CountResult
	lastProgress time.Time
	// The search, resumable, once started.
	sr *drive.Resumable
	// The memoized count, when one was started.
	m       *memo.Counter
	memoing time.Duration
}

func (r *counting) run(ctx context.Context) error {
	switch r.cfg.Memo {
	case MemoOff:
		r.res.Method, r.res.Why = "search", "asked for"
		return r.search(ctx, 0)
	case MemoOn:
		r.res.Method, r.res.Why = "memo", "asked for"
		return r.memoize(ctx, 0)
	}
	// MemoAuto. First a very short search, then one as long as the
	// memoized count could possibly be, then a longer one.
	// Planning costs about a microsecond per item use; the first slice
	// searches as long, so that planning never costs much more than the
	// search had already spent.
	tiny := max(auto.searchTiny, auto.nodesPerUse*int64(len(r.s.model.Items)))
	if err := r.search(ctx, tiny); err != nil || r.searchDone() {
		r.res.Method, r.res.Why = "search", "finished within its first slice"
		return err
	}
	r.m = memo.New(&r.s.model, memo.Config{Limit: r.cfg.MemoLimit})
	bound := r.m.Bound()
	if bound <= float64(auto.memoAtOnce) {
		r.res.Why = fmt.Sprintf("memoizing visits at most %.3g states", bound)
		return r.memoThenSearch(ctx, 0)
	}
	if err := r.search(ctx, auto.searchFirst); err != nil || r.searchDone() {
		r.res.Method, r.res.Why = "search", "finished within its second slice"
		return err
	}
	est, err := r.s.estimate(ctx, EstimateConfig{Probes: auto.estimateProbes, Seed: 1, Engine: r.cfg.Engine, Branching: r.cfg.Branching,
		SkipRate: true, MaxTime: max(auto.estimateMinTime, time.Duration(auto.estimateShare*float64(r.sr.Elapsed)))})
	if err != nil {
		return err
	}
	r.res.Estimate = &est
	rate := float64(r.sr.Counters.Nodes) / max(r.sr.Elapsed.Seconds(), 1e-6)
	estNodes := est.Nodes.Float64() // +Inf beyond float64: more than memoizing could visit
	searchLeft := time.Duration(math.Min(max(estNodes-float64(r.sr.Counters.Nodes), 0)/rate, float64(math.MaxInt64/2)) * float64(time.Second))
	switch {
	case bound <= estNodes:
		r.res.Why = fmt.Sprintf("memoizing visits at most %.3g states, the search about %.3g nodes", bound, est.Nodes)
		return r.memoThenSearch(ctx, 0)
	case searchLeft > auto.longSearch:
		trial := max(time.Duration(auto.trialShare*float64(searchLeft)), 1)
		if err := r.memoize(ctx, trial); err != nil && ctx.Err() != nil {
			return err
		} else if err == nil && r.m.Done() {
			r.res.Method = "memo"
			r.res.Why = fmt.Sprintf("finished within its trial (the search needed about %v more)", searchLeft.Round(time.Second))
			r.res.Solutions = r.m.Count()
			return nil
		} else if err == nil {
			st := r.m.Stats()
			memoLeft := time.Duration(float64(r.memoing) * (1/max(st.Fraction(), 1e-9) - 1))
			if memoLeft*time.Duration(auto.memoMargin) < searchLeft {
				r.res.Why = fmt.Sprintf("its trial projects %v, the search about %v", memoLeft.Round(time.Second), searchLeft.Round(time.Second))
				return r.memoThenSearch(ctx, searchLeft/time.Duration(auto.memoMargin)-r.memoing)
			}
		}
		r.res.Why = fmt.Sprintf("memoizing did not look %d times faster in its trial", auto.memoMargin)
	default:
		r.res.Why = fmt.Sprintf("the search has about %v left, memoizing may visit %.3g states", searchLeft.Round(time.Millisecond), bound)
	}
	r.dropMemo()
	r.res.Method = "search"
	return r.search(ctx, 0)
}

// memoThenSearch memoizes for at most budget (0: no bound) and, if that
// runs out or memory does, searches instead.
func (r *counting) memoThenSearch(ctx context.Context, budget time.Duration) error {
	err := r.memoize(ctx, budget)
	if err == nil && r.m.Done() {
		r.res.Method = "memo"
		r.res.Solutions = r.m.Count()
		return nil
	}
	if ctx.Err() != nil {
		r.res.Method = "memo"
		return err
	}
	if err != nil {
		r.res.Why += fmt.Sprintf("; then %v, so the search took over", err)
	} else {
		r.res.Why += fmt.Sprintf("; memoizing took longer than %v, so the search took over", budget.Round(time.Millisecond))
	}
	r.dropMemo()
	r.res.Method = "search"
	return r.search(ctx, 0)
}

// dropMemo gives the memoized count's memory back, keeping its statistics.
func (r *counting) dropMemo() {
	if r.m != nil && r.memoing > 0 {
		r.res.Memo = memoStats(r.m.Stats())
	}
	r.m = nil
}

// search goes on with the search for about maxNodes more nodes (0: to the
// end).
func (r *counting) search(ctx context.Context, maxNodes int64) error {
	if r.sr == nil {
		r.sr = drive.NewResumable(r.s.engine(r.cfg.Engine))
		r.res.Method = "search"
	}
	cfg := drive.Config{Weighted: r.cfg.Branching == Weighted, ProgressEvery: r.cfg.ProgressEvery}
	if r.cfg.Progress != nil {
		cfg.Progress = func(p *drive.Progress) { r.progress("search", &p.Counters, nil) }
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
		r.progress("memo", nil, &st)
		if budget > 0 && time.Since(began) >= budget {
			return nil
		}
	}
	if r.cfg.Memo == MemoOn {
		r.res.Solutions = r.m.Count()
	}
	return nil
}

// progress calls cfg.Progress when it is due.
func (r *counting) progress(method string, c *core.Counters, st *memo.Stats) {
	if r.cfg.Progress == nil {
		return
	}
	now := time.Now()
	if now.Sub(r.lastProgress) < r.cfg.ProgressEvery {
		return
	}
	r.lastProgress = now
	p := CountProgress{Method: method, Elapsed: now.Sub(r.start)}
	if c != nil {
		p.Search = statsOf(*c)
		var f float64
		if r.res.Estimate != nil && !r.res.Estimate.Nodes.IsZero() {
			f = float64(c.Nodes) / r.res.Estimate.Nodes.Float64()
		} else {
			pr := Progress{}
			for _, b := range r.sr.Branches(nil) {
				pr.Branches = append(pr.Branches, Branch(b))
			}
			f = pr.Fraction()
		}
		p.Fraction = min(f, 1)
	}
	if st != nil {
		p.Memo = memoStats(*st)
		p.Fraction = st.Fraction()
	}
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
