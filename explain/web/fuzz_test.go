package web

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/explain"
)

// The playground's input, whatever it is, gives the page's data or an
// error, never a panic; an error names the input.
func FuzzPlaygroundInput(f *testing.F) {
	for _, seed := range []struct{ kind, input string }{
		{"spec", "A B\nA\nB\n"},
		{"spec", "primary: [A, B]\nsecondary: [X]\noptions:\n  - [A, X:1]\n  - [B, X:1]\n"},
		{"spec", "primary: [A, B, C: 2..3]\noptions:\n  - A B C\n  - C\n"},
		{"spec", "A B\nA\nC\n"},
		{"sudoku", ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n"},
		{"sudoku", "1.3.\n..1.\n"},
		{"pentomino", "........\n........\n........\n...##...\n...##...\n........\n........\n........\n"},
		{"pentomino", "..x\n"},
		{"other", "A\nA\n"},
	} {
		f.Add(seed.kind, seed.input)
	}
	for _, ex := range examples(f) {
		f.Add(ex.Kind, ex.Text)
	}
	f.Fuzz(func(t *testing.T, kind, input string) {
		data, _, err := traceInput(context.Background(), kind, input, explain.TraceLimits{Nodes: 50, Bytes: 4 << 20})
		switch {
		case err == nil && data == "":
			t.Error("no data and no error")
		case err != nil && data != "":
			t.Errorf("data and an error: %v", err)
		case err != nil && strings.TrimSpace(err.Error()) == "":
			t.Error("an empty message")
		}
	})
}

// examples are the inputs "xcover serve" offers, read from the directory
// the command embeds.
func examples(f *testing.F) []Example {
	f.Helper()
	var out []Example
	for dir, kind := range map[string]string{"solve": "spec", "sudoku": "sudoku", "pentomino": "pentomino"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "cmd", "xcover", "examples", dir, "*"))
		for _, file := range files {
			if kind == "pentomino" && !strings.HasSuffix(file, ".txt") {
				continue
			}
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			out = append(out, Example{Name: dir + "/" + filepath.Base(file), Kind: kind, Text: string(data)})
		}
	}
	return out
}
