package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/exactcover/verify"
)

// TestZDDRun runs the zdd subcommands' run function on options built
// directly, on the ZDD of the 8 queens: its count is OEIS A000170's 92;
// every solution listed or drawn is verified against the problem; a
// solution of least or greatest weight has the weight that a search of
// its own over the permutations of 8 (the test's) finds, with the
// problem's own queens counted once each (8) or weighed row × column.
func TestZDDRun(t *testing.T) {
	t.Parallel()
	const (
		z      = "cmd/xcover/testdata/queens-8.zdd.gz"
		queens = "specs/examples/queens-8.yaml"
	)
	p := loadProblem(t, queens)
	weights, rowTimesColumn := filepath.Join(t.TempDir(), "weights"), map[string]int64{}
	var text strings.Builder
	for _, o := range p.Options { // labels rXcY
		var r, c int64
		if _, err := fmt.Sscanf(o.Label, "r%dc%d", &r, &c); err != nil {
			t.Fatalf("option %q: %v", o.Label, err)
		}
		rowTimesColumn[o.Label] = r * c
		fmt.Fprintln(&text, r*c)
	}
	if err := os.WriteFile(weights, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	least, most := queensWeights(func(r, c int) int64 { return int64(r * c) })
	for _, tc := range []struct {
		name   string
		o      zddOptions // IO and File set below
		sols   int        // solutions printed, each verified
		stdout string     // else exactly, or its end with sols
	}{
		{name: "count", o: zddOptions{What: "count"}, stdout: "92\n"},
		{name: "list", o: zddOptions{What: "list", Problem: queens}, sols: 92},
		{name: "list as JSON", o: zddOptions{What: "list", Problem: queens, JSON: true}, sols: 92},
		{name: "list the option numbers", o: zddOptions{What: "list"}, sols: 92},
		{name: "sample", o: zddOptions{What: "sample", Problem: queens, N: 5, Seed: 7}, sols: 5},
		{name: "the fewest options", o: zddOptions{What: "min", Problem: queens}, sols: 1, stdout: "weight 8\n"},
		{name: "least weight", o: zddOptions{What: "min", Problem: queens, Weights: weights}, sols: 1, stdout: fmt.Sprintf("weight %d\n", least)},
		{name: "greatest weight", o: zddOptions{What: "max", Problem: queens, Weights: weights}, sols: 1, stdout: fmt.Sprintf("weight %d\n", most)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, stdout, stderr := testIO(t, "")
			tc.o.IO, tc.o.File = s, z
			if code := exitcode.Print(zddRun(context.Background(), &tc.o), stderr); code != exitcode.Found {
				t.Fatalf("exit %d\n%s", code, stderr)
			}
			out, ok := strings.CutSuffix(stdout.String(), tc.stdout)
			if !ok {
				t.Fatalf("stdout does not end with %q:\n%s", tc.stdout, stdout)
			}
			if tc.sols == 0 {
				if out != "" {
					t.Errorf("stdout %q, want %q", stdout, tc.stdout)
				}
				return
			}
			var sols [][]int
			if tc.o.Problem == "" { // option numbers from 1, a solution a line
				for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
					var sol []int
					for _, f := range strings.Fields(line) {
						n, _ := strconv.Atoi(f)
						sol = append(sol, n-1)
					}
					if err := verify.Solution(p, sol); err != nil {
						t.Errorf("%q is no solution: %v", line, err)
					}
					sols = append(sols, sol)
				}
			} else {
				sols = checkSolutions(t, queens, tc.o.JSON, strings.TrimSuffix(out, "\n"))
			}
			if len(sols) != tc.sols {
				t.Errorf("%d solutions, want %d", len(sols), tc.sols)
			}
			if tc.o.Weights != "" {
				var w int64
				for _, k := range sols[0] {
					w += rowTimesColumn[p.Options[k].Label]
				}
				if want := fmt.Sprintf("weight %d\n", w); want != tc.stdout {
					t.Errorf("the solution printed weighs %d, and %s", w, tc.stdout)
				}
			}
		})
	}
}

// queensWeights returns the least and the greatest weight of a placement
// of 8 queens, none attacking another, a queen on row r and column c (from
// 1) weighing weight(r, c): every permutation of the columns, tried.
func queensWeights(weight func(r, c int) int64) (least, most int64) {
	least, most = math.MaxInt64, math.MinInt64
	cols := []int{1, 2, 3, 4, 5, 6, 7, 8}
	var try func(k int)
	try = func(k int) {
		if k == len(cols) {
			var w int64
			for r, c := range cols {
				for r2 := range r {
					if d := cols[r2] - c; d == r-r2 || d == r2-r {
						return // on one diagonal
					}
				}
				w += weight(r+1, c)
			}
			least, most = min(least, w), max(most, w)
			return
		}
		for i := k; i < len(cols); i++ {
			cols[k], cols[i] = cols[i], cols[k]
			try(k + 1)
			cols[k], cols[i] = cols[i], cols[k]
		}
	}
	try(0)
	return least, most
}
