package learn

import (
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// threeItems is the exact cover of primary items a (options 0, 1, 2),
// b (3, 4) and c (5 to 9), with options 0 and 5 also using secondary
// item s.
func threeItems() *core.Problem {
	return &core.Problem{NPrimary: 3, NItems: 4,
		Items:  []int32{0, 3, 0, 0, 1, 1, 2, 3, 2, 2, 2, 2},
		Begin:  []int32{0, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12},
		Caller: []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
		Index:  []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
}

// TestPickBranch checks that pickBranch weighs the branchCandidates most
// active unassigned options and takes the one with an item that has the
// fewest open options, the most active on a tie, and puts the others
// back in the heap.
func TestPickBranch(t *testing.T) {
	if branchCandidates != 4 {
		t.Fatalf("the cases assume 4 candidates, not %d", branchCandidates)
	}
	tests := []struct {
		name    string
		ruleOut []int32 // options ruled out at level 1 first
		order   []int32 // options from most active down
		want    int32
	}{
		// 0: a has 3 open; 5: c has 5 (s is secondary); 3: b has 2.
		{"fewest open", nil, []int32{0, 5, 3, 1}, 3},
		// b's options are fifth and sixth: not weighed.
		{"only the most active", nil, []int32{0, 5, 1, 2, 3, 4}, 0},
		// 1 ruled out leaves a with 2 open, as b: the more active wins.
		{"tie", []int32{1}, []int32{5, 3, 0, 6}, 3},
		{"tie, other order", []int32{1}, []int32{5, 0, 3, 6}, 0},
		// 1, ruled out, would win (a has 2 open) but is skipped, and takes
		// no candidate's place: 0 is fifth.
		{"assigned skipped", []int32{1}, []int32{1, 5, 6, 7, 8, 0}, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(threeItems())
			for n, v := range tt.order {
				s.activity[v] = float64(100 - n)
			}
			s.heap.rebuild(s.activity)
			for _, v := range tt.ruleOut {
				s.decide(2*v + 1)
				if !s.propagate() {
					t.Fatal("conflict")
				}
			}
			l := s.pickBranch()
			if got := l >> 1; got != tt.want {
				t.Fatalf("picked option %d, want %d", got, tt.want)
			}
			for v := range int32(s.nVars) {
				if in := s.heap.contains(v); in == (v == tt.want) && s.litValue(2*v) == unset {
					t.Errorf("option %d in the heap: %v", v, in)
				}
			}
		})
	}
}
