package learn

import (
	"github.com/xcover/xcover/exactcover/internal/core"
)

// Limits of the engine, each with its reason.
const (
	// MaxLearnedLiterals bounds the literals of learned clauses kept at
	// once (2 or 4 bytes each, arena.go: at most 256 MiB). Past it the
	// database is halved at the next restart whatever its size, so that a
	// long run's memory stays bounded by the problem, not by the time it
	// runs.
	MaxLearnedLiterals = 1 << 26
	// PollConflicts and PollPropagations say how often the stop function
	// is called: a conflict costs at most milliseconds and a propagation
	// well under a microsecond, so a stop takes effect within about a
	// hundred milliseconds at worst, at a cost too small to measure.
	PollConflicts    = 1 << 8
	PollPropagations = 1 << 16
	// firstReduce is how many removable learned clauses may accumulate
	// before the first reduction; each reduction raises it by reduceStep.
	firstReduce = 4000
	reduceStep  = 600
	// glueLBD: clauses of this literal block distance or less are kept
	// for good (Audemard and Simon's "glue clauses").
	glueLBD = 2
	// usedLBD: clauses of this LBD or less that served as reasons in an
	// analysis since the last reduction are kept by it (CaDiCaL's middle
	// tier).
	usedLBD = 6
	// clauseDecay is the decay factor of clause activities.
	clauseDecay = 0.999
)

// branchCandidates is how many of the most active options pickBranch
// weighs by their items' open options. On the 18 Gecode 25×25 Sudokus,
// one worker, three seeds, uniqueness took 4.33 million conflicts in all
// with 1 (the most active alone), 3.86 with 3, 3.73 with 4, 3.65 with 6,
// 3.72 with 8 and 3.81 with 16; the time was least from 4 to 8.
const branchCandidates = 4

// Stats are the engine's counters.
type Stats struct {
	Solutions    int64
	Conflicts    int64
	Decisions    int64
	Propagations int64 // literals propagated
	Learned      int64 // clauses learned in all
	Kept         int64 // learned clauses in the database now
	Deleted      int64 // learned clauses deleted by reductions
	Restarts     int64
	ModeSwitches int64 // between focused and stable mode (mode.go)
	Rephases     int64
	Splits       int64 // halves cut in two by SolveSplit (split.go)
}

// Limits are a search's limits; the zero value has none.
type Limits struct {
	// MaxConflicts, when positive, ends the search (core.NodeLimit) after
	// that many conflicts of this search.
	MaxConflicts int64
	// MaxSolutions, when positive, ends the search after that many
	// solutions (core.Stopped).
	MaxSolutions int64
	// Stop, when set, is called every PollConflicts conflicts and every
	// PollPropagations propagations with the counters so far; returning
	// true ends the search (core.Interrupted).
	Stop func(*Stats) bool
	// OnSplit, when set, is called once by SolveSplit, when it starts
	// splitting.
	OnSplit func()
}

// lit is a literal: 2v for option v taken, 2v+1 for option v not taken.
type lit = int32

// Values of an option.
const (
	unset    int8 = 0
	vTrue    int8 = 1
	vFalse   int8 = -1
	noReason      = -1
)

// takenBy is the reason of an option ruled out because option k, taken,
// shares an item with it that takes at most one option (reasons below
// noReason): the reason clause is "k not taken", found without looking
// through the item's options, as the most common reason by far.
func takenBy(k int32) int32 { return -2 - k }

// Solver is a problem compiled for clause learning, with its learned
// clauses. It is not safe for concurrent use.
type Solver struct {
	p     *core.Problem
	nVars int

	// The items: occ[occStart[i]:occStart[i+1]] are the options using
	// item i, occColor the color of each use (0: none). colored says that
	// some use of the (secondary) item has a color.
	occStart, occ, occColor []int32
	colored                 []bool
	// tally holds each item's bounds and counters, side by side since
	// propagation reads them together.
	tally []itemCount
	// useColor is parallel to p.Items: the color of each use (0: none).
	useColor []int32

	// The assignment and the trail.
	// lv is the value of each literal: lv[2v] is option v's, vTrue if it
	// is taken, vFalse if not, unset.
	lv       []int8
	vars     []assignment // of each option, when it is assigned
	trail    []lit
	trailLim []int32
	qhead    int

	// Learned clauses (clauses.go).
	wideArena bool     // literals need 32 bits (arena.go)
	narrow    []uint16 // the arena, when they fit in 16
	wide      []uint32 // the arena otherwise
	clauses   []clause
	watches   [][]watch
	nRemove   int // clauses that reductions may delete
	maxRemove int
	clauseInc float32

	// Branching (heap.go).
	activity []float64
	varInc   float64
	heap     varHeap
	phase    []int8
	picked   []int32 // pickBranch's candidates

	// Scratch for analysis.
	seen      []uint8
	learnt    []lit
	buf       []lit
	stack     []lit
	toclear   []lit
	levelMark []int64
	markStamp int64
	conflict  []lit
	reasonBuf []lit
	// shrinkMark[v] == shrinkStamp: option v was visited by the current
	// level's walk in shrink.go.
	shrinkMark  []int64
	shrinkStamp int64
	cand        []int32 // reduce's candidates

	restart restarter
	ph      phases
	sched   schedule

	// SolveSplit's conflicts before the first split and between splits;
	// 0: firstConflicts and splitConflicts (split.go). Tests shrink them.
	firstBudget, splitBudget int64
	lookPhase                []int8 // look-ahead's scratch (split.go)

	// learned, when set, sees each clause learned (export_test.go: tests
	// check that it holds in every solution not yet blocked).
	learned func([]lit)

	unsat bool // a contradiction at level 0: nothing more to find
	sol   []int
	stats Stats
}

// New compiles p for clause learning.
func New(p *core.Problem) *Solver {
	s := &Solver{p: p, nVars: p.NumOptions()}
	n, ni := s.nVars, p.NItems
	var uses []int32
	s.occStart, s.occ, uses = p.ItemOptions()
	s.useColor = make([]int32, len(p.Items))
	if p.Colors != nil {
		copy(s.useColor, p.Colors)
	}
	s.occColor = make([]int32, len(p.Items))
	s.colored = make([]bool, ni)
	for i := range ni {
		for j := s.occStart[i]; j < s.occStart[i+1]; j++ {
			if s.occColor[j] = s.useColor[uses[j]]; s.occColor[j] != 0 {
				s.colored[i] = true
			}
		}
	}
	s.tally = make([]itemCount, ni)
	for i := range ni {
		c := &s.tally[i]
		c.lo, c.hi = 0, 1
		if i < p.NPrimary {
			c.lo, c.hi = p.Bounds(i)
		}
		c.free = s.occStart[i+1] - s.occStart[i]
	}
	s.lv = make([]int8, 2*n)
	s.vars = make([]assignment, n)
	s.trail = make([]lit, 0, n)
	s.watches = make([][]watch, 2*n)
	s.wideArena = 2*n > narrowLiterals
	s.activity = make([]float64, n)
	s.varInc = 1
	s.clauseInc = 1
	s.phase = make([]int8, n)
	s.seen = make([]uint8, n)
	s.levelMark = make([]int64, n+1)
	s.shrinkMark = make([]int64, n)
	s.heap.init(s.activity, n)
	s.setSchedule(schedule{modeFirst: firstModeConflicts, lubyUnit: lubyUnit, rephase: rephaseConflicts,
		reduceFirst: max(firstReduce, n/4), reduceStep: reduceStep})
	for i := range ni {
		m, c := s.occStart[i+1]-s.occStart[i], s.tally[i]
		switch {
		case m < c.lo:
			s.unsat = true
		case m == c.lo:
			for _, k := range s.options(i) {
				s.fix(2 * k)
			}
		case c.hi == 0:
			for _, k := range s.options(i) {
				s.fix(2*k + 1)
			}
		}
	}
	return s
}

// options returns the options that use item i.
func (s *Solver) options(i int) []int32 { return s.occ[s.occStart[i]:s.occStart[i+1]] }

// fix asserts l at level 0; a contradiction makes the problem unsatisfiable.
func (s *Solver) fix(l lit) {
	switch s.litValue(l) {
	case vFalse:
		s.unsat = true
	case unset:
		s.enqueue(l, noReason)
	}
}

// Include and Exclude force compiled option k to be taken or not (a
// partial solution); call them before Solve.
func (s *Solver) Include(k int) { s.fix(2 * lit(k)) }
func (s *Solver) Exclude(k int) { s.fix(2*lit(k) + 1) }

// itemCount is an item's bounds (secondary items: 0 and 1) and counters.
type itemCount struct {
	lo, hi int32
	nTrue  int32 // options true
	free   int32 // options not false
}

// assignment says when and why an option was assigned, side by side
// since enqueue writes them together and analysis reads them together.
type assignment struct {
	level  int32
	pos    int32 // position on the trail
	reason int32 // noReason, an item (< NItems), NItems + a clause or takenBy(k)
}

// Stats returns the counters so far.
func (s *Solver) Stats() Stats { return s.stats }

func (s *Solver) litValue(l lit) int8 { return s.lv[l] }

func (s *Solver) decisionLevel() int32 { return int32(len(s.trailLim)) }

// enqueue assigns l, which must be unassigned, at the current level.
func (s *Solver) enqueue(l lit, why int32) {
	v := l >> 1
	s.lv[l], s.lv[l^1] = vTrue, vFalse
	s.vars[v] = assignment{level: s.decisionLevel(), pos: int32(len(s.trail)), reason: why}
	s.trail = append(s.trail, l)
}

// cancelUntil undoes the assignments above level lvl, and the counters of
// those already propagated.
func (s *Solver) cancelUntil(lvl int32) {
	if s.decisionLevel() <= lvl {
		return
	}
	start := int(s.trailLim[lvl])
	for t := len(s.trail) - 1; t >= start; t-- {
		l := s.trail[t]
		v := l >> 1
		if t < s.qhead {
			s.count(l, s.p.Items[s.p.Begin[v]:s.p.Begin[v+1]], -1)
		}
		s.lv[l], s.lv[l^1] = unset, unset
		s.phase[v] = int8(1 - 2*(l&1)) // vTrue or vFalse
		if !s.heap.contains(v) {
			s.heap.insert(v)
		}
	}
	s.trail = s.trail[:start]
	s.trailLim = s.trailLim[:lvl]
	s.qhead = start
}
