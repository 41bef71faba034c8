package sparse

import (
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// TestLookUpChecksItems checks that a look-up takes a slot's counts only
// when its items are the open items, not on its hash alone: a slot whose
// hash is the node's but whose items are one fewer, or hold an item
// covered since, is not taken.
func TestLookUpChecksItems(t *testing.T) {
	p := &core.Problem{NPrimary: 3, NItems: 3, Items: []int32{0, 1, 2, 0, 1, 2}, Begin: []int32{0, 3, 4, 5, 6},
		Caller: []int32{0, 1, 2, 3}, Index: []int32{0, 1, 2, 3}}
	for _, tc := range []struct {
		name   string
		change func(s *slot, e *Engine)
		found  bool
	}{
		{"same items", func(*slot, *Engine) {}, true},
		{"one item fewer", func(s *slot, _ *Engine) { s.n-- }, false},
		{"an item covered", func(s *slot, e *Engine) { x := s.blocks[1]; e.mem[x+sizeAt] = ^e.mem[x+sizeAt] }, false},
	} {
		e := core.New[Engine](p)
		lv := level{open: e.nAct, hash: e.openHash()}
		var tl tally
		if s := e.lookUp(&lv, &tl, 0); s != nil {
			t.Fatalf("%s: found in an empty table", tc.name)
		}
		k := lv.slot
		tl.sols = 2 // as if the node's subtree had been searched
		e.keepCount(&lv, &tl, 0, true)
		s := &e.cache.slots[k]
		tc.change(s, e)
		if got := e.lookUp(&lv, &tl, 0) != nil; got != tc.found {
			t.Errorf("%s: found %v, want %v", tc.name, got, tc.found)
		}
	}
}

// TestCacheLooksEveryOtherLevel checks which nodes look their items up:
// those of at most the reach's open items, in bands of minLen open items
// counted down from the reach, every other band.
func TestCacheLooksEveryOtherLevel(t *testing.T) {
	defer func(items int) { CacheItems = items }(CacheItems)
	span := func(lo, hi int) []int {
		var s []int
		for n := lo; n <= hi; n++ {
			s = append(s, n)
		}
		return s
	}
	for _, tc := range []struct {
		items, minLen int
		want          []int
	}{
		{32, 4, slices.Concat(span(5, 8), span(13, 16), span(21, 24), span(29, 32))},
		{32, 5, slices.Concat(span(1, 2), span(8, 12), span(18, 22), span(28, 32))},
		{32, 1, []int{2, 4, 6, 8, 10, 12}}, // cacheLevels (12) levels of one item
		{6, 2, []int{1, 2, 5, 6}},
		{32, 40, span(1, 32)},
	} {
		CacheItems = tc.items
		e := &Engine{minLen: int32(tc.minLen)}
		var got []int
		for m, n := e.cacheLooks(), 0; m != 0; m, n = m>>1, n+1 {
			if m&1 != 0 {
				got = append(got, n)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%d items, options of at least %d: looks up %v, want %v", tc.items, tc.minLen, got, tc.want)
		}
	}
}
