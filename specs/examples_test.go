package specs_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
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
	{"assignment-4.yaml", 24, "4! assignments of four workers to four jobs"},
	{"domino-6x6.yaml", 6728, "OEIS A004003(3) = 6728 domino tilings of the 6x6 board"},
	{"queens2-6.yaml", 1097, "Knuth's DLX3 on the same problem: ../shared/data/mcc/expected.tsv (mcc-queens2-6)"},
}

// TestShippedExamples loads every spec in examples/, solves it, checks the
// count against shippedCounts and every solution with the independent
// verifier. Where the problem is small enough, the brute-force enumerator
// of exactcover/verify counts it too, against the same figure.
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
			st, err := s.Search(context.Background(), exactcover.Config{}, func(sol []int) bool {
				n++
				if err := verify.Solution(&sp.Problem, sol); err != nil {
					t.Fatalf("solution %d %v: %v", n, sol, err)
				}
				return true
			})
			if n != tc.solutions {
				t.Errorf("%d solutions, want %d (%s)", n, tc.solutions, tc.source)
			}
			if err != nil || st.Solutions != n || st.Status != exactcover.Complete {
				t.Errorf("Search = %d solutions, status %v, %v; want %d, complete", st.Solutions, st.Status, err, n)
			}
		})
	}
}

// TestShippedAssignment checks the cheapest assignment of the shipped
// weighted example against every permutation, costed from the matrix in
// its description (written here again), without the solver's help.
func TestShippedAssignment(t *testing.T) {
	matrix := [4][4]int64{{9, 2, 7, 8}, {6, 4, 3, 7}, {5, 8, 1, 8}, {7, 6, 9, 4}}
	least := int64(1 << 62)
	var permute func(w int, used [4]bool, sum int64)
	permute = func(w int, used [4]bool, sum int64) {
		if w == 4 {
			least = min(least, sum)
			return
		}
		for j := range 4 {
			if !used[j] {
				used[j] = true
				permute(w+1, used, sum+matrix[w][j])
				used[j] = false
			}
		}
	}
	permute(0, [4]bool{}, 0)
	data, err := os.ReadFile(filepath.Join("examples", "assignment-4.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sp, err := specs.Parse("assignment-4.yaml", data, specs.YAML)
	if err != nil {
		t.Fatal(err)
	}
	for k, o := range sp.Problem.Options {
		if o.Cost != matrix[k/4][k%4] {
			t.Fatalf("option %d costs %d, the matrix says %d", k, o.Cost, matrix[k/4][k%4])
		}
	}
	s, _, err := sp.Compile()
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Cheapest(context.Background(), exactcover.CostConfig{}, nil)
	if err != nil || len(res.Best) != 1 || res.Best[0].Cost != least || least != 13 {
		t.Fatalf("Cheapest = %+v, %v; the permutations' least cost is %d (the description says 13)", res.Best, err, least)
	}
	if err := verify.Solution(&sp.Problem, res.Best[0].Options); err != nil {
		t.Fatal(err)
	}
}
