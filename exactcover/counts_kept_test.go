package exactcover_test

import (
	"context"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/internal/sparse"
	"github.com/xcover/xcover/internal/testtier"
)

// TestCountsKeptShared counts the shared instances without secondary
// items (Sudoku, pentominoes) with the sparse-set engine, which keeps
// counts of subtrees there (sparse.CacheItems): the solutions against the
// published figures, and nodes, updates and nodes per level against the
// same count without the table, on one worker and on two.
func TestCountsKeptShared(t *testing.T) {
	defer func(items int) { sparse.CacheItems = items }(sparse.CacheItems)
	want := map[string]int64{}
	for _, e := range readExpected(t) {
		want[e.name] = e.solutions
	}
	for _, tc := range []struct {
		name string
		tier func(testing.TB)
	}{
		{"sudoku-17clue", nil},
		{"sudoku-escargot", nil},
		{"pent-3x20", testtier.Slow},
		{"sudoku-multi-65k", testtier.Slow},
		{"sudoku-multi-823k", testtier.Long},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.tier != nil {
				tc.tier(t)
			}
			s, err := exactcover.New(loadShared(t, tc.name))
			if err != nil {
				t.Fatal(err)
			}
			count := func(items, workers int) exactcover.Stats {
				sparse.CacheItems = items
				st, err := searchCount(s, context.Background(), exactcover.Config{Engine: exactcover.EngineSparse, Workers: workers})
				if err != nil || st.Status != exactcover.Complete {
					t.Fatalf("%d items kept, %d workers: %v, %v", items, workers, st.Status, err)
				}
				return st
			}
			plain := count(0, 1)
			for _, workers := range []int{1, 2} {
				st := count(32, workers)
				if st.Solutions != want[tc.name] {
					t.Errorf("%d workers: %d solutions, want %d", workers, st.Solutions, want[tc.name])
				}
				if st.Nodes != plain.Nodes || st.Updates != plain.Updates || !slices.Equal(st.Profile, plain.Profile) {
					t.Errorf("%d workers: %d nodes, %d updates, profile %v; without the table %d, %d, %v",
						workers, st.Nodes, st.Updates, st.Profile, plain.Nodes, plain.Updates, plain.Profile)
				}
			}
		})
	}
}
