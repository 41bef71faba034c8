package bits_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
)

// TestRefuses checks that the engine refuses what it does not take, in
// Supports and in every search, rather than answering wrongly.
func TestRefuses(t *testing.T) {
	one := func(nItems int) *core.Problem {
		return &core.Problem{NPrimary: 1, NItems: nItems, Begin: []int32{0, 1}, Items: []int32{0},
			Caller: []int32{0}, Index: []int32{0}}
	}
	// many has nPrimary primary items and n options of the first.
	many := func(n, nPrimary int) *core.Problem {
		p := one(nPrimary)
		p.NPrimary = nPrimary
		for k := 1; k < n; k++ {
			p.Items = append(p.Items, 0)
			p.Begin = append(p.Begin, int32(k+1))
			p.Caller, p.Index = append(p.Caller, int32(k)), append(p.Index, int32(k))
		}
		return p
	}
	// colored has MaxItems items, and a color of its secondary item
	// takes a bit more.
	colored := one(bits.MaxItems)
	colored.Begin, colored.Items, colored.Colors = []int32{0, 2}, []int32{0, 1}, []int32{0, 1}
	// manyColors has 140,000 options giving a secondary item one of 4,000
	// colors: rows of 63 words, whose kills take over MaxWideBytes.
	manyColors := one(2)
	manyColors.Items, manyColors.Colors, manyColors.Begin = nil, nil, []int32{0}
	for k := range 140_000 {
		manyColors.Items = append(manyColors.Items, 0, 1)
		manyColors.Colors = append(manyColors.Colors, 0, int32(1+k%4000))
		manyColors.Begin = append(manyColors.Begin, int32(2*k+2))
		manyColors.Caller, manyColors.Index = append(manyColors.Caller, int32(k)), append(manyColors.Index, int32(k))
	}
	manyColors.Caller, manyColors.Index = manyColors.Caller[1:], manyColors.Index[1:]
	bounded := one(1) // solved by no option and by the one
	bounded.Lo, bounded.Hi = []int32{0}, []int32{2}
	// boundedMany has more options than a path of takes and removals
	// may make lists of (n(n+3)/2 entries over MaxStack).
	boundedMany := many(11586, 1)
	boundedMany.Lo, boundedMany.Hi = []int32{1}, []int32{1}
	for _, tc := range []struct {
		name string
		p    *core.Problem
		want error
		sols int64 // when supported
	}{
		{"fits", one(bits.MaxItems), nil, 1},
		{"too many items", one(bits.MaxItems + 1), bits.ErrTooManyItems, 0},
		{"options at the limit", many(bits.MaxStack/(2*bits.MaxItems+2), bits.MaxItems), nil, 0},
		{"too many options", many(bits.MaxStack/(2*bits.MaxItems+2)+1, bits.MaxItems), bits.ErrTooManyOptions, 0},
		{"colors past the items", colored, bits.ErrTooManyItems, 0},
		{"colors past the memory", manyColors, bits.ErrColorMemory, 0},
		{"multiplicities", bounded, nil, 2},
		{"multiplicities, too many options", boundedMany, bits.ErrTooManyOptions, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := bits.Supports(tc.p); !errors.Is(err, tc.want) {
				t.Fatalf("Supports: %v, want %v", err, tc.want)
			}
			e := newEngine(tc.p)
			var c core.Counters
			_, err := e.Search(core.Unit{}, &core.Run{}, &c)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Search: %v, want %v", err, tc.want)
			}
			if _, _, err := e.Expand(core.Unit{}, &c, nil); !errors.Is(err, tc.want) {
				t.Fatalf("Expand: %v, want %v", err, tc.want)
			}
			if c.Solutions != tc.sols { // the search's: Expand lists the root's children
				t.Fatalf("counted %d solutions, want %d", c.Solutions, tc.sols)
			}
		})
	}
}

// FuzzEngine checks the engine against brute force on problems read from
// the fuzzer's bytes, as given and padded to wide rows (300 items): the first two give the numbers of primary (1…8) and
// secondary (0…4) items, every further two bytes an option, as a mask of
// its items (an option without a primary item is given the first).
func FuzzEngine(f *testing.F) {
	f.Add([]byte{3, 1, 0b0011, 0, 0b0100, 0, 0b1110, 0, 0b1001, 0})
	f.Add([]byte{7, 0, 0b1001001, 0, 0b0011010, 0, 0b1100100, 0, 0b0001001, 0, 0b0101101, 0, 0b1011000, 0}) // Knuth's example, permuted
	f.Add([]byte{8, 4, 0xff, 0x0f, 0x11, 0x01, 0xee, 0x02, 0x0f, 0, 0xf0, 0x0c})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		nPrimary := 1 + int(data[0])%8
		nItems := nPrimary + int(data[1])%5
		p := &core.Problem{NPrimary: nPrimary, NItems: nItems, Begin: []int32{0}}
		for k := 0; 2+2*k+1 < len(data) && k < 16; k++ {
			mask := (int(data[2+2*k]) | int(data[3+2*k])<<8) & (1<<nItems - 1)
			if mask&(1<<nPrimary-1) == 0 {
				mask |= 1
			}
			for i := range nItems {
				if mask&(1<<i) != 0 {
					p.Items = append(p.Items, int32(i))
				}
			}
			p.Begin = append(p.Begin, int32(len(p.Items)))
			p.Caller, p.Index = append(p.Caller, int32(k)), append(p.Index, int32(k))
		}
		want := enginetest.BruteForce(p)
		for _, n := range []int{0, 300} { // as given, and in wide rows
			c, got := enginetest.Run(t, newEngine(padded(p, n)), p, core.Unit{}, func() core.Action { return core.Continue })
			if !slices.Equal(got, want) || c.Solutions != int64(len(want)) {
				t.Fatalf("%d items: solutions %v (%d counted), brute force %v\n%s", max(n, p.NItems), got, c.Solutions, want, enginetest.Describe(p))
			}
		}
	})
}

// TestPrefer checks the rule by which auto picks the engine on problems
// on either side of PreferDensity, with multiplicities on either side of
// MaxSetOptions, and never on one it refuses.
func TestPrefer(t *testing.T) {
	// chain returns nPrimary primary items, each in perItem options of
	// one item (and the next item, so that options differ).
	chain := func(nPrimary, perItem int) *core.Problem {
		p := &core.Problem{NPrimary: nPrimary, NItems: nPrimary, Begin: []int32{0}}
		for i := range nPrimary {
			for range perItem {
				p.Items = append(p.Items, int32(i))
				p.Begin = append(p.Begin, int32(len(p.Items)))
				p.Caller = append(p.Caller, int32(len(p.Caller)))
			}
		}
		p.Index = p.Caller
		return p
	}
	// bounded gives p's items the bounds 1 and 2.
	bounded := func(p *core.Problem) *core.Problem {
		p.Lo, p.Hi = make([]int32, p.NPrimary), make([]int32, p.NPrimary)
		for i := range p.NPrimary {
			p.Lo[i], p.Hi[i] = 1, 2
		}
		return p
	}
	wide := chain(bits.MaxItems+1, bits.PreferDensity)
	for _, tc := range []struct {
		name string
		p    *core.Problem
		want bool
	}{
		{"dense", chain(60, bits.PreferDensity), true},
		{"sparse", chain(60, bits.PreferDensity-1), false},
		{"too many items", wide, false},
		{"wide rows", chain(bits.PreferItems+1, bits.PreferDensity), false},
		{"multiplicities", bounded(chain(60, 2)), true},
		{"multiplicities, many options", bounded(chain(60, bits.MaxSetOptions/60+1)), false},
	} {
		if got := bits.Prefer(tc.p); got != tc.want {
			t.Errorf("%s: Prefer %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestRefusesWideMemory checks the bound on the memory of rows wider than
// four words: MaxItems items, one of them primary, in 50,000 options (some
// 140 MB: rows, sets and kills) and in 200,000 (rows alone over 256 MiB).
func TestRefusesWideMemory(t *testing.T) {
	for _, tc := range []struct {
		options int
		want    error
	}{
		{50_000, nil},
		{200_000, bits.ErrWideMemory},
	} {
		p := &core.Problem{NPrimary: 1, NItems: bits.MaxItems, Begin: []int32{0}}
		for k := range tc.options {
			p.Items = append(p.Items, 0)
			p.Begin = append(p.Begin, int32(k+1))
		}
		p.Caller, p.Index = make([]int32, tc.options), make([]int32, tc.options)
		if err := bits.Supports(p); !errors.Is(err, tc.want) {
			t.Errorf("%d options: %v, want %v", tc.options, err, tc.want)
		}
	}
}
