package core_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
)

// smallest returns the k smallest of costs, in increasing order: what a
// search for the k cheapest solutions keeps of the costs it met.
func smallest(costs []int64, k int) []int64 {
	s := slices.Sorted(slices.Values(costs))
	return s[:min(k, len(s))]
}

// TestBest checks the K cheapest costs kept as they come: after each cost
// offered (and added when it beats the cut-off), the costs kept are the K
// smallest offered so far, and the cut-off is the K-th of them, NoCost
// while fewer are known.
func TestBest(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for trial := range 300 {
		k := 1 + r.IntN(5)
		b := core.Best{K: k}
		var offered []int64
		for range r.IntN(30) {
			c := r.Int64N(10) // ties are common
			offered = append(offered, c)
			if c < b.Cutoff() {
				b.Add(c)
			}
			want := smallest(offered, k)
			if !slices.Equal(b.Costs, want) {
				t.Fatalf("trial %d, K %d, offered %v: kept %v, want %v", trial, k, offered, b.Costs, want)
			}
			cut := int64(core.NoCost)
			if len(want) == k {
				cut = want[k-1]
			}
			if b.Cutoff() != cut {
				t.Fatalf("trial %d, K %d, offered %v: cut-off %d, want %d", trial, k, offered, b.Cutoff(), cut)
			}
		}
	}
}

// TestBound checks the cut-off that workers share: offered costs from
// several goroutines at once, it keeps the K smallest, accepts only those
// that beat the cut-off when offered, and returns them with the taxes
// added back.
func TestBound(t *testing.T) {
	const k, workers, each = 5, 4, 200
	b := core.NewBound(k)
	if b.Cutoff() != core.NoCost {
		t.Fatalf("a new bound's cut-off is %d", b.Cutoff())
	}
	offered := make([][]int64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 9))
			for range each {
				c := 3 + r.Int64N(1000)
				before := b.Cutoff()
				ok := b.Offer(c)
				if ok && c >= before || !ok && c < b.Cutoff() {
					t.Errorf("cost %d offered with cut-off %d: accepted %v, cut-off now %d", c, before, ok, b.Cutoff())
				}
				offered[w] = append(offered[w], c)
			}
		}()
	}
	wg.Wait()
	want := smallest(slices.Concat(offered...), k)
	if b.Cutoff() != want[k-1] {
		t.Errorf("cut-off %d, want %d", b.Cutoff(), want[k-1])
	}
	got := b.Costs(100)
	for i := range want {
		want[i] += 100
	}
	if !slices.Equal(got, want) {
		t.Errorf("costs %v, want %v", got, want)
	}
}

// TestTaxes checks DLX5's taxes on random problems with random costs:
// net costs stay at 0 or more, the cheapest option of every item that has
// options costs nothing net, an item without options is taxed nothing,
// and every solution (brute force) costs its net cost plus the total tax.
func TestTaxes(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 13))
	for trial := range 200 {
		p := enginetest.Random(r, false)
		p.Costs = make([]int64, p.NumOptions())
		for k := range p.Costs {
			p.Costs[k] = r.Int64N(20)
		}
		net, tax, total := core.Taxes(p)
		var sum int64
		for _, x := range tax {
			sum += x
		}
		if sum != total {
			t.Fatalf("trial %d: taxes %v add up to %d, total %d", trial, tax, sum, total)
		}
		for i := range p.NPrimary {
			cheapest := int64(-1)
			for k := range p.NumOptions() {
				if items, _ := p.Option(k); slices.Contains(items, int32(i)) && (cheapest < 0 || net[k] < cheapest) {
					cheapest = net[k]
				}
			}
			if cheapest > 0 || cheapest < 0 && tax[i] != 0 {
				t.Fatalf("trial %d: item %d's cheapest option costs %d net, its tax %d\n%s", trial, i, cheapest, tax[i], enginetest.Describe(p))
			}
		}
		for k, x := range net {
			if x < 0 {
				t.Fatalf("trial %d: option %d costs %d net", trial, k, x)
			}
		}
		if p.NumOptions() > 11 {
			continue // brute force on the smaller problems only
		}
		for mask := 0; mask < 1<<p.NumOptions(); mask++ {
			var chosen []int
			var cost, netCost int64
			for k := range p.NumOptions() {
				if mask&(1<<k) != 0 {
					chosen = append(chosen, k)
					cost, netCost = cost+p.Costs[k], netCost+net[k]
				}
			}
			if enginetest.Valid(p, chosen) && cost != netCost+total {
				t.Fatalf("trial %d: solution %v costs %d, %d net plus %d of taxes", trial, chosen, cost, netCost, total)
			}
		}
	}
}

// TestCheckCostPath checks the paths a resumed cost search may stand at:
// each step an option that exists and holds its step's primary item, no
// primary item covered twice, colors that agree, no excluding step.
func TestCheckCostPath(t *testing.T) {
	p := small() // 0: a x:1   1: b c y   3: a b   4: c x:2 y  (2 dropped)
	s := func(item, option int32) core.Step { return core.Step{Item: item, Option: option} }
	for _, tc := range []struct {
		name string
		path []core.Step
		want string // in the error; "" for none
	}{
		{"empty", nil, ""},
		{"one step", []core.Step{s(0, 0)}, ""},
		{"a partial solution", []core.Step{s(0, 0), s(1, 1)}, ""},
		{"through another of the option's items", []core.Step{s(2, 1), s(0, 0)}, ""},
		{"a dropped option", []core.Step{s(0, 2)}, "no option 2"},
		{"an option beyond the caller's", []core.Step{s(0, 5)}, "no option 5"},
		{"a negative option", []core.Step{s(0, -1)}, "no option -1"},
		{"a secondary item", []core.Step{s(3, 0)}, "primary item 3"},
		{"a negative item", []core.Step{s(-1, 0)}, "primary item -1"},
		{"an item the option lacks", []core.Step{s(1, 0)}, "step 1: option 0 does not contain item 1"},
		{"an item covered twice", []core.Step{s(0, 0), s(1, 3)}, "step 2: option 3 covers item 0 again"},
		{"two colors on one item", []core.Step{s(0, 0), s(2, 4)}, "step 2: option 4 clashes on secondary item 3"},
		{"an excluding step", []core.Step{{Item: 0, Option: 0, Exclude: true}}, "no option 0"},
	} {
		err := core.CheckCostPath(p, tc.path)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	// Uncolored uses of one secondary item by two options clash.
	q := small()
	q.Colors = nil
	if err := core.CheckCostPath(q, []core.Step{s(0, 0), s(2, 4)}); err == nil || !strings.Contains(err.Error(), "clashes on secondary item 3") {
		t.Errorf("two uncolored uses of item 3: %v", err)
	}
	// Options of one color on one item agree.
	q = small()
	q.Colors[8] = 1
	if err := core.CheckCostPath(q, []core.Step{s(0, 0), s(2, 4)}); err != nil {
		t.Errorf("two uses of item 3 with color 1: %v", err)
	}
}
