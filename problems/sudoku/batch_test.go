package sudoku

import (
	"context"
	"os"
	"strings"
	"testing"
)

// discard is a RecordWriter that keeps nothing.
type discard struct{}

func (discard) Text([]byte, bool) {}
func (discard) Object(any)        {}

// TestSolveBatchAllocations checks that a batch of 9×9 puzzles proved
// unique on one worker, each answer written with its solution, allocates
// no more per puzzle than the copy of the solution the answer keeps (a
// grid and its cells): 9×9 puzzles take microseconds, and allocations
// per puzzle show in the time of a batch, in the allocator and the
// garbage collector.
func TestSolveBatchAllocations(t *testing.T) {
	data, err := os.ReadFile("testdata/qqwing-rated.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		lines = append(lines, line[:81])
	}
	b, err := Read("qqwing-rated.txt", []byte(strings.Join(lines, "\n")), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := &Report{Batch: b, Mode: ModeUnique, Format: Line, Out: discard{}}
	opt := BatchOptions{Workers: 1, Config: ModeUnique.Config(0, 0), KeepFirst: true}
	solve := func() { SolveBatch(context.Background(), b.Puzzles, opt, r.Output()) }
	solve() // the solver's and the report's buffers grow once
	if r.Tally.Verdicts["unique"] != len(b.Puzzles) {
		t.Fatalf("%v: want every one of the %d puzzles unique", r.Tally.Verdicts, len(b.Puzzles))
	}
	perPuzzle := testing.AllocsPerRun(5, solve) / float64(len(b.Puzzles))
	if perPuzzle > 2.1 {
		t.Errorf("%.2f allocations per puzzle, want at most 2 (the solution kept) and a few per batch", perPuzzle)
	}
}
