package exactcover

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// The portfolio of EngineAuto on a question of one or two solutions: the
// enumerating search alone, then beside the learning engine (autoFirst
// says when, and why).

// held keeps copies of the solutions a racer finds, to be visited once
// the race is decided. Its slices are reused from one search to the next
// (the Solver keeps the held of the first stage), so that a warm search
// settled alone allocates nothing.
type held struct{ sols [][]int }

func (h *held) add(sol []int) bool {
	n := len(h.sols)
	if n < cap(h.sols) {
		h.sols = h.sols[:n+1] // its copy's memory is reused
	} else {
		h.sols = append(h.sols, nil)
	}
	h.sols[n] = append(h.sols[n][:0], sol...)
	return true
}

// portfolio answers the search cfg asks for (see autoFirst) with the
// sparse engine and, when it has not settled it within portfolioNodes, with
// the learner beside it. visit sees the solutions of the engine that
// settled the question, after the race; the Stats are that engine's.
func (s *Solver) portfolio(ctx context.Context, cfg Config, visit func([]int) bool) (Stats, error) {
	start := time.Now()
	tree := cfg
	tree.Engine = s.EngineFor(EngineAuto)
	if p := cfg.Progress; p != nil { // the racers report one at a time
		var mu sync.Mutex
		cfg.Progress = func(pr *Progress) {
			mu.Lock()
			defer mu.Unlock()
			p(pr)
		}
		tree.Progress = cfg.Progress
	}
	alone := tree
	alone.MaxNodes = portfolioNodes
	h := &s.scratch.held
	h.sols = h.sols[:0]
	if s.scratch.hold == nil { // made once: a method value passed on escapes
		s.scratch.hold = h.add
	}
	st, err := s.searchTreeHeld(ctx, alone, s.scratch.hold)
	if err != nil || st.Status != NodeLimit {
		return replay(st, err, h.sols, visit)
	}
	learner := cfg
	learner.Engine = EngineLearn
	learner.Workers = runtime.GOMAXPROCS(0) // for the halves it splits into
	oneCore := learner.Workers == 1
	if oneCore && s.treeLooksHopeless(ctx, tree) {
		st, err := s.searchLearn(ctx, learner, visit)
		st.Elapsed = time.Since(start)
		return st, err
	}

	race, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		st     Stats
		err    error
		h      held
		gaveUp bool // the search gave way to the learner
	}
	// On two or more cores, when the learner starts splitting its search
	// (it has found a first solution, or none in 10,000 conflicts, 100,000
	// when only a first solution is asked) and the tree looks hopeless,
	// the search gives way: the learner's halves then have every core.
	// The estimate is made then, on a copy of the search's engine, beside
	// the two: made before the search, it would delay it (256 probes of a
	// quasigroup completion of order 50 take many times as long as the
	// search takes to find a first solution).
	// The estimate's goroutine ends before the search returns (giveWay
	// stops it, then it is waited for): it works on the Solver or one of
	// its spares, which the caller may rebuild for its next problem as
	// soon as Search returns.
	var probing sync.WaitGroup
	defer probing.Wait()
	giveWayCtx, giveWay := context.WithCancel(race)
	defer giveWay()
	if !oneCore {
		probed := tree             // a copy: captured, tree would live on the heap
		learner.onSplit = func() { // called once
			probing.Add(1)
			go func() {
				defer probing.Done()
				m := s.acquire()
				defer s.release(m)
				if m.treeLooksHopeless(giveWayCtx, probed) {
					giveWay()
				}
			}()
		}
	}
	done := make(chan result, 1)
	go func(tree Config) { // an argument: captured, tree would live on the heap
		m := s.acquire()
		defer s.release(m)
		var r result
		r.st, r.err = m.searchTreeHeld(giveWayCtx, tree, r.h.add)
		switch {
		case r.err == nil:
			cancel()
		case race.Err() == nil: // given way to the learner
			r.gaveUp = true
		}
		done <- r
	}(tree)
	var lh held
	lst, lerr := s.searchLearn(race, learner, lh.add)
	if lerr == nil {
		cancel()
	}
	t := <-done
	st, err, sols := t.st, t.err, t.h.sols
	if t.gaveUp || lerr == nil && (t.err != nil || lst.Elapsed < t.st.Elapsed) || t.err != nil && lerr != nil && lst.Solutions > t.st.Solutions {
		st, err, sols = lst, lerr, lh.sols
	}
	if err != nil { // both stopped by ctx: say so, not by the race's cancel
		err = ctx.Err()
		st.Status = StoppedBy(err)
	}
	st.Elapsed = time.Since(start)
	return replay(st, err, sols, visit)
}

// treeLooksHopeless reports whether Knuth's estimate of the size of cfg's
// search tree, from hopelessProbes probes below cfg's partial solution,
// is at least hopelessNodes. The probes' seed is fixed, so that the
// choice is the same on every run.
func (s *Solver) treeLooksHopeless(ctx context.Context, cfg Config) bool {
	eng := s.engine(cfg.Engine)
	eng.ResetWeights()
	rng := rand.New(rand.NewPCG(1, 2))
	root := core.Unit{Path: drive.RootPath(cfg.Partial)}
	var walk []core.Unit
	total := MagnitudeOf(0)
	for range hopelessProbes {
		if ctx.Err() != nil { // the learner settled the question meanwhile
			return false
		}
		nodes, _, _, err := probeOnce(eng, root, rng, &walk)
		if err != nil {
			return false
		}
		total = total.Add(nodes)
	}
	return !total.IsZero() && total.Log10() >= math.Log10(hopelessNodes*hopelessProbes)
}

// replay visits the solutions held, as the search would have.
func replay(st Stats, err error, sols [][]int, visit func([]int) bool) (Stats, error) {
	if visit == nil {
		return st, err
	}
	for _, sol := range sols {
		if !visit(sol) {
			st.Status = Stopped
			break
		}
	}
	return st, err
}
