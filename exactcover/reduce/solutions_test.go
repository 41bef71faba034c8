package reduce_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
)

// named writes a compiled random problem with names: items "i0", "i1", …,
// colors "c1", "c2", ….
func named(c *core.Problem) *exactcover.Problem {
	p := &exactcover.Problem{}
	for i := range c.NItems {
		if i < c.NPrimary {
			p.Primary = append(p.Primary, "i"+strconv.Itoa(i))
		} else {
			p.Secondary = append(p.Secondary, "i"+strconv.Itoa(i))
		}
	}
	for k := range c.NumOptions() {
		items, colors := c.Option(k)
		var o exactcover.Option
		for j, it := range items {
			ref := exactcover.ItemRef{Name: "i" + strconv.Itoa(int(it))}
			if colors != nil && colors[j] != 0 {
				ref.Color = "c" + strconv.Itoa(int(colors[j]))
			}
			o.Items = append(o.Items, ref)
		}
		o.Label = "option " + strconv.Itoa(k)
		o.Cost = int64(k % 3)
		p.Options = append(p.Options, o)
	}
	return p
}

// TestRandomSolutions checks on random problems that the reduced problem's
// solutions, mapped back, are exactly the original's, both found by brute
// force, and that every one is a solution of the original by the verifier.
func TestRandomSolutions(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 20))
	reduced := 0
	for n := range 10000 {
		p := named(enginetest.Random(r, false))
		want := verify.BruteForce(p)
		res, err := reduce.Reduce(context.Background(), p, reduce.Config{Rounds: r.IntN(3)})
		if err != nil {
			t.Fatal(err)
		}
		if res.RemovedOptions > 0 {
			reduced++
		}
		var got [][]int
		for _, sol := range verify.BruteForce(&res.Problem) {
			if err := verify.Solution(&res.Problem, sol); err != nil {
				t.Fatalf("problem %d: %v", n, err)
			}
			orig := res.OriginalSolution(sol)
			if err := verify.Solution(p, orig); err != nil {
				t.Fatalf("problem %d: reduced solution %v stands for %v: %v", n, sol, orig, err)
			}
			for i, k := range sol {
				if o, was := res.Problem.Options[k], p.Options[orig[i]]; o.Label != was.Label || o.Cost != was.Cost {
					t.Fatalf("problem %d: option %d has label %q and cost %d, its original %q and %d", n, k, o.Label, o.Cost, was.Label, was.Cost)
				}
			}
			slices.Sort(orig)
			got = append(got, orig)
		}
		slices.SortFunc(got, slices.Compare)
		slices.SortFunc(want, slices.Compare)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("problem %d:\n%v\nreduced:\n%v\nsolutions %v, want %v", n, p, res.Problem, got, want)
		}
		if res.Infeasible && len(want) > 0 {
			t.Fatalf("problem %d: infeasible but %d solutions", n, len(want))
		}
	}
	if reduced < 1000 {
		t.Errorf("only %d problems of 10000 lost options: the test is too easy", reduced)
	}
}

// TestSharedCounts counts the solutions of the shared instances before and
// after reduction, against their published counts.
func TestSharedCounts(t *testing.T) {
	const dir = "/work/shared/data/exactcover"
	data, err := os.ReadFile(dir + "/expected.tsv")
	if err != nil {
		t.Skip("shared instances not here:", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(line, "\t")
		want, _ := strconv.ParseInt(f[1], 10, 64)
		t.Run(f[0], func(t *testing.T) {
			switch {
			case want > 2500:
				testtier.Long(t) // seconds each
			case (want > 100 || strings.HasPrefix(f[0], "pent-")) && testtier.Short():
				t.Skip("a second or more: slow under -short and -race")
			}
			text, err := os.ReadFile(dir + "/" + f[0] + ".dlx")
			if err != nil {
				t.Fatal(err)
			}
			p := parse(t, f[0], text)
			res, err := reduce.Reduce(context.Background(), p, reduce.Config{})
			if err != nil {
				t.Fatal(err)
			}
			s, err := exactcover.New(&res.Problem)
			if err != nil {
				t.Fatal(err)
			}
			check := verify.NewChecker(p)
			found := int64(0)
			for sol, err := range s.Solutions(context.Background(), exactcover.Config{}) {
				if err != nil {
					t.Fatal(err)
				}
				if err := check.Check(res.OriginalSolution(sol)); err != nil {
					t.Fatal(err)
				}
				found++
			}
			if found != want {
				t.Errorf("%d solutions after reduction, want %d", found, want)
			}
		})
	}
}
