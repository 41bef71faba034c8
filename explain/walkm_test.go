package explain_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/testtier"
)

// mccDir is the shared multiplicity instances in Knuth's DLX3 format.
const mccDir = "../../shared/data/mcc"

var mccBig = flag.Bool("mcc.big", false, "also walk the big multiplicity instances (mcc-queens2-8, mcc-tetra-5x8, mcc-tetra-4x10: minutes)")

// mccWant is a row of mcc/expected.tsv: what Knuth's DLX3 reports.
type mccWant struct {
	solutions, nodes, updates, cleansings int64
}

// expectedMCC reads mcc/expected.tsv: name → DLX3's figures.
func expectedMCC(t testing.TB) map[string]mccWant {
	data, err := os.ReadFile(filepath.Join(mccDir, "expected.tsv"))
	if err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	out := map[string]mccWant{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(line, "\t")
		var v [4]int64
		for j := range v {
			if v[j], err = strconv.ParseInt(f[j+1], 10, 64); err != nil {
				t.Fatalf("expected.tsv: %q: %v", line, err)
			}
		}
		out[f[0]] = mccWant{v[0], v[1], v[2], v[3]}
	}
	return out
}

// TestWalkMatchesDLX3 walks the shared multiplicity instances and compares
// the statistics with Knuth's DLX3 figures from mcc/expected.tsv, and the
// profile with the dlx engine's; every solution is verified.
func TestWalkMatchesDLX3(t *testing.T) {
	want := expectedMCC(t)
	const (
		always = iota
		long   // only in the long tier (testtier.Long)
		big    // only with -mcc.big
	)
	for _, tc := range []struct {
		name string
		size int
	}{
		{"mcc-knuth", always},
		{"mcc-queens2-6", always},
		{"mcc-queens2-7", long},
		{"mcc-tetra-6x6", long},
		{"mcc-tetra-5x8", big},
		{"mcc-tetra-4x10", big},
		{"mcc-queens2-8", big},
		// mcc-queens2-9 is a benchmark: DLX3 takes a minute, the walk hours.
	} {
		t.Run(tc.name, func(t *testing.T) {
			switch {
			case tc.size == long:
				testtier.Long(t)
			case tc.size == big && !*mccBig:
				t.Skip("big case; run with -mcc.big")
			}
			p := readDLX(t, filepath.Join(mccDir, tc.name+".dlx"))
			w, ok := want[tc.name]
			if !ok {
				t.Fatalf("%s is not in expected.tsv", tc.name)
			}
			got := walkAll(t, p)
			if got.Solutions != w.solutions || got.Nodes != w.nodes || got.Updates != w.updates || got.Cleansings != w.cleansings {
				t.Errorf("walk: %d solutions, %d nodes, %d updates, %d cleansings; Knuth's DLX3: %d, %d, %d, %d",
					got.Solutions, got.Nodes, got.Updates, got.Cleansings, w.solutions, w.nodes, w.updates, w.cleansings)
			}
			if got.Status != exactcover.Complete {
				t.Errorf("status %v, want complete", got.Status)
			}
			if tc.size == always {
				if eng := engineCount(t, p); fmt.Sprint(got.Profile) != fmt.Sprint(eng.Profile) {
					t.Errorf("walk: profile %v; engine: %v", got.Profile, eng.Profile)
				}
			}
		})
	}
}

// randomBounds gives each primary item of p bounds lo..hi with 0 ≤ lo ≤ hi,
// 1 ≤ hi ≤ 3, exactly once for about a third of them.
func randomBounds(r *rand.Rand, p *exactcover.Problem) {
	p.Bounds = make([]exactcover.Bounds, len(p.Primary))
	for i := range p.Bounds {
		p.Bounds[i] = exactcover.Once
		if r.IntN(3) != 0 {
			hi := 1 + r.IntN(3)
			p.Bounds[i] = exactcover.Bounds{Lo: r.IntN(hi + 1), Hi: hi}
		}
	}
}

// randomProblemM is randomProblem with bounds: small problems with
// secondary items, colors and multiplicities, and options that repeat
// items often enough for an item to be covered more than once.
func randomProblemM(r *rand.Rand) *exactcover.Problem {
	p := randomProblem(r)
	randomBounds(r, p)
	return p
}

// TestWalkRandomMCC compares Walk with the dlx engine (an independent
// implementation of DLX3's algorithm) and with brute force on random
// problems with bounds, colors and secondary items.
func TestWalkRandomMCC(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	runs := 2000
	if testtier.Short() {
		runs = 300
	}
	mcc := 0
	seen := map[string]int{} // the kinds of steps the problems exercised
	for run := range runs {
		p := randomProblemM(r)
		if p.HasMultiplicities() {
			mcc++
		}
		explain.Walk(context.Background(), p, 0, func(s *explain.Step) bool {
			switch {
			case s.Kind == explain.Choose && s.Degree <= 0 && p.HasMultiplicities():
				seen["dead end"]++
			case s.Kind == explain.Tweak && s.Hidden == nil:
				seen["tweak of a covered item"]++
			case s.Kind == explain.Backtrack && s.Uncovered && len(s.Untweaked) > 0:
				seen["untweak and uncover"]++
			case s.Kind == explain.Solution && s.Level > len(s.Partial):
				seen["solution below a null branch"]++
			}
			seen[s.Kind.String()]++
			return true
		})
		got := walkAll(t, p)
		eng := engineCount(t, p)
		if got.Solutions != eng.Solutions || got.Nodes != eng.Nodes || got.Updates != eng.Updates || got.Cleansings != eng.Cleansings ||
			fmt.Sprint(got.Profile) != fmt.Sprint(eng.Profile) {
			t.Fatalf("run %d: walk %v (%d cleansings, profile %v), engine %v (%d cleansings, profile %v)\n%+v",
				run, got, got.Cleansings, got.Profile, eng, eng.Cleansings, eng.Profile, p)
		}
		if want := int64(len(verify.BruteForce(p))); got.Solutions != want {
			t.Fatalf("run %d: walk found %d solutions, brute force %d\n%+v", run, got.Solutions, want, p)
		}
	}
	if mcc < runs/2 {
		t.Errorf("only %d of %d random problems have multiplicities", mcc, runs)
	}
	for _, kind := range []string{"lower", "tweak", "null", "dead end", "tweak of a covered item", "untweak and uncover", "solution below a null branch", "purify"} {
		if seen[kind] == 0 {
			t.Errorf("no %s in %d random problems", kind, runs)
		}
	}
	t.Logf("steps seen: %v", seen)
}

// TestWalkSolutionsOnce checks on random problems with bounds that Walk
// finds each solution once: tweaking is what keeps Algorithm M from
// finding a set of options again in another order.
func TestWalkSolutionsOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for run := range 300 {
		p := randomProblemM(r)
		seen := map[string]bool{}
		_, err := explain.Walk(context.Background(), p, 0, func(s *explain.Step) bool {
			if s.Kind == explain.Solution {
				key := fmt.Sprint(slices.Sorted(slices.Values(s.Partial)))
				if seen[key] {
					t.Fatalf("run %d: solution %s found twice\n%+v", run, key, p)
				}
				seen[key] = true
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestMCCStepsAddUp checks what the narration promises a teacher on
// problems with multiplicities: the updates of the Cover, Purify and Tweak
// steps add up to the total, the cleansings of the Purify steps too; the
// Enter and Solution steps are the nodes; every level tries exactly the
// branches its Choose step announced, the null branch last; and the
// bounds told go down and back up in step.
func TestMCCStepsAddUp(t *testing.T) {
	problems := map[string]*exactcover.Problem{}
	for _, name := range []string{"mcc-knuth", "mcc-queens2-6"} {
		problems[name] = readDLX(t, filepath.Join(mccDir, name+".dlx"))
	}
	r := rand.New(rand.NewPCG(7, 8))
	for run := range 300 {
		if p := randomProblemM(r); p.HasMultiplicities() {
			problems[fmt.Sprintf("random-%d", run)] = p
		}
	}
	for name, p := range problems {
		var updates, cleansings, nodes int64
		type level struct{ k, d int }
		var levels []level // per level: branches tried so far, announced
		bound := map[int]int{}
		for i := range p.Primary {
			bound[i] = p.ItemBounds(i).Hi
		}
		st, err := explain.Walk(context.Background(), p, 0, func(s *explain.Step) bool {
			switch s.Kind {
			case explain.Cover, explain.Purify, explain.Tweak:
				updates += s.Updates
				cleansings += s.Cleansings
				if s.Kind == explain.Cover && s.Item < len(p.Primary) {
					bound[s.Item]--
					if bound[s.Item] != 0 {
						t.Fatalf("%s: %s covered with bound %d", name, p.Primary[s.Item], bound[s.Item])
					}
				}
			case explain.Lower:
				bound[s.Item]--
				if bound[s.Item] != s.Bound || s.Bound <= 0 {
					t.Fatalf("%s: %s's bound told %d, want %d", name, p.Primary[s.Item], s.Bound, bound[s.Item])
				}
			case explain.Undo:
				for _, i := range s.Items {
					if i < len(p.Primary) {
						bound[i]++
					}
				}
				for _, it := range s.Raised {
					bound[it.Item]++
					if bound[it.Item] != it.Bound {
						t.Fatalf("%s: %s's bound raised to %d, want %d", name, p.Primary[it.Item], it.Bound, bound[it.Item])
					}
				}
			case explain.Enter, explain.Solution:
				nodes++
				if s.Node != nodes {
					t.Fatalf("%s: node numbered %d, want %d", name, s.Node, nodes)
				}
			case explain.Choose:
				if s.Bound != bound[s.Item] {
					t.Fatalf("%s: %s chosen with bound %d, want %d", name, p.Primary[s.Item], s.Bound, bound[s.Item])
				}
				levels = append(levels[:s.Level], level{0, s.Degree})
			case explain.Try, explain.Null:
				lv := &levels[s.Level]
				lv.k++
				if s.K != lv.k || s.D != lv.d {
					t.Fatalf("%s: branch %d of %d told as %d of %d", name, lv.k, lv.d, s.K, s.D)
				}
			case explain.Backtrack:
				lv := levels[s.Level]
				if lv.d > 0 && lv.k != lv.d {
					t.Fatalf("%s: %d of %d branches tried", name, lv.k, lv.d)
				}
				if lv.d > 0 { // not a dead end: the node's own option is given back
					bound[s.Item]++
				}
				if s.Bound != bound[s.Item] {
					t.Fatalf("%s: %s's bound restored to %d, want %d", name, p.Primary[s.Item], s.Bound, bound[s.Item])
				}
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if updates != st.Updates || cleansings != st.Cleansings || nodes != st.Nodes {
			t.Errorf("%s: steps add up to %d updates, %d cleansings, %d nodes; totals %d, %d, %d",
				name, updates, cleansings, nodes, st.Updates, st.Cleansings, st.Nodes)
		}
	}
}
