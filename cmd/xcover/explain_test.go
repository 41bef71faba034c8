package main

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
)

// explainTotals matches the last counts line of a narration; a narration
// with multiplicities counts cleansings too.
var explainTotals = regexp.MustCompile(`The search is complete: (\d+) solutions?, (\d+) nodes?, (\d+) updates?(?:, (\d+) cleansings?)?\.`)

// TestExplainCountsAsSolve checks, on the shipped examples small enough to
// narrate in full, that "explain --steps 0" ends with the figures of
// "solve --engine dlx --count --json", the engine's; with multiplicities
// (knuth-mcc.yaml), cleansings too.
func TestExplainCountsAsSolve(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"specs/examples/knuth.yaml", "specs/examples/colors.yaml", "specs/examples/langford-7.yaml", "specs/examples/queens-8.yaml", "specs/examples/knuth-mcc.yaml"} {
		t.Run(file, func(t *testing.T) {
			ex := runXcover(t, nil, []string{"explain", "--steps", "0", file}, "")
			if ex.code != exitcode.Found {
				t.Fatalf("explain: exit %d\n%s", ex.code, ex.stderr)
			}
			m := explainTotals.FindStringSubmatch(ex.stdout)
			if m == nil {
				t.Fatalf("explain: no totals line in the narration")
			}
			sv := runXcover(t, nil, []string{"solve", "--engine", "dlx", "--count", "--json", file}, "")
			var sum struct{ Solutions, Nodes, Updates, Cleansings int64 }
			lines := strings.Split(strings.TrimSpace(sv.stdout), "\n")
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
				t.Fatalf("solve --json: %v\n%s", err, sv.stdout)
			}
			if want := fmt.Sprint(sum.Solutions, sum.Nodes, sum.Updates); strings.Join(m[1:4], " ") != want {
				t.Errorf("explain told %s solutions, nodes, updates; solve counted %s", strings.Join(m[1:4], " "), want)
			}
			if m[4] != "" && m[4] != fmt.Sprint(sum.Cleansings) {
				t.Errorf("explain told %s cleansings; solve counted %d", m[4], sum.Cleansings)
			}
			if told := strings.Count(ex.stdout, "Solution "); int64(told) != sum.Solutions {
				t.Errorf("explain told %d solutions, solve counted %d", told, sum.Solutions)
			}
		})
	}
}

// TestExplainTimeout checks that --timeout stops a long narration, which
// still prints what was told, ends with the counts so far and exits 3; and
// that a run cancelled before it starts (Ctrl-C) tells nothing and exits 3.
func TestExplainTimeout(t *testing.T) {
	t.Parallel()
	r := runXcover(t, nil, []string{"explain", "--steps", "0", "--timeout", "1500ms", "specs/examples/pentomino-3x20.yaml"}, "")
	if r.code != exitcode.Stopped || !strings.Contains(r.stdout, "Node 1 at level 0") || !strings.Contains(r.stdout, "Stopped (timeout)") {
		t.Errorf("exit %d, stdout ends:\n%s", r.code, r.stdout[max(len(r.stdout)-500, 0):])
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r = runXcover(t, ctx, []string{"explain", "specs/examples/knuth.yaml"}, "")
	if r.code != exitcode.Stopped || r.stdout != "" || !strings.Contains(r.stderr, "xcover: interrupted") {
		t.Errorf("cancelled: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
