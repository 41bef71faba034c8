package exactcover

import (
	"fmt"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// Status says how a search ended.
type Status int

const (
	// Complete: the whole search tree was explored.
	Complete = Status(drive.Complete)
	// Stopped: the visitor asked to stop (an iterator loop broke out).
	Stopped = Status(drive.Stopped)
	// SolutionLimit: Config.MaxSolutions solutions were found.
	SolutionLimit = Status(drive.SolutionLimit)
	// NodeLimit: Config.MaxNodes search-tree nodes were explored.
	NodeLimit = Status(drive.NodeLimit)
	// Timeout: the context's deadline passed.
	Timeout = Status(drive.Timeout)
	// Interrupted: the context was cancelled.
	Interrupted = Status(drive.Interrupted)
)

var statusNames = []string{"complete", "stopped", "limit", "node-limit", "timeout", "interrupted"}

// ParseStatus returns the status named s, as String writes it.
func ParseStatus(s string) (Status, error) {
	if st, ok := valueOf[Status](s, statusNames); ok {
		return st, nil
	}
	return 0, fmt.Errorf("unknown status %q", s)
}

// String returns the lower-case name scripts see, for example "complete".
func (s Status) String() string { return nameOf(s, statusNames) }

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
	// Elapsed is the wall time of the search; for a resumed search, of
	// every run of it together.
	Elapsed time.Duration
	Status  Status
	// Engine is the engine that searched (a resumed search's is its
	// checkpoint's unless Config.Engine names one).
	Engine Engine
	// Workers is the number of workers that searched (0 for the
	// sequential search), Steals the number of times they handed work to
	// one another, and Idle the time they spent waiting for work, summed
	// over the workers: Idle/(Workers·Elapsed) is what the division of
	// the work cost.
	Workers int
	Steals  int64
	Idle    time.Duration
	// Shard and Split are the shard searched (Config.Shard) and the
	// digest of the split it is part of, which shards of one search share
	// (see [Merge]); zero and empty when the search is not a shard.
	Shard Shard
	Split string
}

// String summarises the statistics as Knuth's programs do on their last
// lines.
func (st Stats) String() string {
	return fmt.Sprintf("%d solutions, %d nodes, %d updates, %s, %s",
		st.Solutions, st.Nodes, st.Updates, st.Elapsed.Round(time.Microsecond), st.Status)
}

// statsOf returns what an engine counted as Stats: the one conversion
// from the engines' counters that every driver uses.
func statsOf(c core.Counters) Stats {
	return Stats{Solutions: c.Solutions, Nodes: c.Nodes, Updates: c.Updates, Cleansings: c.Cleansings}
}
