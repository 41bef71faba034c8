package learn

import (
	"sync"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Splitting (cube and conquer: Heule, Kullmann, Wieringa and Biere, 2011,
// here done lazily, as the search goes). A search that has found no
// solution within firstConflicts conflicts (onlyFirstConflicts when only a
// first solution is asked), or has found its first one, goes on as the
// first half. A half that has not settled within splitConflicts more
// (idleSplitConflicts when a worker waits) is cut in two at level 0: one
// copy of the solver (Clone) takes an option and the original rules it
// out, each keeping every clause learned so far. (Cutting the first half
// at once, without its turn, took 2.8% more conflicts on the 18 Gecode
// 25×25 Sudokus on one worker, three seeds.) The halves share no
// solution, so their solutions together are the problem's, and the
// problem has no more when no half has.
//
// The option to split on is chosen by look-ahead (splitOption), among the
// most active: the one whose two values propagate furthest, so that both
// halves are small.
//
// Two things come of it. Workers search halves in parallel, on every core.
// And even on one core the halves together take fewer conflicts than the
// whole: each is a smaller problem whose learned clauses and activities
// are its own (docs/performance.md has the hard Sudokus' figures).
const (
	// firstConflicts is how long the search goes on before it becomes
	// the first half (cut after one more turn, or sooner when a worker
	// waits), unless it finds a solution first. Problems settled within
	// it (9×9 Sudokus, most packings) are never split. Longer is not
	// better: the time a whole search takes to its first solution is
	// heavy-tailed (on the hard Gecode 25×25 Sudokus, 31,096 to 202,937
	// conflicts), and halves find it too. On those six puzzles (1, 4, 9,
	// 10, 15, 16), on one worker, uniqueness took 1.13 million conflicts
	// in all with 10,000, 1.17 million with 30,000, 1.23 million with
	// 100,000, and 1.21 and 1.22 million with 3,000 and 1,000; 10,000
	// was the best on five of the six. On more workers, the shorter the
	// whole search, the sooner every core has a half.
	firstConflicts = 10_000
	// onlyFirstConflicts replaces firstConflicts when the question is a
	// first solution alone: there is no proof to share out, and in auto's
	// portfolio the halves would take the cores of the search racing the
	// learner. On quasigroup completions of order 50, a first solution
	// came sooner this way (found by the search, or by the learner whole)
	// than splitting after 10,000 conflicts.
	onlyFirstConflicts = 100_000
	// splitConflicts is how long a half goes on before it is split again.
	splitConflicts = 10_000
	// idleSplitConflicts: a half is split before its splitConflicts are
	// up when a worker waits and it has gone on for this many (Stop is
	// polled every PollConflicts), so that no core stays idle long.
	idleSplitConflicts = 1000
	// maxPending bounds the halves waiting for a worker, each a copy of
	// the solver with its learned clauses: past it, a half goes on as it
	// is rather than split again.
	maxPending = 32
	// splitCandidates is how many options splitOption looks ahead on.
	splitCandidates = 16
)

// SolveSplit is Solve with splitting, on workers goroutines (at least
// one). Unlike Solve, it cannot be called again to go on: once it has
// returned, s holds the counters of all the halves but no longer the
// search's state. visit is called by one goroutine at a time, and
// lim.Stop with the counters of all the halves. lim.MaxConflicts and
// lim.MaxSolutions hold for all the halves together, exactly.
func (s *Solver) SolveSplit(lim Limits, workers int, visit func(solution []int) bool) core.Status {
	// The first solution is sought whole (see firstConflicts).
	startConflicts, startSolutions := s.stats.Conflicts, s.stats.Solutions
	first := lim
	first.MaxSolutions = 1
	if budget := s.firstConflicts(lim.MaxSolutions == 1); lim.MaxConflicts == 0 || lim.MaxConflicts > budget {
		first.MaxConflicts = budget
	}
	stopped := false
	st := s.Solve(first, func(sol []int) bool {
		stopped = visit != nil && !visit(sol) || lim.MaxSolutions == 1
		return !stopped
	})
	switch {
	case st == core.Complete || st == core.Interrupted || stopped:
		return st
	case st == core.NodeLimit && lim.MaxConflicts > 0 && s.stats.Conflicts-startConflicts >= lim.MaxConflicts:
		return st
	}
	if lim.MaxConflicts > 0 {
		lim.MaxConflicts -= s.stats.Conflicts - startConflicts
	}
	if lim.MaxSolutions > 0 {
		lim.MaxSolutions -= s.stats.Solutions - startSolutions
	}
	if lim.OnSplit != nil {
		lim.OnSplit()
	}
	d := &splitter{lim: lim, visit: visit, base: s.stats, total: s.stats,
		budget: splitConflicts, idleBudget: idleSplitConflicts}
	if s.splitBudget > 0 { // a test's
		d.budget, d.idleBudget = s.splitBudget, 1
	}
	d.cond = sync.NewCond(&d.mu)
	d.pending = append(d.pending, s)
	workers = max(workers, 1)
	d.workers = workers
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.work()
		}()
	}
	wg.Wait()
	s.stats = d.total
	if d.end == core.Complete {
		s.unsat = true
	}
	return d.end
}

// splitter is the state the workers of SolveSplit share, under mu.
type splitter struct {
	mu      sync.Mutex
	cond    *sync.Cond
	lim     Limits
	visit   func([]int) bool
	base    Stats // the root's counters when the search began
	total   Stats // every half's counters added up
	pending []*Solver
	busy    int
	done    bool
	end     core.Status
	// solved: some half has found a solution. From then on every half
	// searches as the one that found it does (afterSolution, mode.go),
	// from its next turn or its next poll of Stop (proveIfSolved): what
	// is left is most often a proof, and a half split off before the
	// solution would otherwise go on seeking one. On the 18 Gecode 25×25 Sudokus, on one
	// worker, uniqueness took 3.9%, 0.9% and 5.7% fewer conflicts in all
	// (the options' first activities perturbed with three seeds).
	solved bool
	// The conflicts of a half's turn, and those after which it is split
	// for a waiting worker: splitConflicts and idleSplitConflicts, or
	// fewer in tests.
	budget, idleBudget int64
	workers            int
	// granted: the conflicts the turns under way may still take of
	// lim.MaxConflicts (see turnBudget), so that together they never
	// take more than it leaves.
	granted int64
}

// work takes halves and searches them until the search is over.
func (d *splitter) work() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for {
		for !d.done && d.busy > 0 && (len(d.pending) == 0 || d.turnBudget() == 0) {
			d.cond.Wait()
		}
		switch {
		case d.done:
		case len(d.pending) == 0: // every half settled
			d.finish(core.Complete)
		case d.turnBudget() == 0: // halves left, no turn under way: the limit is spent
			d.finish(core.NodeLimit)
		}
		if d.done {
			d.cond.Broadcast()
			return
		}
		h := d.pending[len(d.pending)-1]
		d.pending = d.pending[:len(d.pending)-1]
		d.busy++
		budget := d.turnBudget()
		d.granted += budget
		d.mu.Unlock()
		st, before := d.searchHalf(h, budget)
		d.mu.Lock()
		d.busy--
		d.granted -= budget
		d.add(h.stats, before)
		spent := d.lim.MaxConflicts > 0 && d.total.Conflicts-d.base.Conflicts >= d.lim.MaxConflicts
		switch st {
		case core.Complete: // this half is settled; a limit spent with halves left ends the search above
		case core.NodeLimit:
			if spent { // no turn is under way: the search ends above, this half left
				d.pending = append(d.pending, h)
			} else if !d.done {
				d.split(h)
			}
		default:
			d.finish(st)
		}
		d.cond.Broadcast()
	}
}

// turnBudget returns the conflicts of the next turn: the turn's budget,
// or what lim.MaxConflicts leaves when that is less (0 when the turns
// under way hold all it leaves). It is called with mu held.
func (d *splitter) turnBudget() int64 {
	if d.lim.MaxConflicts == 0 {
		return d.budget
	}
	left := d.lim.MaxConflicts - (d.total.Conflicts - d.base.Conflicts) - d.granted
	return max(min(d.budget, left), 0)
}

// finish ends the search with status st, unless it is over already.
func (d *splitter) finish(st core.Status) {
	if !d.done {
		d.done, d.end = true, st
	}
}

// add adds to the totals what half h did since its counters were before.
func (d *splitter) add(now, before Stats) {
	t := &d.total
	t.Conflicts += now.Conflicts - before.Conflicts
	t.Decisions += now.Decisions - before.Decisions
	t.Propagations += now.Propagations - before.Propagations
	t.Learned += now.Learned - before.Learned
	t.Deleted += now.Deleted - before.Deleted
	t.Restarts += now.Restarts - before.Restarts
	t.ModeSwitches += now.ModeSwitches - before.ModeSwitches
	t.Rephases += now.Rephases - before.Rephases
	t.Kept = now.Kept
}

// searchHalf runs half h for a turn of budget conflicts (at least one),
// without the lock.
func (d *splitter) searchHalf(h *Solver, budget int64) (core.Status, Stats) {
	before := h.stats
	yielded := false
	d.mu.Lock()
	d.proveIfSolved(h)
	d.mu.Unlock()
	lim := Limits{MaxConflicts: budget, Stop: func(st *Stats) bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.done {
			return true
		}
		d.proveIfSolved(h)
		if d.busy < d.workers && len(d.pending) == 0 && st.Conflicts-before.Conflicts >= d.idleBudget {
			yielded = true // a worker waits: split now
			return true
		}
		if d.lim.Stop == nil {
			return false
		}
		all := d.total
		all.Conflicts += st.Conflicts - before.Conflicts
		all.Propagations += st.Propagations - before.Propagations
		return d.lim.Stop(&all)
	}}
	st := h.Solve(lim, func(sol []int) bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.done {
			return false
		}
		d.total.Solutions++
		d.solved = true
		more := d.visit == nil || d.visit(sol)
		if d.lim.MaxSolutions > 0 && d.total.Solutions-d.base.Solutions >= d.lim.MaxSolutions {
			more = false
		}
		if !more {
			// Over now, under the lock that counted the solution: were
			// it left to this half's return, another half could count
			// and visit one more in between (MaxSolutions exceeded, or
			// visit called after it said stop).
			d.finish(core.Stopped)
		}
		return more
	})
	h.stats.Solutions = before.Solutions // counted in the totals
	if st == core.Interrupted && yielded {
		st = core.NodeLimit // to be split
	}
	return st, before
}

// proveIfSolved makes half h search as after a solution of its own once
// another half has found one (see solved); it is called with mu held, at
// the start of each turn and at each poll of Stop.
func (d *splitter) proveIfSolved(h *Solver) {
	if d.solved && !h.ph.solutionFound {
		h.afterSolution()
	}
}

// split cuts half h in two and queues both, or queues h as it is when
// enough halves wait.
func (d *splitter) split(h *Solver) {
	h.cancelUntil(0)
	if !h.propagate() { // what the last conflict learned, at level 0
		h.unsat = true
		d.pending = append(d.pending, h)
		return
	}
	v := h.splitOption()
	if v < 0 || len(d.pending)+2 > maxPending {
		d.pending = append(d.pending, h)
		return
	}
	d.total.Splits++
	other := h.Clone()
	other.AddClause([]int32{-(v + 1)})
	h.AddClause([]int32{v + 1})
	d.pending = append(d.pending, other, h)
}

// firstConflicts returns the conflicts of the search before it splits,
// for a question of one solution (onlyFirst) or more.
func (s *Solver) firstConflicts(onlyFirst bool) int64 {
	switch {
	case s.firstBudget > 0:
		return s.firstBudget
	case onlyFirst:
		return onlyFirstConflicts
	}
	return firstConflicts
}

// splitOption returns the option to split on, or -1 when every option is
// assigned: of the splitCandidates unassigned options of highest activity,
// the one whose two values, each propagated alone at level 1, assign the
// most options, by the product of the two counts (the look-ahead measure
// of cube-and-conquer solvers: both halves made small). A value that
// fails counts as assigning every option, since its half settles at once.
func (s *Solver) splitOption() int32 {
	cand := s.cand[:0]
	for v := range s.nVars {
		if s.litValue(2*lit(v)) != unset {
			continue
		}
		if len(cand) < splitCandidates {
			cand = append(cand, int32(v))
		} else if s.activity[v] > s.activity[cand[len(cand)-1]] {
			cand[len(cand)-1] = int32(v)
		} else {
			continue
		}
		for i := len(cand) - 1; i > 0 && s.activity[cand[i]] > s.activity[cand[i-1]]; i-- {
			cand[i], cand[i-1] = cand[i-1], cand[i]
		}
	}
	s.cand = cand
	best, bestScore := int32(-1), -1.0
	for _, v := range cand {
		score := float64(s.lookAhead(2*v)+1) * float64(s.lookAhead(2*v+1)+1)
		if score > bestScore {
			best, bestScore = v, score
		}
	}
	return best
}

// lookAhead returns how many options assigning l at level 1 assigns, by
// propagation, or every option when that fails; it leaves the solver at
// level 0 as it found it (propagated).
func (s *Solver) lookAhead(l lit) int {
	s.trailLim = append(s.trailLim, int32(len(s.trail)))
	start := len(s.trail)
	s.enqueue(l, noReason)
	n := s.nVars
	if s.propagate() {
		n = len(s.trail) - start
	}
	// The saved phases are the search's, not the look-ahead's.
	saved := s.lookPhase[:0]
	for _, l := range s.trail[start:] {
		saved = append(saved, s.phase[l>>1])
	}
	s.lookPhase = saved
	assigned := s.trail[start:]
	s.cancelUntil(0)
	for t, l := range assigned {
		s.phase[l>>1] = saved[t]
	}
	return n
}
