package exactcover

import (
	"context"
	"iter"
)

// Solutions returns an iterator over the solutions of a search with cfg
// (as [Solver.Search] runs it), each the indices of its options in the
// order they were chosen. The yielded slice is reused: it is valid only
// until the loop body returns; copy it to keep it. Breaking out of the
// loop stops the search.
//
// Each solution comes with a nil error. A search that ends with an error
// (the context stopped it, a partial solution names no option) yields it
// last, with a nil solution: the loop
//
//	for sol, err := range s.Solutions(ctx, exactcover.Config{}) {
//		if err != nil {
//			return err // the solutions before it were all there were
//		}
//		use(sol)
//	}
//
// sees every solution or an error. Use Search where the statistics are
// wanted as well.
func (s *Solver) Solutions(ctx context.Context, cfg Config) iter.Seq2[[]int, error] {
	return func(yield func([]int, error) bool) {
		stopped := false
		_, err := s.Search(ctx, cfg, func(sol []int) bool {
			stopped = !yield(sol, nil)
			return !stopped
		})
		if err != nil && !stopped {
			yield(nil, err)
		}
	}
}

// First returns the first solution of a search with cfg (a fresh slice),
// or nil when there is none, with the statistics of the search that found
// it. cfg.MaxSolutions is 1 whatever it says.
func (s *Solver) First(ctx context.Context, cfg Config) ([]int, Stats, error) {
	var first []int
	cfg.MaxSolutions = 1
	st, err := s.Search(ctx, cfg, func(sol []int) bool {
		first = append([]int(nil), sol...)
		return true
	})
	return first, st, err
}
