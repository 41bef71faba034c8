package bits_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
)

// widen returns p with its primary items moved to random places among
// nPrimary primary items and its secondary items to random places among
// the items after them, at most nItems in all; every place left over is a
// primary item with one option of its own, caller's index NumOptions()
// and up, which every solution takes. It returns the wide problem and
// those options.
func widen(r *rand.Rand, p *core.Problem, nPrimary, nItems int) (*core.Problem, []int) {
	n := p.NumOptions()
	nSecondary := p.NItems - p.NPrimary
	wp := &core.Problem{NPrimary: nPrimary, NItems: nPrimary + nSecondary + r.IntN(nItems-nPrimary-nSecondary+1), Begin: []int32{0}}
	place := make([]int32, p.NItems)
	perm := r.Perm(nPrimary)
	for i := range p.NPrimary {
		place[i] = int32(perm[i])
	}
	secPerm := r.Perm(wp.NItems - nPrimary)
	for i := p.NPrimary; i < p.NItems; i++ {
		place[i] = int32(nPrimary + secPerm[i-p.NPrimary])
	}
	for k := range n {
		items, _ := p.Option(k)
		for _, it := range items {
			wp.Items = append(wp.Items, place[it])
		}
		wp.Begin = append(wp.Begin, int32(len(wp.Items)))
	}
	var own []int
	for _, d := range perm[p.NPrimary:] {
		wp.Items = append(wp.Items, int32(d))
		wp.Begin = append(wp.Begin, int32(len(wp.Items)))
		own = append(own, n+len(own))
	}
	for k := range wp.NumOptions() {
		wp.Caller = append(wp.Caller, int32(k))
		wp.Index = append(wp.Index, int32(k))
	}
	return wp, own
}

// widths are the shapes of the wide problems the tests make, as primary
// items and items at most: rows of four words, and rows past them (the
// wide filter) with primary items in every word, up to MaxItems.
var widths = []struct{ primary, items int }{
	{200, 256},
	{700, 1100},
	{300, bits.MaxItems},
}

// padded returns p with secondary items that no option has, up to n
// items in all: the same problem, in rows of the words n items need.
func padded(p *core.Problem, n int) *core.Problem {
	q := *p
	q.NItems = max(n, p.NItems)
	return &q
}

// withOwn adds the options own to every solution (keys as
// enginetest.BruteForce writes them).
func withOwn(t *testing.T, keys []string, own []int) []string {
	var out []string
	for _, key := range keys {
		sol := slices.Clone(own)
		for f := range strings.FieldsSeq(strings.Trim(key, "[]")) {
			k, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			sol = append(sol, k)
		}
		slices.Sort(sol)
		out = append(out, fmt.Sprint(sol))
	}
	slices.Sort(out)
	return out
}

// TestEngineWide checks the rows of four words and more: random problems,
// widened, against brute force on the original, searched whole, stopped
// and resumed, and with work given away, with the same counters each way.
func TestEngineWide(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	trials := 300
	if testing.Short() {
		trials = 40
	}
	for trial := range trials {
		p := enginetest.Random(r, false)
		p.Colors = nil
		wd := widths[trial%len(widths)]
		wp, own := widen(r, p, wd.primary, wd.items)
		want := withOwn(t, enginetest.BruteForce(p), own)
		e := newEngine(wp)
		whole, got := enginetest.Run(t, e, wp, core.Unit{}, func() core.Action { return core.Continue })
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: solutions %v, want %v\n%s", trial, got, want, enginetest.Describe(p))
		}
		for _, a := range []core.Action{core.Stop, core.Donate} {
			c, got := enginetest.Run(t, e, wp, core.Unit{}, func() core.Action {
				if r.IntN(8) == 0 {
					return a
				}
				return core.Continue
			})
			if !slices.Equal(got, want) || c != whole {
				t.Fatalf("trial %d, action %v: %v %+v, want %v %+v", trial, a, got, c, want, whole)
			}
		}
	}
}

// TestWeighted checks the Weighted rule's solutions against brute force,
// on narrow and wide rows, with weights learned over many searches.
func TestWeighted(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		p := enginetest.Random(r, false)
		p.Colors = nil
		want := enginetest.BruteForce(p)
		if trial%2 == 1 {
			var own []int
			wd := widths[trial/2%len(widths)]
			p, own = widen(r, p, wd.primary, wd.items)
			want = withOwn(t, want, own)
		}
		e := newEngine(p)
		for range 3 { // the weights carry over from one search to the next
			var got []string
			run := core.Run{Weighted: true, Visit: func(sol []int) bool {
				s := slices.Clone(sol)
				slices.Sort(s)
				got = append(got, fmt.Sprint(s))
				return true
			}}
			var c core.Counters
			if _, err := e.Search(core.Unit{}, &run, &c); err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d: %v, want %v\n%s", trial, got, want, enginetest.Describe(p))
			}
		}
	}
}

// TestEnginePadded runs the conformance suite (enginetest) on problems,
// with and without multiplicities, padded with secondary items that no
// option has, so that their rows take five words and more, the wide
// filter's.
func TestEnginePadded(t *testing.T) {
	for _, n := range []int{300, 1100} {
		for _, mcc := range []bool{false, true} {
			t.Run(fmt.Sprint(n, " items, multiplicities ", mcc), func(t *testing.T) {
				enginetest.Check(t, func(p *core.Problem) core.Engine { return newEngine(padded(p, n)) }, mcc)
			})
		}
	}
}
