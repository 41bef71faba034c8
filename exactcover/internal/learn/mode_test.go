package learn

import (
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// TestLuby compares reluctant doubling with the first 63 terms of Luby's
// sequence as published (OEIS A182105).
func TestLuby(t *testing.T) {
	want := []int64{
		1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8,
		1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16,
		1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16, 32,
	}
	var l luby
	got := make([]int64, len(want))
	for i := range got {
		got[i] = l.next()
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}

// twoPairs is the exact cover of items a and b, each by one of two
// options: 0 and 1 cover a, 2 and 3 cover b.
func twoPairs() *core.Problem {
	return &core.Problem{NPrimary: 2, NItems: 2, Items: []int32{0, 0, 1, 1}, Begin: []int32{0, 1, 2, 3, 4},
		Caller: []int32{0, 1, 2, 3}, Index: []int32{0, 1, 2, 3}}
}

// TestTargetPhase checks that the target phase is the assignment of the
// longest conflict-free trail, that stable mode decides with it and focused
// mode with the saved phase, and that rephasing forgets it.
func TestTargetPhase(t *testing.T) {
	s := New(twoPairs())
	step := func(l lit, conflict bool) {
		s.decide(l)
		if !s.propagate() {
			t.Fatal("conflict")
		}
		s.ph.noConflictUntil = len(s.trail)
		if conflict { // as if the last level ended in a conflict
			s.ph.noConflictUntil = int(s.trailLim[len(s.trailLim)-1])
		}
		s.updatePhases()
	}
	step(2*0, false) // take 0: 1 is implied false
	if want := []int8{vTrue, vFalse, unset, unset}; !slices.Equal(s.ph.target, want) || s.ph.targetAssigned != 2 {
		t.Fatalf("target %v (%d assigned), want %v", s.ph.target, s.ph.targetAssigned, want)
	}
	step(2*2+1, true) // leave 2: 3 implied, but the level "conflicts"
	if want := []int8{vTrue, vFalse, unset, unset}; !slices.Equal(s.ph.target, want) {
		t.Fatalf("after a conflicting level: target %v, want %v", s.ph.target, want)
	}
	s.ph.noConflictUntil = len(s.trail)
	s.updatePhases()
	want := []int8{vTrue, vFalse, vFalse, vTrue}
	if !slices.Equal(s.ph.target, want) || !slices.Equal(s.ph.best, want) {
		t.Fatalf("target %v, best %v, want %v", s.ph.target, s.ph.best, want)
	}

	// A shorter trail does not replace the target.
	s.cancelUntil(0)
	step(2*1, false) // take 1: 0 implied false
	if !slices.Equal(s.ph.target, want) {
		t.Fatalf("a shorter trail replaced the target: %v", s.ph.target)
	}
	s.cancelUntil(0)
	saved := []int8{vFalse, vTrue}
	if got := []int8{s.decisionPhase(0), s.decisionPhase(1)}; !slices.Equal(got, saved) {
		t.Errorf("focused mode decides with %v, want the saved phases %v", got, saved)
	}
	s.restart.setStable(true)
	if got := []int8{s.decisionPhase(0), s.decisionPhase(1)}; !slices.Equal(got, want[:2]) {
		t.Errorf("stable mode decides with %v, want the target %v", got, want[:2])
	}

	// The first rephasing goes to the best phase, the second to the
	// original one (every option false); each forgets the target's length.
	s.rephase()
	if !slices.Equal(s.phase, want) || !slices.Equal(s.ph.target, want) || s.ph.targetAssigned != 0 {
		t.Errorf("rephased to best: saved %v, target %v (%d assigned)", s.phase, s.ph.target, s.ph.targetAssigned)
	}
	s.rephase()
	if none := []int8{vFalse, vFalse, vFalse, vFalse}; !slices.Equal(s.phase, none) || !slices.Equal(s.ph.target, none) {
		t.Errorf("rephased to original: saved %v, target %v", s.phase, s.ph.target)
	}
}
