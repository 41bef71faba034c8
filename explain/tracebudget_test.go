package explain_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/testtier"
)

// The solutions so far of each node are the solutions the terminal's
// narration has told before it: counted here from Narrate's text, node
// by node.
func TestTraceSolutionsSoFar(t *testing.T) {
	testtier.Slow(t) // every example traced and narrated, on one goroutine
	header := regexp.MustCompile(`(?m)^ *(?:Node (\d+) at level|Solution \d+ at node (\d+))`)
	for name, p := range shippedExamples(t) {
		t.Run(name, func(t *testing.T) {
			tr, err := explain.NewTrace(context.Background(), p, explain.TraceLimits{Nodes: traceNodes})
			if err != nil {
				t.Fatal(err)
			}
			var text bytes.Buffer
			if _, err := explain.Narrate(context.Background(), &text, p, explain.Config{MaxNodes: traceNodes}); err != nil {
				t.Fatal(err)
			}
			before := map[int64]int64{} // node → solutions told before it
			var told int64
			for _, m := range header.FindAllStringSubmatch(text.String(), -1) {
				id, _ := strconv.ParseInt(m[1]+m[2], 10, 64)
				before[id] = told
				if m[2] != "" {
					told++
				}
			}
			checked := 0
			for _, nd := range tr.Nodes {
				want, ok := before[nd.Node]
				if !ok {
					t.Fatalf("node %d is not in the narration", nd.Node)
				}
				if nd.Solutions != want {
					t.Fatalf("node %d: %d solutions so far, the narration told %d before it", nd.Node, nd.Solutions, want)
				}
				if want > 0 && nd.Solution == 0 {
					checked++
				}
			}
			if told > 0 && tr.Nodes[len(tr.Nodes)-1].Solution == 0 && checked == 0 {
				t.Errorf("no node after a solution was checked")
			}
		})
	}
}

// traceOf returns the trace of p within lim, failing the test on an error
// other than a budget refusal.
func traceOf(t *testing.T, p *exactcover.Problem, lim explain.TraceLimits) (*explain.Trace, *explain.BudgetError) {
	t.Helper()
	tr, err := explain.NewTrace(context.Background(), p, lim)
	var be *explain.BudgetError
	if errors.As(err, &be) {
		if tr != nil {
			t.Fatalf("a trace and a refusal: %v", err)
		}
		return nil, be
	}
	if err != nil {
		t.Fatal(err)
	}
	return tr, nil
}

// A trace made within a budget of memory never counts more than its
// budget; it is the trace made without one, cut short: the same nodes, the
// last one perhaps told only in part; it says where it stopped; a larger
// budget never tells less. A refusal says how much the first node takes
// at least, and when that is not enough, how much it takes. On random
// problems, with and without multiplicities.
func TestTraceBudgetRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 34))
	runs := 300
	if testtier.Short() {
		runs = 60
	}
	cuts := 0
	for run := range runs {
		p := randomProblem(r)
		if run%2 == 1 {
			p = randomProblemM(r)
		}
		if _, err := exactcover.New(p); err != nil {
			continue
		}
		full, be := traceOf(t, p, explain.TraceLimits{})
		if be != nil || full.Status == explain.StatusByteLimit {
			t.Fatalf("run %d: the default budget does not hold a small problem: %v", run, be)
		}
		if full.Bytes > full.Budget || full.Budget != explain.MaxTraceBytes {
			t.Fatalf("run %d: a trace of %d bytes within a budget of %d (MaxTraceBytes %d)", run, full.Bytes, full.Budget, explain.MaxTraceBytes)
		}
		prevNodes, prevSteps := 0, 0
		for _, budget := range budgets(r, full.Bytes) {
			tr, be := traceOf(t, p, explain.TraceLimits{Bytes: budget})
			if be != nil {
				if be.Budget != budget || be.Bytes <= budget {
					t.Fatalf("run %d: refused %d bytes within a budget of %d, given %d", run, be.Bytes, be.Budget, budget)
				}
				// The figure is at least what the first node takes: given
				// it, the trace tells it, or says it needs more, and is
				// then given what it asks.
				need := be.Bytes
				if _, be2 := traceOf(t, p, explain.TraceLimits{Bytes: need}); be2 != nil {
					if be2.Bytes <= need {
						t.Fatalf("run %d: refused for want of %d bytes, and given them, for want of %d", run, need, be2.Bytes)
					}
					need = be2.Bytes
				}
				if fit, be3 := traceOf(t, p, explain.TraceLimits{Bytes: need}); be3 != nil || len(fit.Nodes) == 0 {
					t.Fatalf("run %d: refused for want of %d bytes, and refused again with them: %v", run, need, be3)
				}
				if prevNodes > 0 {
					t.Fatalf("run %d: refused with %d bytes after a smaller budget told %d nodes", run, budget, prevNodes)
				}
				continue
			}
			if tr.Bytes > budget || tr.Budget != budget {
				t.Fatalf("run %d: a trace counts %d bytes, over its budget of %d (%d)", run, tr.Bytes, budget, tr.Budget)
			}
			steps := samePrefix(t, run, full, tr)
			if len(tr.Nodes) < prevNodes || len(tr.Nodes) == prevNodes && steps < prevSteps {
				t.Fatalf("run %d: a budget of %d tells %d nodes, a smaller one %d", run, budget, len(tr.Nodes), prevNodes)
			}
			prevNodes, prevSteps = len(tr.Nodes), steps
			cut := len(tr.Nodes) < len(full.Nodes) || steps < len(full.Nodes[len(full.Nodes)-1].Steps)
			if cut != (tr.Status == explain.StatusByteLimit) || cut == tr.Complete && full.Complete {
				t.Fatalf("run %d: %d of %d nodes, status %q, complete %v", run, len(tr.Nodes), len(full.Nodes), tr.Status, tr.Complete)
			}
			if cut {
				cuts++
				footer := strings.Join(tr.Footer, "\n")
				if !strings.Contains(footer, "Stopped at the trace's budget of memory, ") || !strings.Contains(footer, " after "+strconv.Itoa(len(tr.Nodes))+" node") {
					t.Fatalf("run %d: %d nodes within %d bytes, and the footer says\n%s", run, len(tr.Nodes), budget, footer)
				}
			}
		}
	}
	if cuts < runs {
		t.Errorf("only %d traces were cut at their budget in %d runs", cuts, runs)
	}
}

// budgets returns budgets from nothing to a little more than what a trace
// takes, the last always enough.
func budgets(r *rand.Rand, need int64) []int64 {
	out := []int64{1}
	for range 6 {
		out = append(out, 1+r.Int64N(need+need/8))
	}
	out = append(out, need)
	slices.Sort(out)
	return out
}

// samePrefix checks that tr's nodes are full's first ones, the last told
// perhaps in part, and returns the steps of tr's last node.
func samePrefix(t *testing.T, run int, full, tr *explain.Trace) int {
	t.Helper()
	if len(tr.Nodes) > len(full.Nodes) {
		t.Fatalf("run %d: %d nodes, more than the %d of the whole trace", run, len(tr.Nodes), len(full.Nodes))
	}
	text := func(tr *explain.Trace, nd explain.TraceNode) string {
		var lines []string
		for _, s := range nd.Steps {
			for _, id := range s.Lines {
				lines = append(lines, tr.Lines[id])
			}
		}
		nd.Steps = nil
		b, _ := json.Marshal(nd)
		return string(b) + "\n" + strings.Join(lines, "\n")
	}
	for j := range tr.Nodes {
		got, want := tr.Nodes[j], full.Nodes[j]
		if j == len(tr.Nodes)-1 { // the last may stop before its choice, or after fewer steps
			if len(got.Steps) > len(want.Steps) {
				t.Fatalf("run %d: node %d has %d steps, more than %d", run, got.Node, len(got.Steps), len(want.Steps))
			}
			want.Steps = want.Steps[:len(got.Steps)]
			for len(want.Ops) > 0 && int(want.Ops[len(want.Ops)-1].Step) >= len(got.Steps) {
				want.Ops = want.Ops[:len(want.Ops)-1]
			}
			if got.Chosen < 0 && got.Solution == 0 {
				want.Chosen, want.Degree = got.Chosen, got.Degree
			}
		}
		if a, b := text(tr, got), text(full, want); a != b {
			t.Fatalf("run %d: node %d differs from the whole trace's:\n%s\n----\n%s", run, got.Node, a, b)
		}
	}
	if len(tr.Nodes) == 0 {
		return 0
	}
	return len(tr.Nodes[len(tr.Nodes)-1].Steps)
}
