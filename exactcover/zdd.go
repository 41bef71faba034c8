package exactcover

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/xcover/xcover/exactcover/internal/memo"
	"github.com/xcover/xcover/zdd"
)

// ErrZDDMethod is wrapped by the error of [Solver.ZDD] when Config.Method
// names no method, or one that cannot build the problem's ZDD.
var ErrZDDMethod = errors.New("no such way to build the ZDD")

// zddFirstSlice is the time each way of building a ZDD gets in the first
// round of their race (see [Solver.ZDD]); each round doubles it. A few
// milliseconds: a problem either finishes in its first rounds, or the
// rounds grow long enough that switching costs nothing.
const zddFirstSlice = 4 * time.Millisecond

// ZDD builds the ZDD of all solutions: variable k+1 is option k (the
// caller's index), and each set of the family is a solution (see package
// [zdd] for what to do with it). It reads cfg's Method, MemoLimit,
// Progress and ProgressEvery; the memory limit bounds more than a count
// takes (the frontier keeps every level, eight bytes per state, the
// search every residual problem it met; then the diagram). There are two
// ways to build it, and the result's Method and Why say which made it and
// why:
//
//   - MethodMemo: memoized counting over a frontier, level by level (see
//     "Counting without enumerating" in the package documentation), which
//     pays on thin problems such as boards and strips, whose frontier
//     stays narrow;
//   - MethodSearch: Algorithm X's search with a memo of every residual
//     problem met, keyed on the items still active, as Knuth's DLX6 does,
//     which pays where the frontier is wide but the search's choices leave
//     residual problems that recur: packings of distinct pieces, Latin
//     squares. It needs every primary item covered exactly once.
//
// MethodAuto: when the frontier's bound on its states (at each level,
// what its keys allow and at most twice the level before) is at most 2²⁴,
// a fraction of a second's work, or the problem has multiplicities, the
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
func (s *Solver) ZDD(ctx context.Context, cfg Config) (*zdd.ZDD, CountResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, CountResult{Solutions: new(big.Int), Status: StoppedBy(err)}, err
	}
	m := s.acquire()
	defer s.release(m)
	s = m
	r := newCounting(s, Config{Method: MethodMemo, MemoLimit: cfg.MemoLimit, Progress: cfg.Progress, ProgressEvery: cfg.ProgressEvery})
	r.m = memo.New(&s.model, memo.Config{Limit: r.cfg.MemoLimit, ZDD: true})
	var (
		z   *zdd.ZDD
		res CountResult
		err error
	)
	bound := r.m.Bound()
	switch cfg.Method {
	case MethodMemo:
		res.Method, res.Why = MethodMemo, "asked for"
		z, err = r.frontierZDD(ctx, 0)
	case MethodSearch:
		if !memo.Searchable(&s.model) {
			return nil, CountResult{Method: MethodSearch}, fmt.Errorf("%w: the search builds no ZDD of a problem with multiplicities", ErrZDDMethod)
		}
		r.m = nil
		res.Method, res.Why = MethodSearch, "asked for"
		sr := memo.NewSearcher(&s.model, memo.Config{Limit: r.cfg.MemoLimit})
		if err = r.searchZDD(ctx, sr, math.MaxInt64); err == nil {
			z = sr.ZDD()
		}
		r.searchResult(sr, &res)
	case MethodAuto:
		if frontier, why := autoZDD(&s.model, bound); frontier {
			res.Method, res.Why = MethodMemo, why
			z, err = r.frontierZDD(ctx, 0)
		} else {
			z, err = r.raceZDD(ctx, bound, &res)
		}
	default:
		return nil, CountResult{}, fmt.Errorf("%w: %v", ErrZDDMethod, cfg.Method)
	}
	res.Elapsed, res.Status = time.Since(r.start), countStatus(ctx, err)
	if res.Method == MethodMemo && r.m != nil && r.memoing > 0 {
		res.Memo = memoStats(r.m.Stats())
	}
	if err != nil {
		return nil, res, err
	}
	res.Solutions = z.Count()
	if res.Method == MethodMemo {
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
				res.Method = MethodMemo
				res.Why = fmt.Sprintf("the frontier may visit %.3g states; it finished first, in its turn of %v", bound, slice)
				return z, nil
			case ctx.Err() != nil:
				res.Method = MethodMemo
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
				res.Method = MethodSearch
				r.searchResult(sr, res)
				return nil, ctx.Err()
			case err != nil:
				lastErr = err
				sr = nil
			case sr.Done():
				res.Method = MethodSearch
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
			st := sr.Stats()
			p := Progress{Stats: Stats{Nodes: st.Transitions, Elapsed: time.Since(r.start)}, Method: MethodSearch, combined: true, done: sr.Fraction()}
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
