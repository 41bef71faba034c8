package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/internal/testtier"
)

// TestStatusLine runs long searches with stderr a terminal: after a second,
// one status line is drawn and redrawn in place ("\r…\x1b[K") with the
// fraction done, the rate and the time left, and erased before the last
// message; with TERM=dumb or --progress=false there is none.
//
// A search that draws the line is interrupted (Ctrl-C, its context) as
// soon as a redraw with the time left has come, not at a set time: a
// --timeout leaves the line half a second to come after its second's
// delay, which a loaded machine may not give it. The searches without a
// line run for a --timeout of 1.5 s, past the moment it would come.
func TestStatusLine(t *testing.T) {
	if testtier.Short() {
		t.Skip("runs for seconds")
	}
	t.Parallel()
	data := sharedData(t)
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string // in a redraw of the status line; "" for no status line
	}{
		{[]string{"solve", "--count", "--engine", "sparse", "-j", "1", filepath.Join(data, "exactcover", "pent-6x10.dlx")}, nil, "% done (estimated)"},
		{[]string{"sudoku", filepath.Join(data, "sudoku", "9x9", "puzzles5_forum_hardest_1905_11+.txt")}, nil, "puzzles/s"},
		{[]string{"pentomino", "--count", "--timeout", "1500ms", "--engine", "sparse", "-j", "1"}, map[string]string{"TERM": "dumb"}, ""},
		{[]string{"pentomino", "--count", "--timeout", "1500ms", "--engine", "sparse", "-j", "1", "--progress=false"}, nil, ""},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			t.Parallel()
			var r result
			if tc.want == "" {
				if r = runWith(t, runOpts{tty: []string{"stderr"}, env: tc.env}, tc.args...); r.code != exitcode.Stopped {
					t.Fatalf("exit %d, want 3 (stopped by --timeout)\n%s", r.code, r.stderr)
				}
				if strings.Contains(r.stderr, "\rxcover: progress: ") || strings.Contains(r.stderr, "\x1b[K") {
					t.Errorf("a status line was drawn:\n%q", r.stderr)
				}
				return
			}
			// A bound for a line that never comes: the test then fails.
			args := append([]string{tc.args[0], "--timeout", "1m"}, tc.args[1:]...)
			r = runUntil(t, args, func(stderr string) bool {
				return slices.ContainsFunc(redraws(stderr), func(l string) bool {
					return strings.Contains(l, tc.want) && strings.Contains(l, " left")
				})
			})
			if r.code != exitcode.Stopped || !strings.Contains(r.stderr, "xcover: interrupted") {
				t.Fatalf("exit %d, want 3 (interrupted once the status line came)\n%q", r.code, r.stderr)
			}
			// Everything after the last carriage return: the erasure, then
			// the last message.
			if last := r.stderr[strings.LastIndex(r.stderr, "\r")+1:]; !strings.HasPrefix(last, "\x1b[Kxcover: interrupted") {
				t.Errorf("the status line is not erased before the last message: %q", last)
			}
		})
	}
}

// redraws returns the redraws of the status line that stderr holds, each
// "xcover: progress: …" between its "\r" and its "\x1b[K".
func redraws(stderr string) []string {
	var lines []string
	for _, l := range strings.Split(stderr, "\r") {
		if l, ok := strings.CutSuffix(l, "\x1b[K"); ok && strings.HasPrefix(l, "xcover: progress: ") {
			lines = append(lines, l)
		}
	}
	return lines
}

// watchedTerminal is a terminal, for xcover, whose output a test watches
// as it comes: once done holds of everything written so far, ready is
// closed.
type watchedTerminal struct {
	mu    sync.Mutex
	out   strings.Builder
	done  func(string) bool
	ready chan struct{}
}

func (w *watchedTerminal) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.out.Write(p)
	select {
	case <-w.ready:
	default:
		if w.done(w.out.String()) {
			close(w.ready)
		}
	}
	return len(p), nil
}

func (*watchedTerminal) IsTerminal() bool { return true }

func (w *watchedTerminal) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.out.String()
}

// runUntil runs xcover in-process with stderr a terminal, and interrupts
// it (its context, Ctrl-C) once done holds of what stderr shows.
func runUntil(t *testing.T, args []string, done func(stderr string) bool) result {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &watchedTerminal{done: done, ready: make(chan struct{})}
	go func() {
		select {
		case <-stderr.ready:
			cancel()
		case <-ctx.Done():
		}
	}()
	var stdout strings.Builder
	e := &iostreams.IO{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: stderr,
		Getenv: func(string) string { return "" }, Dir: moduleRoot(t)}
	code := runInProcess(ctx, args, e)
	return result{code, stdout.String(), stderr.String()}
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
