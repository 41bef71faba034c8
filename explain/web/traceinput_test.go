package web

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/explain"
)

// A trace stopped by the playground's time limit is sent as far as it
// went, and says so; a problem too big to trace is refused, naming the
// budget and what would trace it.
func TestTraceInputStops(t *testing.T) {
	data, err := os.ReadFile("../../specs/examples/pentomino-3x20.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	page, _, err := traceInput(ctx, "spec", string(data), explain.TraceLimits{Nodes: MaxPlaygroundNodes, Bytes: MaxPlaygroundTraceBytes})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(page)
	if err != nil {
		t.Fatal(err)
	}
	if got.Trace.Status != "timeout" || len(got.Trace.Nodes) == 0 {
		t.Errorf("a trace stopped by its time: status %q, %d nodes", got.Trace.Status, len(got.Trace.Nodes))
	}

	_, _, err = traceInput(context.Background(), "sudoku", strings.Repeat(".", 64*64)+"\n", explain.TraceLimits{Bytes: MaxPlaygroundTraceBytes})
	if err == nil || !strings.Contains(err.Error(), "the problem is too big to trace") || !strings.Contains(err.Error(), "more than the budget of 63MiB (MaxPlaygroundTraceBytes less MaxRatingBytes") {
		t.Errorf("an empty 64×64 Sudoku: %v", err)
	}
}

// A Sudoku is drawn with the puzzle's own symbols: the letters A–P of a
// 16×16 letters puzzle, the digits of a 9×9 one.
func TestSudokuSymbols(t *testing.T) {
	letters, err := os.ReadFile("../../problems/sudoku/testdata/letters16.in")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ input, want string }{
		{string(letters[:16*17]), "ABCDEFGHIJKLMNOP"},
		{"53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n", "123456789"},
	} {
		data, _, err := traceInput(context.Background(), "sudoku", c.input, explain.TraceLimits{Nodes: 3})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		if p.Board == nil || p.Board.Symbols != c.want {
			t.Errorf("%s: the board's symbols %+v, not %q", p.Title, p.Board, c.want)
		}
	}
}
