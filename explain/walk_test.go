package explain_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/specs"
)

// sharedDir is the project's read-only shared data, seen from this package.
const sharedDir = "../../shared/data/exactcover"

// readDLX reads a shared file in Knuth's DLX format with package specs,
// skipping the test when the shared data is absent.
func readDLX(t testing.TB, path string) *exactcover.Problem {
	t.Helper()
	p, err := loadDLX(path)
	if err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	return p
}

// loadDLX is readDLX's reading half.
func loadDLX(path string) (*exactcover.Problem, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sp, err := specs.Parse(path, data, specs.DLX)
	if err != nil {
		return nil, err
	}
	return &sp.Problem, nil
}

// expected reads expected.tsv: name → solutions, DLX1 nodes, DLX1 updates.
func expected(t testing.TB) map[string][3]int64 {
	data, err := os.ReadFile(filepath.Join(sharedDir, "expected.tsv"))
	if err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	out := map[string][3]int64{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(line, "\t")
		var v [3]int64
		for j := range v {
			v[j], _ = strconv.ParseInt(f[j+1], 10, 64)
		}
		out[f[0]] = v
	}
	return out
}

// walkAll walks p, checking every solution with verify.
func walkAll(t *testing.T, p *exactcover.Problem) exactcover.Stats {
	t.Helper()
	st, err := explain.Walk(context.Background(), p, 0, func(s *explain.Step) bool {
		if s.Kind == explain.Solution {
			if err := verify.Solution(p, s.Partial); err != nil {
				t.Fatalf("solution %v: %v", s.Partial, err)
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// engineCount is the engine's statistics for p.
func engineCount(t *testing.T, p *exactcover.Problem) exactcover.Stats {
	t.Helper()
	s, err := exactcover.New(p)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Count(context.Background(), exactcover.Config{Method: exactcover.MethodSearch, Engine: exactcover.EngineDLX})
	if err != nil {
		t.Fatal(err)
	}
	return res.Search
}

// TestWalkMatchesKnuth walks shared instances and compares the statistics
// with Knuth's DLX1/DLX2 figures from expected.tsv and with the engine.
func TestWalkMatchesKnuth(t *testing.T) {
	want := expected(t)
	for _, tc := range []struct {
		name string
		long bool
	}{
		{"knuth-example", false},
		{"color-example", false},
		{"queens-8", false},
		{"queens-10", false},
		{"sudoku-17clue", false},
		{"sudoku-escargot", false},
		{"sudoku-goldennugget", true},
		{"pent-3x20", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && testtier.Short() {
				t.Skip("long case; run without -short")
			}
			p := readDLX(t, filepath.Join(sharedDir, tc.name+".dlx"))
			got := walkAll(t, p)
			w := want[tc.name]
			if got.Solutions != w[0] || got.Nodes != w[1] || got.Updates != w[2] {
				t.Errorf("walk: %d solutions, %d nodes, %d updates; Knuth's DLX: %d, %d, %d",
					got.Solutions, got.Nodes, got.Updates, w[0], w[1], w[2])
			}
			eng := engineCount(t, p)
			if got.Cleansings != eng.Cleansings || fmt.Sprint(got.Profile) != fmt.Sprint(eng.Profile) {
				t.Errorf("walk: %d cleansings, profile %v; engine: %d, %v", got.Cleansings, got.Profile, eng.Cleansings, eng.Profile)
			}
			if got.Status != exactcover.Complete {
				t.Errorf("status %v, want complete", got.Status)
			}
		})
	}
}

// TestColorExampleCleansings checks DLX2's cleansing count from the shared
// README (5 on the color example).
func TestColorExampleCleansings(t *testing.T) {
	p := readDLX(t, filepath.Join(sharedDir, "color-example.dlx"))
	if st := walkAll(t, p); st.Cleansings != 5 {
		t.Errorf("%d cleansings, want 5 (Knuth's DLX2)", st.Cleansings)
	}
}

// randomProblem makes a small problem with secondary items and colors.
func randomProblem(r *rand.Rand) *exactcover.Problem {
	p := new(exactcover.Problem)
	nPrim, nSec := 1+r.IntN(6), r.IntN(4)
	for i := range nPrim {
		p.Primary = append(p.Primary, fmt.Sprintf("p%d", i))
	}
	for i := range nSec {
		p.Secondary = append(p.Secondary, fmt.Sprintf("s%d", i))
	}
	all := append(append([]string(nil), p.Primary...), p.Secondary...)
	for range 1 + r.IntN(12) {
		var refs []string
		for _, it := range all {
			if r.IntN(3) != 0 {
				continue
			}
			if it[0] == 's' && r.IntN(2) == 0 {
				it += ":" + strconv.Itoa(r.IntN(2))
			}
			refs = append(refs, it)
		}
		if len(refs) == 0 {
			refs = []string{all[r.IntN(len(all))]}
		}
		p.Options = append(p.Options, exactcover.NewOption(refs...))
	}
	return p
}

// TestWalkRandom compares Walk with the engine and with brute force on
// random small problems, colors included.
func TestWalkRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	runs := 2000
	if testtier.Short() {
		runs = 300
	}
	for run := range runs {
		p := randomProblem(r)
		got := walkAll(t, p)
		eng := engineCount(t, p)
		if got.Solutions != eng.Solutions || got.Nodes != eng.Nodes || got.Updates != eng.Updates || got.Cleansings != eng.Cleansings {
			t.Fatalf("run %d: walk %v (%d cleansings), engine %v (%d cleansings)\n%+v", run, got, got.Cleansings, eng, eng.Cleansings, p)
		}
		if want := int64(len(verify.BruteForce(p))); got.Solutions != want {
			t.Fatalf("run %d: walk found %d solutions, brute force %d\n%+v", run, got.Solutions, want, p)
		}
	}
}

// TestWalkNodeLimit checks that a node limit stops Walk where it stops the
// engine, with multiplicities too (DLX3 checks the limit before it sees a
// solution, DLX1 after).
func TestWalkNodeLimit(t *testing.T) {
	for _, path := range []string{filepath.Join(sharedDir, "queens-8.dlx"), filepath.Join(mccDir, "mcc-queens2-6.dlx")} {
		p := readDLX(t, path)
		s, err := exactcover.New(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int64{1, 2, 10, 100, 1000, 10000} {
			res, _ := s.Count(context.Background(), exactcover.Config{Method: exactcover.MethodSearch, MaxNodes: limit, Engine: exactcover.EngineDLX})
			eng := res.Search
			got, err := explain.Walk(context.Background(), p, limit, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != eng.Status || got.Nodes != eng.Nodes || got.Updates != eng.Updates || got.Solutions != eng.Solutions {
				t.Errorf("%s, limit %d: walk %v, engine %v", path, limit, got, eng)
			}
		}
	}
}

// TestWalkStops checks that returning false stops the walk and that a
// cancelled context is reported.
func TestWalkStops(t *testing.T) {
	p := readDLX(t, filepath.Join(sharedDir, "queens-8.dlx"))
	steps := 0
	st, err := explain.Walk(context.Background(), p, 0, func(*explain.Step) bool { steps++; return steps < 50 })
	if err != nil || st.Status != exactcover.Stopped || steps != 50 {
		t.Errorf("stop at step 50: %v, %v after %d steps", st, err, steps)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err = explain.Walk(ctx, p, 0, nil)
	if err != context.Canceled || st.Status != exactcover.Interrupted {
		t.Errorf("cancelled: %v, %v", st, err)
	}
}

// TestWalkBadProblem checks that invalid problems are refused as the engine
// refuses them.
func TestWalkBadProblem(t *testing.T) {
	for _, p := range []*exactcover.Problem{
		{},
		{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("B")}},
		{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A:red")}},
		{Primary: []string{"A", "A"}},
	} {
		if _, err := explain.Walk(context.Background(), p, 0, nil); err == nil {
			t.Errorf("%+v: no error", p)
		}
	}
}

// TestStepUpdatesAddUp checks what the narration promises a teacher: the
// updates of the Cover and Purify steps add up to the total, and the Enter
// and Solution steps are the nodes.
func TestStepUpdatesAddUp(t *testing.T) {
	for _, name := range []string{"knuth-example", "color-example", "queens-8", "sudoku-17clue"} {
		t.Run(name, func(t *testing.T) {
			p := readDLX(t, filepath.Join(sharedDir, name+".dlx"))
			var updates, nodes int64
			st, err := explain.Walk(context.Background(), p, 0, func(s *explain.Step) bool {
				switch s.Kind {
				case explain.Cover, explain.Purify:
					updates += s.Updates
				case explain.Enter, explain.Solution:
					nodes++
					if s.Node != nodes {
						t.Fatalf("node numbered %d, want %d", s.Node, nodes)
					}
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if updates != st.Updates || nodes != st.Nodes {
				t.Errorf("steps add up to %d updates, %d nodes; totals %d, %d", updates, nodes, st.Updates, st.Nodes)
			}
		})
	}
}

// FuzzWalk checks Walk against the engine, brute force and the verifier on
// random problems drawn from the fuzzer's seeds, with multiplicities when
// bounds is set: go test -fuzz FuzzWalk ./explain. The narration and the
// tree of each problem must be told without error.
func FuzzWalk(f *testing.F) {
	for s := range uint64(8) {
		f.Add(s, s*7+1, s%2 == 1)
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64, bounds bool) {
		r := rand.New(rand.NewPCG(s1, s2))
		p := randomProblem(r)
		if bounds {
			randomBounds(r, p)
		}
		got := walkAll(t, p)
		eng := engineCount(t, p)
		if got.Solutions != eng.Solutions || got.Nodes != eng.Nodes || got.Updates != eng.Updates || got.Cleansings != eng.Cleansings ||
			fmt.Sprint(got.Profile) != fmt.Sprint(eng.Profile) {
			t.Fatalf("walk %v, engine %v\n%+v", got, eng, p)
		}
		if want := int64(len(verify.BruteForce(p))); got.Solutions != want {
			t.Fatalf("walk found %d solutions, brute force %d\n%+v", got.Solutions, want, p)
		}
		var out bytes.Buffer
		if _, err := explain.Narrate(context.Background(), &out, p, explain.Config{Matrix: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := explain.WriteTree(context.Background(), &out, p, explain.TreeConfig{}); err != nil {
			t.Fatal(err)
		}
	})
}
