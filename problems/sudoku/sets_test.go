package sudoku

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// sharedSets lists every shared puzzle set with its answers (.sol.txt).
// shortEvery thins a set under -short (every k-th puzzle); maxNodes bounds
// each search where some puzzles are out of reach (the minimal 25×25s).
var sharedSets = []struct {
	file       string
	shortEvery int
	fullEvery  int
	maxNodes   int64
}{
	{"9x9/norvig_hardest.txt", 1, 1, 0},
	{"9x9/norvig_top95.txt", 1, 1, 0},
	{"9x9/plb_hard20.txt", 1, 1, 0},
	{"9x9/puzzles2_17_clue.txt", 50, 1, 0},
	{"9x9/puzzles3_magictour_top1465.txt", 10, 1, 0},
	{"9x9/puzzles5_forum_hardest_1905_11+.txt", 400, 1, 0},
	{"9x9/puzzles6_forum_hardest_1106.txt", 5, 1, 0},
	{"9x9/puzzles7_serg_benchmark.txt", 50, 1, 0},
	{"gecode/gecode_9x9.txt", 1, 1, 0},
	{"gecode/gecode_16x16.txt", 1, 1, 0},
	{"gecode/gecode_25x25.txt", 18, 1, 20_000},
	{"vu_kr/4x4.txt", 1, 1, 0},
	{"vu_kr/9x9.txt", 1, 1, 0},
	{"vu_kr/hard.txt", 1, 1, 0},
	{"vu_kr/16x16.txt", 2, 1, 0},
	{"misc_nxn/misc_16x16.txt", 1, 1, 0},
	{"misc_nxn/misc_25x25.txt", 9, 1, 100_000},
	{"misc_nxn/misc_36x36.txt", 2, 1, 100_000},
}

// TestSharedSets solves every puzzle of the shared sets (a sample under
// -short) and proves it unique or not: the count must match the .sol.txt
// file, a unique solution must equal the one there, and every solution
// found must pass Check.
//
// Each set is solved twice: by the engine, and in grid order
// (Config.InOrder) on every 25th puzzle of the first sample, except the
// sets out of reach of a plain search (those with a node limit), where
// its nodes, each a round of propagation and probing on 625 cells or more,
// would take minutes.
func TestSharedSets(t *testing.T) {
	for _, set := range sharedSets {
		for _, inOrder := range []bool{false, true} {
			name := strings.TrimSuffix(filepath.Base(set.file), ".txt")
			if inOrder {
				name += "/inorder"
			}
			t.Run(name, func(t *testing.T) {
				if inOrder && set.maxNodes > 0 {
					t.Skip("out of reach in grid order")
				}
				puzzles := loadSet(t, set.file)
				// Every puzzle in the long tier; a tenth of -short's
				// sample by default; -short's sample under -short.
				every := set.fullEvery
				switch {
				case testtier.Short():
					every = set.shortEvery
				case !testtier.Longs():
					every = max(set.fullEvery, set.shortEvery/10)
				}
				if inOrder {
					every *= 25
				}
				var batch []Puzzle
				var picked []setPuzzle
				for k := 0; k < len(puzzles); k += every {
					batch = append(batch, Puzzle{Index: len(batch) + 1, Line: puzzles[k].line, Grid: puzzles[k].grid})
					picked = append(picked, puzzles[k])
				}
				answers := make([]Answer, len(batch))
				sols := make([][]*Grid, len(batch))
				next := 0 // the puzzle whose report is due
				SolveBatch(context.Background(), batch, BatchOptions{
					Config:  Config{MaxSolutions: 2, MaxNodes: set.maxNodes, InOrder: inOrder},
					Workers: 2,
				}, BatchOutput{
					Solution: func(i int, sol *Grid) {
						if i != next {
							t.Errorf("a solution of puzzle %d reported while puzzle %d is due", i, next)
						}
						sols[i] = append(sols[i], sol.Clone())
					},
					Done: func(i int, a Answer) {
						if i != next {
							t.Errorf("puzzle %d reported while puzzle %d is due", i, next)
						}
						answers[i] = a
						next++
					},
				})
				if next != len(batch) {
					t.Fatalf("%d of %d puzzles reported", next, len(batch))
				}
				timeouts := 0
				for k, a := range answers {
					p := picked[k]
					if err := checkAnswer(p, a, sols[k]); err != nil {
						if a.Verdict() == Stopped && set.maxNodes > 0 {
							timeouts++
							continue
						}
						t.Errorf("line %d: %v", p.line, err)
					}
				}
				if timeouts > 0 {
					t.Logf("%d of %d puzzles stopped at %d nodes (verdict stopped)", timeouts, len(picked), set.maxNodes)
				}
			})
		}
	}
}

// checkAnswer compares a with the .sol.txt line and checks each solution.
func checkAnswer(p setPuzzle, a Answer, sols []*Grid) error {
	if a.Err != nil {
		if errors.Is(a.Err, ErrConflict) && p.count == "0" {
			return nil // no solution because the givens clash
		}
		return a.Err
	}
	if int64(len(sols)) != a.Result.Solutions {
		return fmt.Errorf("%d solutions reported, the result counts %d", len(sols), a.Result.Solutions)
	}
	for _, sol := range sols {
		if err := Check(p.grid, sol); err != nil {
			return fmt.Errorf("invalid solution %s: %v", AppendGrid(nil, sol, Line, nil), err)
		}
	}
	want := map[string]Verdict{"0": NoSolution, "1": Unique, "2+": Multiple}[p.count]
	if got := a.Verdict(); got != want {
		return fmt.Errorf("verdict %s (%d solutions, status %s), .sol.txt says %s", got, a.Result.Solutions, a.Result.Status, p.count)
	}
	if want == Unique {
		got := strings.TrimSpace(string(AppendGrid(nil, sols[0], Line, nil)))
		if got != p.solution {
			return fmt.Errorf("solution %s, .sol.txt has %s", got, p.solution)
		}
	}
	return nil
}

// TestNodeLimitMinimal25 checks that a minimal 25×25 puzzle, out of reach
// of plain dancing links, stops cleanly at a small node limit with verdict
// stopped, and that the same solver then solves a puzzle normally.
func TestNodeLimitMinimal25(t *testing.T) {
	puzzles := loadSet(t, "gecode/gecode_25x25.txt")
	s := NewSolver()
	for _, p := range puzzles[:2] {
		res, err := s.Solve(context.Background(), p.grid, Config{MaxSolutions: 2, MaxNodes: 5000}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != exactcover.NodeLimit || res.Verdict() != Stopped || res.Nodes != 5000 {
			t.Errorf("line %d: status %s, verdict %s, %d nodes; want node-limit, stopped, 5000", p.line, res.Status, res.Verdict(), res.Nodes)
		}
	}
	nine := loadSet(t, "9x9/norvig_top95.txt")[0]
	var got *Grid
	res, err := s.Solve(context.Background(), nine.grid, Config{MaxSolutions: 2}, func(g *Grid) bool { got = g.Clone(); return true })
	if err != nil || res.Verdict() != Unique || Check(nine.grid, got) != nil {
		t.Errorf("after the limit: %v, %s", err, res.Verdict())
	}
}
