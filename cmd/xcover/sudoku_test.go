package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
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

// TestSudokuSettledBy checks what "sudoku --json" and "--stats" say
// settled each puzzle: the 9×9 kernel under auto, else the engine asked
// for, or propagation when singles fill the grid (Wikipedia's puzzle).
func TestSudokuSettledBy(t *testing.T) {
	const (
		escargot = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n"
		singles  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
	)
	for _, tt := range []struct {
		engine, input string
		want          map[string]int
		stats         string
	}{
		{"auto", escargot, map[string]int{"kernel": 1}, "; settled by kernel 1"},
		{"learn", escargot, map[string]int{"learn": 1}, "; settled by learn 1;"},
		{"sparse", singles + escargot, map[string]int{"propagation": 1, "sparse": 1}, "; settled by propagation 1, sparse 1"},
		{"dlx", escargot + singles + escargot, map[string]int{"dlx": 2, "propagation": 1}, "; settled by dlx 2, propagation 1"},
	} {
		js := runXcover(t, nil, []string{"sudoku", "--unique", "--json", "--engine", tt.engine, "-"}, tt.input)
		lines := strings.Split(strings.TrimSpace(js.stdout), "\n")
		var summary struct {
			SettledBy map[string]int `json:"settled_by"`
		}
		if js.code != 0 || json.Unmarshal([]byte(lines[len(lines)-1]), &summary) != nil || !maps.Equal(summary.SettledBy, tt.want) {
			t.Errorf("%s: exit %d, settled by %v, want %v:\n%s%s", tt.engine, js.code, summary.SettledBy, tt.want, js.stdout, js.stderr)
		}
		stats := runXcover(t, nil, []string{"sudoku", "--unique", "--stats", "--engine", tt.engine, "-"}, tt.input)
		if stats.code != 0 || !strings.Contains(stats.stderr, tt.stats) {
			t.Errorf("%s: --stats line %q, want %q in it", tt.engine, stats.stderr, tt.stats)
		}
	}
}

// TestSudokuRun runs sudoku's run function on options built directly:
// every grid it prints is checked by a checker of its own (each row,
// column and box a permutation, the givens kept), counts against the
// published 288 4×4 grids (OEIS A107739), and a puzzle whose box cannot
// hold both its missing values has none.
func TestSudokuRun(t *testing.T) {
	t.Parallel()
	const (
		one9   = "problems/sudoku/testdata/one9.in"   // one 9×9 puzzle
		line81 = "problems/sudoku/testdata/line81.in" // two, and the judges' "end"
		none   = "12....34........"                   // r1c3 and r1c4 need 3 and 4, which their box holds
	)
	for _, tc := range []struct {
		name   string
		o      sudokuOptions // IO set below
		stdin  string
		code   int
		grids  int    // lines of grids printed, each checked against its puzzle
		unique bool   // grids printed after "unique\t"
		stdout string // else the exact output
	}{
		{name: "one puzzle", o: sudokuOptions{Input: one9, Request: searchcmd.Request{Limit: 1}}, grids: 1},
		{name: "a batch on two workers", o: sudokuOptions{Input: line81, Request: searchcmd.Request{Limit: 1, Jobs: 2}}, grids: 2},
		{name: "uniqueness", o: sudokuOptions{Input: one9, Mode: sudoku.ModeUnique, Request: searchcmd.Request{Limit: 2}}, grids: 1, unique: true},
		{name: "every 4x4 grid", o: sudokuOptions{Input: "-", Mode: sudoku.ModeCount, Request: searchcmd.Request{Count: true}},
			stdin: strings.Repeat(".", 16) + "\n", stdout: "288\n"},
		{name: "the puzzle as an argument", o: sudokuOptions{Input: strings.Repeat(".", 16), Mode: sudoku.ModeCount, Request: searchcmd.Request{Count: true}},
			stdout: "288\n"},
		{name: "no solution", o: sudokuOptions{Input: "-", Request: searchcmd.Request{Limit: 1}}, stdin: none + "\n",
			code: exitcode.None, stdout: "NO SOLUTION\n"},
		{name: "summary", o: sudokuOptions{Input: "-", Request: searchcmd.Request{Limit: 1, JSON: true}}, stdin: none + "\n", code: exitcode.None,
			stdout: `{"type":"puzzle","index":1,"line":1,"status":"none","solutions":0,"nodes":0}` + "\n" +
				`{"type":"summary","solutions":0,"nodes":0,"updates":0,"status":"complete","elapsed_seconds":*,"puzzles":1,"verdicts":{"none":1},"settled_by":{"kernel":1}}` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, stdout, stderr := testIO(t, tc.stdin)
			tc.o.IO = s
			code := exitcode.Print(sudokuRun(context.Background(), &tc.o), stderr)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", code, tc.code, stderr)
			}
			if tc.grids == 0 {
				got := regexp.MustCompile(`"elapsed_seconds":[0-9.e-]+`).ReplaceAllString(stdout.String(), `"elapsed_seconds":*`)
				if got != tc.stdout {
					t.Errorf("stdout %q, want %q", got, tc.stdout)
				}
				return
			}
			data, err := os.ReadFile(rooted(t, tc.o.Input))
			if err != nil {
				t.Fatal(err)
			}
			puzzles := strings.Fields(string(data))
			lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
			if len(lines) != tc.grids {
				t.Fatalf("%d lines printed, want %d:\n%s", len(lines), tc.grids, stdout)
			}
			for i, line := range lines {
				if tc.unique {
					var ok bool
					if line, ok = strings.CutPrefix(line, "unique\t"); !ok {
						t.Errorf("puzzle %d: %q, want unique and the solution", i+1, line)
					}
				}
				if err := checkGrid(puzzles[i], line); err != nil {
					t.Errorf("puzzle %d: %s: %v", i+1, line, err)
				}
			}
		})
	}
}

// checkGrid checks that grid, a solved 9×9 grid in line form, solves
// puzzle: the givens kept, each row, column and 3×3 box holding 1 to 9.
func checkGrid(puzzle, grid string) error {
	if len(grid) != 81 || len(puzzle) != 81 {
		return fmt.Errorf("%d and %d cells, want 81", len(puzzle), len(grid))
	}
	for i := range 81 {
		if puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != grid[i] {
			return fmt.Errorf("cell %d is %c, the puzzle gives %c", i+1, grid[i], puzzle[i])
		}
	}
	for unit := range 27 {
		seen := map[byte]bool{}
		for j := range 9 {
			var r, c int
			switch {
			case unit < 9: // rows
				r, c = unit, j
			case unit < 18: // columns
				r, c = j, unit-9
			default: // boxes
				b := unit - 18
				r, c = b/3*3+j/3, b%3*3+j%3
			}
			v := grid[9*r+c]
			if v < '1' || v > '9' || seen[v] {
				return fmt.Errorf("row %d column %d: %c repeats or is no digit 1 to 9 in its %s", r+1, c+1, v, [3]string{"row", "column", "box"}[unit/9])
			}
			seen[v] = true
		}
	}
	return nil
}
