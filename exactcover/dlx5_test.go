package exactcover_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/specs"
)

// dlx5Row is one line of testdata/dlx5/figures.tsv: what Knuth's DLX5
// printed for an instance and a K (see testdata/dlx5/README.md).
type dlx5Row struct {
	file                                  string
	k                                     int
	solutions, nodes, updates, cleansings int64
	found, best                           []int64
}

func readDLX5Figures(t *testing.T) []dlx5Row {
	f, err := os.Open("testdata/dlx5/figures.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []dlx5Row
	sc := bufio.NewScanner(f)
	sc.Scan() // the header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 8 {
			t.Fatalf("figures.tsv: %q has %d fields, want 8", sc.Text(), len(c))
		}
		var r dlx5Row
		r.file = c[0]
		r.k, _ = strconv.Atoi(c[1])
		for i, dst := range []*int64{&r.solutions, &r.nodes, &r.updates, &r.cleansings} {
			if *dst, err = strconv.ParseInt(c[2+i], 10, 64); err != nil {
				t.Fatal(err)
			}
		}
		r.found, r.best = costList(t, c[6]), costList(t, c[7])
		rows = append(rows, r)
	}
	return rows
}

func costList(t *testing.T, s string) []int64 {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		if f == "" {
			continue
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	return out
}

// dlx5Instance reads an instance named in figures.tsv: a file, or
// "random.txt#N", the N-th instance of random.txt.
func dlx5Instance(t *testing.T, name string) *specs.Spec {
	file, n, inSet := strings.Cut(name, "#")
	data, err := os.ReadFile("testdata/dlx5/" + file)
	if err != nil {
		t.Fatal(err)
	}
	if inSet {
		parts := strings.Split(string(data), "=== instance ")
		i, _ := strconv.Atoi(n)
		_, text, _ := strings.Cut(parts[i], "\n")
		data = []byte(text)
	}
	sp, err := specs.Parse(name, data, specs.DLX)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// TestDLX5 checks Solver.Cheapest against the figures Knuth's DLX5 printed
// on the same instances: the solutions found, in order, with their costs,
// the counts of nodes, updates and cleansings, and the K best costs.
// Every solution also goes through the verifier, and its cost is summed
// from the problem.
func TestDLX5(t *testing.T) {
	testtier.Slow(t)
	for _, r := range readDLX5Figures(t) {
		t.Run(fmt.Sprintf("%s/k%d", r.file, r.k), func(t *testing.T) {
			p, s := dlx5Solver(t, r)
			var found []int64
			var sols [][]int
			res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: r.k, Engine: exactcover.EngineDLX}, func(sol []int, cost int64) bool {
				if err := verify.Solution(p, sol); err != nil {
					t.Fatal(err)
				}
				if c := costOf(p, sol); c != cost {
					t.Fatalf("solution %v reported at cost %d, its options cost %d", sol, cost, c)
				}
				found = append(found, cost)
				sols = append(sols, slices.Clone(sol))
				return true
			})
			if err != nil || res.Status != exactcover.Complete {
				t.Fatalf("Cheapest: %v, %v", res.Status, err)
			}
			got := [4]int64{res.Solutions, res.Nodes, res.Updates, res.Cleansings}
			if want := [4]int64{r.solutions, r.nodes, r.updates, r.cleansings}; got != want {
				t.Errorf("solutions, nodes, updates, cleansings = %v, DLX5 says %v", got, want)
			}
			if !slices.Equal(found, r.found) {
				t.Errorf("costs found %v, DLX5 found %v", found, r.found)
			}
			if best := verifiedCosts(t, p, res.Best); !slices.Equal(best, r.best) {
				t.Errorf("best costs %v, DLX5 says %v", best, r.best)
			}
			checkDLX5Options(t, r, p, sols)
		})
	}
}

// maxQuickUpdates bounds the searches the quick tier runs: a million
// updates take a few milliseconds, and ten times as long under the race
// detector.
const maxQuickUpdates = 1_000_000

// costOf sums the costs of a solution's options.
// dlx5Solver returns the instance of r and its Solver, or skips the test
// when the instance is slow and the tests are short.
func dlx5Solver(t *testing.T, r dlx5Row) (*exactcover.Problem, *exactcover.Solver) {
	t.Helper()
	if r.updates > maxQuickUpdates && testtier.Short() {
		t.Skip("slow under -short and -race")
	}
	sp := dlx5Instance(t, r.file)
	return &sp.Problem, mustNew(t, &sp.Problem)
}

func costOf(p *exactcover.Problem, sol []int) int64 {
	c := int64(0)
	for _, k := range sol {
		c += p.Options[k].Cost
	}
	return c
}

// verifiedCosts checks that each of best is a solution of p at the cost
// its options sum to, and returns their costs in order.
func verifiedCosts(t *testing.T, p *exactcover.Problem, best []exactcover.CostSolution) []int64 {
	t.Helper()
	var costs []int64
	for _, b := range best {
		if err := verify.Solution(p, b.Options); err != nil || costOf(p, b.Options) != b.Cost {
			t.Fatalf("best %v at cost %d: %v", b.Options, b.Cost, err)
		}
		costs = append(costs, b.Cost)
	}
	return costs
}

// bruteForceCosts returns the costs of all the solutions of p, found by
// the brute force of package verify, in increasing order.
func bruteForceCosts(p *exactcover.Problem) []int64 {
	var all []int64
	for _, sol := range verify.BruteForce(p) {
		all = append(all, costOf(p, sol))
	}
	slices.Sort(all)
	return all
}

// checkDLX5Options compares the solutions with those DLX5 printed (with
// its option m1) in testdata/dlx5/NAME.kK.out, where it exists: each
// option as the names of its items, from the item branched on.
func checkDLX5Options(t *testing.T, r dlx5Row, p *exactcover.Problem, sols [][]int) {
	data, err := os.ReadFile(fmt.Sprintf("testdata/dlx5/%s.k%d.out", strings.TrimSuffix(r.file, ".dlx"), r.k))
	if os.IsNotExist(err) {
		return
	} else if err != nil {
		t.Fatal(err)
	}
	var want []string // one per solution: its options' item sets
	var cur []string
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.Contains(line, "(total cost"):
			if cur != nil {
				want = append(want, strings.Join(cur, " / "))
			}
			cur = []string{}
		case strings.HasPrefix(line, " "):
			names, _, _ := strings.Cut(line, " (")
			cur = append(cur, itemSet(strings.Fields(names)))
		}
	}
	if cur != nil {
		want = append(want, strings.Join(cur, " / "))
	}
	var got []string
	for _, sol := range sols {
		var opts []string
		for _, k := range sol {
			var names []string
			for _, ref := range p.Options[k].Items {
				names = append(names, ref.String())
			}
			opts = append(opts, itemSet(names))
		}
		got = append(got, strings.Join(opts, " / "))
	}
	if !slices.Equal(got, want) {
		t.Errorf("solutions\n%s\nDLX5 printed\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// itemSet writes an option's items sorted, so that DLX5's rotation (it
// prints an option from the item it branched on) does not matter.
func itemSet(names []string) string {
	names = slices.Clone(names)
	slices.Sort(names)
	return strings.Join(names, ",")
}
