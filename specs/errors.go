package specs

import (
	"errors"
	"fmt"
)

// ErrSyntax is wrapped by every *Error that reports input not written as its
// format requires (as opposed to a well-formed problem that the engine
// refuses, which wraps the engine's sentinel).
var ErrSyntax = errors.New("syntax error")

// Error is an input error with its place: the file name given to [Parse],
// and a 1-based line and column (0 when unknown). Err is the sentinel it
// wraps: [ErrSyntax], [exactcover.ErrTooLarge] or another exactcover.ErrXxx;
// it may be nil.
type Error struct {
	File      string
	Line, Col int
	Msg       string
	Err       error
}

// Error returns "file:line:col: message" on one line, dropping the parts
// that are unknown.
func (e *Error) Error() string {
	var where string
	switch {
	case e.Line > 0 && e.Col > 0:
		where = fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
	case e.Line > 0:
		where = fmt.Sprintf("%s:%d", e.File, e.Line)
	default:
		where = e.File
	}
	if where == "" {
		return e.Msg
	}
	return where + ": " + e.Msg
}

// Unwrap returns the sentinel, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }
