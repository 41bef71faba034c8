package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/internal/testtier"
)

// TestStatusLine runs long searches with stderr a terminal: after a second,
// one status line is drawn and redrawn in place ("\r…\x1b[K") with the
// fraction done, the rate and the time left, and erased before the last
// message; with TERM=dumb or --progress=false there is none.
func TestStatusLine(t *testing.T) {
	if testtier.Short() {
		t.Skip("runs for seconds")
	}
	t.Parallel()
	data := sharedData(t)
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string // "" for no status line
	}{
		// One sparse-set worker: 3 s or more (auto's bit-set engine on two
		// cores may finish within the timeout).
		{[]string{"solve", "--count", "--timeout", "1500ms", "--engine", "sparse", "-j", "1", filepath.Join(data, "exactcover", "pent-6x10.dlx")}, nil, "% done (estimated)"},
		{[]string{"sudoku", "--timeout", "1500ms", filepath.Join(data, "sudoku", "9x9", "puzzles5_forum_hardest_1905_11+.txt")}, nil, "puzzles/s"},
		{[]string{"pentomino", "--count", "--timeout", "1500ms", "--engine", "sparse", "-j", "1"}, map[string]string{"TERM": "dumb"}, ""},
		{[]string{"pentomino", "--count", "--timeout", "1500ms", "--engine", "sparse", "-j", "1", "--progress=false"}, nil, ""},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			t.Parallel()
			r := runWith(t, runOpts{tty: []string{"stderr"}, env: tc.env}, tc.args...)
			if r.code != exitcode.Stopped {
				t.Fatalf("exit %d, want 3 (stopped by --timeout)\n%s", r.code, r.stderr)
			}
			drawn := strings.Contains(r.stderr, "\rxcover: progress: ") && strings.Contains(r.stderr, "\x1b[K")
			if tc.want == "" && drawn || tc.want != "" && (!drawn || !strings.Contains(r.stderr, tc.want) || !strings.Contains(r.stderr, " left")) {
				t.Errorf("status line drawn %v, want %q:\n%q", drawn, tc.want, r.stderr)
			}
			lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
			if last := lines[len(lines)-1]; drawn && !strings.HasPrefix(last, "\r\x1b[Kxcover: stopped by --timeout") && !strings.Contains(last, "\r\x1b[K") {
				t.Errorf("the status line is not erased before the last message: %q", last)
			}
		})
	}
}

// TestSudokuSearchProgress checks that a Sudoku batch shows the progress of
// the puzzle being searched, not only of the puzzles finished: a 25×25
// puzzle stopped by --max-nodes shows, at every poll, its nodes (the sparse
// engine) or its conflicts (the learner), then the puzzle finished.
func TestSudokuSearchProgress(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(rooted(t, filepath.Join(sharedData(t), "sudoku", "gecode", "gecode_25x25.txt")))
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(data), "\n") // out of reach of the search, and of 3,000 conflicts
	for _, tc := range []struct {
		engine, maxNodes string
		counters         string // the in-search line's, after "puzzle 1: "
	}{
		{"sparse", "20000", `\d+ nodes, \d+ nodes/s`},
		{"learn", "3000", `\d+ conflicts, \d+ learned clauses kept, \d+ restarts?, \d+ conflicts/s`},
	} {
		t.Run(tc.engine, func(t *testing.T) {
			t.Parallel()
			r := runXcover(t, nil, []string{"sudoku", "--unique", "--engine", tc.engine, "--max-nodes", tc.maxNodes,
				"--progress", "--progress-every", "1ns", "-"}, first+"\n")
			if r.code != exitcode.Stopped {
				t.Fatalf("exit %d, want 3 (stopped by --max-nodes)\n%s", r.code, r.stderr)
			}
			searching := regexp.MustCompile(`^xcover: progress: 0 of 1 puzzles, 0 puzzles/s; puzzle 1: ` + tc.counters + `, [0-9.]+m?s spent$`)
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			n := 0
			for _, l := range lines {
				if searching.MatchString(l) {
					n++
				}
			}
			if n < 2 || !strings.HasPrefix(r.stderr, "xcover: progress: 0 of 1 puzzles") ||
				!strings.Contains(r.stderr, "\nxcover: progress: 1 of 1 puzzles, ") {
				t.Errorf("%d lines of puzzle 1's search, want 2 or more, then puzzle 1 finished:\n%s", n, r.stderr)
			}
		})
	}
}
