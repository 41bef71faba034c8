package report

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math"
	"math/big"
	"strconv"

	"github.com/xcover/xcover/exactcover"
)

// Summary is the last record of every command: what was found, how much
// the search did and how it ended (complete, limit, node-limit, timeout or
// interrupted). Solutions marshals as a JSON number with all its digits,
// however many, and so do the other counts, json.Numbers (made by [Int]
// and [BigInt]) so that the merge of many shards can print totals beyond
// int64. The fields after Elapsed are some commands' own.
type Summary struct {
	Type       string        `json:"type"` // "summary"
	Solutions  *big.Int      `json:"solutions"`
	Nodes      json.Number   `json:"nodes"`
	Updates    json.Number   `json:"updates"`
	Status     string        `json:"status"`
	Elapsed    float64       `json:"elapsed_seconds"`
	Engine     string        `json:"engine,omitempty"`     // solve, pentomino: the engine that searched
	Cleansings json.Number   `json:"cleansings,omitempty"` // solve: DLX2's count
	Profile    []json.Number `json:"profile,omitempty"`    // solve: nodes per level
	Learn      *Learn        `json:"learn,omitempty"`      // solve --engine learn: its counters

	Puzzles  int            `json:"puzzles,omitempty"`  // sudoku
	Verdicts map[string]int `json:"verdicts,omitempty"` // sudoku: puzzles per verdict

	Board      string `json:"board,omitempty"`      // pentomino
	PieceSet   string `json:"piece_set,omitempty"`  // pentomino
	Symmetries int    `json:"symmetries,omitempty"` // pentomino: packings counted up to

	Method        string  `json:"method,omitempty"`          // solve --memo, --zdd: "memo" or "search"
	Why           string  `json:"why,omitempty"`             // solve --memo, --zdd: why that method
	MemoStates    int64   `json:"memo_states,omitempty"`     // solve --memo, --zdd
	MemoLevels    int     `json:"memo_levels,omitempty"`     // solve --memo, --zdd: options decided one by one
	MemoPeakBytes int64   `json:"memo_peak_bytes,omitempty"` // solve --memo, --zdd
	ZDDNodes      int     `json:"zdd_nodes,omitempty"`       // solve --zdd, zdd count
	Weight        *int64  `json:"weight,omitempty"`          // zdd min, zdd max
	BestCosts     []int64 `json:"best_costs,omitempty"`      // solve --min-cost, --best: the K best costs found
	// solve --shard and merge: the search, as "xcover merge" reads it
	// back (exactcover.ShardResult): the problem's hash, the rule (and
	// Engine, above), the shard's place K of N and the digest of the split.
	Problem   string `json:"problem,omitempty"`
	Branching string `json:"branching,omitempty"`
	Shard     int    `json:"shard,omitempty"`
	Shards    int    `json:"shards,omitempty"`
	Split     string `json:"split,omitempty"`
}

// Learn is the record of the clause-learning engine's counters.
type Learn struct {
	Conflicts    int64 `json:"conflicts"`
	Decisions    int64 `json:"decisions"`
	Propagations int64 `json:"propagations"`
	Learned      int64 `json:"learned"`
	Kept         int64 `json:"kept"`
	Restarts     int64 `json:"restarts"`
	Splits       int64 `json:"splits"` // halves cut in two (cube and conquer)
}

// Int returns n as a count of a Summary: the empty json.Number for 0,
// which encoding/json writes as 0, or leaves out under omitempty.
func Int(n int64) json.Number {
	if n == 0 {
		return ""
	}
	return json.Number(strconv.FormatInt(n, 10))
}

// BigInt is [Int] for a count of any size.
func BigInt(n *big.Int) json.Number {
	if n.Sign() == 0 {
		return ""
	}
	return json.Number(n.String())
}

// Ints returns the counts of a profile.
func Ints(ns []int64) []json.Number {
	if ns == nil {
		return nil
	}
	out := make([]json.Number, len(ns))
	for i, n := range ns {
		out[i] = json.Number(strconv.FormatInt(n, 10)) // 0 too: a profile's zeros are printed
	}
	return out
}

// New returns the summary of a search that ended with st.
func New(st exactcover.Stats) *Summary {
	return &Summary{Type: "summary", Solutions: big.NewInt(st.Solutions), Nodes: Int(st.Nodes), Updates: Int(st.Updates),
		Status: st.Status.String(), Elapsed: st.Elapsed.Seconds()}
}

// LearnOf returns the record of the clause-learning engine's counters l.
func LearnOf(l exactcover.LearnStats) *Learn {
	return &Learn{Conflicts: l.Conflicts, Decisions: l.Decisions, Propagations: l.Propagations, Learned: l.Learned,
		Kept: l.Kept, Restarts: l.Restarts, Splits: l.Splits}
}

// Search returns the summary of "xcover solve": the search of problem
// (Solver.Hash) with branching rule b that ended with st, with the engine,
// DLX2's cleansings and the profile, and, when it is a shard, the fields
// "xcover merge" reads back ([ReadShards]) and checks.
func Search(st exactcover.Stats, problem [32]byte, b exactcover.Branching) *Summary {
	s := New(st)
	s.Engine, s.Cleansings, s.Profile = st.Engine.String(), Int(st.Cleansings), Ints(st.Profile)
	if st.Engine == exactcover.EngineLearn {
		s.Learn = LearnOf(st.Learn)
	}
	if st.Shard.N > 0 {
		s.Problem, s.Branching = hex.EncodeToString(problem[:]), b.String()
		s.Shard, s.Shards, s.Split = st.Shard.K, st.Shard.N, st.Split
	}
	return s
}

// Merged returns the summary of the search that the shards merged into
// total make up: complete, with the totals in all their digits and the
// shards' times added up.
func Merged(total exactcover.Total) *Summary {
	s := &Summary{Type: "summary", Solutions: total.Solutions, Status: exactcover.Complete.String(), Elapsed: total.Seconds,
		Engine: total.Engine.String(), Problem: hex.EncodeToString(total.Problem[:]), Branching: total.Branching.String(),
		Shards: total.Shards, Split: total.Split}
	s.Nodes, s.Updates, s.Cleansings = BigInt(total.Nodes), BigInt(total.Updates), BigInt(total.Cleansings)
	s.Profile = make([]json.Number, len(total.Profile))
	for l, n := range total.Profile {
		s.Profile[l] = json.Number(n.String())
	}
	return s
}

// Count returns the summary of a count by [exactcover.Solver.CountAll] (or
// of the ZDD's construction). A memoized count that did not finish knows
// no number of solutions: its Solutions is null.
func Count(res exactcover.CountResult) *Summary {
	s := &Summary{Type: "summary", Solutions: res.Solutions, Nodes: Int(res.Search.Nodes), Updates: Int(res.Search.Updates),
		Status: res.Status.String(), Elapsed: res.Elapsed.Seconds(), Method: res.Method, Why: res.Why,
		MemoStates: res.Memo.States, MemoLevels: res.Memo.Levels, MemoPeakBytes: res.Memo.PeakBytes, ZDDNodes: res.Memo.ZDDNodes}
	if res.Search.Nodes > 0 && res.Engine != exactcover.EngineAuto { // a ZDD's search runs no engine
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
// with the name of the engine whose tree it is and how the probing ended.
// A figure beyond float64's range (a tree deeper than about a thousand
// levels) is null, since JSON readers take numbers for float64s;
// nodes_log10 and solutions_log10, the decimal logarithms, tell the size
// of any figure (null for 0 solutions).
type Estimate struct {
	Nodes           *float64 `json:"nodes"`
	NodesStdErr     *float64 `json:"nodes_stderr"`
	NodesLog10      *float64 `json:"nodes_log10"`
	Solutions       *float64 `json:"solutions"`
	SolutionsStdErr *float64 `json:"solutions_stderr"`
	SolutionsLog10  *float64 `json:"solutions_log10"`
	Probes          int      `json:"probes"`
	Seed            uint64   `json:"seed"`
	Engine          string   `json:"engine"`
	MaxDepth        int      `json:"max_depth"`
	NodesPerSecond  float64  `json:"nodes_per_second"`
	Seconds         *float64 `json:"seconds"`
	Exact           bool     `json:"exact"`
	Status          string   `json:"status"` // complete, timeout or interrupted (the probes made so far)
}

// EstimateOf returns the record of est, an estimate of engine's tree that
// ended with status.
func EstimateOf(est exactcover.Estimate, engine exactcover.Engine, status exactcover.Status) Estimate {
	return Estimate{Nodes: finite(est.Nodes), NodesStdErr: finite(est.NodesErr), NodesLog10: log10(est.Nodes),
		Solutions: finite(est.Solutions), SolutionsStdErr: finite(est.SolutionsErr), SolutionsLog10: log10(est.Solutions),
		Probes: est.Probes, Seed: est.Seed, Engine: engine.String(), MaxDepth: est.MaxDepth, NodesPerSecond: est.NodesPerSecond,
		Seconds: finite(est.Seconds), Exact: est.Exact, Status: status.String()}
}

// finite returns m as a float64, or nil beyond its range.
func finite(m exactcover.Magnitude) *float64 {
	if f := m.Float64(); !math.IsInf(f, 0) {
		return &f
	}
	return nil
}

// log10Places is the precision of the logarithms in the record: six
// decimals tell a figure to a millionth of itself, finer than any
// estimate is.
const log10Places = 1e6

// log10 returns the decimal logarithm of m, rounded, or nil for 0.
func log10(m exactcover.Magnitude) *float64 {
	if m.IsZero() {
		return nil
	}
	l := math.Round(m.Log10()*log10Places) / log10Places
	return &l
}
