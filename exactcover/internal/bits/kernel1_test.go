package bits

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
)

// TestFilterOneWord checks the one-word filter against the two-word one
// on rows whose second word is zero: the same survivors in the same
// order, the same item chosen, the same fewest options and the same ties.
func TestFilterOneWord(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 11))
	for trial := range 2000 {
		nItems := 1 + r.IntN(64)
		mask := uint64(1)<<nItems - 1
		if nItems == 64 {
			mask = ^uint64(0)
		}
		density := r.Float64() * 0.5
		rows1 := make([]row1, 1+r.IntN(300))
		rows2 := make([]row2, len(rows1))
		for k := range rows1 {
			var w uint64
			for i := range nItems {
				if r.Float64() < density {
					w |= 1 << i
				}
			}
			rows1[k], rows2[k] = row1{w}, row2{w, 0}
		}
		src := make([]int32, 0, len(rows1))
		for k := range rows1 {
			if r.IntN(4) > 0 {
				src = append(src, int32(k))
			}
		}
		m := r.Uint64() & mask & r.Uint64() & r.Uint64()
		open := r.Uint64() & mask &^ m
		// The one-word filter reads the list from the engine's stack, the
		// rows beside it, and writes after it.
		e := &Engine{one: true, ties: make(set, 2)}
		e.stack, e.stackRows = make([]int32, 3*len(src)), make([]uint64, 3*len(src))
		for i, k := range src {
			e.stack[i], e.stackRows[i] = k, rows1[k].a
		}
		lo, hi := int32(0), int32(len(src))
		n1, best1, least1 := e.filter1(lo, hi, hi, m, open)
		dst1, ties1 := e.stack[hi:hi+int32(n1)], e.ties[:1]
		for i, k := range dst1 {
			if e.stackRows[int(hi)+i] != rows1[k].a {
				t.Fatalf("trial %d: survivor %d, option %d, written with row %x, its row %x", trial, i, k, e.stackRows[int(hi)+i], rows1[k].a)
			}
		}
		dst2 := make([]int32, len(src))
		var ties2 [2]uint64
		n2, best2, least2 := filter2(rows2, src, dst2, row2{m, 0}, row2{open, 0}, &ties2)
		if n1 != n2 || !slices.Equal(dst1[:n1], dst2[:n2]) || best1 != best2 || least1 != least2 || ties1[0] != ties2[0] {
			t.Fatalf("trial %d: one word %d %v best %d least %d ties %x; two words %d %v best %d least %d ties %x",
				trial, n1, dst1[:n1], best1, least1, ties1[0], n2, dst2[:n2], best2, least2, ties2[0])
		}
	}
}

// TestOneWordRows checks which problems the engine filters in one word:
// those whose rows (items and colors) fit 64 bits, without
// multiplicities.
func TestOneWordRows(t *testing.T) {
	// Past maxOneStack, a stack of lists with rows beside it could take
	// more than MaxStack's bytes: the rows are filtered in two words.
	past := int(maxOneStack/(2*37)) + 1
	for _, tc := range []struct {
		name    string
		items   int
		options int // option k has item k mod items
		bounds  bool
		one     bool
	}{
		{"36 items (Langford's pairs of order 12)", 36, 36, false, true},
		{"64 items", 64, 64, false, true},
		{"65 items", 65, 65, false, false},
		{"36 items with multiplicities", 36, 36, true, false},
		{"36 items, options up to maxOneStack", 36, past - 1, false, true},
		{"36 items, options past maxOneStack", 36, past, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &core.Problem{NPrimary: tc.items, NItems: tc.items, Begin: []int32{0}}
			for k := range tc.options {
				p.Items = append(p.Items, int32(k%tc.items))
				p.Begin = append(p.Begin, int32(len(p.Items)))
				p.Caller, p.Index = append(p.Caller, int32(k)), append(p.Index, int32(k))
			}
			if tc.bounds {
				for range tc.items {
					p.Lo, p.Hi = append(p.Lo, 1), append(p.Hi, 2)
				}
			}
			e := core.New[Engine](p)
			if e.err != nil {
				t.Fatal(e.err)
			}
			if e.one != tc.one {
				t.Errorf("one word: %v, want %v", e.one, tc.one)
			}
		})
	}
}

// TestCostOneWord checks the cost search on random problems whose rows
// fit one word, colored ones among them, whose root list the cost search
// orders by net cost: the costs of
// the cheapest solutions against brute force, so that the rows carried
// beside the lists (Engine.stackRows) follow the list as ordered.
func TestCostOneWord(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 12))
	const k = 4
	for range 400 {
		p := enginetest.WithCosts(enginetest.Random(r, false), r.Uint64())
		c, err := NewCostEngine(p)
		if err != nil {
			t.Fatalf("%s: %v", enginetest.Describe(p), err)
		}
		if !c.e.one {
			t.Fatalf("%s: not filtered in one word", enginetest.Describe(p))
		}
		var want []int64
		for _, sol := range enginetest.BruteForce(p) {
			var cost int64
			for _, f := range strings.Fields(strings.Trim(sol, "[]")) {
				o, _ := strconv.Atoi(f)
				cost += p.Costs[p.Index[o]]
			}
			want = append(want, cost)
		}
		slices.Sort(want)
		want = want[:min(k, len(want))]
		if _, got, _ := enginetest.CostSearch(c, k, 0); !slices.Equal(got, want) {
			t.Fatalf("%s: costs %v, brute force %v", enginetest.Describe(p), got, want)
		}
	}
}
