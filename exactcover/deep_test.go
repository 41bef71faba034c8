package exactcover_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// TestDeepStopMemory: a search stopped at depth n hands back n units (the
// rest of every level). Their paths share one array: written out one by one
// they took memory in n² (1.6 GB at n = 20,000, and a 52-second stop).
func TestDeepStopMemory(t *testing.T) {
	const n = 3000
	s := mustNew(t, deepChain(n))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	st, err := searchCount(s, context.Background(), exactcover.Config{Engine: exactcover.EngineDLX, Workers: 1, MaxNodes: n + 10})
	runtime.ReadMemStats(&after)
	if err != nil || st.Status != exactcover.NodeLimit {
		t.Fatalf("%v, %v", st, err)
	}
	// n²/2 steps of 12 bytes would be 54 MB.
	if spent := after.TotalAlloc - before.TotalAlloc; spent > 8<<20 {
		t.Errorf("%d bytes allocated by a search stopped at depth %d", spent, n)
	}
}

// TestDeepCheckpoint: the checkpoint of a search stopped at depth n holds
// n units, each a prefix of the one before; the file shares them (written
// whole they took n² space: 2 GB at n = 20,000, more than a resume reads),
// and the resumed search ends with the totals of one that never stopped.
// Under the race detector (testtier.Short) the chain is 1,000 deep: the
// bound below still tells shared units (200 kB) from whole ones (6 MB).
func TestDeepCheckpoint(t *testing.T) {
	n := int64(3000)
	if testtier.Short() {
		n = 1000
	}
	p := deepChain(int(n))
	path := filepath.Join(t.TempDir(), "ck")
	s := mustNew(t, p)
	cfg := exactcover.Config{Engine: exactcover.EngineDLX, Workers: 1, MaxNodes: n + 10}
	whole, err := searchCount(s, context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxNodes, cfg.Checkpoint = n, toFile(path)
	if _, err := searchCount(s, context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() > 200*n { // about 130 bytes a unit; n²/2 steps of about 12 bytes would be 54 MB
		t.Errorf("checkpoint of %d bytes for a search stopped at depth %d", info.Size(), n)
	}
	ck, err := readCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	// The resumed search may enter what the whole one had left.
	resumed, err := searchCount(s, context.Background(), exactcover.Config{Engine: exactcover.EngineDLX, Workers: 1, MaxNodes: n + 10 - ck.Stats.Nodes, Resume: ck})
	if err != nil || resumed.Nodes != whole.Nodes || resumed.Solutions != whole.Solutions {
		t.Errorf("resumed: %v, %v; whole: %v", resumed, err, whole)
	}
}
