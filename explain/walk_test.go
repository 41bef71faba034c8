package explain_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"xcover/exactcover"
	"xcover/explain"
)

// sharedDir is the project's read-only shared data, seen from this package.
const sharedDir = "../../shared/data/exactcover"

// readDLX reads Knuth's DLX text format (see the shared README): comment
// lines start with "|", the first other line names the primary items, then
// "|" and the secondary ones, and every later line is an option. It is the
// test's own reader, independent of package specs.
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
	p := new(exactcover.Problem)
	header := true
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "|") {
			continue
		}
		if header {
			prim, sec, _ := strings.Cut(line, "|")
			p.Primary, p.Secondary = strings.Fields(prim), strings.Fields(sec)
			header = false
			continue
		}
		p.Options = append(p.Options, exactcover.NewOption(strings.Fields(line)...))
	}
	return p, sc.Err()
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

// verify checks a solution independently of any solver: every primary item
// is used exactly once, every secondary item at most once or always with
// the same color.
func verify(p *exactcover.Problem, sol []int) error {
	primary := map[string]int{}
	for _, it := range p.Primary {
		primary[it] = 0
	}
	color := map[string]string{} // secondary item → color of its uses ("" uncolored)
	for _, k := range sol {
		for _, r := range p.Options[k].Items {
			if _, ok := primary[r.Name]; ok {
				primary[r.Name]++
				continue
			}
			c, used := color[r.Name]
			if used && (c == "" || r.Color == "" || c != r.Color) {
				return fmt.Errorf("secondary item %s used twice incompatibly", r.Name)
			}
			color[r.Name] = r.Color
		}
	}
	for it, n := range primary {
		if n != 1 {
			return fmt.Errorf("primary item %s covered %d times", it, n)
		}
	}
	return nil
}

// walkAll walks p, checking every solution with verify.
func walkAll(t *testing.T, p *exactcover.Problem) exactcover.Stats {
	t.Helper()
	st, err := explain.Walk(context.Background(), p, 0, func(s *explain.Step) bool {
		if s.Kind == explain.Solution {
			if err := verify(p, s.Partial); err != nil {
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
	st, err := s.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
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
			if tc.long && testing.Short() {
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

// bruteForce counts the solutions of p by trying every subset of options.
func bruteForce(p *exactcover.Problem) int64 {
	var n int64
	for mask := 0; mask < 1<<len(p.Options); mask++ {
		var sol []int
		for k := range p.Options {
			if mask&(1<<k) != 0 {
				sol = append(sol, k)
			}
		}
		if verify(p, sol) == nil {
			n++
		}
	}
	return n
}

// TestWalkRandom compares Walk with the engine and with brute force on
// random small problems, colors included.
func TestWalkRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	runs := 2000
	if testing.Short() {
		runs = 300
	}
	for run := range runs {
		p := randomProblem(r)
		got := walkAll(t, p)
		eng := engineCount(t, p)
		if got.Solutions != eng.Solutions || got.Nodes != eng.Nodes || got.Updates != eng.Updates || got.Cleansings != eng.Cleansings {
			t.Fatalf("run %d: walk %v (%d cleansings), engine %v (%d cleansings)\n%+v", run, got, got.Cleansings, eng, eng.Cleansings, p)
		}
		// A subset that covers the primary items may still include an
		// option without a primary item, which the search never uses.
		if want := bruteForcePrimaryOnly(p); got.Solutions != want {
			t.Fatalf("run %d: walk found %d solutions, brute force %d\n%+v", run, got.Solutions, want, p)
		}
	}
}

// bruteForcePrimaryOnly counts solutions made only of options that contain
// a primary item, as Knuth's programs define them.
func bruteForcePrimaryOnly(p *exactcover.Problem) int64 {
	primary := map[string]bool{}
	for _, it := range p.Primary {
		primary[it] = true
	}
	q := &exactcover.Problem{Primary: p.Primary, Secondary: p.Secondary}
	for _, o := range p.Options {
		for _, r := range o.Items {
			if primary[r.Name] {
				q.Options = append(q.Options, o)
				break
			}
		}
	}
	return bruteForce(q)
}

// TestWalkNodeLimit checks that a node limit stops Walk where it stops the
// engine.
func TestWalkNodeLimit(t *testing.T) {
	p := readDLX(t, filepath.Join(sharedDir, "queens-8.dlx"))
	s, err := exactcover.New(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int64{1, 2, 10, 100, 1000} {
		eng, _ := s.Search(context.Background(), exactcover.Config{MaxNodes: limit}, nil)
		got, err := explain.Walk(context.Background(), p, limit, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != exactcover.NodeLimit || got.Nodes != eng.Nodes || got.Updates != eng.Updates || got.Solutions != eng.Solutions {
			t.Errorf("limit %d: walk %v, engine %v", limit, got, eng)
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

// FuzzWalk checks Walk against the engine and the verifier on random
// problems drawn from the fuzzer's seeds: go test -fuzz FuzzWalk ./explain.
func FuzzWalk(f *testing.F) {
	for s := range uint64(8) {
		f.Add(s, s*7+1)
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		p := randomProblem(rand.New(rand.NewPCG(s1, s2)))
		got := walkAll(t, p)
		eng := engineCount(t, p)
		if got.Solutions != eng.Solutions || got.Nodes != eng.Nodes || got.Updates != eng.Updates || got.Cleansings != eng.Cleansings {
			t.Fatalf("walk %v, engine %v\n%+v", got, eng, p)
		}
		var out bytes.Buffer
		if _, err := explain.Narrate(context.Background(), &out, p, explain.Config{Matrix: true}); err != nil {
			t.Fatal(err)
		}
		if err := explain.WriteTree(context.Background(), &out, p, 0); err != nil && !errors.Is(err, explain.ErrTreeTooLarge) {
			t.Fatal(err)
		}
	})
}
