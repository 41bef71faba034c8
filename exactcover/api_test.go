package exactcover_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/xcover/xcover/exactcover"
)

// TestNestedSearch: a search started from inside another's visitor, on
// the same Solver, gets its own engines; neither's results change (the
// outer one was reported as 2 solutions in 10 nodes for 1 in 5 when the
// two shared their state). The truth is each run alone.
func TestNestedSearch(t *testing.T) {
	for _, eng := range []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineSparse} {
		s := mustNew(t, queens(6))
		cfg := exactcover.Config{Engine: eng}
		alone, err := searchCount(s, context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		inner := 0
		outer, err := s.Search(context.Background(), cfg, func([]int) bool {
			st, err := searchCount(s, context.Background(), cfg)
			if err != nil || st.Solutions != alone.Solutions || st.Nodes != alone.Nodes || st.Updates != alone.Updates {
				t.Errorf("%v: the inner search: %v, %v; alone: %v", eng, st, err, alone)
			}
			inner++
			return true
		})
		if err != nil || outer.Solutions != alone.Solutions || outer.Nodes != alone.Nodes || outer.Updates != alone.Updates {
			t.Errorf("%v: the outer search: %v, %v; alone: %v", eng, outer, err, alone)
		}
		if int64(inner) != alone.Solutions {
			t.Errorf("%v: %d inner searches for %d solutions", eng, inner, alone.Solutions)
		}
	}
}

// TestConcurrentSearch: one Solver searched from eight goroutines at once
// (run it with -race) gives each the totals of a search alone.
func TestConcurrentSearch(t *testing.T) {
	s := mustNew(t, queens(7))
	alone, err := searchCount(s, context.Background(), exactcover.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := exactcover.Config{Engine: []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineSparse}[g%2]}
			want := alone
			if cfg.Engine == exactcover.EngineDLX {
				want, _ = searchCount(mustNew(t, queens(7)), context.Background(), cfg)
			}
			for range 5 {
				st, err := searchCount(s, context.Background(), cfg)
				if err != nil || st.Solutions != want.Solutions || st.Nodes != want.Nodes || st.Updates != want.Updates {
					t.Errorf("goroutine %d: %v, %v; alone %v", g, st, err, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestDoneContextOnEntry: every driver checks the context before it
// starts, so that a context already done ends the sequential search, the
// workers, the memoized count, the ZDD and the estimate alike, with no
// node searched (the sequential search answered "complete", the parallel
// one "interrupted").
func TestDoneContextOnEntry(t *testing.T) {
	s := mustNew(t, queens(8))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, cfg := range []exactcover.Config{{}, {Workers: 3}, {Engine: exactcover.EngineDLX}} {
		st, err := s.Search(ctx, cfg, func([]int) bool { t.Fatal("a solution visited"); return false })
		if !errors.Is(err, context.Canceled) || st.Status != exactcover.Interrupted || st.Nodes != 0 {
			t.Errorf("%+v: %v, %v", cfg, st, err)
		}
	}
	if res, err := s.Count(ctx, exactcover.Config{}); !errors.Is(err, context.Canceled) || res.Status != exactcover.Interrupted {
		t.Errorf("CountAll: %v, %v", res.Status, err)
	}
	if _, res, err := s.ZDD(ctx, exactcover.Config{}); !errors.Is(err, context.Canceled) || res.Status != exactcover.Interrupted {
		t.Errorf("ZDD: %v, %v", res.Status, err)
	}
	if est, err := s.Estimate(ctx, exactcover.EstimateConfig{}); !errors.Is(err, context.Canceled) || est.Probes != 0 {
		t.Errorf("Estimate: %d probes, %v", est.Probes, err)
	}
	for sol, err := range s.Solutions(ctx, exactcover.Config{}) {
		if sol != nil || !errors.Is(err, context.Canceled) {
			t.Errorf("Solutions: %v, %v", sol, err)
		}
	}
}

// TestSolutionsReportsTheError: the iterator yields every solution, then
// the error that ended the search; breaking out of the loop yields no
// error. queens(8) has 92 solutions (OEIS A000170).
func TestSolutionsReportsTheError(t *testing.T) {
	s := mustNew(t, queens(8))
	n, errs := 0, 0
	for sol, err := range s.Solutions(context.Background(), exactcover.Config{}) {
		if err != nil || len(sol) != 8 {
			t.Fatalf("%v, %v", sol, err)
		}
		n++
	}
	if n != 92 {
		t.Errorf("%d solutions, want 92", n)
	}
	// A search polls its context every few thousand nodes: queens(11),
	// 2,680 solutions, is long enough to see the cancel.
	s11 := mustNew(t, queens(11))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n = 0
	for sol, err := range s11.Solutions(ctx, exactcover.Config{}) {
		if err != nil {
			if sol != nil || !errors.Is(err, context.Canceled) {
				t.Errorf("last pair: %v, %v", sol, err)
			}
			errs++
			continue
		}
		if n++; n == 3 {
			cancel()
		}
	}
	if errs != 1 || n < 3 || n >= 2680 {
		t.Errorf("%d solutions, %d errors after a cancel at the third", n, errs)
	}
	for sol, err := range s.Solutions(context.Background(), exactcover.Config{Partial: []int{999}}) {
		if sol != nil || err == nil {
			t.Errorf("a partial solution naming no option: %v, %v", sol, err)
		}
	}
}

// TestCountWithWorkers: Count takes a Config, so a parallel count is
// Count's: the totals of a count with workers are the sequential ones
// (exact, as every driver's are).
func TestCountWithWorkers(t *testing.T) {
	s := mustNew(t, queens(9))
	one, err := searchCount(s, context.Background(), exactcover.Config{Engine: exactcover.EngineDLX})
	if err != nil {
		t.Fatal(err)
	}
	four, err := searchCount(s, context.Background(), exactcover.Config{Engine: exactcover.EngineDLX, Workers: 4})
	if err != nil || four.Solutions != 352 || one.Solutions != 352 || four.Nodes != one.Nodes || four.Updates != one.Updates {
		t.Errorf("4 workers: %v, %v; 1: %v; want 352 solutions (OEIS A000170)", four, err, one)
	}
}
