package bits_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/specs"
)

// sharedDir holds Knuth-format instances with known counts; see its README.
var sharedDir = filepath.Join("..", "..", "..", "..", "shared", "data", "exactcover")

// loadShared reads a shared instance and compiles it for the engine as
// exactcover does: items numbered primary first, options in their order
// (none is dropped in these files; loadShared fails on one that would be).
func loadShared(t testing.TB, name string) (*exactcover.Problem, *core.Problem) {
	t.Helper()
	return loadSharedIn(t, sharedDir, name)
}

// loadSharedIn is loadShared for an instance of directory dir.
func loadSharedIn(t testing.TB, dir, name string) (*exactcover.Problem, *core.Problem) {
	t.Helper()
	path := filepath.Join(dir, name+".dlx")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	sp, err := specs.Load(path, data, specs.DLX)
	if err != nil {
		t.Fatal(err)
	}
	return &sp.Problem, compile(t, &sp.Problem)
}

// compile numbers p's items, colors and options into a core.Problem.
func compile(t testing.TB, p *exactcover.Problem) *core.Problem {
	t.Helper()
	index := map[string]int32{}
	for i, name := range append(append([]string{}, p.Primary...), p.Secondary...) {
		index[name] = int32(i)
	}
	cp := &core.Problem{NPrimary: len(p.Primary), NItems: len(index), Begin: []int32{0}}
	for _, b := range p.Bounds {
		cp.Lo, cp.Hi = append(cp.Lo, int32(b.Lo)), append(cp.Hi, int32(b.Hi))
	}
	colors := map[string]int32{"": 0}
	for k, o := range p.Options {
		primary := false
		for _, r := range o.Items {
			if _, ok := colors[r.Color]; !ok {
				colors[r.Color] = int32(len(colors))
			}
			cp.Items = append(cp.Items, index[r.Name])
			cp.Colors = append(cp.Colors, colors[r.Color])
			primary = primary || int(index[r.Name]) < len(p.Primary)
		}
		if !primary {
			t.Fatalf("option %d has no primary item", k)
		}
		cp.Begin = append(cp.Begin, int32(len(cp.Items)))
		cp.Caller = append(cp.Caller, int32(k))
		cp.Index = append(cp.Index, int32(k))
	}
	if len(colors) == 1 {
		cp.Colors = nil
	}
	return cp
}

// publishedSolutions returns the number of solutions of each shared
// instance, from expected.tsv (published counts; see its README).
func publishedSolutions(t *testing.T) map[string]int64 {
	data, err := os.ReadFile(filepath.Join(sharedDir, "expected.tsv"))
	if err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	counts := map[string]int64{}
	for _, line := range strings.Split(string(data), "\n")[1:] {
		if name, rest, ok := strings.Cut(line, "\t"); ok {
			n, _, _ := strings.Cut(rest, "\t")
			if counts[name], err = strconv.ParseInt(n, 10, 64); err != nil {
				t.Fatalf("expected.tsv: %v", err)
			}
		}
	}
	return counts
}

// slow are the instances of more than a tenth of a second apiece (with
// both engines), skipped by -short and under -race; long, those of more
// than two seconds, run in the long tier only (testtier.Long).
var (
	slow = map[string]bool{"queens-13": true}
	long = map[string]bool{"queens-14": true, "pent-4x15": true, "pent-5x12": true, "pent-6x10": true, "pent-6x10-sym": true}
)

// TestSharedInstances counts the solutions of every shared instance that
// the engine takes, checks each solution with the independent verifier,
// and compares the count with the published one.
func TestSharedInstances(t *testing.T) {
	published := publishedSolutions(t)
	for _, name := range []string{"knuth-example", "queens-8", "queens-10", "queens-12", "queens-13", "queens-14",
		"pent-3x20", "pent-4x15", "pent-5x12", "pent-6x10-sym", "pent-6x10"} {
		t.Run(name, func(t *testing.T) {
			if long[name] {
				testtier.Long(t)
			}
			if slow[name] && testtier.Short() {
				t.Skip("slow: skipped by -short and under -race")
			}
			p, cp := loadShared(t, name)
			check := verify.NewChecker(p)
			var c core.Counters
			run := core.Run{Visit: func(sol []int) bool {
				if err := check.Check(sol); err != nil {
					t.Fatalf("solution %v: %v", sol, err)
				}
				return true
			}}
			if _, err := newEngine(cp).Search(core.Unit{}, &run, &c); err != nil {
				t.Fatal(err)
			}
			if c.Solutions != published[name] {
				t.Errorf("%d solutions, published %d", c.Solutions, published[name])
			}
			t.Logf("nodes %d, updates %d", c.Nodes, c.Updates)
		})
	}
}

// TestNoAllocation checks that a warm engine allocates nothing in a whole
// search (its stack of lists has grown as far as the search needs).
func TestNoAllocation(t *testing.T) {
	_, p := loadShared(t, "pent-3x20")
	e := newEngine(p)
	run, c := &core.Run{}, &core.Counters{}
	search := func() {
		*c = core.Counters{}
		if _, err := e.Search(core.Unit{}, run, c); err != nil || c.Solutions != 8 {
			t.Fatalf("%+v, %v", *c, err)
		}
	}
	search()
	if n := testing.AllocsPerRun(2, search); n != 0 {
		t.Fatalf("%v allocations per search", n)
	}
}
