package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestUpToDate checks that the committed examples are what genexamples
// writes now; run "go run ./cmd/genexamples" from the module root after a
// change.
func TestUpToDate(t *testing.T) {
	for name, sp := range generated() {
		buf, err := render(sp)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := os.ReadFile(filepath.Join("..", "..", "specs", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, buf.Bytes()) {
			t.Errorf("%s is stale: run go run ./cmd/genexamples from the module root", name)
		}
	}
}
