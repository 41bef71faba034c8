package exactcover_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/specs"
)

// loadDLX reads a Knuth-format instance; it skips the test when the file
// is absent (the shared data may be).
func loadDLX(t testing.TB, path string) *exactcover.Problem {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("instance absent: %v", err)
	}
	sp, err := specs.Parse(path, data, specs.DLX)
	if err != nil {
		t.Fatal(err)
	}
	return &sp.Problem
}

// TestZDDAgainstDLX6 builds the ZDDs of the instances of the reviewer's
// report, on which the frontier alone failed, and compares them with
// published counts and with what Knuth's DLX6 prints for the same files
// (exactcover/testdata/zdd/README.md): the search by itself visits as many
// nodes as DLX6 and makes as many ZDD nodes (DLX6 counts its two sinks);
// the automatic choice gives the same family; every solution of the
// smaller ones is checked by the independent verifier.
func TestZDDAgainstDLX6(t *testing.T) {
	for _, tc := range []struct {
		name, path string
		solutions  int64 // published
		dlx6Nodes  int   // ZDD nodes DLX6 prints, sinks included
		dlx6Search int64 // search nodes DLX6 prints
		tier       string
		verifyAll  bool
	}{
		// 2 packings up to symmetry, ×4 (Knuth, TAOCP 7.2.2.1).
		{"pent-3x20", filepath.Join(sharedDir, "pent-3x20.dlx"), 8, 76, 18164, "short", true},
		// 11520 = 240 solutions × the cube's 48 symmetries (Conway and Guy).
		{"soma", filepath.Join("testdata", "zdd", "soma.dlx"), 11520, 19432, 145131, "short", true},
		// OEIS A002860: Latin squares of order 5.
		{"latin-5", filepath.Join("testdata", "zdd", "latin-5.dlx"), 161280, 104082, 104081, "short", false},
		// The same squares with colors: a cell is a secondary item colored
		// by its symbol.
		{"latin-5-xcc", filepath.Join("testdata", "zdd", "latin-5-xcc.dlx"), 161280, 103962, 105101, "short", false},
		// 2339 packings up to symmetry, ×4 (Haselgrove, 1960).
		{"pent-6x10", filepath.Join(sharedDir, "pent-6x10.dlx"), 9356, 38939, 2243002, "long", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			switch {
			case tc.tier == "long":
				testtier.Long(t) // 7 s by the search, twice as long by the race
			case tc.tier == "short" && testtier.Short():
				t.Skip("seconds under the race detector")
			}
			p := loadDLX(t, tc.path)
			s := newSolver(t, p)
			z, res, err := s.ZDD(context.Background(), exactcover.Config{Method: exactcover.MethodSearch})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Solutions; !got.IsInt64() || got.Int64() != tc.solutions || res.Status != exactcover.Complete {
				t.Fatalf("search: %v solutions (%v), published %d", got, res.Status, tc.solutions)
			}
			if z.Len() != tc.dlx6Nodes-2 || res.Memo.ZDDNodes != z.Len() {
				t.Errorf("search: %d ZDD nodes (stats %d), DLX6 %d with its two sinks", z.Len(), res.Memo.ZDDNodes, tc.dlx6Nodes)
			}
			if res.Search.Nodes != tc.dlx6Search {
				t.Errorf("search: %d nodes, DLX6 %d", res.Search.Nodes, tc.dlx6Search)
			}
			if tc.verifyAll {
				n := int64(0)
				for set := range z.All() {
					sol := make([]int, len(set))
					for i, v := range set {
						sol[i] = exactcover.ZDDOption(v)
					}
					if err := verify.Solution(p, sol); err != nil {
						t.Fatalf("solution %d %v: %v", n+1, sol, err)
					}
					n++
				}
				if n != tc.solutions {
					t.Errorf("listed %d solutions", n)
				}
			}
			if tc.tier == "long" {
				return // the race costs twice the search
			}
			za, res, err := s.ZDD(context.Background(), exactcover.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if got := za.Count(); got.Int64() != tc.solutions || res.Solutions.Cmp(got) != 0 {
				t.Errorf("auto (%s: %s): %v solutions, published %d", res.Method, res.Why, got, tc.solutions)
			}
		})
	}
}

// TestZDDChoice: the ZDD of a thin problem is still made by the frontier,
// that of a wide one by the search; a problem with multiplicities goes to
// the frontier; a method asked for is the method used.
func TestZDDChoice(t *testing.T) {
	mcc := &exactcover.Problem{Primary: []string{"a", "b"}, Bounds: []exactcover.Bounds{{Lo: 0, Hi: 2}, exactcover.Once},
		Options: []exactcover.Option{exactcover.NewOption("a"), exactcover.NewOption("a", "b"), exactcover.NewOption("b")}}
	for _, tc := range []struct {
		name   string
		p      *exactcover.Problem
		method exactcover.Method // asked for
		want   string            // used
		count  int64
	}{
		{"domino 8x8", dominoes(8, 8), exactcover.MethodAuto, "memo", 12988816},
		{"domino 4x4 by search", dominoes(4, 4), exactcover.MethodSearch, "search", 36},
		{"pent-3x20", loadDLX(t, filepath.Join(sharedDir, "pent-3x20.dlx")), exactcover.MethodAuto, "search", 8},
		{"pent-3x20 by the frontier", loadDLX(t, filepath.Join(sharedDir, "pent-3x20.dlx")), exactcover.MethodMemo, "memo", -1},
		{"multiplicities", mcc, exactcover.MethodAuto, "memo", 4}, // {a b}, {a b, a}, {b}, {b, a}
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "pent-3x20" {
				testtier.Slow(t) // 11 million updates on one goroutine
			}
			ctx := context.Background()
			if tc.count < 0 { // hopeless: only its start is checked
				c, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
				defer cancel()
				ctx = c
			}
			_, res, err := newSolver(t, tc.p).ZDD(ctx, exactcover.Config{Method: tc.method})
			if res.Method.String() != tc.want {
				t.Errorf("method %q (%s), want %q", res.Method, res.Why, tc.want)
			}
			if tc.count < 0 {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !res.Solutions.IsInt64() || res.Solutions.Int64() != tc.count {
				t.Errorf("%v solutions, want %d", res.Solutions, tc.count)
			}
		})
	}
	for _, method := range []exactcover.Method{exactcover.Method(7), exactcover.MethodSearch} {
		if _, _, err := newSolver(t, mcc).ZDD(context.Background(), exactcover.Config{Method: method}); !errors.Is(err, exactcover.ErrZDDMethod) {
			t.Errorf("method %v on multiplicities: %v", method, err)
		}
	}
}

// TestZDDSearchStops: the search stops at the memory limit with the
// figure, and when its context ends.
func TestZDDSearchStops(t *testing.T) {
	s := newSolver(t, loadDLX(t, filepath.Join(sharedDir, "pent-3x20.dlx")))
	_, res, err := s.ZDD(context.Background(), exactcover.Config{Method: exactcover.MethodSearch, MemoLimit: 64 << 10})
	if !errors.Is(err, exactcover.ErrMemoLimit) || res.Status != exactcover.Stopped || !strings.Contains(err.Error(), "residual problems") {
		t.Errorf("limit: %v (%v)", err, res.Status)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	s = newSolver(t, loadDLX(t, filepath.Join(sharedDir, "pent-6x10.dlx")))
	start := time.Now()
	if _, res, err := s.ZDD(ctx, exactcover.Config{}); !errors.Is(err, context.DeadlineExceeded) || res.Status != exactcover.Timeout {
		t.Errorf("timeout: %v (%v)", err, res.Status)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("stopped after %v", d)
	}
}
