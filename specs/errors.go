package specs

import (
	"errors"

	"github.com/xcover/xcover/internal/located"
)

// ErrSyntax is wrapped by every *Error that reports input not written as its
// format requires (as opposed to a well-formed problem that the engine
// refuses, which wraps the engine's sentinel).
var ErrSyntax = errors.New("syntax error")

// Error is an input error with its place: File is the file name given to
// [Parse], Line and Column are 1-based (0 when unknown), and Msg says what
// is wrong. Err is the sentinel it wraps: [ErrSyntax],
// [exactcover.ErrTooLarge] or another exactcover.ErrXxx; it may be nil.
// Error() returns "file:line:col: message" on one line, dropping the parts
// that are unknown; Unwrap returns Err, for errors.Is.
type Error = located.Error
