package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/explain"
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

// longSearch writes the pentominoes in a 6×10 box as a YAML problem to a
// fresh directory and returns its path: a search of millions of nodes,
// whose narration or trace a timeout or Ctrl-C stops on any machine,
// where the whole search of the 3×20 box (32,644 nodes) may end first on
// a fast one.
func longSearch(t *testing.T) string {
	t.Helper()
	r := runXcover(t, nil, []string{"pentomino", "--board", "10x6", "--emit-spec", "yaml"}, "")
	if r.code != 0 {
		t.Fatalf("pentomino --emit-spec: exit %d, stderr:\n%s", r.code, r.stderr)
	}
	path := filepath.Join(t.TempDir(), "pentomino-6x10.yaml")
	if err := os.WriteFile(path, []byte(r.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestExplainTimeout checks that --timeout stops a long narration, which
// still prints what was told, ends with the counts so far and exits 3;
// that --timeout bounds the whole run, the search measured first included
// when a hundred million steps are asked for (that measure may take the
// whole timeout under the race detector, so the run may have told no node
// yet); and that a run cancelled before it starts (Ctrl-C) tells nothing
// and exits 3.
func TestExplainTimeout(t *testing.T) {
	t.Parallel()
	long := longSearch(t)
	for _, tc := range []struct {
		steps string
		told  bool // whether node 1 must have been told
	}{{"0", true}, {"100000000", false}} {
		// 3 s: under the race detector on a loaded machine, reading the
		// problem has taken the whole of 1 s.
		r := runXcover(t, nil, []string{"explain", "--steps", tc.steps, "--timeout", "3s", long}, "")
		if r.code != exitcode.Stopped || tc.told && !strings.Contains(r.stdout, "Node 1 at level 0") || !strings.Contains(r.stdout, "Stopped (timeout)") ||
			!strings.Contains(r.stderr, "xcover: stopped by --timeout after") {
			t.Errorf("--steps %s: exit %d, stderr %q, stdout ends:\n%s", tc.steps, r.code, r.stderr, r.stdout[max(len(r.stdout)-500, 0):])
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := runXcover(t, ctx, []string{"explain", "specs/examples/knuth.yaml"}, "")
	if r.code != exitcode.Stopped || r.stdout != "" || !strings.Contains(r.stderr, "xcover: interrupted") {
		t.Errorf("cancelled: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestExplainRun runs explain's run function on options built directly:
// the story of Knuth's 7-item example finds the solution of his paper,
// {A D}, {C E F}, {B G} (checked by the independent verifier), in DLX1's
// 6 nodes and 30 updates; the page holds as many nodes; the story of
// DLX5 ends with the cost a brute force finds.
func TestExplainRun(t *testing.T) {
	t.Parallel()
	const knuth, assignment = "specs/examples/knuth.yaml", "specs/examples/assignment-4.yaml"
	page := filepath.Join(t.TempDir(), "knuth.html")
	for _, tc := range []struct {
		name  string
		o     explainOptions // IO set below
		stdin string
		code  int
		want  []string // lines of stdout, or of stderr with HTML
	}{
		{name: "the whole search", o: explainOptions{Input: searchcmd.Input{File: knuth}},
			want: []string{"      Solution 1 at node 6: every primary item is covered, by options 4, 1, 5.",
				"The search is complete: 1 solution, 6 nodes, 30 updates."}},
		{name: "the first steps", o: explainOptions{Input: searchcmd.Input{File: knuth}, Steps: 2}, code: exitcode.Stopped,
			want: []string{"For the whole search, run: xcover solve --engine dlx --count --stats " + knuth + " (or tell more with --steps)"}},
		{name: "no solution", o: explainOptions{Input: searchcmd.Input{File: "-"}}, stdin: "primary: [a, b]\noptions:\n  - [a]\n", code: exitcode.None,
			want: []string{"The search is complete: 0 solutions, 1 node, 1 update."}},
		{name: "the page", o: explainOptions{Input: searchcmd.Input{File: knuth}, HTML: page, PageSteps: explain.MaxTraceNodes},
			want: []string{"xcover: wrote " + page + ": 6 nodes, 1 solution"}},
		{name: "the cheapest", o: explainOptions{Input: searchcmd.Input{File: assignment}, Cheapest: 1},
			want: []string{fmt.Sprintf("Done: the cheapest solution costs %d;", bruteCheapest(t, loadProblem(t, assignment), 1)[0])}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, stdout, stderr := testIO(t, tc.stdin)
			tc.o.IO = s
			code := exitcode.Print(explainRun(context.Background(), &tc.o), stderr)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", code, tc.code, stderr)
			}
			out := stdout.String()
			if tc.o.HTML != "" {
				data, err := os.ReadFile(tc.o.HTML)
				if err != nil || !strings.HasPrefix(string(data), "<!DOCTYPE html>") || out != "" {
					t.Errorf("%s: %.20q, %v; stdout %q: want the page alone", tc.o.HTML, data, err, out)
				}
				out = stderr.String()
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in:\n%s", w, out)
				}
			}
			if m := regexp.MustCompile(`by options ([0-9, ]+)\.`).FindStringSubmatch(out); m != nil {
				var sol []int
				for _, n := range strings.Split(m[1], ", ") {
					k, _ := strconv.Atoi(n)
					sol = append(sol, k-1)
				}
				if err := verify.Solution(loadProblem(t, tc.o.Input.File), sol); err != nil {
					t.Errorf("the solution told, options %s, is wrong: %v", m[1], err)
				}
			}
		})
	}
}
