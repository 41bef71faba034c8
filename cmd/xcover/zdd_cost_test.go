package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// TestZDDMinCost finds the cheapest solution a second way: the ZDD of all
// solutions, weighed by the problem's costs, has the least weight that
// Knuth's DLX5 prints as the optimum (exactcover/testdata/dlx5/figures.tsv:
// $63 for pent-3x20-cost, $77 for queens-8-cost).
func TestZDDMinCost(t *testing.T) {
	testtier.Slow(t)
	t.Parallel()
	for _, tc := range []struct{ file, want string }{
		{"exactcover/testdata/dlx5/pent-3x20-cost.dlx", "weight 63\n"},
		{"exactcover/testdata/dlx5/queens-8-cost.dlx", "weight 77\n"},
	} {
		z := filepath.Join(t.TempDir(), "all.zdd")
		if r := runWith(t, runOpts{}, "solve", "--zdd", z, tc.file); r.code != 0 {
			t.Fatalf("solve --zdd: exit %d: %s", r.code, r.stderr)
		}
		r := runWith(t, runOpts{}, "zdd", "min", "--problem", tc.file, z)
		if r.code != 0 || !strings.HasSuffix(r.stdout, tc.want) {
			t.Errorf("zdd min --problem %s: exit %d, stdout ends %q, want %q\n%s", tc.file, r.code, r.stdout[max(0, len(r.stdout)-20):], tc.want, r.stderr)
		}
	}
}
