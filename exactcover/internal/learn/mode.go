package learn

import "math"

// The search alternates between two modes, as CaDiCaL and Kissat do
// (Biere and Fleury, "Chasing target phases", POS 2020):
//
//   - focused: frequent restarts (glucose's rule), activities that decay
//     fast, decisions with the saved phase. It is the better mode for
//     proving that nothing is left (uniqueness, unsatisfiability).
//   - stable: rare restarts (Luby's sequence in units of lubyUnit
//     conflicts), activities of their own, and decisions with the target
//     phase: the assignment of the longest conflict-free trail seen since
//     the last rephasing. The options in the reasons of a learned clause's
//     literals are bumped too (reason-side bumping, analyze.go). It is the
//     better mode for finding a solution: on the hard Gecode 25×25
//     Sudokus, it is what settles them (nine of them took 0.83 million
//     conflicts in all with reason-side bumping, 1.59 million without, and
//     1.55 million without rephasing).
//
// The first focused phase lasts firstModeConflicts conflicts; each phase
// after it lasts modeGrowth times as long as the one before, so that both
// modes get about the same share of any long run.
//
// Every rephaseConflicts·n conflicts (n the rephasings so far) the saved
// and target phases are reset, in turn, to the best phase (that of the
// longest conflict-free trail since the best was last reset) or to the
// original one (every option false), so that the search does not stay
// stuck near one assignment.
//
// Once a solution is found and blocked, the search stays in stable mode
// for good, and the target and best phases forget it (afterSolution).
const (
	firstModeConflicts = 1000
	modeGrowth         = 2
	rephaseConflicts   = 1000
	// focusedDecay and stableDecay are the EVSIDS decay factors of the
	// two modes' activities.
	focusedDecay = 0.95
	stableDecay  = 0.95
)

// phases holds what the two modes need beside the saved phase.
type phases struct {
	target, best                 []int8
	targetAssigned, bestAssigned int
	// noConflictUntil: the first noConflictUntil literals of the trail
	// propagated without a conflict.
	noConflictUntil int

	modeSwitchAt, modeLength int64 // conflicts
	rephaseAt                int64

	// The other mode's activities and increment, swapped in on a switch.
	otherActivity []float64
	otherInc      float64

	// solutionFound: no more switches to focused mode, and options are
	// decided taken (afterSolution).
	solutionFound bool
}

// schedule is how many conflicts each periodic step waits for; New sets
// the constants above, tests shrink them so that small problems meet
// every step.
type schedule struct {
	modeFirst, lubyUnit, rephase int64
	reduceFirst, reduceStep      int
}

// setSchedule sets the schedule of a new solver, and the phases.
func (s *Solver) setSchedule(sc schedule) {
	n := s.nVars
	s.sched = sc
	s.ph.target = make([]int8, n)
	s.ph.best = make([]int8, n)
	s.ph.otherActivity = make([]float64, n)
	s.ph.otherInc = 1
	s.ph.modeLength = sc.modeFirst
	s.ph.modeSwitchAt = sc.modeFirst
	s.ph.rephaseAt = sc.rephase
	s.restart.unit = sc.lubyUnit
	s.maxRemove = sc.reduceFirst
}

// updatePhases records the conflict-free part of the trail as the target
// and best phases when it is longer than the one they hold. It is called
// before backtracking.
func (s *Solver) updatePhases() {
	n := s.ph.noConflictUntil
	if n > s.ph.targetAssigned {
		s.copyTrail(s.ph.target, n)
		s.ph.targetAssigned = n
	}
	if n > s.ph.bestAssigned {
		s.copyTrail(s.ph.best, n)
		s.ph.bestAssigned = n
	}
}

// copyTrail sets dst to the values of the first n literals of the trail.
func (s *Solver) copyTrail(dst []int8, n int) {
	for _, l := range s.trail[:n] {
		dst[l>>1] = int8(1 - 2*(l&1))
	}
}

// decisionPhase returns the phase in which to decide option v: taken once
// a solution is found (afterSolution); else the target phase in stable
// mode, when there is one, else the saved phase; false if v was never
// assigned.
func (s *Solver) decisionPhase(v int32) int8 {
	if s.ph.solutionFound {
		return vTrue
	}
	if s.restart.stable {
		if t := s.ph.target[v]; t != unset {
			return t
		}
	}
	return s.phase[v]
}

// switchMode changes mode at level 0 when its phase is over.
func (s *Solver) switchMode() {
	s.ph.modeLength *= modeGrowth
	s.ph.modeSwitchAt = s.stats.Conflicts + s.ph.modeLength
	if s.ph.solutionFound {
		s.ph.modeSwitchAt = math.MaxInt64
	}
	s.restart.setStable(!s.restart.stable)
	s.activity, s.ph.otherActivity = s.ph.otherActivity, s.activity
	s.varInc, s.ph.otherInc = s.ph.otherInc, s.varInc
	s.heap.rebuild(s.activity)
	s.ph.targetAssigned = 0
	s.stats.ModeSwitches++
}

// decay returns the current mode's EVSIDS decay factor.
func (s *Solver) decay() float64 {
	if s.restart.stable {
		return stableDecay
	}
	return focusedDecay
}

// rephase resets the saved and target phases, alternately to the best
// phase and to the original one.
func (s *Solver) rephase() {
	s.stats.Rephases++
	s.ph.rephaseAt = s.stats.Conflicts + s.sched.rephase*(s.stats.Rephases+1)
	if s.stats.Rephases%2 == 1 {
		for v, b := range s.ph.best {
			if b != unset {
				s.phase[v] = b
			}
		}
		s.ph.bestAssigned = 0
	} else {
		for v := range s.phase {
			s.phase[v] = vFalse
		}
	}
	copy(s.ph.target, s.phase)
	s.ph.targetAssigned = 0
}

// afterSolution is called when a solution is blocked. What remains is
// most often a proof that no other solution exists, and stable mode
// proves it with fewer conflicts than the alternation: on eight of the
// Gecode 25×25 Sudokus (1, 4, 5, 8, 9, 10, 15, 16), the proofs of
// uniqueness (xcover solve --engine learn --limit 2) took 2.36 million
// conflicts in all this way, 2.73 million alternating; on three of them
// (4, 5, 8), 0.39 million, where the alternation took 0.44 and focused
// mode only 0.47. The solution is not made the target and best phases:
// as the longest conflict-free trail possible it would hold them until
// the next rephasing, and lead each descent back next to a solution that
// is now blocked (with it as the target, the three took 0.40 million).
//
// From then on, too, every decision takes an option rather than trying
// its phase (so that the phases, reset here all the same, no longer
// decide). Taking an option rules out every other option of its items,
// so that a proof's conflicts come sooner: on the 18 Gecode 25×25
// Sudokus, on one worker, the proofs of uniqueness took 2.6%, 4% and 8%
// fewer conflicts in all, the options' first activities perturbed with
// three seeds, and 2.3% fewer as the exact covers `xcover sudoku
// --emit-spec dlx` writes. The phases still decide until the first
// solution: taking options finds none in minutes on quasigroup
// completions whose phases find one in seconds (doc.go).
func (s *Solver) afterSolution() {
	s.ph.targetAssigned, s.ph.bestAssigned = 0, 0
	s.ph.solutionFound = true
	if s.restart.stable {
		s.ph.modeSwitchAt = math.MaxInt64
	} else {
		s.ph.modeSwitchAt = s.stats.Conflicts // switch at the next restart
	}
}
