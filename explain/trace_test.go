package explain_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/specs"
)

// traceNodes bounds the traces of the tests: enough for the first
// solutions of every example. (The tests that trace every example are
// slow tests: one goroutine, each walk and narration many times slower
// under the race detector.)
const traceNodes = 3000

// shippedExamples loads the problems of specs/examples.
func shippedExamples(t *testing.T) map[string]*exactcover.Problem {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "specs", "examples", "*.yaml"))
	out := map[string]*exactcover.Problem{"knuth-paper": knuthPaper(), "color-example": colorExample()}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sp, err := specs.Parse(f, data, specs.YAML)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = &sp.Problem
	}
	return out
}

// The trace's narration is Narrate's, line for line, and its counts are
// the walk's.
func TestTraceTextIsNarration(t *testing.T) {
	testtier.Slow(t) // every example traced and narrated, on one goroutine
	for name, p := range shippedExamples(t) {
		t.Run(name, func(t *testing.T) {
			tr, err := explain.NewTrace(context.Background(), p, explain.TraceLimits{Nodes: traceNodes})
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			st, err := explain.Narrate(context.Background(), &want, p, explain.Config{MaxNodes: traceNodes})
			if err != nil {
				t.Fatal(err)
			}
			got := tr.Text()
			w := want.String()
			if !tr.Complete { // Narrate says first that the search is bigger
				w = w[bytes.Index(want.Bytes(), []byte("Algorithm")):]
			}
			if got != w {
				t.Errorf("trace text differs from the narration:\n%s\n---- narration:\n%s", head(got), head(w))
			}
			if tr.NodeCount != st.Nodes || tr.Updates != st.Updates || tr.Solutions != st.Solutions || int64(len(tr.Nodes)) != st.Nodes {
				t.Errorf("trace counts %d nodes (%d recorded), %d updates, %d solutions; walk %d, %d, %d",
					tr.NodeCount, len(tr.Nodes), tr.Updates, tr.Solutions, st.Nodes, st.Updates, st.Solutions)
			}
			if _, err := json.Marshal(tr); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func head(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "…"
	}
	return s
}

// The state a trace gives for each node, rebuilt from the root as the page
// rebuilds it, is the one worked out independently from the node's partial
// solution: an item is covered when a chosen option uses it uncolored, an
// option is live when it clashes with no chosen option (no item used
// uncolored by both, or used with another color), and an active item's
// count is the number of live options that contain it. Solutions pass the
// verifier. (Without multiplicities, where no option is tweaked.)
func TestTraceStateMatchesPartialSolution(t *testing.T) {
	testtier.Slow(t) // every example traced and narrated, on one goroutine
	for name, p := range shippedExamples(t) {
		if p.HasMultiplicities() {
			continue
		}
		t.Run(name, func(t *testing.T) {
			tr, err := explain.NewTrace(context.Background(), p, explain.TraceLimits{Nodes: traceNodes})
			if err != nil {
				t.Fatal(err)
			}
			for idx, nd := range tr.Nodes {
				partial, covered, hidden := rebuild(tr, idx)
				wantCovered, wantLive := stateOf(tr, partial)
				for i := range tr.Problem.Items {
					if covered[i] != wantCovered[i] {
						t.Fatalf("node %d (options %v): item %s covered %v, want %v", nd.Node, partial, tr.Problem.Items[i], covered[i], wantCovered[i])
					}
				}
				for k := range tr.Problem.Options {
					if hidden[k] == wantLive[k] {
						t.Fatalf("node %d (options %v): option %d hidden %v, want live %v", nd.Node, partial, k+1, hidden[k], wantLive[k])
					}
				}
				active := tr.ActiveAt(idx)
				left := 0
				for i := range tr.Problem.Primary {
					if !wantCovered[i] {
						left++
					}
				}
				if len(active) != 2*left {
					t.Fatalf("node %d (options %v): %d active items listed, want the %d primary items not covered", nd.Node, partial, len(active)/2, left)
				}
				for j := 0; j < len(active); j += 2 {
					i, size := int(active[j]), int(active[j+1])
					want := 0
					for k, o := range tr.Problem.Options {
						if wantLive[k] && slices.Contains(o.Items, i) {
							want++
						}
					}
					if size != want || covered[i] {
						t.Fatalf("node %d: active item %s with %d options, want %d live options (covered %v)", nd.Node, tr.Problem.Items[i], size, want, covered[i])
					}
				}
				if nd.Solution > 0 {
					if err := verify.Solution(p, partial); err != nil {
						t.Fatalf("solution %d at node %d: %v", nd.Solution, nd.Node, err)
					}
				}
			}
		})
	}
}

// rebuild returns the partial solution of node idx and its covered items
// and hidden options, following parents to the root.
func rebuild(tr *explain.Trace, idx int) (partial []int, covered, hidden []bool) {
	covered = make([]bool, len(tr.Problem.Items))
	hidden = make([]bool, len(tr.Problem.Options))
	for j := idx; j >= 0; j = tr.Nodes[j].Parent {
		nd := tr.Nodes[j]
		if nd.Option >= 0 {
			partial = append(partial, nd.Option)
		}
		for _, i := range nd.Covered {
			covered[i] = true
		}
		for _, k := range nd.Hidden {
			hidden[k] = true
		}
	}
	slices.Reverse(partial)
	return partial, covered, hidden
}

// stateOf works out the covered items and live options after the options
// of partial are chosen, from the problem alone.
func stateOf(tr *explain.Trace, partial []int) (covered, live []bool) {
	covered = make([]bool, len(tr.Problem.Items))
	color := map[int]string{} // purified secondary items
	colorOf := func(o explain.TraceOption, j int) string {
		if o.Colors == nil {
			return ""
		}
		return o.Colors[j]
	}
	for _, k := range partial {
		o := tr.Problem.Options[k]
		for j, i := range o.Items {
			if c := colorOf(o, j); c != "" {
				color[i] = c
			} else {
				covered[i] = true
			}
		}
	}
	live = make([]bool, len(tr.Problem.Options))
	for k, o := range tr.Problem.Options {
		ok := slices.ContainsFunc(o.Items, func(i int) bool { return i < tr.Problem.Primary })
		for j, i := range o.Items {
			c, purified := color[i]
			if covered[i] || purified && colorOf(o, j) != c {
				ok = false
			}
		}
		live[k] = ok
	}
	return covered, live
}
