package exactcover

import (
	"fmt"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Status says how a search ended: one of the constants below, whose
// String is the lower-case name scripts see ("complete", "stopped",
// "limit", "node-limit", "timeout", "interrupted"). It is the type every
// engine and driver of the library ends with, so a status means the same
// from the engines up.
type Status = core.Status

const (
	// Complete: the whole search tree was explored.
	Complete = core.Complete
	// Stopped: the visitor asked to stop (an iterator loop broke out).
	Stopped = core.Stopped
	// SolutionLimit: Config.MaxSolutions solutions were found.
	SolutionLimit = core.SolutionLimit
	// NodeLimit: Config.MaxNodes search-tree nodes were explored.
	NodeLimit = core.NodeLimit
	// Timeout: the context's deadline passed.
	Timeout = core.Timeout
	// Interrupted: the context was cancelled.
	Interrupted = core.Interrupted
)

// ParseStatus returns the status named s, as its String method writes it.
func ParseStatus(s string) (Status, error) { return core.ParseStatus(s) }

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
	// (see package shards); zero and empty when the search is not a shard.
	Shard Shard
	Split string
	// Learn holds the clause-learning engine's counters when it searched
	// (Engine is EngineLearn); Nodes and Updates are then zero.
	Learn LearnStats
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
