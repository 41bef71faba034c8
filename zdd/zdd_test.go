package zdd

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fromSets builds the ordered ZDD of a family given as a list of sets, by
// the definition: split on the smallest variable present.
func fromSets(b *Builder, sets [][]int) Node {
	if len(sets) == 0 {
		return Bottom
	}
	v := math.MaxInt
	for _, s := range sets {
		for _, x := range s {
			v = min(v, x)
		}
	}
	if v == math.MaxInt { // only empty sets: the family {∅}
		return Top
	}
	var lo, hi [][]int
	for _, s := range sets {
		if i := slices.Index(s, v); i >= 0 {
			hi = append(hi, slices.Delete(slices.Clone(s), i, i+1))
		} else {
			lo = append(lo, s)
		}
	}
	return b.Node(v, fromSets(b, lo), fromSets(b, hi))
}

// keyOf writes a set sorted, for comparing families.
func keyOf(s []int) string {
	s = slices.Clone(s)
	slices.Sort(s)
	return fmt.Sprint(s)
}

func randomFamily(r *rand.Rand) [][]int {
	nVars := 1 + r.IntN(8)
	seen := map[string]bool{}
	var sets [][]int
	for range r.IntN(20) {
		var s []int
		for v := 1; v <= nVars; v++ {
			if r.IntN(3) == 0 {
				s = append(s, v)
			}
		}
		if k := keyOf(s); !seen[k] {
			seen[k] = true
			sets = append(sets, s)
		}
	}
	return sets
}

func familyKeys(sets [][]int) []string {
	keys := make([]string, len(sets))
	for i, s := range sets {
		keys[i] = keyOf(s)
	}
	slices.Sort(keys)
	return keys
}

func listKeys(z *ZDD) []string {
	var keys []string
	for s := range z.All() {
		keys = append(keys, keyOf(s))
	}
	slices.Sort(keys)
	return keys
}

// TestRandomFamilies builds random families set by set and checks that
// counting, listing, writing and reading give back the family.
func TestRandomFamilies(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 500 {
		sets := randomFamily(r)
		b := NewBuilder(0)
		z := b.ZDD(fromSets(b, sets))
		want := familyKeys(sets)
		if got := z.Count(); got.Cmp(big.NewInt(int64(len(sets)))) != 0 {
			t.Fatalf("trial %d: count %v, want %d", trial, got, len(sets))
		}
		if got := listKeys(z); !slices.Equal(got, want) {
			t.Fatalf("trial %d: listed %v, want %v", trial, got, want)
		}
		top := 0 // the largest element of any set
		for _, s := range sets {
			for _, v := range s {
				top = max(top, v)
			}
		}
		if got := z.MaxVar(); got != top {
			t.Fatalf("trial %d: MaxVar %d, want %d", trial, got, top)
		}
		var buf bytes.Buffer
		if _, err := z.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		z2, err := Read(&buf, "round-trip")
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, buf.String())
		}
		if got := listKeys(z2); !slices.Equal(got, want) {
			t.Fatalf("trial %d: read back %v, want %v", trial, got, want)
		}
	}
}

// subsets returns the ZDD of the k-element subsets of {1…n}, built by the
// recurrence S(n, k) = S(n-1, k) ∪ {s ∪ {n} : s ∈ S(n-1, k-1)}, nodes
// shared through the Builder.
func subsets(b *Builder, n, k int) Node {
	memo := map[[2]int]Node{}
	var s func(n, k int) Node
	s = func(n, k int) Node {
		switch {
		case k == 0:
			return Top
		case k > n:
			return Bottom
		}
		if x, ok := memo[[2]int{n, k}]; ok {
			return x
		}
		x := b.Node(n, s(n-1, k), s(n-1, k-1))
		memo[[2]int{n, k}] = x
		return x
	}
	return s(n, k)
}

// TestBigCount counts the 100-element subsets of a 200-element set, a
// number of 196 bits: C(200, 100) from math/big's binomial.
func TestBigCount(t *testing.T) {
	b := NewBuilder(0)
	z := b.ZDD(subsets(b, 200, 100))
	want := new(big.Int).Binomial(200, 100)
	if got := z.Count(); got.Cmp(want) != 0 {
		t.Fatalf("count %v, want %v", got, want)
	}
	if got := NewSampler(z).Count(); got.Cmp(want) != 0 {
		t.Fatalf("sampler count %v, want %v", got, want)
	}
	if z.Len() != 100*101 {
		t.Fatalf("%d nodes, want %d (one per (n, k) with 0 < k ≤ n, n−k ≤ 100)", z.Len(), 100*101)
	}
}

// TestSampleBig draws from C(200, 100) sets: each sample must have 100
// distinct elements, and each element must appear in about half of them.
func TestSampleBig(t *testing.T) {
	b := NewBuilder(0)
	z := b.ZDD(subsets(b, 200, 100))
	s := NewSampler(z)
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 2000
	freq := make([]int, 201)
	for range n {
		set, ok := s.Sample(rng, nil)
		if !ok || len(set) != 100 {
			t.Fatalf("sample %v", set)
		}
		seen := map[int]bool{}
		for _, v := range set {
			if seen[v] || v < 1 || v > 200 {
				t.Fatalf("sample %v repeats or leaves 1…200", set)
			}
			seen[v] = true
			freq[v]++
		}
	}
	// Each element is in a sample with probability 1/2: within 5 standard
	// deviations (√(n/4) ≈ 22) of n/2.
	for v := 1; v <= 200; v++ {
		if d := freq[v] - n/2; d < -112 || d > 112 {
			t.Errorf("element %d in %d of %d samples", v, freq[v], n)
		}
	}
}

// chiSquareBound is the 99.9th percentile of the chi-square distribution
// with df degrees of freedom, by the Wilson–Hilferty approximation (good to
// a few percent from df = 10 on).
func chiSquareBound(df int) float64 {
	const z = 3.09 // the standard normal's 99.9th percentile
	k := float64(df)
	a := 2 / (9 * k)
	return k * math.Pow(1-a+z*math.Sqrt(a), 3)
}

// TestSampleUniform draws 100 samples per set from random families and
// applies Pearson's chi-square test to the frequencies.
func TestSampleUniform(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	rng := rand.New(rand.NewPCG(7, 8))
	tested := 0
	for tested < 20 {
		sets := randomFamily(r)
		if len(sets) < 11 {
			continue
		}
		tested++
		b := NewBuilder(0)
		z := b.ZDD(fromSets(b, sets))
		s := NewSampler(z)
		index := map[string]int{}
		for i, k := range familyKeys(sets) {
			index[k] = i
		}
		const per = 100
		freq := make([]int, len(sets))
		for range per * len(sets) {
			set, ok := s.Sample(rng, nil)
			i, in := index[keyOf(set)]
			if !ok || !in {
				t.Fatalf("sample %v not in the family %v", set, sets)
			}
			freq[i]++
		}
		chi := 0.0
		for _, f := range freq {
			chi += float64((f-per)*(f-per)) / per
		}
		if bound := chiSquareBound(len(sets) - 1); chi > bound {
			t.Errorf("family of %d sets: chi-square %.1f > %.1f; frequencies %v", len(sets), chi, bound, freq)
		}
	}
}

func TestSinks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		root  Node
		count int64
		sets  []string
	}{
		{"empty family", Bottom, 0, nil},
		{"empty set", Top, 1, []string{"[]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			z := NewBuilder(0).ZDD(tc.root)
			if z.Count().Int64() != tc.count {
				t.Errorf("count %v, want %d", z.Count(), tc.count)
			}
			if got := listKeys(z); !slices.Equal(got, tc.sets) {
				t.Errorf("listed %v, want %v", got, tc.sets)
			}
			_, ok := NewSampler(z).Sample(rand.New(rand.NewPCG(1, 1)), nil)
			if ok != (tc.count > 0) {
				t.Errorf("sample ok = %v", ok)
			}
			var buf bytes.Buffer
			z.WriteTo(&buf)
			z2, err := Read(&buf, "x")
			if err != nil || z2.Root() != tc.root {
				t.Errorf("read back root %v, %v", z2, err)
			}
		})
	}
}

func TestWeights(t *testing.T) {
	// The family {1,2}, {3}, {1,4,5}: weights 10, 1, 4, 2, 2 give totals
	// 11, 4, 14.
	sets := [][]int{{1, 2}, {3}, {1, 4, 5}}
	b := NewBuilder(0)
	z := b.ZDD(fromSets(b, sets))
	w := func(v int) int64 { return []int64{0, 10, 1, 4, 2, 2}[v] }
	total, set, ok, err := z.MinWeight(w)
	if err != nil || !ok || total != 4 || keyOf(set) != "[3]" {
		t.Errorf("MinWeight = %d %v %v %v, want 4 [3]", total, set, ok, err)
	}
	total, set, ok, err = z.MaxWeight(w)
	if err != nil || !ok || total != 14 || keyOf(set) != "[1 4 5]" {
		t.Errorf("MaxWeight = %d %v %v %v, want 14 [1 4 5]", total, set, ok, err)
	}
	if _, _, _, err := z.MaxWeight(func(int) int64 { return math.MaxInt64 / 2 }); err != ErrOverflow {
		t.Errorf("overflow: %v", err)
	}
	if _, _, ok, _ := NewBuilder(0).ZDD(Bottom).MinWeight(w); ok {
		t.Error("empty family has a minimum")
	}
}

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		sets       []string // when the file is good
		err        string   // otherwise, the message's start after "f:"
	}{
		{name: "one set", text: "2: (~4?0:1)\n3: (~2?0:2)\n4: (~0?0:3)\n", sets: []string{"[2 4]"}},
		{name: "marker first", text: "4: (~0?0:3)\n3: (~2?0:2)\n2: (~4?0:1)\n", sets: []string{"[2 4]"}},
		{name: "blanks and CRLF", text: "  a :(~ 5 ? 0 : 1 ) \r\n\n b: (~3?a:1)\r\n c: (~0?0:b)\r\n", sets: []string{"[3]", "[5]"}},
		{name: "upper-case hex", text: "AB: (~1?0:1)\nAC: (~0?0:AB)\n", sets: []string{"[1]"}},
		{name: "hi to bottom suppressed", text: "2: (~3?0:0)\n3: (~2?1:2)\n4: (~0?0:3)\n", sets: []string{"[]"}},
		{name: "unreachable ignored", text: "2: (~1?0:1)\n3: (~2?0:77)\n4: (~0?0:2)\n", sets: []string{"[1]"}},
		{name: "empty family", text: "2: (~0?0:0)\n", sets: nil},
		{name: "the empty set", text: "2: (~0?0:1)\n", sets: []string{"[]"}},
		{name: "unordered, no repeat", text: "2: (~1?0:1)\n3: (~5?0:2)\n4: (~0?0:3)\n", sets: []string{"[1 5]"}},
		{name: "header", text: "# xcover zdd: 2 nodes, problem ab12\n2: (~4?0:1)\n3: (~2?0:2)\n4: (~0?0:3)\n", sets: []string{"[2 4]"}},
		{name: "header without problem", text: "# xcover zdd: 0 nodes\n2: (~0?0:1)\n", sets: []string{"[]"}},
		{name: "empty", text: "", err: " no nodes"},
		{name: "garbage", text: "2: (~1?0:1)\nhello\n", err: "2:1: not a ZDD node line: expected a node number"},
		{name: "missing paren", text: "2: ~1?0:1)\n", err: `1:4: not a ZDD node line: expected "("`},
		{name: "trailing", text: "2: (~1?0:1) x\n", err: "1:13: not a ZDD node line: expected end of line"},
		{name: "sink", text: "1: (~1?0:1)\n", err: "1:1: nodes 0 and 1 are the sinks"},
		{name: "duplicate", text: "2: (~1?0:1)\n2: (~1?0:1)\n", err: "2:1: node defined twice: 2 (first on line 1)"},
		{name: "undefined root", text: "3: (~0?0:2)\n", err: "1:10: node not defined: 2"},
		{name: "unreachable undefined", text: "2: (~1?0:1)\n3: (~0?0:2)\n4: (~2?0:5)\n", sets: []string{"[1]"}},
		{name: "undefined child", text: "3: (~2?9:1)\n4: (~0?0:3)\n", err: "1:8: node not defined: 9"},
		{name: "cycle", text: "2: (~1?3:1)\n3: (~2?2:1)\n4: (~0?0:3)\n", err: "1:8: cycle through node 3"},
		{name: "self loop", text: "2: (~1?0:2)\n3: (~0?0:2)\n", err: "1:10: cycle through node 2"},
		{name: "marker below root", text: "3: (~0?0:2)\n2: (~0?0:1)\n", err: "2:1: variable 0 is reserved for the root marker: a second one (the first on line 1): two ZDDs in one file?"},
		{name: "marker with a lo", text: "2: (~1?0:1)\n3: (~0?2:2)\n", err: "2:8: variable 0 is reserved for the root marker, whose LO is 0"},
		{name: "marker as a child", text: "2: (~0?0:3)\n3: (~1?2:1)\n", err: "1:1: variable 0 is reserved"},
		{name: "big variable", text: "2: (~99999999999?0:1)\n", err: "1:6: too large"},
		{name: "long number", text: "1234567890abcdef0: (~1?0:1)\n", err: "1:1: too large"},
		{name: "long line", text: strings.Repeat(" ", 2000) + "2: (~1?0:1)\n", err: "1:1024: not a ZDD node line"},
		// A file cut at a line's end: DLX6 and xcover write the marker
		// last, so it is gone (ZDDREAD took the first node of the smallest
		// variable for the root and counted 1).
		{name: "no marker", text: "3: (~2?0:2)\n2: (~4?0:1)\n", err: " no root marker"},
		{name: "cut at a line end", text: "2: (~58?0:1)\n", err: " no root marker"},
		// A file in another order cut after its marker lacks a node that
		// a line left refers to.
		{name: "cut after the marker", text: "4: (~0?0:3)\n3: (~2?0:2)\n", err: "2:10: node not defined: 2"},
		// A variable twice on a path: through HI a set would list it
		// twice, through LO two paths would be one set.
		{name: "repeat through hi", text: "2: (~2?0:1)\n3: (~2?0:2)\n4: (~0?0:3)\n", err: "2:10: a variable repeats on a path: variable 2"},
		{name: "repeat through lo", text: "2: (~2?0:1)\n3: (~2?2:1)\n4: (~0?0:3)\n", err: "2:8: a variable repeats on a path: variable 2"},
		{name: "repeat deeper, unordered", text: "2: (~3?0:1)\n3: (~5?0:2)\n4: (~3?0:3)\n5: (~0?0:4)\n", err: "3:10: a variable repeats on a path: variable 3"},
		{name: "header counts fewer", text: "# xcover zdd: 1 nodes\n2: (~4?0:1)\n3: (~2?0:2)\n4: (~0?0:3)\n", err: "1: bad header: it counts 1 nodes, the file has 2"},
		{name: "header counts more", text: "# xcover zdd: 3 nodes\n2: (~4?0:1)\n3: (~2?0:2)\n4: (~0?0:3)\n", err: "1: bad header: it counts 3 nodes"},
		{name: "other comment", text: "# hello\n2: (~0?0:1)\n", err: `1:1: bad header: expected "# xcover zdd: "`},
		{name: "header not first", text: "2: (~0?0:1)\n# xcover zdd: 0 nodes\n", err: "2:1: not a ZDD node line"},
		{name: "header with bad digest", text: "# xcover zdd: 0 nodes, problem xyz\n2: (~0?0:1)\n", err: "1:32: bad header: expected the problem's digest"},
		{name: "header with bad count", text: "# xcover zdd: many nodes\n2: (~0?0:1)\n", err: "1:15: bad header: expected the count of nodes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			z, err := Read(strings.NewReader(tc.text), "f")
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), "f:"+tc.err) {
					t.Fatalf("error %v, want f:%s…", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := listKeys(z); !slices.Equal(got, tc.sets) {
				t.Errorf("sets %v, want %v", got, tc.sets)
			}
		})
	}
}

// TestReadDLX6 reads the ZDD that Knuth's DLX6 wrote for the 8-queens
// problem (testdata/README.md): 92 solutions (OEIS A000170) of 8 options
// each, rows and columns once each.
func TestReadDLX6(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "dlx6-queens-8.zdd"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := Read(f, f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if c := z.Count(); c.Int64() != 92 {
		t.Fatalf("count %v, want 92", c)
	}
	n := 0
	for set := range z.All() {
		n++
		if len(set) != 8 {
			t.Fatalf("solution %v has %d options", set, len(set))
		}
	}
	if n != 92 {
		t.Fatalf("listed %d solutions", n)
	}
}

// TestReadSparseIDs mixes node numbers far apart, put in the map, with
// small ones that the slice later covers.
func TestReadSparseIDs(t *testing.T) {
	text := "fffff: (~3?0:1)\n2: (~2?0:fffff)\n"
	for i := 3; i < 2000; i++ {
		text += fmt.Sprintf("%x: (~5?0:1)\n", i) // unreachable filler
	}
	text += "1000: (~1?2:fffff)\n1001: (~0?0:1000)\n"
	z, err := Read(strings.NewReader(text), "f")
	if err != nil {
		t.Fatal(err)
	}
	if got := listKeys(z); !slices.Equal(got, []string{"[1 3]", "[2 3]"}) {
		t.Errorf("sets %v", got)
	}
}

// endless is /dev/zero as a reader, counting what it gives.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	clear(p)
	e.n += int64(len(p))
	return len(p), nil
}

// TestReadLimit: an endless input is refused at once (a line longer than
// a node line), and a file larger than the limit is refused when the
// limit is reached, not read to its end.
func TestReadLimit(t *testing.T) {
	zero := &endless{}
	if _, err := Read(zero, "zero"); !errors.Is(err, ErrSyntax) || zero.n > 1<<20 {
		t.Errorf("endless zeros: %v after %d bytes", err, zero.n)
	}
	blanks := strings.Repeat("\n", 1000) + "2: (~0?0:1)\n"
	if _, err := readLimited(strings.NewReader(blanks), "f", 500); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "larger than 500 bytes") {
		t.Errorf("beyond the limit: %v", err)
	}
	if _, err := readLimited(strings.NewReader(blanks), "f", int64(len(blanks))); err != nil {
		t.Errorf("at the limit: %v", err)
	}
}

// TestReadCut cuts the ZDDs of testdata (DLX6's and xcover's, 92
// solutions each) at every line's end, and at every byte of their last
// lines: each cut file is refused, or (cut in its final newline) counts
// 92. ZDDREAD's rule, the first node of the smallest variable for the
// root, counted 1 for the first line alone.
func TestReadCut(t *testing.T) {
	for _, file := range []string{"dlx6-queens-8.zdd", "queens-8.zdd"} {
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		var cuts []int
		for i, c := range data[:len(data)-1] {
			if c == '\n' || i > len(data)-40 {
				cuts = append(cuts, i+1)
			}
		}
		for _, cut := range cuts {
			z, err := Read(bytes.NewReader(data[:cut]), "cut")
			if err == nil && z.Count().Int64() != 92 {
				t.Fatalf("%s cut at byte %d of %d: count %v, no error", file, cut, len(data), z.Count())
			}
		}
	}
}

// TestRepeat compares ZDD.repeat with the definition, every path walked,
// on random diagrams whose variables follow no order.
func TestRepeat(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	found := 0
	for trial := range 2000 {
		n := 2 + r.IntN(8)
		z := &ZDD{nodes: make([]node, 2, n+2)}
		for i := 2; i < n+2; i++ {
			z.nodes = append(z.nodes, node{v: int32(1 + r.IntN(6)), lo: int32(r.IntN(i)), hi: int32(1 + r.IntN(i-1))})
		}
		// Every variable met on some path below i, and whether one repeats.
		var walk func(i int32, on []int32) bool
		walk = func(i int32, on []int32) bool {
			if i <= 1 {
				return false
			}
			nd := z.nodes[i]
			if slices.Contains(on, nd.v) {
				return true
			}
			on = append(on, nd.v)
			return walk(nd.lo, on) || walk(nd.hi, on)
		}
		want := false
		for i := int32(2); i < int32(len(z.nodes)); i++ {
			want = want || walk(i, nil)
		}
		i, child, got := z.repeat()
		if got != want {
			t.Fatalf("trial %d: repeat %v, want %v: %v", trial, got, want, z.nodes)
		}
		if got {
			found++
			var below func(c int32) bool // does the variable of i come at or below c?
			below = func(c int32) bool {
				return c > 1 && (z.nodes[c].v == z.nodes[i].v || below(z.nodes[c].lo) || below(z.nodes[c].hi))
			}
			if nd := z.nodes[i]; child != nd.lo && child != nd.hi || !below(child) {
				t.Fatalf("trial %d: node %d through %d is no repeat: %v", trial, i, child, z.nodes)
			}
		}
	}
	if found < 100 || found > 1900 {
		t.Fatalf("%d of 2000 random diagrams with a repeat: the test tests little", found)
	}
}

// TestHeaderRoundTrip: the problem's digest written in the header is read
// back.
func TestHeaderRoundTrip(t *testing.T) {
	b := NewBuilder(0)
	z := b.ZDD(subsets(b, 6, 3)).WithProblem("c57b3e39975271c6")
	var buf bytes.Buffer
	z.WriteTo(&buf)
	if !strings.HasPrefix(buf.String(), "# xcover zdd: 12 nodes, problem c57b3e39975271c6\n") {
		t.Fatalf("written:\n%s", buf.String())
	}
	z2, err := Read(&buf, "f")
	if err != nil || z2.Problem() != "c57b3e39975271c6" || z2.Count().Int64() != 20 {
		t.Fatalf("read back: %v, %v", z2, err)
	}
}
