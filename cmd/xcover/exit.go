package main

import (
	"errors"
	"fmt"
	"io"

	"xcover/exactcover"
)

// Exit codes, a stable contract documented in the README.
const (
	exitFound    = 0 // a solution was found, or a count completed with at least one
	exitNone     = 1 // the search completed and found no solution
	exitBadInput = 2 // bad input or usage
	exitStopped  = 3 // stopped by --timeout, a node limit or an interrupt
)

// codeError carries an exit code and, when err is not nil, the one-line
// message to print on stderr.
type codeError struct {
	code int
	err  error
}

func (e *codeError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *codeError) Unwrap() error { return e.err }

// withCode wraps err (which may be nil: nothing to print) with an exit code.
func withCode(code int, err error) error { return &codeError{code: code, err: err} }

// badInput marks err as bad input or usage: exit code 2.
func badInput(err error) error { return withCode(exitBadInput, err) }

// exitCode prints err's message, if any, as one line on stderr and returns
// the exit code it stands for. Errors without a code (from flag parsing,
// say) are usage errors.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return exitFound
	}
	var ce *codeError
	if errors.As(err, &ce) {
		if ce.err != nil {
			fmt.Fprintf(stderr, "xcover: %v\n", ce.err)
		}
		return ce.code
	}
	fmt.Fprintf(stderr, "xcover: %v\n", err)
	return exitBadInput
}

var errNotYet = errors.New("this command is not built yet")

// searchExit maps how a search ended to the exit code, with a line on
// stderr when the code alone could mislead. what names a solution ("solution",
// "packing"); with count or json, the output itself says how many were found.
func searchExit(st exactcover.Stats, what string, count, json bool) error {
	switch st.Status {
	case exactcover.Timeout, exactcover.Interrupted, exactcover.NodeLimit:
		why := map[exactcover.Status]string{
			exactcover.Timeout:     "stopped by --timeout",
			exactcover.Interrupted: "interrupted",
			exactcover.NodeLimit:   "stopped at --max-nodes",
		}[st.Status]
		msg := fmt.Sprintf("%s after %s and %d nodes: %d %s found before the search could finish",
			why, elapsed(st.Elapsed), st.Nodes, st.Solutions, plural(st.Solutions, what, what+"s"))
		if count {
			msg += " (the count printed is a lower bound)"
		}
		return withCode(exitStopped, errors.New(msg))
	}
	if st.Solutions > 0 {
		return nil
	}
	if count || json {
		return withCode(exitNone, nil) // the count or the summary says it
	}
	return withCode(exitNone, fmt.Errorf("no %s (the search is complete)", what))
}
