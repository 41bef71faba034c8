package main

import (
	"os"
	"path/filepath"
	"testing"
)

// exampleSources are the directories whose files examples/ holds copies of.
var exampleSources = []string{"specs/examples", "problems/sudoku/testdata", "problems/pentomino/testdata", "cmd/xcover/testdata/shards"}

// TestExamplesCurrent checks that every shipped example equals the file it
// copies; "go test ./cmd/xcover -run TestExamplesCurrent -update" copies
// them again.
func TestExamplesCurrent(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	copies, _ := filepath.Glob(filepath.Join("examples", "*", "*"))
	if len(copies) == 0 {
		t.Fatal("no examples")
	}
	for _, cp := range copies {
		var src string
		for _, dir := range exampleSources {
			if _, err := os.Stat(filepath.Join(root, dir, filepath.Base(cp))); err == nil {
				src = filepath.Join(root, dir, filepath.Base(cp))
			}
		}
		want, err := os.ReadFile(src)
		if err != nil {
			t.Errorf("%s: no original in %v", cp, exampleSources)
			continue
		}
		got, _ := os.ReadFile(cp)
		switch {
		case string(got) == string(want):
		case *update:
			if err := os.WriteFile(cp, want, 0o644); err != nil {
				t.Fatal(err)
			}
		default:
			t.Errorf("%s differs from %s (rerun with -update)", cp, src)
		}
	}
}
