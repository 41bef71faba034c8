package exactcover

import (
	"errors"
	"fmt"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Sentinel errors; a *ProblemError wraps one of them and says where it is.
var (
	ErrNoPrimaryItems   = errors.New("no primary items")
	ErrEmptyItemName    = errors.New("empty item name")
	ErrDuplicateItem    = errors.New("item declared twice")
	ErrUnknownItem      = errors.New("unknown item")
	ErrRepeatedItem     = errors.New("item repeated in an option")
	ErrColorOnPrimary   = errors.New("color given to a primary item")
	ErrEmptyOption      = errors.New("empty option")
	ErrTooLarge         = errors.New("problem too large")
	ErrBadPartial       = errors.New("partial solution names an option that does not exist or was dropped")
	ErrInconsistentPart = errors.New("partial solution is inconsistent")
	ErrBadBounds        = errors.New("bad bounds")
	// ErrDroppedOption is not an error but the warning (Solver.Warnings)
	// for an option without any primary item, which is dropped, as Knuth's
	// programs drop it, since no solution could ever need it.
	ErrDroppedOption = errors.New("has no primary item; dropped")
)

// ErrEngineUnsupported is wrapped by the error of a search that names an
// engine that does not take the problem: EngineBits with more than 4,096
// items and colors of secondary items. EngineAuto never picks such an
// engine.
var ErrEngineUnsupported = core.ErrUnsupported

// ProblemError reports what is wrong with a [Problem], or what the compiler
// accepted but reports ([Solver.Warnings]), and where: the option
// (index into Problem.Options, or -1 for the item declarations) and the
// position inside it (index into Option.Items, or into the declared items
// when Option is -1; -1 when it does not apply). Parsers map these indices
// back to file:line:column.
type ProblemError struct {
	Err      error
	Option   int
	Position int
	Item     string
}

func (e *ProblemError) Error() string {
	switch {
	case e.Option >= 0 && e.Item != "":
		return fmt.Sprintf("option %d: %v: %q", e.Option+1, e.Err, e.Item)
	case e.Option >= 0:
		return fmt.Sprintf("option %d: %v", e.Option+1, e.Err)
	case e.Item != "":
		return fmt.Sprintf("%v: %q", e.Err, e.Item)
	}
	return e.Err.Error()
}

func (e *ProblemError) Unwrap() error { return e.Err }
