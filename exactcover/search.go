package exactcover

import (
	"context"
	"errors"
	"time"
)

// Config bounds and instruments one search. The zero value explores the
// whole tree.
type Config struct {
	// MaxSolutions stops the search after this many solutions (0: no limit).
	MaxSolutions int64
	// MaxNodes stops the search after this many search-tree nodes (0: no
	// limit).
	MaxNodes int64
	// Partial lists options to take before the search starts, in order; the
	// search then completes them. An option that clashes with one before it
	// is rejected with ErrInconsistentPart. Independent parts of a big search
	// can be given to different solvers this way.
	Partial []int
	// Branching chooses the rule for picking the item to branch on; the
	// zero value is Knuth's.
	Branching Branching
	// SkipProfile leaves Stats.Profile empty, saving its allocation for
	// callers that solve many small problems.
	SkipProfile bool
	// Progress, when set, is called about every ProgressEvery (default one
	// second) from inside the search, with a view of where it is.
	Progress      func(*Progress)
	ProgressEvery time.Duration
}

// pollInterval is how many nodes pass between looks at the context, the
// clock and the progress callback: rare enough to cost nothing measurable,
// often enough that Ctrl-C answers within a millisecond.
const pollInterval = 1 << 12

// Search runs Algorithm X with dancing links, calling visit with each
// solution as the indices of its options, in the order they were chosen.
// The slice is reused: it is valid only until visit returns. Returning false
// from visit stops the search. visit may be nil to count only.
//
// The search branches on a primary item with the fewest remaining options,
// ties broken by cfg.Branching (by default Knuth's rule: to the item
// declared first); its options are tried in the order given. Search returns the statistics, with a nil error when the
// search ended by itself or by a limit, and ctx.Err() when the context
// stopped it; the statistics are valid in every case.
func (s *Solver) Search(ctx context.Context, cfg Config, visit func(solution []int) bool) (Stats, error) {
	start := time.Now()
	clear(s.profile)
	base, err := s.force(cfg.Partial)
	if err != nil {
		s.last = Stats{Status: Complete}
		return s.last, err
	}
	st, err := s.dance(ctx, &cfg, base, start, visit)
	s.unforce(base)
	st.Elapsed = time.Since(start)
	if !cfg.SkipProfile {
		n := len(s.profile)
		for n > 0 && s.profile[n-1] == 0 {
			n--
		}
		st.Profile = append([]int64(nil), s.profile[:n]...)
	}
	s.last = st
	return st, err
}

// dance is the search loop, written as Knuth writes Algorithm X: levels on
// an explicit stack, so that nothing is allocated per node and the search
// can stop at any point and unwind.
func (s *Solver) dance(ctx context.Context, cfg *Config, base int, start time.Time, visit func([]int) bool) (st Stats, err error) {
	nd := s.nodes
	choice := s.choice
	profile := s.profile
	done := ctx.Done()
	var (
		level            = base
		best, cur        int32
		nodes, updates   int64
		cleansings, sols int64
		u, c             int64
		nextPoll         int64 = pollInterval
		lastProgress           = start
	)
	weighted := cfg.Branching == Weighted
	clear(s.weight) // every search starts at zero; Knuth's rule leaves them there
	every := cfg.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	if cfg.MaxNodes > 0 && cfg.MaxNodes < nextPoll {
		nextPoll = cfg.MaxNodes
	}
	if s.nActive == 0 { // the partial solution already covers every primary item
		nodes++
		profile[level]++
		sols++
		if visit != nil {
			visit(s.solution(level))
		}
		st.Status = Complete
		goto finish
	}

forward:
	if nodes >= nextPoll {
		if cfg.MaxNodes > 0 && nodes >= cfg.MaxNodes {
			st.Status = NodeLimit
			goto abort
		}
		select {
		case <-done:
			err = ctx.Err()
			st.Status = Interrupted
			if errors.Is(err, context.DeadlineExceeded) {
				st.Status = Timeout
			}
			goto abort
		default:
		}
		if cfg.Progress != nil {
			if now := time.Now(); now.Sub(lastProgress) >= every {
				lastProgress = now
				s.progress(cfg.Progress, base, level, Stats{Solutions: sols, Nodes: nodes, Updates: updates, Elapsed: now.Sub(start)})
			}
		}
		nextPoll = nodes + pollInterval
		if cfg.MaxNodes > 0 && cfg.MaxNodes < nextPoll {
			nextPoll = cfg.MaxNodes
		}
	}
	nodes++
	profile[level]++
	best = s.choose()
	if weighted && nd[best].top == 0 && s.weight[best] < maxWeight {
		s.weight[best]++ // a dead end: see Weighted
	}
	updates += s.cover(best)
	cur = nd[best].down
	choice[level] = cur

advance:
	if cur == best {
		goto backup
	}
	u, c = s.coverOthers(cur)
	updates += u
	cleansings += c
	if s.nActive == 0 { // every primary item covered: a solution, a leaf node
		nodes++
		profile[level+1]++
		sols++
		if visit != nil && !visit(s.solution(level+1)) {
			st.Status = Stopped
			goto stopAtSolution
		}
		if cfg.MaxSolutions > 0 && sols >= cfg.MaxSolutions {
			st.Status = SolutionLimit
			goto stopAtSolution
		}
		goto recover
	}
	level++
	goto forward

backup:
	s.uncover(best)
	if level == base {
		st.Status = Complete
		goto finish
	}
	level--
	cur = choice[level]
	best = nd[cur].top

recover:
	s.uncoverOthers(cur)
	cur = nd[cur].down
	choice[level] = cur
	goto advance

stopAtSolution:
	s.uncoverOthers(cur)
	s.uncover(best)
abort: // undo the levels below the current one
	for level > base {
		level--
		cur = choice[level]
		s.uncoverOthers(cur)
		s.uncover(nd[cur].top)
	}

finish:
	st.Solutions, st.Nodes, st.Updates, st.Cleansings = sols, nodes, updates, cleansings
	return st, err
}

// solution returns the caller's indices of the options chosen at levels
// 0…depth-1, in a buffer reused from one solution to the next.
func (s *Solver) solution(depth int) []int {
	s.sol = s.sol[:0]
	for _, p := range s.choice[:depth] {
		s.sol = append(s.sol, s.optionAt(p))
	}
	return s.sol
}

// optionAt returns the caller's index of the option that node p belongs to.
func (s *Solver) optionAt(p int32) int {
	for s.nodes[p].top > 0 {
		p++
	}
	return int(s.optionOf[-s.nodes[p].top-1])
}

// force takes the options of a partial solution before the search, as if
// they had been chosen at levels 0…len(partial)-1, and returns that depth.
func (s *Solver) force(partial []int) (int, error) {
	for level, k := range partial {
		if k < 0 || k >= len(s.firstNode) || s.firstNode[k] == 0 {
			s.unforce(level)
			return 0, &ProblemError{Err: ErrBadPartial, Option: k, Position: -1}
		}
		p := s.firstNode[k]
		// The option is still available iff each of its primary items is
		// active and its node is still in that item's list (a clash with an
		// earlier choice always hides some primary node; see links.go).
		var first int32
		ok := true
		for q := p; s.nodes[q].top > 0; q++ {
			it := s.nodes[q].top
			if it > s.nPrimary {
				continue
			}
			if first == 0 {
				first = q
			}
			if s.active[it>>6]&(1<<(it&63)) == 0 || s.nodes[s.nodes[q].up].down != q {
				ok = false
				break
			}
		}
		if !ok {
			s.unforce(level)
			return 0, &ProblemError{Err: ErrInconsistentPart, Option: k, Position: -1}
		}
		s.cover(s.nodes[first].top)
		s.coverOthers(first)
		s.choice[level] = first
	}
	return len(partial), nil
}

// unforce undoes force for the first depth options, in reverse.
func (s *Solver) unforce(depth int) {
	for level := depth - 1; level >= 0; level-- {
		p := s.choice[level]
		s.uncoverOthers(p)
		s.uncover(s.nodes[p].top)
	}
}
