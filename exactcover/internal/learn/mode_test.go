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

// TestStableAfterSolution checks that once a solution is blocked the
// search switches to stable mode and stays there, the blocked solution
// not being the target, and that it still finds the other solutions of
// twoPairs (2 × 2 = 4 in all, each checked to cover a and b once).
func TestStableAfterSolution(t *testing.T) {
	s := NewHurried(twoPairs())
	if s.restart.stable {
		t.Fatal("a new solver starts in stable mode")
	}
	seen := map[[2]int]bool{}
	visit := func(sol []int) bool {
		got := slices.Sorted(slices.Values(sol))
		if len(got) != 2 || got[0] > 1 || got[1] < 2 {
			t.Fatalf("not an exact cover of a and b: %v", got)
		}
		seen[[2]int{got[0], got[1]}] = true
		return true
	}
	if st := s.Solve(Limits{MaxSolutions: 1}, visit); st != core.Stopped {
		t.Fatalf("status %v, want Stopped", st)
	}
	if !s.ph.solutionFound || s.ph.targetAssigned != 0 || s.ph.bestAssigned != 0 {
		t.Fatalf("after a solution: solutionFound %v, target %d, best %d assigned", s.ph.solutionFound,
			s.ph.targetAssigned, s.ph.bestAssigned)
	}
	switches := s.stats.ModeSwitches
	if st := s.Solve(Limits{}, visit); st != core.Complete {
		t.Fatalf("status %v, want core.Complete", st)
	}
	if len(seen) != 4 {
		t.Errorf("%d distinct solutions, want 4", len(seen))
	}
	if !s.restart.stable || s.stats.ModeSwitches > switches+1 {
		t.Errorf("stable %v, %d mode switches after the first solution, want stable mode after at most one",
			s.restart.stable, s.stats.ModeSwitches-switches)
	}
}
