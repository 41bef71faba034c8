package main

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// explainTotals matches the last counts line of a narration.
var explainTotals = regexp.MustCompile(`The search is complete: (\d+) solutions?, (\d+) nodes?, (\d+) updates?\.`)

// TestExplainCountsAsSolve checks, on the shipped examples small enough to
// narrate in full, that "explain --steps 0" ends with the figures of
// "solve --count --json", the engine's.
func TestExplainCountsAsSolve(t *testing.T) {
	chdir(t, moduleRoot(t))
	for _, file := range []string{"specs/examples/knuth.yaml", "specs/examples/colors.yaml", "specs/examples/langford-7.yaml", "specs/examples/queens-8.yaml"} {
		t.Run(file, func(t *testing.T) {
			ex := runXcover(t, nil, []string{"explain", "--steps", "0", file}, "")
			if ex.code != exitFound {
				t.Fatalf("explain: exit %d\n%s", ex.code, ex.stderr)
			}
			m := explainTotals.FindStringSubmatch(ex.stdout)
			if m == nil {
				t.Fatalf("explain: no totals line in the narration")
			}
			sv := runXcover(t, nil, []string{"solve", "--count", "--json", file}, "")
			var sum struct{ Solutions, Nodes, Updates int64 }
			lines := strings.Split(strings.TrimSpace(sv.stdout), "\n")
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
				t.Fatalf("solve --json: %v\n%s", err, sv.stdout)
			}
			if want := fmt.Sprint(sum.Solutions, sum.Nodes, sum.Updates); strings.Join(m[1:], " ") != want {
				t.Errorf("explain told %s solutions, nodes, updates; solve counted %s", strings.Join(m[1:], " "), want)
			}
			if told := strings.Count(ex.stdout, "Solution "); int64(told) != sum.Solutions {
				t.Errorf("explain told %d solutions, solve counted %d", told, sum.Solutions)
			}
		})
	}
}

// TestExplainMatrixLimits checks the refusal of --matrix at the size limits
// and that a refused run writes nothing on stdout.
func TestExplainMatrixLimits(t *testing.T) {
	spec := func(items, options int) string {
		var b strings.Builder
		for i := range items {
			fmt.Fprintf(&b, "i%d ", i)
		}
		b.WriteString("\n")
		for k := range options {
			fmt.Fprintf(&b, "i%d\n", k%items)
		}
		return b.String()
	}
	for _, tc := range []struct {
		items, options int
		refused        bool
	}{
		{40, 60, false},
		{41, 60, true},
		{40, 61, true},
	} {
		r := runXcover(t, nil, []string{"explain", "--matrix", "--steps", "1", "-"}, spec(tc.items, tc.options))
		if refused := r.code == exitBadInput; refused != tc.refused {
			t.Errorf("%d items × %d options: exit %d, want refused=%v\n%s", tc.items, tc.options, r.code, tc.refused, r.stderr)
		}
		if tc.refused && (r.stdout != "" || !strings.Contains(r.stderr, "--matrix")) {
			t.Errorf("%d items × %d options: refused with stdout %q, stderr %q", tc.items, tc.options, r.stdout, r.stderr)
		}
	}
}

// TestExplainInterrupted checks that a cancelled search (Ctrl-C) still
// prints what was told and exits 3.
func TestExplainInterrupted(t *testing.T) {
	chdir(t, moduleRoot(t))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := runXcover(t, ctx, []string{"explain", "specs/examples/knuth.yaml"}, "")
	if r.code != exitStopped || !strings.Contains(r.stdout, "Stopped (interrupted)") {
		t.Errorf("exit %d, stdout:\n%s", r.code, r.stdout)
	}
}
