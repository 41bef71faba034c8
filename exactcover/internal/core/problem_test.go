package core_test

import (
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// small is a problem with three primary items (a, b, c), two secondary
// (x, y), colors and a dropped option: the caller's options 0…4 are
// compiled as 0, 1, (dropped), 2, 3.
//
//	0: a x:1     1: b c y     (2: x, dropped)     3: a b     4: c x:2 y
func small() *core.Problem {
	return &core.Problem{
		NPrimary: 3, NItems: 5,
		Begin:  []int32{0, 2, 5, 7, 10},
		Items:  []int32{0, 3, 1, 2, 4, 0, 1, 2, 3, 4},
		Colors: []int32{0, 1, 0, 0, 0, 0, 0, 0, 2, 0},
		Caller: []int32{0, 1, 3, 4},
		Index:  []int32{0, 1, -1, 2, 3},
	}
}

// TestProblemOptions checks the views of a compiled problem: an option's
// items and colors, and every item's options in option order with the
// place of each use in Items.
func TestProblemOptions(t *testing.T) {
	p := small()
	if p.NumOptions() != 4 {
		t.Fatalf("%d options, want 4", p.NumOptions())
	}
	for _, tc := range []struct {
		k             int
		items, colors []int32
	}{
		{0, []int32{0, 3}, []int32{0, 1}},
		{1, []int32{1, 2, 4}, []int32{0, 0, 0}},
		{3, []int32{2, 3, 4}, []int32{0, 2, 0}},
	} {
		items, colors := p.Option(tc.k)
		if !slices.Equal(items, tc.items) || !slices.Equal(colors, tc.colors) {
			t.Errorf("option %d: %v %v, want %v %v", tc.k, items, colors, tc.items, tc.colors)
		}
	}
	p.Colors = nil
	if _, colors := p.Option(0); colors != nil {
		t.Errorf("option 0 of an uncolored problem has colors %v", colors)
	}
	start, opts, uses := small().ItemOptions()
	want := [][]int32{{0, 2}, {1, 2}, {1, 3}, {0, 3}, {1, 3}} // item by item
	wantUses := [][]int32{{0, 5}, {2, 6}, {3, 7}, {1, 8}, {4, 9}}
	if len(start) != 6 || start[5] != int32(len(opts)) {
		t.Fatalf("start %v for %d uses", start, len(opts))
	}
	for i := range 5 {
		got := opts[start[i]:start[i+1]]
		if !slices.Equal(got, want[i]) || !slices.Equal(uses[start[i]:start[i+1]], wantUses[i]) {
			t.Errorf("item %d: options %v at uses %v, want %v at %v", i, got, uses[start[i]:start[i+1]], want[i], wantUses[i])
		}
	}
}

// TestProblemBounds checks the bounds of primary items: exactly once
// unless Lo and Hi say otherwise.
func TestProblemBounds(t *testing.T) {
	p := small()
	if p.Multiplicities() {
		t.Error("a problem without bounds reports multiplicities")
	}
	for i := range p.NPrimary {
		if lo, hi := p.Bounds(i); lo != 1 || hi != 1 {
			t.Errorf("item %d: bounds %d:%d, want 1:1", i, lo, hi)
		}
	}
	p.Lo, p.Hi = []int32{0, 2, 1}, []int32{1, 3, 1}
	if !p.Multiplicities() {
		t.Error("a problem with bounds reports none")
	}
	if lo, hi := p.Bounds(1); lo != 2 || hi != 3 {
		t.Errorf("item 1: bounds %d:%d, want 2:3", lo, hi)
	}
}

// TestProblemHash checks the digest that checkpoints and shards carry: the
// same for the same problem compiled twice, or written with explicit zero
// colors, and different when anything that decides a search differs,
// including problems whose items, read in one stream, would be alike.
func TestProblemHash(t *testing.T) {
	base := small().Hash()
	if small().Hash() != base {
		t.Fatal("two compilations of one problem hash differently")
	}
	// Two problems whose options' callers, items and colors, read as one
	// stream, are alike: 0, (0 0), 2, (3 1), (1 0).
	p1 := &core.Problem{NPrimary: 2, NItems: 4, Begin: []int32{0, 1, 3}, Items: []int32{0, 3, 1}, Colors: []int32{0, 1, 0},
		Caller: []int32{0, 2}, Index: []int32{0, -1, 1}} // 0: a   2: y:1 b
	p2 := &core.Problem{NPrimary: 2, NItems: 4, Begin: []int32{0, 2, 3}, Items: []int32{0, 2, 1}, Colors: []int32{0, 3, 0},
		Caller: []int32{0, 1}, Index: []int32{0, 1}} // 0: a x:3   1: b
	if p1.Hash() == p2.Hash() {
		t.Error("problems that differ in where their options end hash alike")
	}
	plain, zeros := small(), small()
	plain.Colors, zeros.Colors = nil, make([]int32, len(zeros.Items))
	if plain.Hash() != zeros.Hash() || plain.Hash() == base {
		t.Error("no colors and zero colors hash differently, or like colors")
	}
	for _, tc := range []struct {
		name   string
		change func(p *core.Problem)
		same   bool
	}{
		{"one item fewer primary", func(p *core.Problem) { p.NPrimary = 2 }, false},
		{"one secondary item more", func(p *core.Problem) { p.NItems = 6 }, false},
		{"bounds", func(p *core.Problem) { p.Lo, p.Hi = []int32{1, 1, 1}, []int32{1, 2, 1} }, false},
		{"bounds that say exactly once", func(p *core.Problem) { p.Lo, p.Hi = []int32{1, 1, 1}, []int32{1, 1, 1} }, true},
		{"an item", func(p *core.Problem) { p.Items[0] = 1 }, false},
		{"the order of an option's items", func(p *core.Problem) {
			p.Items[0], p.Items[1] = p.Items[1], p.Items[0]
			p.Colors[0], p.Colors[1] = 1, 0
		}, false},
		{"a color", func(p *core.Problem) { p.Colors[1] = 2 }, false},
		{"a caller's index", func(p *core.Problem) { p.Caller[3] = 5 }, false},
		{"an item moved to the next option", func(p *core.Problem) { p.Begin[1] = 3 }, false},
		{"an option fewer", func(p *core.Problem) { p.Begin, p.Caller = p.Begin[:4], p.Caller[:3] }, false},
	} {
		p := small()
		tc.change(p)
		if got := p.Hash() == base; got != tc.same {
			t.Errorf("%s: same hash %v, want %v", tc.name, got, tc.same)
		}
	}
}
