package exactcover

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/memo"
	"github.com/xcover/xcover/zdd"
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
			res.Solutions = big.NewInt(r.c.Solutions)
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
	// The search, resumable: the units not yet searched, in order (last
	// first), and the counters so far.
	eng       core.Engine
	todo      []core.Unit
	c         core.Counters
	searching time.Duration // time spent searching
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
	if err := r.search(ctx, tiny); err != nil || len(r.todo) == 0 {
		r.res.Method, r.res.Why = "search", "finished within its first slice"
		return err
	}
	r.m = memo.New(&r.s.model, memo.Config{Limit: r.cfg.MemoLimit})
	bound := r.m.Bound()
	if bound <= float64(auto.memoAtOnce) {
		r.res.Why = fmt.Sprintf("memoizing visits at most %.3g states", bound)
		return r.memoThenSearch(ctx, 0)
	}
	if err := r.search(ctx, auto.searchFirst); err != nil || len(r.todo) == 0 {
		r.res.Method, r.res.Why = "search", "finished within its second slice"
		return err
	}
	est, err := r.s.estimate(ctx, EstimateConfig{Probes: auto.estimateProbes, Seed: 1, Engine: r.cfg.Engine, Branching: r.cfg.Branching,
		SkipRate: true, MaxTime: max(auto.estimateMinTime, time.Duration(auto.estimateShare*float64(r.searching)))})
	if err != nil {
		return err
	}
	r.res.Estimate = &est
	rate := float64(r.c.Nodes) / max(r.searching.Seconds(), 1e-6)
	estNodes := est.Nodes.Float64() // +Inf beyond float64: more than memoizing could visit
	searchLeft := time.Duration(math.Min(max(estNodes-float64(r.c.Nodes), 0)/rate, float64(math.MaxInt64/2)) * float64(time.Second))
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
// end), leaving what remains in r.todo.
func (r *counting) search(ctx context.Context, maxNodes int64) error {
	if r.eng == nil {
		r.eng = r.s.engine(r.cfg.Engine)
		r.eng.ResetWeights()
		r.todo = []core.Unit{{}}
		r.res.Method = "search"
	}
	began := time.Now()
	defer func() { r.searching += time.Since(began) }()
	done := ctx.Done()
	var ctxErr error
	for len(r.todo) > 0 {
		u := r.todo[len(r.todo)-1]
		r.todo = r.todo[:len(r.todo)-1]
		run := core.Run{Weighted: r.cfg.Branching == Weighted}
		if maxNodes > 0 {
			run.MaxNodes = max(1, maxNodes)
		}
		run.Poll = func(c *core.Counters) core.Action {
			select {
			case <-done:
				ctxErr = ctx.Err()
				return core.Stop
			default:
			}
			r.progress("search", c, nil)
			return core.Continue
		}
		before := r.c.Nodes
		_, err := r.eng.Search(u, &run, &r.c)
		if err != nil {
			return err
		}
		// Units come back in search order; the stack takes them last first.
		for i := len(run.Export) - 1; i >= 0; i-- {
			r.todo = append(r.todo, run.Export[i])
		}
		if ctxErr != nil {
			return ctxErr
		}
		if maxNodes > 0 {
			if maxNodes -= r.c.Nodes - before; maxNodes <= 0 && len(r.todo) > 0 {
				return nil
			}
		}
	}
	r.res.Solutions = big.NewInt(r.c.Solutions)
	return nil
}

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
			for _, b := range r.eng.Branches(nil) {
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
	st := statsOf(r.c)
	st.Elapsed = r.searching
	return st
}

func memoStats(st memo.Stats) MemoStats {
	return MemoStats{Levels: st.Levels, Level: st.Level, States: st.States, Transitions: st.Transitions,
		Widest: st.Widest, KeyBits: st.KeyBits, PeakBytes: st.PeakBytes, ZDDNodes: st.ZDDNodes}
}

// ZDDConfig configures [Solver.ZDD].
type ZDDConfig struct {
	// MemoLimit bounds the memory, in bytes; 0 means DefaultMemoLimit.
	// Either way of building the ZDD keeps more than a count does: the
	// frontier keeps every level (eight bytes per state), the search
	// every residual problem it met; then the diagram.
	MemoLimit int64
	// Method, when set, builds the ZDD that way alone: "memo" (the
	// frontier) or "search" (which refuses multiplicities); empty chooses
	// as [Solver.ZDD] says.
	Method string
	// Progress, when set, is called about every ProgressEvery (default
	// one second).
	Progress      func(*CountProgress)
	ProgressEvery time.Duration
}

// ErrZDDMethod is wrapped by the error of [Solver.ZDD] when ZDDConfig.Method
// names no method, or one that cannot build the problem's ZDD.
var ErrZDDMethod = errors.New("no such way to build the ZDD")

// zddFirstSlice is the time each way of building a ZDD gets in the first
// round of their race (see [Solver.ZDD]); each round doubles it. A few
// milliseconds: a problem either finishes in its first rounds, or the
// rounds grow long enough that switching costs nothing.
const zddFirstSlice = 4 * time.Millisecond

// ZDD builds the ZDD of all solutions: variable k+1 is option k (the
// caller's index), and each set of the family is a solution (see package
// [zdd] for what to do with it). There are two ways to build it, and the
// result's Method and Why say which made it and why:
//
//   - "memo": memoized counting over a frontier, level by level (see
//     "Counting without enumerating" in the package documentation), which
//     pays on thin problems such as boards and strips, whose frontier
//     stays narrow;
//   - "search": Algorithm X's search with a memo of every residual
//     problem met, keyed on the items still active, as Knuth's DLX6 does,
//     which pays where the frontier is wide but the search's choices leave
//     residual problems that recur: packings of distinct pieces, Latin
//     squares. It needs every primary item covered exactly once.
//
// The rule: when the frontier's bound on its states (at each level, what
// its keys allow and at most twice the level before) is at most 2²⁴, a
// fraction of a second's work, or the problem has multiplicities, the
// frontier builds it. Otherwise both run in turns, each round twice as
// long as the one before (from zddFirstSlice), and the first to finish
// gives the ZDD; one that reaches the memory limit drops out. The race
// costs at most about twice the time the faster way needs alone, and
// memory for both.
//
// Both results are reduced (equal nodes are shared), but ordered
// differently: the frontier's variables increase along every path, the
// search's follow its choices, so the two may differ in size. When ctx
// ends it returns ctx.Err(); when memory runs out, an error wrapping
// ErrMemoLimit.
func (s *Solver) ZDD(ctx context.Context, cfg ZDDConfig) (*zdd.ZDD, CountResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, CountResult{Solutions: new(big.Int), Status: StoppedBy(err)}, err
	}
	m := s.acquire()
	defer s.release(m)
	s = m
	r := newCounting(s, CountConfig{Memo: MemoOn, MemoLimit: cfg.MemoLimit, Progress: cfg.Progress, ProgressEvery: cfg.ProgressEvery})
	r.m = memo.New(&s.model, memo.Config{Limit: r.cfg.MemoLimit, ZDD: true})
	var (
		z   *zdd.ZDD
		res CountResult
		err error
	)
	switch bound := r.m.Bound(); {
	case cfg.Method == "memo":
		res.Method, res.Why = "memo", "asked for"
		z, err = r.frontierZDD(ctx, 0)
	case cfg.Method == "search" && !memo.Searchable(&s.model):
		return nil, CountResult{Method: "search"}, fmt.Errorf("%w: the search builds no ZDD of a problem with multiplicities", ErrZDDMethod)
	case cfg.Method == "search":
		r.m = nil
		res.Method, res.Why = "search", "asked for"
		sr := memo.NewSearcher(&s.model, memo.Config{Limit: r.cfg.MemoLimit})
		if err = r.searchZDD(ctx, sr, math.MaxInt64); err == nil {
			z = sr.ZDD()
		}
		r.searchResult(sr, &res)
	case cfg.Method != "":
		return nil, CountResult{}, fmt.Errorf("%w: %q", ErrZDDMethod, cfg.Method)
	case !memo.Searchable(&s.model):
		res.Method, res.Why = "memo", "the search handles no multiplicities"
		z, err = r.frontierZDD(ctx, 0)
	case bound <= float64(auto.memoAtOnce):
		res.Method, res.Why = "memo", fmt.Sprintf("the frontier visits at most %.3g states", bound)
		z, err = r.frontierZDD(ctx, 0)
	default:
		z, err = r.raceZDD(ctx, bound, &res)
	}
	res.Elapsed, res.Status = time.Since(r.start), countStatus(ctx, err)
	if res.Method == "memo" && r.m != nil && r.memoing > 0 {
		res.Memo = memoStats(r.m.Stats())
	}
	if err != nil {
		return nil, res, err
	}
	res.Solutions = z.Count()
	if res.Method == "memo" {
		res.Memo.ZDDNodes = z.Len()
	}
	return z, res, nil
}

// frontierZDD goes on with the frontier's count for about budget more (0:
// to the end) and returns its ZDD when it is done.
func (r *counting) frontierZDD(ctx context.Context, budget time.Duration) (*zdd.ZDD, error) {
	if err := r.memoize(ctx, budget); err != nil || !r.m.Done() {
		return nil, err
	}
	return r.m.ZDD(), nil
}

// raceZDD builds the ZDD by the frontier and by the search in turns, as
// [Solver.ZDD] says, and fills in how res was made.
func (r *counting) raceZDD(ctx context.Context, bound float64, res *CountResult) (*zdd.ZDD, error) {
	limit := r.cfg.MemoLimit
	sr := memo.NewSearcher(&r.s.model, memo.Config{Limit: limit})
	var lastErr error
	res.Why = fmt.Sprintf("the frontier may visit %.3g states; it and the search took turns", bound) // until one finishes
	for slice := zddFirstSlice; ; slice *= 2 {
		if r.m != nil {
			r.m.SetLimit(max(limit-searcherBytes(sr), 1)) // 0 would be no limit
			z, err := r.frontierZDD(ctx, slice)
			switch {
			case z != nil:
				res.Method = "memo"
				res.Why = fmt.Sprintf("the frontier may visit %.3g states; it finished first, in its turn of %v", bound, slice)
				return z, nil
			case ctx.Err() != nil:
				res.Method = "memo"
				return nil, ctx.Err()
			case err != nil:
				lastErr = err
				res.Memo = memoStats(r.m.Stats())
				r.m = nil // it cannot go on
			}
		}
		if sr != nil {
			var frontier int64
			if r.m != nil {
				frontier = r.m.Stats().Bytes
			}
			sr.SetLimit(max(limit-frontier, 1))
			err := r.searchZDD(ctx, sr, slice)
			switch {
			case ctx.Err() != nil:
				res.Method = "search"
				r.searchResult(sr, res)
				return nil, ctx.Err()
			case err != nil:
				lastErr = err
				sr = nil
			case sr.Done():
				res.Method = "search"
				if r.m == nil {
					res.Why = fmt.Sprintf("the frontier may visit %.3g states, and reached the memory limit; the search, memoizing residual problems, finished", bound)
				} else {
					res.Why = fmt.Sprintf("the frontier may visit %.3g states; the search, memoizing residual problems, finished first, in its turn of %v", bound, slice)
				}
				r.searchResult(sr, res)
				r.m = nil
				return sr.ZDD(), nil
			}
		}
		if r.m == nil && sr == nil {
			return nil, lastErr
		}
	}
}

func searcherBytes(sr *memo.Searcher) int64 {
	if sr == nil {
		return 0
	}
	st := sr.Stats()
	return st.Bytes
}

// searchZDD goes on with the search's ZDD for about budget more.
func (r *counting) searchZDD(ctx context.Context, sr *memo.Searcher, budget time.Duration) error {
	began := time.Now()
	for !sr.Done() && time.Since(began) < budget {
		// One batch of search nodes between looks at the clock (see
		// memo.Searcher.Run): about a millisecond.
		if err := sr.Run(ctx, 1); err != nil {
			return err
		}
		if r.cfg.Progress != nil && time.Since(r.lastProgress) >= r.cfg.ProgressEvery {
			r.lastProgress = time.Now()
			p := CountProgress{Method: "search", Fraction: sr.Fraction(), Elapsed: time.Since(r.start)}
			st := sr.Stats()
			p.Search = Stats{Nodes: st.Transitions}
			r.cfg.Progress(&p)
		}
	}
	return nil
}

// searchResult records what the search did.
func (r *counting) searchResult(sr *memo.Searcher, res *CountResult) {
	st := sr.Stats()
	res.Search = Stats{Nodes: st.Transitions, Elapsed: time.Since(r.start)}
	res.Memo = MemoStats{States: st.States, PeakBytes: st.PeakBytes, ZDDNodes: st.ZDDNodes}
}

// ZDDVar returns the ZDD variable of option k (the caller's index):
// k+1, as Knuth's DLX6 numbers options.
func ZDDVar(k int) int { return k + 1 }

// ZDDOption returns the option (the caller's index) of ZDD variable v.
func ZDDOption(v int) int { return v - 1 }
