package sudoku_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/xcover/xcover/problems/sudoku"
)

// lines writes a Report's records to stdout: text as it is, objects as
// JSON lines.
type lines struct{}

func (lines) Text(b []byte, blank bool) { os.Stdout.Write(b) }
func (lines) Object(v any)              { b, _ := json.Marshal(v); fmt.Println(string(b)) }

// ExampleReport solves a batch of two 4×4 puzzles, the second with two 1s
// in its first row, and reports each puzzle's answer in input order, as
// "xcover sudoku --unique" does, then the tally. (The first puzzle's one
// solution was checked by brute force over all 24⁴ grids of permuted rows.)
func ExampleReport() {
	const input = "1...\n..2.\n.3..\n...4\n\n11..\n....\n....\n....\n"
	batch, err := sudoku.Read("batch", []byte(input), sudoku.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := &sudoku.Report{Batch: batch, Mode: sudoku.ModeUnique, Format: sudoku.Line, Out: lines{}}
	sudoku.SolveBatch(context.Background(), batch.Puzzles, sudoku.BatchOptions{Config: r.Mode.Config(0, 0), KeepFirst: true}, r.Output())
	fmt.Println(r.Tally.String())
	// Output:
	// unique	1243342143122134
	// invalid
	// 2 puzzles (1 unique, 1 invalid)
}
