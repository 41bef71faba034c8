package sudoku

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/xcover/xcover/exactcover"
)

// Answer is the outcome of one puzzle of a batch.
type Answer struct {
	Result Result
	// Err is set when the puzzle could not be read or searched (its
	// Puzzle.Err, a *ConflictError or a malformed grid).
	Err error
	// First is the first solution found, with BatchOptions.KeepFirst.
	First *Grid
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
	// KeepFirst keeps each puzzle's first solution in Answer.First.
	KeepFirst bool
}

// BatchOutput receives what [SolveBatch] finds. Either function may be nil.
type BatchOutput struct {
	// Solution is called with each solution of puzzle i, in the order the
	// search finds them (grid order with Config.InOrder). The grid is
	// valid only during the call.
	Solution func(i int, sol *Grid)
	// Done is called when puzzle i is finished, after its solutions.
	Done func(i int, a Answer)
	// Progress is called now and then while puzzle i is searched, with
	// the engine's counters so far (see Config.Progress); puzzles searched
	// at once take turns.
	Progress func(i int, pr *exactcover.Progress)
}

// SolveBatch solves the puzzles and reports each one's solutions and then
// its answer to out, in input order whatever the number of workers, one
// call at a time, as soon as the puzzles before it are reported: the
// output streams. A puzzle that could not be read (Puzzle.Err) is reported
// with that error, unsearched. When ctx ends, the puzzle being searched
// ends with Status Interrupted (Timeout for a deadline), as do those not
// yet started.
//
// With one worker nothing is held in memory. With several, the puzzle
// reported at any moment streams its solutions as they are found, and
// puzzles solved ahead of their turn keep theirs until it comes: a puzzle
// with very many solutions is best listed with one worker.
func SolveBatch(ctx context.Context, puzzles []Puzzle, opt BatchOptions, out BatchOutput) {
	r := &reorder{out: out, held: make(map[int]*heldPuzzle)}
	workers := min(max(opt.Workers, 1), len(puzzles))
	if workers <= 1 {
		w := newBatchWorker(ctx, r, &opt)
		for i := range puzzles {
			w.solve(i, &puzzles[i])
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newBatchWorker(ctx, r, &opt)
			for i := range next {
				w.solve(i, &puzzles[i])
			}
		}()
	}
	for i := range puzzles {
		next <- i
	}
	close(next)
	wg.Wait()
}

// batchWorker is what one goroutine of SolveBatch works with: its solver,
// and the callbacks it hands each search, made once and told which puzzle
// it is on, since 9×9 puzzles take microseconds: callbacks made per
// puzzle, and the answer they fill in, would be as many allocations.
type batchWorker struct {
	ctx      context.Context
	r        *reorder
	opt      *BatchOptions
	s        *Solver
	cur      int
	first    *Grid // the current puzzle's first solution, with KeepFirst
	visit    func(*Grid) bool
	progress func(*exactcover.Progress)
}

func newBatchWorker(ctx context.Context, r *reorder, opt *BatchOptions) *batchWorker {
	w := &batchWorker{ctx: ctx, r: r, opt: opt, s: NewSolver()}
	w.visit = w.found
	if r.out.Progress != nil {
		w.progress = func(pr *exactcover.Progress) { r.progress(w.cur, pr) }
	}
	return w
}

// found takes a solution of the current puzzle.
func (w *batchWorker) found(sol *Grid) bool {
	if w.opt.KeepFirst && w.first == nil {
		w.first = sol.Clone()
	}
	w.r.solution(w.cur, sol)
	return true
}

// solve solves puzzle p, the i-th, and reports its answer.
func (w *batchWorker) solve(i int, p *Puzzle) {
	w.cur, w.first = i, nil
	a := w.search(p)
	a.First = w.first
	w.r.done(i, a)
}

// search searches puzzle p, unless it could not be read or the context
// has ended, and returns its answer (but for First, which found keeps).
func (w *batchWorker) search(p *Puzzle) Answer {
	a := Answer{Err: p.Err}
	switch {
	case p.Err != nil:
		return a
	case errors.Is(w.ctx.Err(), context.DeadlineExceeded):
		a.Result.Status = exactcover.Timeout
		return a
	case w.ctx.Err() != nil:
		a.Result.Status = exactcover.Interrupted
		return a
	}
	cfg := w.opt.Config
	cfg.Progress = w.progress
	res, err := w.s.Solve(w.ctx, p.Grid, cfg, w.visit)
	a.Result = res
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		a.Err = err
	}
	return a
}

// reorder hands the events of puzzles solved concurrently to a BatchOutput
// in input order. The puzzle at the head (the first not yet reported)
// reports directly; the others are held until it is their turn. With one
// worker, every puzzle is the head in its turn and nothing is held.
type reorder struct {
	mu   sync.Mutex
	out  BatchOutput
	head int
	held map[int]*heldPuzzle
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
	if i == r.head && len(r.held) == 0 { // nothing held: the answer goes out at once
		if r.out.Done != nil {
			r.out.Done(i, a)
		}
		r.head++
		return
	}
	held := a // (a copy, so that only a puzzle held escapes)
	r.heldAt(i).answer = &held
	for {
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

func (r *reorder) progress(i int, pr *exactcover.Progress) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.out.Progress(i, pr)
}

func (r *reorder) heldAt(i int) *heldPuzzle {
	h := r.held[i]
	if h == nil {
		h = &heldPuzzle{}
		r.held[i] = h
	}
	return h
}

// String names the answer as the sudoku command reports it: its verdict
// ("unique", "invalid", …), or for a stopped search the status that
// stopped it ("node-limit", "timeout" or "interrupted").
func (a Answer) String() string {
	if v := a.Verdict(); v != Stopped {
		return string(v)
	}
	return a.Result.Status.String()
}

// Tally adds up the answers of a batch.
type Tally struct {
	Puzzles                   int
	Verdicts                  map[string]int // puzzles per Answer.String()
	Solutions, Nodes, Updates int64
	// Learn is the sum of the clause-learning engine's counters on the
	// puzzles it settled (Kept included), which By counts under "learn".
	Learn exactcover.LearnStats
	// By counts the puzzles each method settled (Result.By), refused
	// puzzles left out.
	By map[string]int
	// Status is the worst status of a searched puzzle, from Complete
	// through SolutionLimit, Stopped, NodeLimit and Timeout to Interrupted.
	Status exactcover.Status
}

// Add counts a.
func (t *Tally) Add(a Answer) {
	if t.Verdicts == nil {
		t.Verdicts, t.By = map[string]int{}, map[string]int{}
	}
	if a.Result.By != "" {
		t.By[a.Result.By]++
	}
	t.Puzzles++
	t.Verdicts[a.String()]++
	t.Solutions += a.Result.Solutions
	t.Nodes += a.Result.Nodes
	t.Updates += a.Result.Updates
	if l := a.Result.Learn; l != (exactcover.LearnStats{}) {
		s := &t.Learn
		s.Conflicts += l.Conflicts
		s.Decisions += l.Decisions
		s.Propagations += l.Propagations
		s.Learned += l.Learned
		s.Kept += l.Kept
		s.Restarts += l.Restarts
		s.Splits += l.Splits
	}
	rank := []exactcover.Status{exactcover.Complete, exactcover.SolutionLimit, exactcover.Stopped,
		exactcover.NodeLimit, exactcover.Timeout, exactcover.Interrupted}
	if a.Err == nil && slices.Index(rank, a.Result.Status) > slices.Index(rank, t.Status) {
		t.Status = a.Result.Status
	}
}

// String writes the tally for people: "3 puzzles (2 unique, 1 invalid)".
func (t *Tally) String() string {
	var parts []string
	for _, v := range []string{"unique", "solved", "multiple", "none", "invalid", "node-limit", "timeout", "interrupted"} {
		if k := t.Verdicts[v]; k > 0 {
			parts = append(parts, strconv.Itoa(k)+" "+v)
		}
	}
	s := strconv.Itoa(t.Puzzles) + " puzzles"
	if t.Puzzles == 1 {
		s = "1 puzzle"
	}
	return s + " (" + strings.Join(parts, ", ") + ")"
}
