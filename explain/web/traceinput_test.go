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
	if err == nil || !strings.Contains(err.Error(), "the problem is too big to trace") || !strings.Contains(err.Error(), "more than the budget of 64MiB (MaxPlaygroundTraceBytes)") {
		t.Errorf("an empty 64×64 Sudoku: %v", err)
	}
}
