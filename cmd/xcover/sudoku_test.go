package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/problems/sudoku"
)

// TestSudokuEmitSpecSolve checks that "xcover solve" on the problem that
// "xcover sudoku --emit-spec" writes finds the same solutions as "xcover
// sudoku --all", in both spec formats; every solution is checked with
// sudoku.Check.
func TestSudokuEmitSpecSolve(t *testing.T) {
	puzzles := []string{
		".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.", // POJ 3074 sample: unique
		"1...............", // a 4×4 with 72 solutions (288 / 4)
	}
	dir := t.TempDir()
	for _, text := range puzzles {
		b, err := sudoku.Read("p", []byte(text), sudoku.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g := b.Puzzles[0].Grid
		direct := runXcover(t, nil, []string{"sudoku", "--all", "-"}, text+"\n")
		if direct.code != 0 {
			t.Fatalf("sudoku --all: exit %d: %s", direct.code, direct.stderr)
		}
		var want []string
		for _, line := range strings.Split(direct.stdout, "\n") {
			if len(line) == len(text) && !strings.HasPrefix(line, "=") {
				want = append(want, line)
			}
		}
		for _, format := range []string{"yaml", "dlx"} {
			spec := runXcover(t, nil, []string{"sudoku", "--emit-spec", format, "-"}, text+"\n")
			if spec.code != 0 {
				t.Fatalf("--emit-spec %s: exit %d: %s", format, spec.code, spec.stderr)
			}
			path := filepath.Join(dir, "p."+format)
			if err := os.WriteFile(path, []byte(spec.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			solved := runXcover(t, nil, []string{"solve", "--all", path}, "")
			if solved.code != 0 {
				t.Fatalf("solve --all %s: exit %d: %s", format, solved.code, solved.stderr)
			}
			var got []string
			for _, block := range strings.Split(strings.TrimSpace(solved.stdout), "\n\n") {
				sol, err := sudoku.Apply(g, strings.Fields(block))
				if err != nil {
					t.Fatalf("%s: %v", format, err)
				}
				if err := sudoku.Check(g, sol); err != nil {
					t.Fatalf("%s: %v", format, err)
				}
				got = append(got, strings.TrimSpace(string(sudoku.AppendGrid(nil, sol, sudoku.Line, nil))))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s %s: solve found %d solutions, sudoku %d, or they differ", text, format, len(got), len(want))
			}
		}
		if text[1] == '.' && len(want) != 72 {
			t.Errorf("%s: %d solutions, want 72", text, len(want))
		}
	}
}

// TestSudokuLearnerStats checks what "sudoku --stats" and "--json" say of
// the clause-learning engine: its conflicts per puzzle and in the summary
// when it settled the puzzle, and nothing of it when search did.
func TestSudokuLearnerStats(t *testing.T) {
	const escargot = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n"
	for _, tt := range []struct {
		engine  string
		learner bool
	}{{"learn", true}, {"sparse", false}} {
		stats := runXcover(t, nil, []string{"sudoku", "--unique", "--stats", "--engine", tt.engine, "-"}, escargot)
		if stats.code != 0 || !strings.HasPrefix(stats.stdout, "unique") {
			t.Fatalf("%s: exit %d: %s%s", tt.engine, stats.code, stats.stdout, stats.stderr)
		}
		if got := strings.Contains(stats.stderr, "; clause learning settled 1 puzzle in "); got != tt.learner {
			t.Errorf("%s: --stats line %q; want the learner's conflicts: %v", tt.engine, stats.stderr, tt.learner)
		}
		js := runXcover(t, nil, []string{"sudoku", "--unique", "--json", "--engine", tt.engine, "-"}, escargot)
		lines := strings.Split(strings.TrimSpace(js.stdout), "\n")
		if js.code != 0 || len(lines) != 2 {
			t.Fatalf("%s --json: exit %d: %s%s", tt.engine, js.code, js.stdout, js.stderr)
		}
		var puzzle struct{ Conflicts int64 }
		var summary struct {
			Learn *struct{ Conflicts, Propagations int64 }
		}
		if err := json.Unmarshal([]byte(lines[0]), &puzzle); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(lines[1]), &summary); err != nil {
			t.Fatal(err)
		}
		switch {
		case !tt.learner && (puzzle.Conflicts != 0 || summary.Learn != nil):
			t.Errorf("%s: %s; want no learner's counters", tt.engine, js.stdout)
		case tt.learner && (summary.Learn == nil || puzzle.Conflicts <= 0 || summary.Learn.Conflicts != puzzle.Conflicts ||
			summary.Learn.Propagations <= 0):
			t.Errorf("%s: %s; want the puzzle's conflicts, the same in the summary's learn record", tt.engine, js.stdout)
		}
	}
}
