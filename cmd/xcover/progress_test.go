package main

import (
	"path/filepath"
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
