package report

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"

	"github.com/xcover/xcover/exactcover"
)

// Summary is the part that every command's last record starts with, in
// this order: what was found, how much the search did and how it ended
// (complete, limit, node-limit, timeout or interrupted). Solutions
// marshals as a JSON number with all its digits, however many, and so do
// the other counts, json.Numbers (made by [Int] and [BigInt]) so that the
// merge of many shards can print totals beyond int64. Each command's
// record embeds it and adds its own fields after it (summaries.go); a run
// stopped before its search began prints it alone.
type Summary struct {
	Type      string      `json:"type"` // "summary"
	Solutions *big.Int    `json:"solutions"`
	Nodes     json.Number `json:"nodes"`
	Updates   json.Number `json:"updates"`
	Status    string      `json:"status"`
	Elapsed   float64     `json:"elapsed_seconds"`
}

// New returns the summary of a search that ended with st.
func New(st exactcover.Stats) Summary {
	return Summary{Type: "summary", Solutions: big.NewInt(st.Solutions), Nodes: Int(st.Nodes), Updates: Int(st.Updates),
		Status: st.Status.String(), Elapsed: st.Elapsed.Seconds()}
}

// Learn is the record of the clause-learning engine's counters, a part of
// the summaries of solve and sudoku.
type Learn struct {
	Conflicts    int64 `json:"conflicts"`
	Decisions    int64 `json:"decisions"`
	Propagations int64 `json:"propagations"`
	Learned      int64 `json:"learned"`
	Kept         int64 `json:"kept"`
	Restarts     int64 `json:"restarts"`
	Splits       int64 `json:"splits"` // halves cut in two (cube and conquer)
}

// LearnOf returns the record of the clause-learning engine's counters l.
func LearnOf(l exactcover.LearnStats) *Learn {
	return &Learn{Conflicts: l.Conflicts, Decisions: l.Decisions, Propagations: l.Propagations, Learned: l.Learned,
		Kept: l.Kept, Restarts: l.Restarts, Splits: l.Splits}
}

// Int returns n as a count of a summary: the empty json.Number for 0,
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
