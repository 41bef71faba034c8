package main

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/specs"
)

// TestReduceRun runs reduce's run function on options built directly: the
// problem written has as many solutions as the one read, by the published
// counts (Knuth's paper: 1 for his 7-item example; OEIS A014552: 52
// Langford sequences for n = 7, both ways round; A004003: 6728 domino
// tilings of the 6×6 board), and the reduction of a problem with none
// says so (exit 1): three items, each pair an option, cannot be covered
// exactly.
func TestReduceRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		o         reduceOptions // IO set below
		stdin     string
		code      int
		solutions int64
		removed   string // on stderr
	}{
		{name: "Knuth's example", o: reduceOptions{Input: searchcmd.Input{File: "specs/examples/knuth.yaml"}}, solutions: 1,
			removed: "removed 3 of 6 options"},
		{name: "as YAML, one round", o: reduceOptions{Input: searchcmd.Input{File: "specs/examples/langford-7.yaml"}, To: specs.YAML, Reduce: reduce.Config{Rounds: 1}},
			solutions: 52},
		{name: "nothing to remove", o: reduceOptions{Input: searchcmd.Input{File: "specs/examples/domino-6x6.yaml"}}, solutions: 6728,
			removed: "removed 0 of 60 options"},
		{name: "no solution", o: reduceOptions{Input: searchcmd.Input{File: "-"}}, stdin: "primary: [a, b, c]\noptions:\n  - [a, b]\n  - [b, c]\n  - [a, c]\n",
			code: exitcode.None, removed: "the problem has no solution"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, stdout, stderr := testIO(t, tc.stdin)
			tc.o.IO = s
			if code := exitcode.Print(reduceRun(context.Background(), &tc.o), stderr); code != tc.code || !strings.Contains(stderr.String(), tc.removed) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, stderr, tc.code, tc.removed)
			}
			if tc.code != exitcode.Found {
				return
			}
			// The count of the problem written, by solve (checked against
			// the published counts in TestSolveRun).
			s2, count, stderr2 := testIO(t, stdout.String())
			o := &solveOptions{IO: s2, Input: searchcmd.Input{File: "-", Format: cmp.Or(tc.o.To, specs.DLX)}, Request: searchcmd.Request{Count: true}}
			if code := exitcode.Print(solveRun(context.Background(), o), stderr2); code != exitcode.Found || count.String() != fmt.Sprintf("%d\n", tc.solutions) {
				t.Errorf("the problem written: exit %d, %q solutions, want %d\n%s%s", code, count, tc.solutions, stdout, stderr2)
			}
		})
	}
}
