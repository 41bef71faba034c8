// Package exitcode is xcover's exit-code contract, the same in every
// command (help/exit-codes.txt): 0 when something was found, 1 when the
// search is complete and found nothing, 2 for bad input or usage, 3 when
// the search was stopped (Ctrl-C, SIGTERM, SIGHUP, --timeout, --max-nodes) and
// what was found is printed. Scripts rely on it, so it does not change.
//
// A command returns an [Error] that carries its code, or any other error;
// [Print] says the message in one line on stderr and returns the code.
package exitcode

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// The exit codes.
const (
	Found    = 0
	None     = 1
	BadInput = 2
	Stopped  = 3
)

// Error ends a run with exit code Code; Err is its message (nil: the
// output already says it). It is what urfave/cli calls an ExitCoder.
type Error struct {
	Code int
	Err  error
}

func (e *Error) Error() string {
	if e.Err == nil {
		return ""
	}
	return e.Err.Error()
}

// ExitCode returns Code.
func (e *Error) ExitCode() int { return e.Code }

func (e *Error) Unwrap() error { return e.Err }

// With gives err (nil: nothing to print) exit code code.
func With(code int, err error) error { return &Error{code, err} }

// Bad gives err, if any, exit code 2.
func Bad(err error) error {
	if err == nil {
		return nil
	}
	return With(BadInput, err)
}

// Print prints err's message, if any, as one line "xcover: …" on stderr
// and returns its exit code: the code it carries (or wraps), else 3 for a context's
// error (a stop), else 2 (an error without a code is bad input or usage).
func Print(err error, stderr io.Writer) int {
	var ec interface {
		error
		ExitCode() int
	}
	msg := ""
	switch {
	case err == nil:
		return Found
	case errors.As(err, &ec):
		msg = err.Error() // with what wraps ec
	case errors.Is(err, context.DeadlineExceeded):
		ec = &Error{Stopped, errors.New("stopped by --timeout")}
	case errors.Is(err, context.Canceled):
		ec = &Error{Stopped, errors.New("interrupted")}
	default:
		ec = &Error{BadInput, err}
	}
	if msg == "" {
		msg = ec.Error()
	}
	if msg != "" {
		fmt.Fprintf(stderr, "xcover: %s\n", msg)
	}
	return ec.ExitCode()
}
