package core

import "errors"

// Action is what a driver asks of a running search when it polls.
type Action int

const (
	// Continue the search.
	Continue Action = iota
	// Donate the unexplored siblings at the shallowest level that has any
	// to Run.Export, and leave them unexplored (work stealing).
	Donate
	// Export every unexplored part of the search to Run.Export and go on
	// with the search as if nothing happened (a periodic checkpoint).
	Export
	// Stop the search, exporting every unexplored part to Run.Export.
	Stop
)

// PollInterval is how many nodes an engine enters between calls of
// Run.Poll: rare enough to cost nothing measurable, often enough that a
// stop request or a hungry worker is answered within about a millisecond.
const PollInterval = 1 << 12

// Run is what a driver gives an engine for the search of one unit, and
// what it gets back besides the counters.
type Run struct {
	// Weighted selects the Weighted branching rule; otherwise Knuth's.
	Weighted bool
	// Visit, when set, receives each solution as the caller's option
	// indices in the order chosen, in a buffer valid until it returns;
	// returning false stops the search (Stopped).
	Visit func(solution []int) bool
	// MaxSolutions and MaxNodes, when positive, stop the search when its
	// own counters reach them (not counting what Counters held before).
	MaxSolutions, MaxNodes int64
	// Poll, when set, is called every PollEvery nodes (PollInterval when
	// zero) with the counters so far (including those the run started
	// with).
	Poll      func(c *Counters) Action
	PollEvery int64
	// Profile, when not nil, receives nodes per level; it must have room
	// for every level (Engine.MaxDepth()+2 entries).
	Profile []int64
	// Export receives the units an Action asked for; the engine appends.
	Export []Unit
	// Final tells the engine that the search will not be resumed: when a
	// limit or Poll stops it, the engine need not export what is left,
	// whose paths take time and memory in proportion to depth × branches
	// (seconds and gigabytes on a 64×64 Sudoku stopped thousands of
	// levels deep). The sparse engine honors it.
	Final bool
}

// NextPoll returns the node count at which a search that has entered
// nodes nodes stops next, to poll or at its node limit: PollEvery nodes
// on (PollInterval when zero), or MaxNodes if that comes first.
func (r *Run) NextPoll(nodes int64) int64 {
	every := r.PollEvery
	if every <= 0 {
		every = PollInterval
	}
	next := nodes + every
	if r.MaxNodes > 0 && r.MaxNodes < next {
		next = r.MaxNodes
	}
	return next
}

// AddProfile adds an engine's nodes per level, prof, to Profile when the
// caller asked for them.
func (r *Run) AddProfile(prof []int64) {
	if r.Profile == nil {
		return
	}
	for l, n := range prof[:min(len(prof), len(r.Profile))] {
		r.Profile[l] += n
	}
}

// Engine is a compiled problem with its search state, able to search any
// unit. It is not safe for concurrent use: every worker has its own,
// made by Clone.
type Engine interface {
	// Search explores the subtree of u, adding what it counts to *c, and
	// restores its state before returning. Errors are ErrBadPath and
	// ErrInconsistent, for a path that does not name a node.
	Search(u Unit, run *Run, c *Counters) (Status, error)
	// Expand enters the node that u names, counting it (and u's last step
	// when u.CountLast) in *c, and appends to dst its children, in the
	// engine's order, as units with CountLast set. solution reports that
	// the node is a solution (a leaf with no children).
	Expand(u Unit, c *Counters, dst []Unit) (children []Unit, solution bool, err error)
	// Branches appends the current path's branches (for progress reports);
	// valid only during Run.Poll.
	Branches(dst []Branch) []Branch
	// MaxDepth is the most levels a path can have.
	MaxDepth() int
	// Reset compiles p into the engine, reusing its memory; see [New].
	Reset(p *Problem)
	// ResetWeights forgets what the Weighted rule has learned.
	ResetWeights()
	// Clone returns an independent engine for the same problem.
	Clone() Engine
}

// New returns a new engine of type *E with p compiled into it by Reset,
// which a caller may call again to compile another problem into the same
// memory.
func New[E any, P interface {
	*E
	Engine
}](p *Problem) P {
	e := P(new(E))
	e.Reset(p)
	return e
}

// ErrUnsupported is wrapped by the error of an engine asked to search a
// problem it does not take (the bit-set engine's limits).
var ErrUnsupported = errors.New("problem not supported by the engine")

// Errors for paths that name no node.
var (
	ErrBadPath      = errors.New("path names an option that does not exist or was dropped")
	ErrInconsistent = errors.New("path is inconsistent")
)

// PathError says which step of a path fails.
type PathError struct {
	Err    error
	Step   int   // index into the path
	Option int32 // the step's option (caller's index)
}

func (e *PathError) Error() string { return e.Err.Error() }
func (e *PathError) Unwrap() error { return e.Err }
