package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/internal/testtier"
)

// pageTrace reads back what a page of "explain --html" holds: its
// trace's status, budget and footer, and its nodes.
func pageTrace(t *testing.T, path string) (status string, budget int64, footer []string, nodes int) {
	t.Helper()
	html, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page, err := web.ReadPage(html)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	tr := page.Trace
	return tr.Status, tr.Budget, tr.Footer, len(tr.Nodes)
}

// "explain --html" stopped by --timeout, or by Ctrl-C (a cancelled
// context), writes the page as far as the trace went, as --steps does,
// says so, and exits 3.
func TestExplainHTMLStopped(t *testing.T) {
	// Not parallel: a cancel timed from here must not fall while the run
	// waits for another in-process run (runInProcess) or before its walk
	// begins on a loaded machine; the walk of longSearch's problem runs
	// for longer than the 3 s given, to its trace's limit of nodes. Under
	// -race the walk may not have begun in 3 s, and a stop there tests no
	// concurrency.
	if testtier.Short() {
		t.Skip("timed stops of the walk: run without -race and -short")
	}
	long := longSearch(t)
	for _, tc := range []struct {
		name   string
		flags  []string
		after  time.Duration // a cancel after this long, as Ctrl-C
		status string
		stderr string
	}{
		{"timeout", []string{"--timeout", "3s"}, 0, "timeout", "xcover: stopped by --timeout after "},
		{"interrupted", nil, 3 * time.Second, "interrupted", "xcover: interrupted after "},
		{"steps", []string{"--steps", "40"}, 0, "node-limit", "xcover: the page shows the first 40 nodes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := filepath.Join(t.TempDir(), "p.html")
			ctx := context.Background()
			if tc.after > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithCancel(ctx)
				defer cancel()
				time.AfterFunc(tc.after, cancel)
			}
			args := append([]string{"explain", "--html", page}, tc.flags...)
			r := runXcover(t, ctx, append(args, long), "")
			if r.code != exitcode.Stopped || !strings.Contains(r.stderr, tc.stderr) {
				t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
			}
			status, _, footer, nodes := pageTrace(t, page)
			if status != tc.status || nodes == 0 || !strings.Contains(r.stderr, fmt.Sprintf("wrote %s: %d nodes", page, nodes)) {
				t.Errorf("the page holds %d nodes, status %q; stderr:\n%s", nodes, status, r.stderr)
			}
			if tc.status != "node-limit" && !strings.Contains(strings.Join(footer, "\n"), "Stopped ("+tc.status+")") {
				t.Errorf("the page's footer: %q", footer)
			}
		})
	}
}

// On the largest Sudoku, empty, "explain --html" stops at its budget of
// memory (the search goes 4,096 levels down, 262,144 options), writes the
// page with what fits and says where it stopped, exit 3; on a problem
// whose first node alone would take more than the budget (a 32 MB DLX of
// 1.4 million options, whose search has one node), it refuses before it
// makes the trace, exit 2, and writes nothing.
func TestExplainHTMLBudget(t *testing.T) {
	testtier.Long(t)
	dir := t.TempDir()
	grid := filepath.Join(dir, "empty64.txt")
	if err := os.WriteFile(grid, []byte(strings.Repeat(".", 64*64)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := runXcover(t, nil, []string{"sudoku", "--emit-spec", "dlx", grid}, "")
	if spec.code != 0 {
		t.Fatalf("sudoku --emit-spec: exit %d\n%s", spec.code, spec.stderr)
	}
	page := filepath.Join(dir, "empty64.html")
	r := runXcover(t, nil, []string{"explain", "--html", page, "-"}, spec.stdout)
	if r.code != exitcode.Stopped || !strings.Contains(r.stderr, "its trace reached its budget of memory, 255MiB (explain.MaxTraceBytes less web.MaxRatingBytes, kept for the Sudoku's rating)") {
		t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	status, budget, footer, nodes := pageTrace(t, page)
	if status != "byte-limit" || budget != 256<<20-web.MaxRatingBytes || !strings.Contains(strings.Join(footer, "\n"), fmt.Sprintf("Stopped at the trace's budget of memory, 255MiB, after %d nodes", nodes)) {
		t.Errorf("the page: %d nodes, status %q, budget %d, footer %q", nodes, status, budget, footer)
	}

	// One primary item with no option (the search's one node is a dead
	// end), and 1.4 million options of three items among 200,000.
	var b strings.Builder
	for i := range 200_000 {
		fmt.Fprintf(&b, "p%d ", i)
	}
	b.WriteString("z\n")
	for k := 0; b.Len() < 32<<20; k++ {
		fmt.Fprintf(&b, "p%d p%d p%d\n", k%200_000, (k+1)%200_000, (k+2)%200_000)
	}
	huge := filepath.Join(dir, "huge.dlx")
	if err := os.WriteFile(huge, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	page = filepath.Join(dir, "huge.html")
	r = runXcover(t, nil, []string{"explain", "--html", page, huge}, "")
	if r.code != exitcode.BadInput || !strings.Contains(r.stderr, "xcover: --html: the problem is too big to trace: its trace would take at least ") ||
		!strings.Contains(r.stderr, "more than the budget of 256MiB (explain.MaxTraceBytes)") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(page); err == nil {
		t.Errorf("a refused page was written")
	}
}

// "explain --html" of a Sudoku's problem ("xcover sudoku --emit-spec")
// rates the puzzle as "xcover sudoku --rate" does, says so, and the page
// holds the rating and every step of the human path.
func TestExplainHTMLSudokuRated(t *testing.T) {
	const puzzle = "...6.9....31..2.4.9...4.......2...............24167....93.1..628......31.1..96.7." // qqwing's, rated x-wing
	dir := t.TempDir()
	grid := filepath.Join(dir, "p.txt")
	if err := os.WriteFile(grid, []byte(puzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rate := runXcover(t, nil, []string{"sudoku", "--rate", "--json", grid}, "")
	spec := runXcover(t, nil, []string{"sudoku", "--emit-spec", "dlx", grid}, "")
	if rate.code != 0 || spec.code != 0 || !strings.Contains(rate.stdout, `"rating":"x-wing"`) {
		t.Fatalf("sudoku --rate: exit %d, %s; --emit-spec: exit %d\n%s", rate.code, rate.stdout, spec.code, spec.stderr)
	}
	page := filepath.Join(dir, "p.html")
	r := runXcover(t, nil, []string{"explain", "--html", page, "--steps", "20", "-"}, spec.stdout)
	if r.code != exitcode.Stopped || !strings.Contains(r.stderr, ", rated x-wing (") {
		t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	p, err := web.ReadPage(html)
	if err != nil {
		t.Fatal(err)
	}
	if p.Rating == nil || p.Rating.Hardest != "x-wing" || p.Rating.Level != "expert" || len(p.Rating.Steps) != p.Rating.Total ||
		!strings.Contains(rate.stdout, fmt.Sprintf(`"step_count":%d`, p.Rating.Total)) {
		t.Errorf("the page's rating: %+v; sudoku --rate: %s", p.Rating, rate.stdout)
	}
}
