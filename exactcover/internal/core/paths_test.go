package core_test

import (
	"fmt"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// stack is a search standing at some level of a tree, as an engine keeps
// it: the step taken at each level, and the branches not yet taken there.
type stack struct {
	path     []core.Step
	siblings map[int][]int32 // level: the options not yet taken
}

func (s *stack) Steps(level int) []core.Step { return s.path[:level] }

func (s *stack) Siblings(dst []core.Unit, level int) []core.Unit {
	for _, o := range s.siblings[level] {
		path := append(s.path[:level:level], core.Step{Item: int32(level), Option: o})
		dst = append(dst, core.Unit{Path: path, CountLast: true})
	}
	return dst
}

// newStack stands at level 4, with branches left at levels 0 (option 10)
// and 2 (options 20 and 21), none at 1 and 3.
func newStack() *stack {
	path := make([]core.Step, 4)
	for l := range path {
		path[l] = core.Step{Item: int32(l), Option: int32(l)}
	}
	return &stack{path: path, siblings: map[int][]int32{0: {10}, 2: {20, 21}}}
}

// units writes units as their paths' last options ("node 4" for a node
// reached by the path), for comparisons.
func units(us []core.Unit) string {
	s := ""
	for _, u := range us {
		if !u.CountLast {
			s += fmt.Sprintf("node %d ", len(u.Path))
			continue
		}
		s += fmt.Sprintf("%d ", u.Path[len(u.Path)-1].Option)
	}
	return s
}

// TestExportUnits checks what a search exports: the node it was about to
// enter, then the branches left at each level above, deepest first, down
// to the level it started at and the level after the last it donated.
func TestExportUnits(t *testing.T) {
	for _, tc := range []struct {
		base, level, cut int
		want             string
	}{
		{0, 4, -1, "node 4 20 21 10 "},
		{0, 4, 0, "node 4 20 21 "},
		{0, 4, 2, "node 4 "},
		{1, 4, 0, "node 4 20 21 "},
		{3, 4, 2, "node 4 "},
		{0, 0, -1, "node 0 "},
		{0, 2, -1, "node 2 10 "},
	} {
		got := units(core.ExportUnits(newStack(), nil, tc.base, tc.level, tc.cut))
		if got != tc.want {
			t.Errorf("base %d, level %d, cut %d: %q, want %q", tc.base, tc.level, tc.cut, got, tc.want)
		}
	}
}

// TestDonateUnits checks what a search gives away: the branches left at
// the shallowest level that has any, below its cut and at or below its
// base, which becomes the new cut; nothing when no level has any.
func TestDonateUnits(t *testing.T) {
	for _, tc := range []struct {
		base, level, cut int
		want             string
		cutAfter         int
	}{
		{0, 4, -1, "10 ", 0},
		{0, 4, 0, "20 21 ", 2},
		{0, 4, 2, "", 2},
		{1, 4, -1, "20 21 ", 2},
		{0, 2, 0, "", 0},
		{3, 4, 2, "", 2},
	} {
		dst, cut := core.DonateUnits(newStack(), nil, tc.base, tc.level, tc.cut)
		if got := units(dst); got != tc.want || cut != tc.cutAfter {
			t.Errorf("base %d, level %d, cut %d: %q, cut %d; want %q, cut %d", tc.base, tc.level, tc.cut, got, cut, tc.want, tc.cutAfter)
		}
	}
}

// TestAnswer checks what a search does with a poll's answer: Stop exports
// everything (nothing in a final run) and stops; Export exports and goes
// on; Donate gives the shallowest branches away and moves the cut;
// Continue does nothing.
func TestAnswer(t *testing.T) {
	for _, tc := range []struct {
		action core.Action
		final  bool
		stop   bool
		want   string
		cut    int
	}{
		{core.Continue, false, false, "", -1},
		{core.Stop, false, true, "node 4 20 21 10 ", -1},
		{core.Stop, true, true, "", -1},
		{core.Export, false, false, "node 4 20 21 10 ", -1},
		{core.Donate, false, false, "10 ", 0},
	} {
		run := core.Run{Final: tc.final}
		cut := -1
		stop := core.Answer(newStack(), &run, tc.action, 0, 4, &cut)
		if got := units(run.Export); stop != tc.stop || got != tc.want || cut != tc.cut {
			t.Errorf("action %d, final %v: stop %v, %q, cut %d; want %v, %q, cut %d", tc.action, tc.final, stop, got, cut, tc.stop, tc.want, tc.cut)
		}
	}
}
