package sparse

import (
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
