package exactcover

import "fmt"

// Engine names one of the search engines. The enumerating ones (dlx,
// sparse, bits) find the same solutions and differ in speed and in what
// they count; learn answers the questions that need no enumeration (see
// EngineLearn); auto picks among them per problem and question.
type Engine int

const (
	// EngineAuto lets the solver pick the engine it expects to be faster
	// for the problem.
	EngineAuto Engine = iota
	// EngineDLX is dancing links as in Knuth's DLX1, DLX2 and DLX3, whose
	// statistics it reproduces exactly under Knuth's branching rule: the
	// engine for teaching and for checking against his programs.
	EngineDLX
	// EngineSparse is sparse sets in the manner of Knuth's SSXCC and
	// SSMCC ("dancing cells"): the fastest engine, with node counts of its
	// own.
	EngineSparse
	// EngineBits is bit sets: each option a row of bits, the live options
	// of each level filtered from its parent's by one AND per word. The
	// fastest where items are few (at most 256) and options many, such as
	// polyomino packings; takes up to 4,096 items and colors of secondary
	// items (a bit per item and per color), and multiplicities, with the
	// sparse-set engine's tree on both. Node counts of its own.
	EngineBits
	// EngineLearn is conflict-driven clause learning over the options
	// (internal/learn): no search tree, but what a dead end taught is
	// never forgotten. The engine for first solutions, uniqueness and
	// unsatisfiability on hard problems (25×25 Sudokus with few clues,
	// quasigroup completion); it lists solutions by blocking each one
	// found, so counts beyond a few thousand are the other engines' job.
	// Config.MaxNodes counts its conflicts, all its halves together (a
	// search it stops took exactly that many); Stats.Learn holds its
	// counters. Its Workers search the halves it splits a hard search
	// into (cube and conquer); checkpoints, shards, Count's memoizing
	// and Estimate, which need a search tree, refuse it (ErrNoTree).
	EngineLearn
)

var engineNames = []string{"auto", "dlx", "sparse", "bits", "learn"}

// String returns the engine's name as the command line writes it.
func (e Engine) String() string { return nameOf(e, engineNames) }

// ParseEngine returns the engine named s ("auto", "dlx", "sparse", "bits"
// or "learn").
func ParseEngine(s string) (Engine, error) {
	if e, ok := valueOf[Engine](s, engineNames); ok {
		return e, nil
	}
	return 0, fmt.Errorf("unknown engine %q: expected auto, dlx, sparse, bits or learn", s)
}
