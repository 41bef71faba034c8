package sudoku_test

import (
	"context"
	"fmt"

	"github.com/xcover/xcover/problems/sudoku"
)

// Generate a minimal 9×9 puzzle with clues symmetric under a half turn,
// check it, and rate it.
func ExampleGenerator_Generate() {
	gen := sudoku.NewGenerator()
	p, err := gen.Generate(context.Background(), sudoku.GenerateOptions{Box: 3, Seed: 1, Symmetry: sudoku.Rotational}, 0)
	if err != nil {
		panic(err)
	}
	fmt.Print(string(sudoku.AppendGrid(nil, p.Puzzle, sudoku.Line, nil)))
	fmt.Println(p.Clues, "clues, minimal:", p.Minimal, "check:", sudoku.Check(p.Puzzle, p.Solution))
	rt, err := sudoku.NewSolver().Rate(context.Background(), p.Puzzle, sudoku.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Println("rated", rt.Hardest, rt.Verdict)
	// Output:
	// ........61.6.5.94.73.94..........579.8.....2.279..........34.85.58.2.7.46........
	// 28 clues, minimal: true check: <nil>
	// rated beyond unique
}

// Rate a puzzle and print the first step that is not a single, in the
// players' words and in items and options.
func ExampleSolver_Rate() {
	b, err := sudoku.Read("example", []byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"), sudoku.ReadOptions{})
	if err != nil {
		panic(err)
	}
	rt, err := sudoku.NewSolver().Rate(context.Background(), b.Puzzles[0].Grid, sudoku.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Println(rt.Hardest, rt.Verdict, len(rt.Steps), "steps")
	for _, st := range rt.Steps {
		if st.Technique > sudoku.HiddenSingle {
			fmt.Println(st.Say(9))
			fmt.Println(st.Items(9))
			break
		}
	}
	// Output:
	// pointing unique 71 steps
	// pointing: in box 3, 7 lies only in row 2, so r2c1, r2c3 lose 7
	// every option of b3#7 covers r2#7: r2c1=7, r2c3=7 go
}
