package sudoku

import (
	"context"
	"errors"
	"sync"
	"time"

	"xcover/exactcover"
)

// Answer is the outcome of one puzzle of a batch.
type Answer struct {
	Result Result
	// Err is set when the puzzle could not be searched: conflicting givens
	// (*ConflictError) or a malformed grid.
	Err error
}

// Verdict is Invalid when the puzzle could not be searched, and otherwise
// what its search established.
func (a *Answer) Verdict() Verdict {
	if a.Err != nil {
		return Invalid
	}
	return a.Result.Verdict()
}

// BatchOptions choose how [SolveBatch] works.
type BatchOptions struct {
	Config Config
	// Workers is the number of goroutines, each with its own Solver;
	// ≤ 1 solves on the calling goroutine.
	Workers int
	// Timeout bounds each puzzle's search (0: none); a puzzle that runs
	// out ends with Status exactcover.Timeout and the batch goes on.
	Timeout time.Duration
}

// BatchOutput receives what [SolveBatch] finds. Either function may be nil.
type BatchOutput struct {
	// Solution is called with each solution of puzzle i, in the order the
	// search finds them (grid order with Config.InOrder). The grid is
	// valid only during the call.
	Solution func(i int, sol *Grid)
	// Done is called when puzzle i is finished, after its solutions.
	Done func(i int, a Answer)
}

// SolveBatch solves grids[i] for every i and reports each puzzle's
// solutions and then its answer to out, in input order whatever the
// number of workers, one call at a time, as soon as the puzzles before it
// are reported: the output streams. nil grids (puzzles that could not be
// read) are skipped. When ctx is cancelled, the puzzle being searched ends
// with Status Interrupted, as do those not yet started.
//
// With one worker nothing is held in memory. With several, the puzzle
// reported at any moment streams its solutions as they are found, and
// puzzles solved ahead of their turn keep theirs until it comes: a puzzle
// with very many solutions is best listed with one worker.
func SolveBatch(ctx context.Context, grids []*Grid, opt BatchOptions, out BatchOutput) {
	workers := min(max(opt.Workers, 1), len(grids))
	if workers <= 1 {
		s := NewSolver()
		for i, g := range grids {
			var visit func(*Grid) bool
			if out.Solution != nil {
				visit = func(sol *Grid) bool { out.Solution(i, sol); return true }
			}
			a := solveOne(ctx, s, g, &opt, visit)
			if g != nil && out.Done != nil {
				out.Done(i, a)
			}
		}
		return
	}
	r := &reorder{out: out, grids: grids, held: make(map[int]*heldPuzzle)}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSolver()
			for i := range next {
				a := solveOne(ctx, s, grids[i], &opt, func(sol *Grid) bool { r.solution(i, sol); return true })
				r.done(i, a)
			}
		}()
	}
	for i, g := range grids {
		if g != nil {
			next <- i
		}
	}
	close(next)
	wg.Wait()
}

// reorder hands the events of puzzles solved concurrently to a BatchOutput
// in input order. The puzzle at the head (the first not yet reported)
// reports directly; the others are held until it is their turn.
type reorder struct {
	mu    sync.Mutex
	out   BatchOutput
	grids []*Grid
	head  int
	held  map[int]*heldPuzzle
}

// heldPuzzle is what a puzzle behind the head has found so far.
type heldPuzzle struct {
	solutions []*Grid
	answer    *Answer // set when the puzzle is finished
}

func (r *reorder) solution(i int, sol *Grid) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if i == r.head {
		if r.out.Solution != nil {
			r.out.Solution(i, sol)
		}
		return
	}
	if r.out.Solution != nil {
		h := r.heldAt(i)
		h.solutions = append(h.solutions, sol.Clone())
	}
}

func (r *reorder) done(i int, a Answer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.heldAt(i).answer = &a
	for r.head < len(r.grids) {
		if r.grids[r.head] == nil { // skipped
			r.head++
			continue
		}
		h := r.held[r.head]
		if h == nil {
			return // the head is still being searched and has found nothing
		}
		for _, sol := range h.solutions {
			r.out.Solution(r.head, sol)
		}
		h.solutions = nil // the head reports the rest directly
		if h.answer == nil {
			return
		}
		if r.out.Done != nil {
			r.out.Done(r.head, *h.answer)
		}
		delete(r.held, r.head)
		r.head++
	}
}

func (r *reorder) heldAt(i int) *heldPuzzle {
	h := r.held[i]
	if h == nil {
		h = &heldPuzzle{}
		r.held[i] = h
	}
	return h
}

// solveOne solves g with s; it returns the zero Answer for a nil grid.
func solveOne(ctx context.Context, s *Solver, g *Grid, opt *BatchOptions, visit func(*Grid) bool) Answer {
	var a Answer
	if g == nil {
		return a
	}
	if ctx.Err() != nil {
		a.Result.Status = exactcover.Interrupted
		return a
	}
	pctx := ctx
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	res, err := s.Solve(pctx, g, opt.Config, visit)
	a.Result = res
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		a.Err = err
	}
	if ctx.Err() != nil && res.Status == exactcover.Timeout {
		a.Result.Status = exactcover.Interrupted // the whole batch was stopped
	}
	return a
}
