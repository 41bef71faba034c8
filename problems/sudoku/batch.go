package sudoku

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"xcover/exactcover"
)

// Answer is the outcome of one puzzle of a batch.
type Answer struct {
	Result Result
	// Err is set when the puzzle could not be searched: conflicting givens
	// (*ConflictError) or a malformed grid.
	Err error
	// Solutions holds the first BatchOptions.Keep solutions found.
	Solutions []*Grid
}

// BatchOptions choose how [SolveBatch] works.
type BatchOptions struct {
	Config Config
	// Keep is how many solutions to keep per puzzle (0: none, only count).
	Keep int
	// Workers is the number of goroutines, each with its own Solver;
	// ≤ 1 solves on the calling goroutine.
	Workers int
	// Timeout bounds each puzzle's search (0: none); a puzzle that runs
	// out ends with Status exactcover.Timeout and the batch goes on.
	Timeout time.Duration
}

// SolveBatch solves grids[i] into answers[i] for every i; nil grids (puzzles
// that could not be read) are skipped. When ctx is cancelled, the puzzle
// being searched ends with Status Interrupted, as do those not yet started.
func SolveBatch(ctx context.Context, grids []*Grid, opt BatchOptions) []Answer {
	answers := make([]Answer, len(grids))
	workers := max(opt.Workers, 1)
	workers = min(workers, len(grids))
	if workers <= 1 {
		s := NewSolver()
		for i, g := range grids {
			solveOne(ctx, s, g, &opt, &answers[i])
		}
		return answers
	}
	// Workers take puzzles in small chunks from a shared counter, so an
	// expensive puzzle does not hold up a whole share of the batch.
	const chunk = 64
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSolver()
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= len(grids) {
					return
				}
				for i := lo; i < min(lo+chunk, len(grids)); i++ {
					solveOne(ctx, s, grids[i], &opt, &answers[i])
				}
			}
		}()
	}
	wg.Wait()
	return answers
}

// solveOne solves g into a with s.
func solveOne(ctx context.Context, s *Solver, g *Grid, opt *BatchOptions, a *Answer) {
	if g == nil {
		return
	}
	if ctx.Err() != nil {
		a.Result.Status = exactcover.Interrupted
		return
	}
	pctx := ctx
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	var visit func(*Grid) bool
	if opt.Keep > 0 {
		visit = func(sol *Grid) bool {
			if len(a.Solutions) < opt.Keep {
				a.Solutions = append(a.Solutions, sol.Clone())
			}
			return true
		}
	}
	res, err := s.Solve(pctx, g, opt.Config, visit)
	a.Result = res
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		a.Err = err
	}
	if ctx.Err() != nil && res.Status == exactcover.Timeout {
		a.Result.Status = exactcover.Interrupted // the whole batch was stopped
	}
}
