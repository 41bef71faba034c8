package exactcover_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// emptySudoku returns the empty n²×n² Sudoku: a cell, a digit in a row, in
// a column and in a box are its primary items.
func emptySudoku(n int) *exactcover.Problem {
	m := n * n
	p := &exactcover.Problem{}
	for _, kind := range []string{"p", "r", "c", "b"} {
		for i := range m {
			for j := range m {
				p.Primary = append(p.Primary, fmt.Sprintf("%s%d,%d", kind, i, j))
			}
		}
	}
	for r := range m {
		for c := range m {
			for d := range m {
				b := r/n*n + c/n
				p.Options = append(p.Options, exactcover.NewOption(fmt.Sprintf("p%d,%d", r, c),
					fmt.Sprintf("r%d,%d", r, d), fmt.Sprintf("c%d,%d", c, d), fmt.Sprintf("b%d,%d", b, d)))
			}
		}
	}
	return p
}

// TestStopDeep stops a search thousands of levels deep, at its node limit,
// on the 64×64 Sudoku, alone and with two workers (no checkpoint): Search
// must return what it found without listing the unexplored rest of the
// tree, which no one resumes (an engine's export of it holds every
// sibling's whole path: hundreds of megabytes, seconds).
func TestStopDeep(t *testing.T) {
	if testtier.Short() {
		t.Skip("builds a 64×64 Sudoku")
	}
	s := mustNew(t, emptySudoku(8))
	cfg := exactcover.Config{Engine: exactcover.EngineSparse, MaxNodes: 1}
	if _, err := searchCount(s, context.Background(), cfg); err != nil { // builds the engine
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		cfg.MaxNodes, cfg.Workers = 2000, workers
		st, err := searchCount(s, context.Background(), cfg)
		runtime.ReadMemStats(&after)
		// Config.MaxNodes: at most the limit, and at most 1,025 nodes
		// short of it for each worker past the first.
		if low := int64(2000 - 1025*(workers-1)); err != nil || st.Status != exactcover.NodeLimit || st.Nodes < low || st.Nodes > 2000 {
			t.Fatalf("%d workers: got %+v, %v; want a stop at the node limit, %d to 2000 nodes", workers, st, err, low)
		}
		// Restore points take about 4 MB here (the sparse engine's
		// trail); each further worker, its engine: about 70 MB.
		if got, want := after.TotalAlloc-before.TotalAlloc, uint64(16<<20+(workers-1)*96<<20); got > want {
			t.Errorf("%d workers: the search allocated %d bytes, want at most %d", workers, got, want)
		}
	}
}

// TestCheckpointDoneOnEntry: a search with a checkpoint whose context is
// done before it starts searches nothing and still gives the sink its
// position (the whole search left), from which a resume finds everything.
func TestCheckpointDoneOnEntry(t *testing.T) {
	in := sharedInstance(t, "queens-8")
	s := mustNew(t, in.p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var saved *exactcover.Checkpoint
	st, err := searchCount(s, ctx, exactcover.Config{Engine: exactcover.EngineDLX, Workers: 2,
		Checkpoint: func(ck *exactcover.Checkpoint) error { saved = ck; return nil }})
	if !errors.Is(err, context.Canceled) || st.Nodes != 0 || st.Status != exactcover.Interrupted || saved == nil || saved.Units() != 1 {
		t.Fatalf("%v, %v; checkpoint %+v", st, err, saved)
	}
	st, err = searchCount(s, context.Background(), exactcover.Config{Resume: saved})
	if err != nil {
		t.Fatal(err)
	}
	in.matches(t, st)
}

// TestMaxNodesAtLeaves stops each engine at its node limit where every
// child is a solution (one item, 1,000 options of it alone): a leaf is a
// node like any other, so the search enters exactly the limit's nodes,
// and a resume from the checkpoint it wrote finds the rest, every
// solution once.
func TestMaxNodesAtLeaves(t *testing.T) {
	const options, limit = 1000, 500
	p := &exactcover.Problem{Primary: []string{"a"}}
	for range options {
		p.Options = append(p.Options, exactcover.NewOption("a"))
	}
	s := mustNew(t, p)
	for _, engine := range []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineSparse, exactcover.EngineBits} {
		path := filepath.Join(t.TempDir(), "ck")
		st, err := searchCount(s, context.Background(), exactcover.Config{Engine: engine, MaxNodes: limit, Checkpoint: toFile(path)})
		if err != nil || st.Status != exactcover.NodeLimit || st.Nodes != limit || st.Solutions != limit-1 {
			t.Errorf("%v, node limit %d: %+v, %v; want %d nodes, %d solutions", engine, limit, st, err, limit, limit-1)
			continue
		}
		ck, err := readCheckpoint(path)
		if err != nil {
			t.Fatal(err)
		}
		st, err = searchCount(s, context.Background(), exactcover.Config{Engine: engine, Resume: ck})
		if err != nil || st.Status != exactcover.Complete || st.Solutions != options || st.Nodes != options+1 {
			t.Errorf("%v, resumed: %+v, %v; want %d solutions in %d nodes", engine, st, err, options, options+1)
		}
	}
}
