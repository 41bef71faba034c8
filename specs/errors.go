package specs

import (
	"errors"
	"fmt"

	"github.com/xcover/xcover/exactcover"
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

// BoundsError returns an *Error at the declaration of sp's first primary
// item whose bounds are not exactly once, for a command that takes only
// exact-cover problems: the message names the item and its bounds, then
// says why it is refused (refused), and Err is err. It returns nil when
// every primary item is to be covered exactly once.
func (sp *Spec) BoundsError(err error, refused string) error {
	p := &sp.Problem
	for i, b := range p.Bounds {
		if b != exactcover.Once {
			return sp.errorAt(sp.item(i), err, "primary item %q is to be covered %s: %s", p.Primary[i], boundsText(b), refused)
		}
	}
	return nil
}

// boundsText says how many times bounds b ask an item to be covered.
func boundsText(b exactcover.Bounds) string {
	switch {
	case b.Lo == b.Hi:
		return fmt.Sprintf("exactly %d times", b.Hi)
	case b.Lo == 0 && b.Hi == 1:
		return "at most once"
	}
	return fmt.Sprintf("%d to %d times", b.Lo, b.Hi)
}
