package report

import (
	"bytes"
	"encoding/json"
	"math/big"

	"github.com/xcover/xcover/exactcover"
)

// Summary is the last record of every command: what was found, how much
// the search did and how it ended (complete, limit, node-limit, timeout or
// interrupted). Solutions marshals as a JSON number with all its digits,
// however many. The fields after Elapsed are some commands' own.
type Summary struct {
	Type       string   `json:"type"` // "summary"
	Solutions  *big.Int `json:"solutions"`
	Nodes      int64    `json:"nodes"`
	Updates    int64    `json:"updates"`
	Status     string   `json:"status"`
	Elapsed    float64  `json:"elapsed_seconds"`
	Engine     string   `json:"engine,omitempty"`     // solve, pentomino: the engine that searched
	Cleansings int64    `json:"cleansings,omitempty"` // solve: DLX2's count
	Profile    []int64  `json:"profile,omitempty"`    // solve: nodes per level

	Puzzles  int            `json:"puzzles,omitempty"`  // sudoku
	Verdicts map[string]int `json:"verdicts,omitempty"` // sudoku: puzzles per verdict

	Board      string `json:"board,omitempty"`      // pentomino
	PieceSet   string `json:"piece_set,omitempty"`  // pentomino
	Symmetries int    `json:"symmetries,omitempty"` // pentomino: packings counted up to

	Method        string `json:"method,omitempty"`          // solve --memo, --zdd: "memo" or "search"
	Why           string `json:"why,omitempty"`             // solve --memo, --zdd: why that method
	MemoStates    int64  `json:"memo_states,omitempty"`     // solve --memo, --zdd
	MemoLevels    int    `json:"memo_levels,omitempty"`     // solve --memo, --zdd: options decided one by one
	MemoPeakBytes int64  `json:"memo_peak_bytes,omitempty"` // solve --memo, --zdd
	ZDDNodes      int    `json:"zdd_nodes,omitempty"`       // solve --zdd, zdd count
	Weight        *int64 `json:"weight,omitempty"`          // zdd min, zdd max
	// solve --shard and merge: the search, as "xcover merge" reads it
	// back (exactcover.ShardSummary): the problem's hash, the rule (and
	// Engine, above), the shard's place K of N and the digest of the split.
	Problem   string `json:"problem,omitempty"`
	Branching string `json:"branching,omitempty"`
	Shard     int    `json:"shard,omitempty"`
	Shards    int    `json:"shards,omitempty"`
	Split     string `json:"split,omitempty"`
}

// New returns the summary of a search that ended with st.
func New(st exactcover.Stats) *Summary {
	return &Summary{Type: "summary", Solutions: big.NewInt(st.Solutions), Nodes: st.Nodes, Updates: st.Updates,
		Status: st.Status.String(), Elapsed: st.Elapsed.Seconds()}
}

// Search returns the summary of the search that sum describes (see
// [exactcover.Solver.SummaryOf] and [exactcover.Merge]): its totals, the
// engine, and, when it is a shard or the merge of shards (sum.Shards > 0),
// what "xcover merge" checks.
func Search(sum exactcover.ShardSummary) *Summary {
	s := &Summary{Type: "summary", Solutions: big.NewInt(sum.Solutions), Nodes: sum.Nodes, Updates: sum.Updates,
		Status: sum.Status, Elapsed: sum.ElapsedSeconds, Engine: sum.Engine, Cleansings: sum.Cleansings, Profile: sum.Profile}
	if sum.Shards > 0 {
		s.Problem, s.Branching = sum.Problem, sum.Branching
		s.Shard, s.Shards, s.Split = sum.Shard, sum.Shards, sum.Split
	}
	return s
}

// Count returns the summary of a count by [exactcover.Solver.CountAll] (or
// of the ZDD's construction). A memoized count that did not finish knows
// no number of solutions: its Solutions is null.
func Count(res exactcover.CountResult) *Summary {
	s := &Summary{Type: "summary", Solutions: res.Solutions, Nodes: res.Search.Nodes, Updates: res.Search.Updates,
		Status: res.Status.String(), Elapsed: res.Elapsed.Seconds(), Method: res.Method, Why: res.Why,
		MemoStates: res.Memo.States, MemoLevels: res.Memo.Levels, MemoPeakBytes: res.Memo.PeakBytes, ZDDNodes: res.Memo.ZDDNodes}
	if res.Search.Nodes > 0 {
		s.Engine = res.Engine.String()
	}
	if res.Status != exactcover.Complete && res.Method == "memo" {
		s.Solutions = nil
	}
	return s
}

// Marshal encodes v as one line of JSON in buf, newline included, and
// returns buf's bytes; it leaves <, > and & as they are (file names such
// as <stdin> read as written). It panics when v cannot be marshalled: the
// records of this package always can.
func Marshal(buf *bytes.Buffer, v any) []byte {
	buf.Reset()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // our own types always marshal: a bug
	}
	return buf.Bytes()
}

// Estimate is the record of "xcover estimate --json": [exactcover.Estimate]
// with the name of the engine whose tree it is.
type Estimate struct {
	Nodes           float64 `json:"nodes"`
	NodesStdErr     float64 `json:"nodes_stderr"`
	Solutions       float64 `json:"solutions"`
	SolutionsStdErr float64 `json:"solutions_stderr"`
	Probes          int     `json:"probes"`
	Seed            uint64  `json:"seed"`
	Engine          string  `json:"engine"`
	MaxDepth        int     `json:"max_depth"`
	NodesPerSecond  float64 `json:"nodes_per_second"`
	Seconds         float64 `json:"seconds"`
	Exact           bool    `json:"exact"`
}

// EstimateOf returns the record of est, an estimate of engine's tree.
func EstimateOf(est exactcover.Estimate, engine exactcover.Engine) Estimate {
	return Estimate{Nodes: est.Nodes, NodesStdErr: est.NodesErr, Solutions: est.Solutions,
		SolutionsStdErr: est.SolutionsErr, Probes: est.Probes, Seed: est.Seed, Engine: engine.String(),
		MaxDepth: est.MaxDepth, NodesPerSecond: est.NodesPerSecond, Seconds: est.Seconds, Exact: est.Exact}
}
