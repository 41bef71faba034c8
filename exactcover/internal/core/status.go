package core

import (
	"context"
	"errors"
	"fmt"
)

// Status says how a search ended. It is the one status of xcover from the
// engines up: an engine's search of a unit, the drivers', the
// clause-learning engine's and the library's (exactcover.Status is this
// type) all end with one of these values.
type Status int

const (
	// Complete: the whole tree (the whole unit, for an engine) was
	// explored, or given away to other workers.
	Complete Status = iota
	// Stopped: the visitor returned false (an iterator loop broke out).
	Stopped
	// SolutionLimit: MaxSolutions solutions were found.
	SolutionLimit
	// NodeLimit: MaxNodes nodes were entered (conflicts, for the
	// clause-learning engine).
	NodeLimit
	// Timeout: the context's deadline passed.
	Timeout
	// Interrupted: the search was stopped from outside. An engine returns
	// it when its poll said stop, whatever the reason (the context ended,
	// a checkpoint stopped the world); the driver, which knows the reason,
	// reports Timeout for a deadline (StoppedBy).
	Interrupted
)

// statusNames are the words the command line and the files write, in
// the order of the values.
var statusNames = [...]string{"complete", "stopped", "limit", "node-limit", "timeout", "interrupted"}

// String returns the lower-case name scripts see, for example "complete".
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// ParseStatus returns the status named s, as String writes it.
func ParseStatus(s string) (Status, error) {
	for i, name := range statusNames {
		if name == s {
			return Status(i), nil
		}
	}
	return 0, fmt.Errorf("unknown status %q", s)
}

// StoppedBy is the status of a search stopped by its context's end, for
// the reason err, the context's error: Timeout for a deadline, else
// Interrupted.
func StoppedBy(err error) Status {
	if errors.Is(err, context.DeadlineExceeded) {
		return Timeout
	}
	return Interrupted
}
