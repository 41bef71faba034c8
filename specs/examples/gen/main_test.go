package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestUpToDate checks that the committed examples are what gen writes now;
// run "go run ./specs/examples/gen" from the module root after a change.
func TestUpToDate(t *testing.T) {
	for name, sp := range generated() {
		buf, err := render(sp)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, buf.Bytes()) {
			t.Errorf("%s is stale: run go run ./specs/examples/gen from the module root", name)
		}
	}
}

// TestOrientations checks the number of distinct orientations of each free
// pentomino (Golomb, Polyominoes): 63 in all.
func TestOrientations(t *testing.T) {
	want := map[string]int{"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
	total := 0
	for _, s := range pentominoShapes {
		n := len(orientations(s.picture))
		total += n
		if n != want[s.name] {
			t.Errorf("%s: %d orientations, want %d", s.name, n, want[s.name])
		}
	}
	if total != 63 {
		t.Errorf("%d orientations in all, want 63", total)
	}
}
