package exactcover

import (
	"fmt"
	"time"
)

// Status says how a search ended.
type Status int

const (
	// Complete: the whole search tree was explored.
	Complete Status = iota
	// Stopped: the visitor asked to stop (an iterator loop broke out).
	Stopped
	// SolutionLimit: Config.MaxSolutions solutions were found.
	SolutionLimit
	// NodeLimit: Config.MaxNodes search-tree nodes were explored.
	NodeLimit
	// Timeout: the context's deadline passed.
	Timeout
	// Interrupted: the context was cancelled.
	Interrupted
)

var statusNames = [...]string{"complete", "stopped", "limit", "node-limit", "timeout", "interrupted"}

// String returns the lower-case name scripts see, for example "complete".
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Stats describes one search. Nodes and Updates are counted exactly as in
// Knuth's DLX1 (DLX2 when colors are present), so that a search with the
// default branching rule reports the same figures as his programs:
//   - a node is one entry to a level of the search tree, plus one per
//     solution (a solution is a leaf node of its own);
//   - an update is one item covered plus one option removed from an item's
//     list.
type Stats struct {
	Solutions  int64
	Nodes      int64
	Updates    int64
	Cleansings int64 // DLX2's count of colored uses found compatible
	// Profile[l] is the number of nodes at level l (level 0 is the root;
	// solutions count one level below the last choice). Empty when
	// Config.SkipProfile is set.
	Profile []int64
	Elapsed time.Duration
	Status  Status
}

// String summarises the statistics as Knuth's programs do on their last
// lines.
func (st Stats) String() string {
	return fmt.Sprintf("%d solutions, %d nodes, %d updates, %s, %s",
		st.Solutions, st.Nodes, st.Updates, st.Elapsed.Round(time.Microsecond), st.Status)
}
