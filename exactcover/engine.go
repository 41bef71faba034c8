package exactcover

import "fmt"

// Engine names one of the search engines. Both find the same solutions;
// they differ in speed and in what they count.
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
)

var engineNames = []string{"auto", "dlx", "sparse"}

// String returns the engine's name as the command line writes it.
func (e Engine) String() string { return nameOf(e, engineNames) }

// ParseEngine returns the engine named s ("auto", "dlx" or "sparse").
func ParseEngine(s string) (Engine, error) {
	if e, ok := valueOf[Engine](s, engineNames); ok {
		return e, nil
	}
	return 0, fmt.Errorf("unknown engine %q: expected auto, dlx or sparse", s)
}
