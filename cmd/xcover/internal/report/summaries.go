package report

import (
	"encoding/hex"
	"encoding/json"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/shards"
)

// The summary record of each command: the common [Summary], then the
// command's own fields, each left out when it has nothing to say
// (omitempty), so that a record holds what its command knows.

// SearchSummary is the summary of "xcover solve" and of "xcover merge":
// the engine that searched, DLX2's cleansings, the nodes per level and the
// learner's counters; for a shard (solve --shard) and for a merge of
// shards, the search as "xcover merge" reads it back
// (shards.Result, [ReadShards]): the problem's hash, the
// branching rule, the shard's place K of N and the digest of the split.
type SearchSummary struct {
	Summary
	Engine     string        `json:"engine,omitempty"`
	Cleansings json.Number   `json:"cleansings,omitempty"`
	Profile    []json.Number `json:"profile,omitempty"`
	Learn      *Learn        `json:"learn,omitempty"` // --engine learn
	Problem    string        `json:"problem,omitempty"`
	Branching  string        `json:"branching,omitempty"`
	Shard      int           `json:"shard,omitempty"`
	Shards     int           `json:"shards,omitempty"`
	Split      string        `json:"split,omitempty"`
}

// Search returns the summary of "xcover solve": the search of problem
// (Solver.Hash) with branching rule b that ended with st.
func Search(st exactcover.Stats, problem [32]byte, b exactcover.Branching) *SearchSummary {
	s := &SearchSummary{Summary: New(st), Engine: st.Engine.String(), Cleansings: Int(st.Cleansings), Profile: Ints(st.Profile)}
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
func Merged(total shards.Total) *SearchSummary {
	s := &SearchSummary{Summary: Summary{Type: "summary", Solutions: total.Solutions, Nodes: BigInt(total.Nodes), Updates: BigInt(total.Updates),
		Status: exactcover.Complete.String(), Elapsed: total.Seconds},
		Engine: total.Engine.String(), Cleansings: BigInt(total.Cleansings), Profile: make([]json.Number, len(total.Profile)),
		Problem: hex.EncodeToString(total.Problem[:]), Branching: total.Branching.String(), Shards: total.Shards, Split: total.Split}
	for l, n := range total.Profile {
		s.Profile[l] = json.Number(n.String())
	}
	return s
}

// CostSummary is the summary of a search for the cheapest solutions
// (solve and pentomino --min-cost, --best K): the engine, DLX2's
// cleansings and the costs of the best solutions found, cheapest first.
type CostSummary struct {
	Summary
	Engine     string      `json:"engine,omitempty"`
	Cleansings json.Number `json:"cleansings,omitempty"`
	BestCosts  []int64     `json:"best_costs,omitempty"`
}

// Cheapest returns the summary of a search for the cheapest solutions
// that ended with res.
func Cheapest(res exactcover.CostResult) *CostSummary {
	st := res.Stats
	s := &CostSummary{Summary: New(st), Engine: st.Engine.String(), Cleansings: Int(st.Cleansings)}
	for _, b := range res.Best {
		s.BestCosts = append(s.BestCosts, b.Cost)
	}
	return s
}

// CountSummary is the summary of a count by [exactcover.Solver.Count]
// (solve --memo) or of the ZDD's construction (solve --zdd): the method
// that counted and why, the memo's figures, the ZDD's size, and the
// engine when a search counted.
type CountSummary struct {
	Summary
	Engine        string `json:"engine,omitempty"`
	Method        string `json:"method,omitempty"` // "memo" or "search"
	Why           string `json:"why,omitempty"`
	MemoStates    int64  `json:"memo_states,omitempty"`
	MemoLevels    int    `json:"memo_levels,omitempty"` // options decided one by one
	MemoPeakBytes int64  `json:"memo_peak_bytes,omitempty"`
	ZDDNodes      int    `json:"zdd_nodes,omitempty"`
}

// Count returns the summary of res. A memoized count that did not finish
// knows no number of solutions: its solutions are null.
func Count(res exactcover.CountResult) *CountSummary {
	s := &CountSummary{Summary: Summary{Type: "summary", Solutions: res.Solutions, Nodes: Int(res.Search.Nodes), Updates: Int(res.Search.Updates),
		Status: res.Status.String(), Elapsed: res.Elapsed.Seconds()},
		Why: res.Why, MemoStates: res.Memo.States, MemoLevels: res.Memo.Levels, MemoPeakBytes: res.Memo.PeakBytes, ZDDNodes: res.Memo.ZDDNodes}
	if res.Method != exactcover.MethodAuto { // none ran
		s.Method = res.Method.String()
	}
	if res.Search.Nodes > 0 && res.Engine != exactcover.EngineAuto { // a ZDD's search runs no engine
		s.Engine = res.Engine.String()
	}
	if res.Status != exactcover.Complete && res.Method == exactcover.MethodMemo {
		s.Solutions = nil
	}
	return s
}

// SudokuSummary is the summary of "xcover sudoku": the figures added up
// over the puzzles, the learner's counters summed over the puzzles it
// settled, and the number of puzzles of each verdict and of each method
// that settled them.
type SudokuSummary struct {
	Summary
	Learn    *Learn         `json:"learn,omitempty"`
	Puzzles  int            `json:"puzzles,omitempty"`
	Verdicts map[string]int `json:"verdicts,omitempty"`
	// SettledBy counts the puzzles each method settled: "kernel",
	// "propagation", "in-order", or an engine's name (sudoku.Result.By).
	SettledBy map[string]int `json:"settled_by,omitempty"`
}

// PackingSummary is the summary of "xcover pentomino": the engine, the
// board, the pieces, and the number of symmetries the packings are
// counted up to (1: none).
type PackingSummary struct {
	Summary
	Engine     string `json:"engine,omitempty"`
	Board      string `json:"board,omitempty"`
	PieceSet   string `json:"piece_set,omitempty"`
	Symmetries int    `json:"symmetries,omitempty"`
}

// ZDDSummary is the summary of the "xcover zdd" subcommands, which read a
// ZDD and search nothing (their nodes and updates are 0): the ZDD's size
// (zdd count) and the weight of the solution printed (zdd min, zdd max).
type ZDDSummary struct {
	Summary
	ZDDNodes int    `json:"zdd_nodes,omitempty"`
	Weight   *int64 `json:"weight,omitempty"`
}
