package sudoku_test

import (
	"context"
	"fmt"
	"os"

	"github.com/xcover/xcover/problems/sudoku"
)

// Example_sudoku reads a 9×9 puzzle in line form (POJ 3074's first sample),
// proves that it has exactly one solution, and prints it.
func Example_sudoku() {
	const puzzle = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
	batch, err := sudoku.Read("puzzle", []byte(puzzle), sudoku.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	g := batch.Puzzles[0].Grid
	s := sudoku.NewSolver()
	res, err := s.Solve(context.Background(), g, sudoku.Config{MaxSolutions: 2}, func(sol *sudoku.Grid) bool {
		os.Stdout.Write(sudoku.AppendGrid(nil, sol, sudoku.Pretty, nil))
		return true
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Verdict())
	// Output:
	// +-------+-------+-------+
	// | 5 2 7 | 3 8 9 | 4 1 6 |
	// | 8 1 9 | 4 2 6 | 7 3 5 |
	// | 4 3 6 | 7 5 1 | 8 2 9 |
	// +-------+-------+-------+
	// | 3 7 5 | 6 9 2 | 1 8 4 |
	// | 1 9 4 | 5 3 8 | 2 6 7 |
	// | 2 6 8 | 1 7 4 | 5 9 3 |
	// +-------+-------+-------+
	// | 6 4 3 | 2 1 7 | 9 5 8 |
	// | 9 5 1 | 8 4 3 | 6 7 2 |
	// | 7 8 2 | 9 6 5 | 3 4 1 |
	// +-------+-------+-------+
	// unique
}

// ExampleEncode shows the exact-cover problem of a 4×4 puzzle: the items
// still open and one option per candidate.
func ExampleEncode() {
	g, _ := sudoku.NewGrid(2)
	copy(g.Cells, []uint8{
		1, 2, 3, 0,
		3, 4, 0, 2,
		2, 1, 4, 3,
		4, 3, 2, 1,
	})
	p, _ := sudoku.Encode(g)
	fmt.Println(p.Primary)
	for _, o := range p.Options {
		fmt.Println(o.Label, o.Items)
	}
	// Output:
	// [r1c4 r2c3 r1#4 r2#1 c3#1 c4#4 b2#1 b2#4]
	// r1c4=4 [r1c4 r1#4 c4#4 b2#4]
	// r2c3=1 [r2c3 r2#1 c3#1 b2#1]
}

// ExampleSolveBatch solves a batch on two workers and reports each answer
// in input order, as it comes, in the numeric judge format's framing for a
// count: a 4×4 grid with one cell emptied (so one solution), a line that
// cannot be read, and the empty 4×4 grid with its 288 solutions (OEIS
// A107739).
func ExampleSolveBatch() {
	batch, err := sudoku.Read("batch", []byte("1.34341221434321\n1234\n................\n"), sudoku.ReadOptions{Format: sudoku.Line})
	if err != nil {
		fmt.Println(err)
		return
	}
	var t sudoku.Tally
	sudoku.SolveBatch(context.Background(), batch.Puzzles, sudoku.BatchOptions{Workers: 2, Config: sudoku.ModeCount.Config(0, 0)},
		sudoku.BatchOutput{Done: func(i int, a sudoku.Answer) {
			t.Add(a)
			os.Stdout.Write(batch.AppendAnswer(nil, sudoku.ModeCount, a, sudoku.Line))
		}})
	fmt.Println(t.String())
	// Output:
	// 1
	// invalid
	// 288
	// 3 puzzles (1 unique, 1 multiple, 1 invalid)
}
