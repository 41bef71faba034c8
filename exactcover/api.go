package exactcover

import (
	"context"
	"iter"
)

// Solutions returns an iterator over the solutions, each the indices of its
// options in the order they were chosen. The yielded slice is reused: it is
// valid only until the loop body returns; copy it to keep it. Breaking out of
// the loop stops the search. After the loop, [Solver.Stats] describes the
// search; it ended early with Status Interrupted or Timeout if ctx did.
func (s *Solver) Solutions(ctx context.Context) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		s.Search(ctx, Config{}, yield)
	}
}

// First returns the first solution (a fresh slice), or nil when there is
// none, with the statistics of the search that found it.
func (s *Solver) First(ctx context.Context) ([]int, Stats, error) {
	var first []int
	st, err := s.Search(ctx, Config{MaxSolutions: 1}, func(sol []int) bool {
		first = append([]int(nil), sol...)
		return true
	})
	return first, st, err
}

// Count explores the whole tree and returns its statistics without
// materialising any solution.
func (s *Solver) Count(ctx context.Context) (Stats, error) {
	return s.Search(ctx, Config{}, nil)
}

// Stats returns the statistics of the most recent search.
func (s *Solver) Stats() Stats { return s.last }
