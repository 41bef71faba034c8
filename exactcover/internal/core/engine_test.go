package core_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// TestNextPoll checks where a search stops next: a poll interval on
// (PollInterval unless the run says otherwise), or at its node limit if
// that comes first.
func TestNextPoll(t *testing.T) {
	for _, tc := range []struct {
		run   core.Run
		nodes int64
		want  int64
	}{
		{core.Run{}, 0, core.PollInterval},
		{core.Run{}, 100, 100 + core.PollInterval},
		{core.Run{PollEvery: 1}, 7, 8},
		{core.Run{PollEvery: -3}, 7, 7 + core.PollInterval},
		{core.Run{PollEvery: 10, MaxNodes: 15}, 7, 15},
		{core.Run{PollEvery: 10, MaxNodes: 17}, 7, 17},
		{core.Run{PollEvery: 10, MaxNodes: 18}, 7, 17},
		{core.Run{MaxNodes: 5}, 0, 5},
	} {
		if got := tc.run.NextPoll(tc.nodes); got != tc.want {
			t.Errorf("every %d, limit %d, at %d nodes: next poll at %d, want %d", tc.run.PollEvery, tc.run.MaxNodes, tc.nodes, got, tc.want)
		}
	}
}

// TestAddProfile checks that an engine's nodes per level are added to the
// run's profile, level by level, only when the caller asked for one, and
// never beyond its length.
func TestAddProfile(t *testing.T) {
	for _, tc := range []struct {
		profile, add, want []int64
	}{
		{nil, []int64{1, 2}, nil},
		{[]int64{0, 0, 0}, []int64{1, 2}, []int64{1, 2, 0}},
		{[]int64{1, 1, 1}, []int64{1, 2, 3}, []int64{2, 3, 4}},
		{[]int64{5, 5}, []int64{1, 2, 3}, []int64{6, 7}},
	} {
		run := core.Run{Profile: slices.Clone(tc.profile)}
		run.AddProfile(tc.add)
		if !slices.Equal(run.Profile, tc.want) {
			t.Errorf("%v + %v = %v, want %v", tc.profile, tc.add, run.Profile, tc.want)
		}
	}
}

// TestPathError checks that a path's error says what is wrong and is
// matched by the error it wraps.
func TestPathError(t *testing.T) {
	var err error = &core.PathError{Err: core.ErrInconsistent, Step: 2, Option: 7}
	if !errors.Is(err, core.ErrInconsistent) || errors.Is(err, core.ErrBadPath) || err.Error() != core.ErrInconsistent.Error() {
		t.Errorf("%v: not the inconsistent path it wraps", err)
	}
}

// engineStub records what New does with it.
type engineStub struct {
	core.Engine // nil: New calls Reset only
	reset       []*core.Problem
}

func (e *engineStub) Reset(p *core.Problem) { e.reset = append(e.reset, p) }

// TestNew checks that New makes an engine of the type asked for and
// compiles the problem into it once.
func TestNew(t *testing.T) {
	p := small()
	e := core.New[engineStub](p)
	if len(e.reset) != 1 || e.reset[0] != p {
		t.Errorf("New reset the engine with %v, want once with the problem", e.reset)
	}
}
