package exactcover

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// The portfolio of EngineAuto, on a question of one or two solutions (the
// first solution, uniqueness), in three stages:
//
//  1. the enumerating search runs alone for portfolioNodes nodes;
//  2. if that has not settled the question, Knuth's random probes
//     estimate the size of its tree; if the estimate is at most
//     shortTreeNodes, the search starts again alone, for up to
//     shortTreeBudget nodes;
//  3. otherwise, or if that has not settled it either, the search starts
//     again beside the learning engine, and the first of the two to
//     settle it stops the other. On two or more cores they run in
//     parallel; on one they share it (Go's scheduler gives each a slice
//     in turn), so that neither costs more than about twice the other.
//
// Neither engine is best everywhere: search settles 9×9 Sudokus and
// pentomino packings in microseconds to milliseconds, where the learner's
// reasons are long, while on 25×25 Sudokus with few clues it runs for
// hours and the learner settles them in seconds. Stage 2 spares a search
// that the estimate says is short from sharing its cores: on one core,
// from running at half speed. Estimates of hard trees are heavy-tailed
// and more often too low than too high, which is why stage 2 has a budget
// and is followed by stage 3.
const (
	// portfolioNodes is what the search alone gets: about 50 ms of the
	// sparse engine on Sudokus. Every puzzle of the 9×9 sets (hardest
	// included: at most a few thousand nodes after the Sudoku front end's
	// propagation) settles within it, so their throughput is unchanged
	// but for the solutions being held until the end (one or two copies).
	portfolioNodes = 50_000
	// portfolioMaxSolutions: beyond two solutions the question is a
	// listing, the enumerating engines' job.
	portfolioMaxSolutions = 2
	// shortTreeNodes is the largest estimated tree left to the search
	// alone: about a second of the sparse engine (0.3–3 million nodes per
	// second on Sudokus and packings).
	shortTreeNodes = 1_000_000
	// shortTreeBudget bounds the search alone on a tree estimated short,
	// four times the estimate's bound: estimates of a tree's size are
	// often off by that much.
	shortTreeBudget = 4 * shortTreeNodes
	// shortTreeProbes is the number of random probes of stage 2: a few
	// milliseconds on a 25×25 Sudoku (170 levels deep), a hundredth of
	// the 50,000 nodes before them.
	shortTreeProbes = 64
)

// usePortfolio reports whether a search with cfg runs as a portfolio.
func usePortfolio(cfg Config) bool {
	return cfg.Engine == EngineAuto && cfg.MaxSolutions >= 1 && cfg.MaxSolutions <= portfolioMaxSolutions &&
		cfg.MaxNodes == 0 && cfg.Workers <= 1 && cfg.Checkpoint == nil && cfg.Resume == nil && cfg.Shard == (Shard{})
}

// held keeps copies of the solutions a racer finds, to be visited once
// the race is decided.
type held struct{ sols [][]int }

func (h *held) add(sol []int) bool {
	h.sols = append(h.sols, slices.Clone(sol))
	return true
}

// portfolio answers the search cfg asks for (see usePortfolio) with the
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
	var h held
	st, err := s.search(ctx, alone, h.add)
	if err != nil || st.Status != NodeLimit {
		return replay(st, err, h.sols, visit)
	}
	if s.treeLooksShort(tree) {
		h = held{}
		alone.MaxNodes = shortTreeBudget
		st, err = s.search(ctx, alone, h.add)
		if err != nil || st.Status != NodeLimit {
			st.Elapsed = time.Since(start)
			return replay(st, err, h.sols, visit)
		}
	}

	race, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		st  Stats
		err error
		h   held
	}
	done := make(chan result, 1)
	go func() {
		m := s.acquire()
		defer s.release(m)
		var r result
		r.st, r.err = m.search(race, tree, r.h.add)
		if r.err == nil {
			cancel()
		}
		done <- r
	}()
	learner := cfg
	learner.Engine = EngineLearn
	var lh held
	lst, lerr := s.searchLearn(race, learner, lh.add)
	if lerr == nil {
		cancel()
	}
	t := <-done
	st, err, sols := t.st, t.err, t.h.sols
	if lerr == nil && (t.err != nil || lst.Elapsed < t.st.Elapsed) || t.err != nil && lerr != nil && lst.Solutions > t.st.Solutions {
		st, err, sols = lst, lerr, lh.sols
	}
	if err != nil { // both stopped by ctx: say so, not by the race's cancel
		err = ctx.Err()
		st.Status = StoppedBy(err)
	}
	st.Elapsed = time.Since(start)
	return replay(st, err, sols, visit)
}

// treeLooksShort reports whether Knuth's estimate of the size of cfg's
// search tree, from shortTreeProbes probes below cfg's partial solution,
// is at most shortTreeNodes. The probes' seed is fixed, so that the
// choice is the same on every run.
func (s *Solver) treeLooksShort(cfg Config) bool {
	eng := s.engine(cfg.Engine)
	eng.ResetWeights()
	rng := rand.New(rand.NewPCG(1, 2))
	root := core.Unit{Path: drive.RootPath(cfg.Partial)}
	var walk []core.Unit
	total := MagnitudeOf(0)
	for range shortTreeProbes {
		nodes, _, _, err := probeOnce(eng, root, rng, &walk)
		if err != nil {
			return false
		}
		total = total.Add(nodes)
	}
	return total.Log10() <= math.Log10(shortTreeNodes*shortTreeProbes)
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
