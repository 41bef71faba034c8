package drive

import (
	"fmt"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// TestGatherRests checks which units gatherRests gathers into one rest
// unit: those for branches of one node on one item that come in a row
// (siblings as engines export them, and rests), and no others; each
// gathered rest takes the span of its siblings' shares.
func TestGatherRests(t *testing.T) {
	a := core.Step{Item: 0, Option: 1}
	br := func(o int32) core.Step { return core.Step{Item: 1, Option: o} }
	sib := func(lo, hi float64, path ...core.Step) piece {
		return piece{Unit: core.Unit{Path: path, CountLast: true}, Lo: lo, Hi: hi, End: hi}
	}
	node := func(path ...core.Step) piece { return piece{Unit: core.Unit{Path: path}} }
	rest := func(lo, hi float64, path []core.Step, steps ...core.Step) piece {
		return piece{Unit: core.Unit{Path: path, Rest: steps}, Lo: lo, Hi: hi, End: hi}
	}
	after := sib(0, 0, a, br(9))
	after.Unit.After, after.Unit.CountLast = true, false
	for _, tc := range []struct {
		name   string
		pieces []piece
		want   string
	}{
		{"siblings", []piece{sib(0, .25, a, br(2)), sib(.25, .5, a, br(3)), sib(.5, 1, a, br(5))},
			"[0:1] rest [1:2 1:3 1:5] [0, 1)"},
		{"one sibling", []piece{sib(0, 1, a, br(2))}, "[0:1 1:2] count-last [0, 1)"},
		{"siblings of the root", []piece{sib(0, .5, br(2)), sib(.5, 1, br(3))}, "[] rest [1:2 1:3] [0, 1)"},
		{"a node between", []piece{sib(0, .25, a, br(2)), node(a, br(3), a), sib(.5, 1, a, br(5))},
			"[0:1 1:2] count-last [0, 0.25) | [0:1 1:3 0:1] [0, 0) | [0:1 1:5] count-last [0.5, 1)"},
		{"two items", []piece{sib(0, .5, a, br(2)), sib(.5, 1, a, core.Step{Item: 2, Option: 2})},
			"[0:1 1:2] count-last [0, 0.5) | [0:1 2:2] count-last [0.5, 1)"},
		{"two parents", []piece{sib(0, .5, a, br(2)), sib(.5, 1, br(4), br(2))},
			"[0:1 1:2] count-last [0, 0.5) | [1:4 1:2] count-last [0.5, 1)"},
		{"not counting their last step", []piece{node(a, br(2)), node(a, br(3))}, "[0:1 1:2] [0, 0) | [0:1 1:3] [0, 0)"},
		{"a rest after a branch", []piece{sib(0, .5, a, br(2)), after}, "[0:1 1:2] count-last [0, 0.5) | [0:1 1:9] after [0, 0)"},
		{"an excluding branch", []piece{sib(0, .5, a, br(2)), sib(.5, 1, a, core.Step{Item: 1, Option: 2, Exclude: true})},
			"[0:1 1:2] count-last [0, 0.5) | [0:1 1:2x] count-last [0.5, 1)"},
		{"a rest and siblings", []piece{rest(0, .5, []core.Step{a}, br(2), br(3)), sib(.5, .75, a, br(5))}, "[0:1] rest [1:2 1:3 1:5] [0, 0.75)"},
		{"apart (a shard's)", []piece{sib(0, .1, a, br(2)), sib(.5, .6, a, br(3))}, "[0:1] rest [1:2 1:3] [0, 0.2)"},
	} {
		if got := describePieces(gatherRests(tc.pieces)); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

func describePieces(pieces []piece) string {
	s := ""
	for i, p := range pieces {
		if i > 0 {
			s += " | "
		}
		s += describeSteps(p.Unit.Path)
		switch {
		case p.Unit.Rest != nil:
			s += " rest " + describeSteps(p.Unit.Rest)
		case p.Unit.After:
			s += " after"
		case p.Unit.CountLast:
			s += " count-last"
		}
		s += fmt.Sprintf(" [%.3g, %.3g)", p.Lo, p.Hi)
	}
	return s
}

func describeSteps(steps []core.Step) string {
	s := "["
	for i, st := range steps {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%d:%d", st.Item, st.Option)
		if st.Exclude {
			s += "x"
		}
	}
	return s + "]"
}
