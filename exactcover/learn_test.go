package exactcover_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/problems/pentomino"
)

// TestLearnAgainstBruteForce lists every solution of random problems
// (colors, multiplicities) with the learning engine, on one worker and on
// three, and with a partial solution of one option, against brute force
// and the sparse engine. (Splitting itself is tested in internal/learn,
// where its budgets can be made small.)
func TestLearnAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 2000
	if testtier.Short() {
		n = 200
	}
	for i := range n {
		p := randomProblem(r)
		want := bruteForce(p)
		s, err := exactcover.New(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 3} { // workers take the halves of a split
			got, st := learnAll(t, s, p, exactcover.Config{Engine: exactcover.EngineLearn, Workers: workers})
			if !slices.Equal(got, want) || st.Status != exactcover.Complete || st.Engine != exactcover.EngineLearn {
				t.Fatalf("problem %d, %d workers: %v (%v), brute force %v\n%s", i, workers, got, st, want, describe(p))
			}
		}
		partial := []int{r.IntN(len(p.Options))}
		cfg := exactcover.Config{Engine: exactcover.EngineSparse, Partial: partial}
		var sparse []string
		_, errSparse := s.Search(context.Background(), cfg, func(sol []int) bool {
			sparse = append(sparse, fmt.Sprint(slices.Sorted(slices.Values(sol))))
			return true
		})
		slices.Sort(sparse)
		cfg.Engine = exactcover.EngineLearn
		got, _ := learnAllErr(t, s, p, cfg, errSparse)
		if !slices.Equal(got, sparse) {
			t.Fatalf("problem %d, partial %v: %v, sparse %v\n%s", i, partial, got, sparse, describe(p))
		}
	}
}

func learnAll(t *testing.T, s *exactcover.Solver, p *exactcover.Problem, cfg exactcover.Config) ([]string, exactcover.Stats) {
	t.Helper()
	return learnAllErr(t, s, p, cfg, nil)
}

// learnAllErr lists the solutions of a search with cfg, checked, sorted;
// the search must fail as wantErr says (nil: no error).
func learnAllErr(t *testing.T, s *exactcover.Solver, p *exactcover.Problem, cfg exactcover.Config, wantErr error) ([]string, exactcover.Stats) {
	t.Helper()
	check := verify.NewChecker(p)
	var got []string
	st, err := s.Search(context.Background(), cfg, func(sol []int) bool {
		if err := check.Check(sol); err != nil {
			t.Fatalf("invalid solution %v: %v", sol, err)
		}
		got = append(got, fmt.Sprint(slices.Sorted(slices.Values(sol))))
		return true
	})
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("error %v, want %v", err, wantErr)
	}
	slices.Sort(got)
	return got, st
}

// TestLearnUnsatisfiable proves that twelve pentominoes do not pack two
// 3×10 boxes side by side (the dancing-links engine finds no packing
// either).
// Pentomino packings are the learner's weak spot (a piece's item has
// hundreds of options, so its reasons and learned clauses are long): it
// takes seconds where dancing links take milliseconds.
func TestLearnUnsatisfiable(t *testing.T) {
	if testtier.Short() {
		t.Skip("slow")
	}
	for _, tc := range []struct {
		board string
		want  int64 // solutions
	}{
		{"..........#..........\n..........#..........\n..........#..........\n", 0},
	} {
		board, err := pentomino.ParseBoard("board", []byte(tc.board))
		if err != nil {
			t.Fatal(err)
		}
		pz, err := pentomino.New(board, pentomino.Pentominoes(), pentomino.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := pz.Problem()
		s, err := exactcover.New(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineLearn} {
			check := verify.NewChecker(p)
			st, err := s.Search(context.Background(), exactcover.Config{Engine: e, MaxSolutions: 3}, func(sol []int) bool {
				if err := check.Check(sol); err != nil {
					t.Fatalf("invalid packing: %v", err)
				}
				return true
			})
			t.Logf("%v: %v %+v", e, st, st.Learn)
			if err != nil || st.Solutions != tc.want || st.Status != exactcover.Complete {
				t.Errorf("%v: %v, %v; want %d solutions", e, st, err, tc.want)
			}
		}
	}
}

// TestLearnRefusesTrees checks that what needs a search tree (a shard, a
// checkpoint, a count by the search, an estimate of the tree) refuses the
// learning engine with ErrNoTree, rather than running another engine.
func TestLearnRefusesTrees(t *testing.T) {
	s, err := exactcover.New(randomProblem(rand.New(rand.NewPCG(1, 1))))
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []exactcover.Config{
		{Engine: exactcover.EngineLearn, Shard: exactcover.Shard{K: 1, N: 2}},
		{Engine: exactcover.EngineLearn, Checkpoint: func(*exactcover.Checkpoint) error { return nil }},
	} {
		if _, err := searchCount(s, context.Background(), cfg); !errors.Is(err, exactcover.ErrNoTree) {
			t.Errorf("%+v: %v, want ErrNoTree", cfg, err)
		}
	}
	if res, err := s.Count(context.Background(), exactcover.Config{Engine: exactcover.EngineLearn}); !errors.Is(err, exactcover.ErrNoTree) {
		t.Errorf("CountAll: %+v, %v, want ErrNoTree", res, err)
	}
	if est, err := s.Estimate(context.Background(), exactcover.EstimateConfig{Engine: exactcover.EngineLearn}); !errors.Is(err, exactcover.ErrNoTree) {
		t.Errorf("Estimate: %+v, %v, want ErrNoTree", est, err)
	}
	_, err = searchCount(s, context.Background(), exactcover.Config{Engine: exactcover.EngineLearn, Partial: []int{-1}})
	if !errors.Is(err, exactcover.ErrBadPartial) {
		t.Errorf("bad partial: %v", err)
	}
}

// TestLearnStops checks that a done context and a conflict limit stop the
// learner on the empty 9×9 Sudoku's first solutions asked for in bulk.
func TestLearnStops(t *testing.T) {
	s, err := exactcover.New(emptySudoku(3))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := searchCount(s, ctx, exactcover.Config{Engine: exactcover.EngineLearn})
	if !errors.Is(err, context.Canceled) || st.Status != exactcover.Interrupted {
		t.Errorf("cancelled: %v, %v", st, err)
	}
	st, err = searchCount(s, context.Background(), exactcover.Config{Engine: exactcover.EngineLearn, MaxNodes: 5})
	if err != nil || st.Status != exactcover.NodeLimit || st.Learn.Conflicts != 5 {
		t.Errorf("limit: %v %+v, %v", st, st.Learn, err)
	}
}

// ExampleEngineLearn settles a question by clause learning: is the
// solution of Knuth's example unique?
func ExampleEngineLearn() {
	s, err := exactcover.New(&exactcover.Problem{
		Primary: []string{"a", "b", "c", "d", "e", "f", "g"},
		Options: []exactcover.Option{
			exactcover.NewOption("c", "e"), exactcover.NewOption("a", "d", "g"),
			exactcover.NewOption("b", "c", "f"), exactcover.NewOption("a", "d", "f"),
			exactcover.NewOption("b", "g"), exactcover.NewOption("d", "e", "g"),
		},
	})
	if err != nil {
		panic(err)
	}
	st, _ := s.Search(context.Background(), exactcover.Config{Engine: exactcover.EngineLearn, MaxSolutions: 2}, func(sol []int) bool {
		fmt.Println("solution:", sol)
		return true
	})
	fmt.Println(st.Solutions, "solution,", st.Status)
	// Output:
	// solution: [0 3 4]
	// 1 solution, complete
}

// TestLearnShared checks the learner's verdicts (none, one, several: a
// search for two solutions) on the shared instances against their
// published solution counts (expected.tsv), and its listing of all
// solutions where there are at most a hundred.
func TestLearnShared(t *testing.T) {
	type instance struct {
		name      string
		p         func() *exactcover.Problem
		solutions int64
	}
	var all []instance
	for _, e := range readExpected(t) {
		all = append(all, instance{e.name, func() *exactcover.Problem { return loadShared(t, e.name) }, e.solutions})
	}
	for _, e := range readMCCExpected(t) {
		all = append(all, instance{e.name, func() *exactcover.Problem { return loadMCC(t, e.name) }, e.solutions})
	}
	for _, in := range all {
		t.Run(in.name, func(t *testing.T) {
			switch {
			case strings.HasPrefix(in.name, "pent-"):
				testtier.Long(t) // seconds each: pentomino packings are the learner's weak spot
			}
			p := in.p()
			s, err := exactcover.New(p)
			if err != nil {
				t.Fatal(err)
			}
			check := verify.NewChecker(p)
			limit := int64(2)
			if in.solutions <= 100 && !strings.HasPrefix(in.name, "pent-") {
				limit = 101
			}
			st, err := s.Search(context.Background(), exactcover.Config{Engine: exactcover.EngineLearn, MaxSolutions: limit}, func(sol []int) bool {
				if err := check.Check(sol); err != nil {
					t.Fatalf("invalid solution %v: %v", sol, err)
				}
				return true
			})
			want, status := min(in.solutions, limit), exactcover.Complete
			if in.solutions >= limit {
				status = exactcover.SolutionLimit
			}
			if err != nil || st.Solutions != want || st.Status != status {
				t.Errorf("%v, %v; want %d solutions, %v (%d in all)", st, err, want, status, in.solutions)
			}
		})
	}
}
