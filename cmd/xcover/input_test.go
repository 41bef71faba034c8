package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMemoryRefusal solves a 64 MB DLX file of one-item options, which
// would take gigabytes to build (issue 9: 6.5 GB): it is refused before it
// is built, with the memory it needs and the budget it exceeds.
func TestMemoryRefusal(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 64 MB")
	}
	t.Parallel()
	file := filepath.Join(t.TempDir(), "big.dlx")
	if err := os.WriteFile(file, bytes.Repeat([]byte("A\n"), 32<<20-1), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runXcover(t, nil, []string{"solve", "--count", file}, "")
	if r.code != exitBadInput || !strings.Contains(r.stderr, "needs about") || !strings.Contains(r.stderr, "GiB") {
		t.Errorf("exit %d, want 2 with the memory needed and the budget:\n%s", r.code, r.stderr)
	}
}
