package main

import (
	"context"
	"encoding/json"
	"maps"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// TestEstimateHelpJSON runs the --json example of estimate's help and
// compares what it prints with the object the help shows, all but the
// speed and the time, which vary with the machine.
func TestEstimateHelpJSON(t *testing.T) {
	t.Parallel()
	text := help("estimate")
	example := regexp.MustCompile(`(?m)^\s*\$ (xcover .* --json -)$`).FindStringSubmatch(text)
	shown := regexp.MustCompile(`(?s)\n   (\{.*?\})\n`).FindStringSubmatch(text)
	if example == nil || shown == nil {
		t.Fatalf("estimate's help shows no --json example and object:\n%s", text)
	}
	var want, got map[string]any
	if err := json.Unmarshal([]byte(strings.ReplaceAll(shown[1], "\n", "")), &want); err != nil {
		t.Fatalf("the help's object: %v\n%s", err, shown[1])
	}
	r := runPipeline(t, t.TempDir(), example[1])
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 {
		t.Fatalf("$ %s: exit %d, %v\n%s%s", example[1], r.code, err, r.stdout, r.stderr)
	}
	if k1, k2 := slices.Sorted(maps.Keys(want)), slices.Sorted(maps.Keys(got)); !slices.Equal(k1, k2) {
		t.Errorf("the help shows the keys %v, the example prints %v", k1, k2)
	}
	for k, v := range want {
		if k != "nodes_per_second" && k != "seconds" && got[k] != v {
			t.Errorf("%s: the help shows %v, the example prints %v", k, v, got[k])
		}
	}
}

// TestEstimateRun runs estimate's run function on options built directly,
// against Knuth's DLX1 figures (nodes) and the published counts
// (solutions) of ../shared/data/exactcover/expected.tsv: a tree small
// enough to search whole is told exactly (Knuth's 7-item example: 6
// nodes, 1 solution); the probes of a large one
// (queens-14: 5,474,542 nodes, 365,596 solutions) land within four of
// their standard errors of both. The seed fixes the probes: the figures
// are the same at every run.
func TestEstimateRun(t *testing.T) {
	t.Parallel()
	type figures struct{ nodes, solutions float64 }
	for _, tc := range []struct {
		name  string
		o     estimateOptions // IO set below; the dlx engine, whose tree DLX1's is
		stdin string
		code  int
		want  figures
		exact bool
	}{
		{name: "a tree searched whole", o: estimateOptions{Input: searchcmd.Input{File: "specs/examples/knuth.yaml"}, JSON: true}, exact: true,
			want: figures{6, 1}},
		{name: "no solution", o: estimateOptions{Input: searchcmd.Input{File: "-"}, JSON: true}, stdin: "primary: [a, b]\noptions:\n  - [a]\n",
			code: exitcode.None, exact: true, want: figures{1, 0}},
		{name: "probes", o: estimateOptions{Input: searchcmd.Input{File: "queens-14"}, JSON: true, Probes: 5000, Seed: 1},
			want: figures{5474542, 365596}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.o.Input.File == "queens-14" {
				testtier.Slow(t) // a million nodes searched to rate the engine, then the probes, on one goroutine
				tc.o.Input.File = filepath.Join(sharedData(t), "exactcover", "queens-14.dlx")
			}
			s, stdout, stderr := testIO(t, tc.stdin)
			tc.o.IO, tc.o.Engine = s, exactcover.EngineDLX
			if code := exitcode.Print(estimateRun(context.Background(), &tc.o), stderr); code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", code, tc.code, stderr)
			}
			var got struct {
				Nodes           float64 `json:"nodes"`
				NodesStdErr     float64 `json:"nodes_stderr"`
				Solutions       float64 `json:"solutions"`
				SolutionsStdErr float64 `json:"solutions_stderr"`
				Exact           bool    `json:"exact"`
				Engine          string  `json:"engine"`
				Status          string  `json:"status"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatalf("%v: %s", err, stdout)
			}
			if got.Exact != tc.exact || got.Engine != "dlx" || got.Status != "complete" {
				t.Errorf("exact %v, engine %s, %s; want %v, dlx, complete", got.Exact, got.Engine, got.Status, tc.exact)
			}
			for _, f := range []struct {
				what              string
				got, stderr, want float64
			}{{"nodes", got.Nodes, got.NodesStdErr, tc.want.nodes}, {"solutions", got.Solutions, got.SolutionsStdErr, tc.want.solutions}} {
				if math.Abs(f.got-f.want) > 4*f.stderr || tc.exact && f.got != f.want {
					t.Errorf("%s: %g ± %g, want %g", f.what, f.got, f.stderr, f.want)
				}
			}
		})
	}
}
