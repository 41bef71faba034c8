package specs_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/internal/verify"
	"github.com/xcover/xcover/specs"
)

// shippedCounts are the solution counts of the shipped examples, each with
// where it comes from; none was obtained by running xcover.
var shippedCounts = []struct {
	file      string
	solutions int64
	source    string
}{
	{"knuth.yaml", 1, "Knuth, Dancing Links (2000), arXiv cs/0011047: the unique solution {A D} {C E F} {B G}"},
	{"colors.yaml", 1, "Knuth, TAOCP 7.2.2.1 color controls; ../shared/data/exactcover/expected.tsv (color-example)"},
	{"queens-8.yaml", 92, "OEIS A000170(8) = 92"},
	{"langford-7.yaml", 52, "OEIS A014552(7) = 26 up to reversal, times 2"},
	{"pentomino-3x20.yaml", 8, "Golomb, Polyominoes: 2 packings of the 3x20 box up to symmetry, times 4"},
	{"knuth-mcc.yaml", 1, "Knuth, the documentation of DLX3: the unique solution {A C X:1 Y:1} {B X:1} {C Y:1}"},
	{"queens2-6.yaml", 1097, "Knuth's DLX3 on the same problem: ../shared/data/mcc/expected.tsv (mcc-queens2-6)"},
}

// TestShippedExamples loads every spec in examples/, solves it, checks the
// count against shippedCounts and every solution with the independent
// verifier. Where the problem is small enough, the brute-force enumerator
// of internal/verify counts it too, against the same figure.
func TestShippedExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("examples", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, tc := range shippedCounts {
		listed[tc.file] = true
	}
	for _, f := range files {
		if !listed[filepath.Base(f)] {
			t.Errorf("%s is shipped but has no entry in shippedCounts", f)
		}
	}
	for _, tc := range shippedCounts {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("examples", tc.file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sp, err := specs.Parse(path, data, specs.YAML)
			if err != nil {
				t.Fatal(err)
			}
			if sp.Name == "" || sp.Description == "" {
				t.Errorf("%s: name and description are required of a shipped example", path)
			}
			if len(sp.Problem.Options) <= verify.MaxBruteForceOptions {
				if n := len(verify.BruteForce(&sp.Problem)); n != int(tc.solutions) {
					t.Errorf("brute force: %d solutions, want %d (%s)", n, tc.solutions, tc.source)
				}
			}
			s, _, err := sp.Compile()
			if err != nil {
				t.Fatal(err)
			}
			var n int64
			for sol := range s.Solutions(context.Background()) {
				n++
				if err := verify.Solution(&sp.Problem, sol); err != nil {
					t.Fatalf("solution %d %v: %v", n, sol, err)
				}
			}
			if n != tc.solutions {
				t.Errorf("%d solutions, want %d (%s)", n, tc.solutions, tc.source)
			}
			if st := s.Stats(); st.Solutions != n || st.Status.String() != "complete" {
				t.Errorf("Stats = %d solutions, status %v; want %d, complete", st.Solutions, st.Status, n)
			}
		})
	}
}
