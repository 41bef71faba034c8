package exactcover

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/memo"
)

// What EngineAuto and MethodAuto pick, decided here and nowhere else: one
// function per question (enumerating, a first or unique solution, the
// cheapest solutions, a count, a ZDD), each with the measured rules it
// follows and their reasons.

// autoEnumerate returns the engine that auto picks to enumerate the
// solutions of a problem: the bit-set engine where it takes the problem,
// its rows have at most 256 bits (items, and colors of secondary items)
// and either the problem has multiplicities, rows of at most 128 bits and
// at most bits.MaxSetOptions options, or it has none and its primary
// items have 8 options each or more on average (prefersBits,
// bits.Prefer); else the sparse-set engine.
//
// The table of docs/engines.md (go run ./scripts/bench -engines: every
// engine on every shared instance, CPU time of whole runs) is where these
// rules are checked. Counting, the bit sets take 0.24 to 0.58 of the
// sparse sets' time on pentomino packings and 0.69 to 0.89 on the
// n-queens problem; the sparse sets take 0.63 to 0.75 of the dancing
// links' time on pentominoes, 0.80 to 0.96 on n queens and about half on
// Sudokus. Past 256 items the bit sets take about twice the sparse sets'
// time on Sudokus (324 items, 7 options each once the givens are placed):
// where items have few options the lists are short and most of a node's
// work is the fixed cost of the wide rows. Latin squares of order 5 (5
// options per item) take the bit sets 1.8 times the sparse sets' time
// for the same reason (bits.PreferDensity).
//
// Colors do not change the rule: a colored secondary item takes a bit
// per color, and a node the same AND per word. On double word squares
// (5×5, 60 random words over three letters, the cells secondary items
// colored by their letters: 10 primary items of 60 options each) the bit
// sets take 0.54 of the sparse sets' time, with the same tree. With
// multiplicities the trees are the same too; where the bit sets keep a
// level's list as a set of options (rows of two words, few enough
// options), a child visits only the options it loses and a choice is one
// minimum over the items' keys: 0.62 of the sparse sets' time on
// tetromino packings (mcc-tetra-4x10) and 0.68 on two queens in every row
// and column (mcc-queens2-8), CPU time of whole runs, median of 5 pairs.
// The dancing links are never auto's: they are the engine for teaching
// and for checking against Knuth's counts.
func autoEnumerate(prefersBits bool) Engine {
	if prefersBits {
		return EngineBits
	}
	return EngineSparse
}

// The portfolio of a question of one or two solutions (see autoFirst).
const (
	// portfolioNodes is what the search alone gets: a blink of the sparse
	// engine on Sudokus. Every puzzle of the 9×9 sets (hardest
	// included: at most a few thousand nodes after the Sudoku front end's
	// propagation) settles within it, so their throughput is unchanged
	// but for the solutions being held until the end (one or two copies).
	portfolioNodes = 50_000
	// portfolioMaxSolutions: beyond two solutions the question is a
	// listing, the enumerating engines' job.
	portfolioMaxSolutions = 2
	// hopelessNodes is the estimated tree from which the search gives
	// way to the learner: a minute or more of the sparse
	// engine (1–3 million nodes per second on Sudokus and packings).
	hopelessNodes = 1e8
	// hopelessProbes is the number of probes of that estimate: about as
	// much work as the 50,000 nodes before it on a 25×25 Sudoku (about
	// 170 levels deep).
	hopelessProbes = 256
)

// autoFirst reports whether auto answers the search cfg asks for as a
// portfolio (portfolio.go): a question of one or two solutions (the first
// solution, uniqueness) with nothing that only the enumerating engines do
// (a node limit, workers, a checkpoint, a shard). The enumerating search
// (autoEnumerate's engine) runs alone for portfolioNodes nodes; if that
// has not settled the question, it starts again beside the learning
// engine, and the first of the two to settle it stops the other. Knuth's
// random probes estimate the search's tree: at hopelessNodes or more, on
// one core the learner runs alone, and on two or more the search gives
// way when the learner starts splitting its search (internal/learn,
// split.go), whose halves then have every core. On one core with a tree
// not hopeless, the two share it (Go's scheduler gives each a slice in
// turn), so that neither takes more than about twice the time it would
// alone.
//
// Neither engine is best everywhere: search settles 9×9 Sudokus and
// pentomino packings in microseconds to milliseconds, where the learner's
// reasons are long, while on 25×25 Sudokus with few clues it runs for
// hours and the learner settles them in seconds. The estimate decides
// only the switch, because it is heavy-tailed: on a 25×25 Sudoku whose
// tree search does not exhaust in minutes, 64 probes with five seeds
// estimated 3·10⁵ to 3·10⁹ nodes. The mean of a few probes is more often
// far too low than far too high, so an estimate beyond hopelessNodes is
// good evidence, and one below it is none.
func autoFirst(cfg Config) bool {
	return cfg.Engine == EngineAuto && cfg.MaxSolutions >= 1 && cfg.MaxSolutions <= portfolioMaxSolutions &&
		cfg.MaxNodes == 0 && cfg.Workers <= 1 && cfg.Checkpoint == nil && cfg.Resume == nil && cfg.Shard == (Shard{})
}

// sparseCostShortLists is the average length of the primary items'
// lists up to which auto searches for the cheapest solutions on sparse
// sets (see autoCheapest).
const sparseCostShortLists = 10

// autoCheapest returns the engine auto picks to search for the cheapest
// solutions of p: the bit-set engine where it would enumerate
// (bits.Prefer: many options per item, few items) and there are no
// secondary items, else the sparse sets where the primary items' lists
// are short on average (sparseCostShortLists), else the dancing links,
// DLX5.
//
// Secondary items keep the bit sets away because the cost search filters
// a node's whole list of cheap options, and options that only clash on
// secondary items leave it long: on n queens with random costs (secondary
// diagonals) the bit sets and the sparse sets were both slower than the
// dancing links, which run at DLX5's speed there. The sparse sets' bound
// pays on short lists: on sudoku-multi-65k with costs (9 options an item)
// it takes the nodes from 42,508 to 15,835, and the search is faster than
// DLX5's; on long ones (pentominoes, 200 an item; the 13 queens, 13) it
// prunes little and the dancing links, which scan only the cheap options
// of a list, are faster (same run, median of 5, --min-cost and --best 10).
//
// A search with checkpoints (saving or resuming) keeps to the dancing
// links and the sparse sets, so that what a checkpointed search prints,
// saves and resumes is theirs whatever the problem. The bit sets save and
// resume too, for a caller who asks for them (CostConfig.Engine): on the
// 10×6 pentominoes weighted by the border they take a quarter of the
// others' time.
func autoCheapest(p *core.Problem, checkpoints bool) Engine {
	switch {
	case !checkpoints && bits.Prefer(p) && p.NItems == p.NPrimary:
		return EngineBits
	case shortCostLists(p):
		return EngineSparse
	}
	return EngineDLX
}

// shortCostLists reports whether p's primary items have at most
// sparseCostShortLists options each on average.
func shortCostLists(p *core.Problem) bool {
	uses := 0
	for _, it := range p.Items {
		if int(it) < p.NPrimary {
			uses++
		}
	}
	return uses <= sparseCostShortLists*p.NPrimary
}

// autoCountSearches reports whether a count with cfg counts by the
// search: when it asks for it (MethodSearch), or under MethodAuto when it
// asks for something only the search does (workers, a checkpoint, a
// resumed position, a shard, a partial solution, a limit).
func autoCountSearches(cfg Config) bool {
	switch cfg.Method {
	case MethodSearch:
		return true
	case MethodAuto:
		return cfg.Workers > 1 || cfg.Checkpoint != nil || cfg.Resume != nil || cfg.Shard != (Shard{}) ||
			len(cfg.Partial) > 0 || cfg.MaxNodes > 0 || cfg.MaxSolutions > 0
	}
	return false
}

// autoBudgets are the budgets of auto's choice of a way to count
// (counting.auto). Tests shrink them (export_memo_test.go).
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

// auto counts by the method MethodAuto picks as it goes. The search runs
// first for searchTiny nodes (a millisecond or so), or nodesPerUse nodes
// per item use in the options if that is more (planning the memoized
// count costs about a microsecond per item use, so planning never costs
// much more than the search had already spent): most problems end there,
// never paying for anything else. Then the memoized count is planned (in
// time linear in the problem's size), and runs at once when its bound on
// the states it can visit (at each level, what its keys allow and at most
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
// needs divided by memoMargin. A memoized count that reaches the memory
// limit gives way to the search too.
func (r *counting) auto(ctx context.Context) error {
	tiny := max(auto.searchTiny, auto.nodesPerUse*int64(len(r.s.model.Items)))
	if err := r.searchSlice(ctx, tiny); err != nil || r.searchDone() {
		r.res.Method, r.res.Why = MethodSearch, "finished within its first slice"
		return err
	}
	r.m = memo.New(&r.s.model, memo.Config{Limit: r.cfg.MemoLimit})
	bound := r.m.Bound()
	if bound <= float64(auto.memoAtOnce) {
		r.res.Why = fmt.Sprintf("memoizing visits at most %.3g states", bound)
		return r.memoThenSearch(ctx, 0)
	}
	if err := r.searchSlice(ctx, auto.searchFirst); err != nil || r.searchDone() {
		r.res.Method, r.res.Why = MethodSearch, "finished within its second slice"
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
			r.res.Method = MethodMemo
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
	r.res.Method = MethodSearch
	return r.searchSlice(ctx, 0)
}

// autoZDD reports whether auto builds the ZDD of p by the frontier alone,
// and why, given the frontier's bound on the states it may visit; when it
// does not, the frontier and the search take turns (counting.raceZDD).
// The frontier alone when its bound is at most memoAtOnce, a fraction of
// a second's work, or when the problem has multiplicities, which the
// search does not build; otherwise both, in rounds that double from
// zddFirstSlice, the first to finish giving the ZDD: the frontier pays on
// thin problems such as boards and strips, whose frontier stays narrow,
// the search (Knuth's DLX6) where the frontier is wide but residual
// problems recur (packings of distinct pieces, Latin squares), and the
// race costs at most about twice the time the faster takes alone, and
// memory for both.
func autoZDD(p *core.Problem, bound float64) (frontier bool, why string) {
	switch {
	case !memo.Searchable(p):
		return true, "the search handles no multiplicities"
	case bound <= float64(auto.memoAtOnce):
		return true, fmt.Sprintf("the frontier visits at most %.3g states", bound)
	}
	return false, ""
}
