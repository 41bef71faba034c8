package report

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/shards"
	"github.com/xcover/xcover/internal/located"
)

// MaxLine bounds one line of a shard's output: a solution of a problem
// with a million options chosen is well under it.
const MaxLine = 64 << 20

// Shard is what the output of one shard's search ("xcover solve --shard
// K/N --json") holds: its summary and, when read with them, the solution
// records it printed.
type Shard struct {
	Result    shards.Result
	Solutions [][]byte // the solution records, as printed
	keys      []string // each solution's sorted option indices
}

// ReadShards reads the output of one or more shards, one after another
// (as "cat shard-*.json" gives them), from r, which name names in
// messages: each ends with its summary record. It keeps the solution
// records when keep is set. A shard stopped and resumed with its output
// appended to leaves an unfinished summary followed by the rest of its
// output: the later summary of the same shard replaces it. A stream whose
// last line is not a complete summary was cut short: an error. When
// check is not nil, each shard's summary and solution records are checked
// with it, the summary first: an error is located at the summary's
// "problem" or the first failing solution's "option_indices".
func ReadShards(r io.Reader, name string, keep bool, check ShardCheck) ([]*Shard, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var (
		outs []*Shard
		cur  = &Shard{}
		last string
		bad  *located.Error // the current shard's first solution that check refuses
	)
	for lineNo := 1; ; lineNo++ {
		line, err := readLine(br)
		if err == io.EOF && len(line) == 0 {
			break
		}
		if err == io.EOF {
			return nil, fmt.Errorf("%s:%d: the file is cut short (its last line is incomplete); rerun the shard, or resume it from its checkpoint", name, lineNo)
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, lineNo, err)
		}
		var head struct {
			Type    string `json:"type"`
			Indices []int  `json:"option_indices"`
		}
		if err := json.Unmarshal(line, &head); err != nil || head.Type != "solution" && head.Type != "summary" {
			return nil, &located.Error{File: name, Line: lineNo, Column: syntaxColumn(err),
				Err: errors.New(`not the --json output of "xcover solve --shard K/N"`)}
		}
		last = head.Type
		if head.Type == "solution" {
			if check != nil && bad == nil {
				if err := check.Solution(head.Indices); err != nil {
					bad = &located.Error{File: name, Line: lineNo, Column: valueColumn(line, "option_indices"), Err: err}
				}
			}
			if keep {
				idx := slices.Sorted(slices.Values(head.Indices))
				cur.Solutions = append(cur.Solutions, slices.Clone(line))
				cur.keys = append(cur.keys, fmt.Sprint(idx))
			}
			continue
		}
		if err := readSummary(line, &cur.Result); err != nil {
			err.File, err.Line = name, lineNo
			return nil, err
		}
		cur.Result.Source = name
		if check != nil {
			if err := check.Summary(&cur.Result); err != nil {
				return nil, &located.Error{File: name, Line: lineNo, Column: valueColumn(line, "problem"), Err: err}
			}
			if bad != nil {
				return nil, bad
			}
		}
		if n := len(outs); n > 0 && resumed(&outs[n-1].Result, &cur.Result) {
			prev := outs[n-1] // an unfinished run of this shard, resumed
			cur.Solutions = append(prev.Solutions, cur.Solutions...)
			cur.keys = append(prev.keys, cur.keys...)
			outs = outs[:n-1]
		}
		outs = append(outs, cur)
		cur = &Shard{}
	}
	if last != "summary" {
		return nil, fmt.Errorf("%s: the file is cut short (no summary at its end); rerun the shard, or resume it from its checkpoint", name)
	}
	return outs, nil
}

// A ShardCheck checks the shards that [ReadShards] reads against what
// the caller knows of their search, such as the problem it was of.
type ShardCheck interface {
	// Summary checks a shard's summary.
	Summary(res *shards.Result) error
	// Solution checks the option indices of a solution the shard printed.
	Solution(indices []int) error
}

// resumed reports whether summary b continues a (not finished) run a of the
// same shard.
func resumed(a, b *shards.Result) bool {
	return a.Stats.Status != exactcover.Complete && a.Stats.Shard.N > 0 &&
		a.Problem == b.Problem && a.Stats.Shard == b.Stats.Shard && a.Stats.Split == b.Stats.Split
}

// readLine returns the next line with its newline; io.EOF with a line
// means that the line has none (the file was cut short).
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return line, err
	}
	long := slices.Clone(line)
	for errors.Is(err, bufio.ErrBufferFull) {
		if len(long) > MaxLine {
			return nil, fmt.Errorf("a line longer than %d MiB", MaxLine>>20)
		}
		line, err = br.ReadSlice('\n')
		long = append(long, line...)
	}
	return long, err
}

// maxQuoted bounds how much of a bad value a message quotes: a number of
// a million digits is named by its start.
const maxQuoted = 40

// shardRecord is the summary record of "xcover solve --shard K/N --json"
// ([Search]) as a shard's result is read back from it.
type shardRecord struct {
	Problem    string  `json:"problem"`
	Engine     string  `json:"engine"`
	Branching  string  `json:"branching"`
	Shard      int     `json:"shard"`
	Shards     int     `json:"shards"`
	Split      string  `json:"split"`
	Solutions  int64   `json:"solutions"`
	Nodes      int64   `json:"nodes"`
	Updates    int64   `json:"updates"`
	Cleansings int64   `json:"cleansings"`
	Profile    []int64 `json:"profile"`
	Status     string  `json:"status"`
	Elapsed    float64 `json:"elapsed_seconds"`
}

// recordField names the record's field of each field that
// [shards.SummaryError] names.
var recordField = map[string]string{"Shard": "shard", "Shards": "shards", "Solutions": "solutions", "Nodes": "nodes",
	"Updates": "updates", "Cleansings": "cleansings", "Profile": "profile", "Elapsed": "elapsed_seconds"}

// result returns the shard's result that rec records, or the name of the
// field that holds no such value and what it should hold.
func (rec *shardRecord) result() (res shards.Result, field string, err error) {
	st := &res.Stats
	st.Shard, st.Split = exactcover.Shard{K: rec.Shard, N: rec.Shards}, rec.Split
	st.Solutions, st.Nodes, st.Updates, st.Cleansings, st.Profile = rec.Solutions, rec.Nodes, rec.Updates, rec.Cleansings, rec.Profile
	if max := shards.MaxTime.Seconds(); !(rec.Elapsed >= 0 && rec.Elapsed <= max) {
		return res, "elapsed_seconds", fmt.Errorf("%w: \"elapsed_seconds\" is %g, expected 0 to %g", shards.ErrSummary, rec.Elapsed, max)
	}
	st.Elapsed = time.Duration(rec.Elapsed * float64(time.Second))
	if st.Status, err = exactcover.ParseStatus(rec.Status); err != nil { // before Check, which reads it
		return res, "status", fmt.Errorf("%w: \"status\": %v", shards.ErrSummary, err)
	}
	var se *shards.SummaryError
	if err := res.Check(); errors.As(err, &se) {
		return res, recordField[se.Field], fmt.Errorf("%w: %q %v", shards.ErrSummary, recordField[se.Field], se.Err)
	} else if err != nil {
		return res, "", err
	}
	if rec.Profile == nil && rec.Nodes > 0 { // solve --shard --json always writes it
		return res, "nodes", fmt.Errorf("%w: \"nodes\" is %d, but there is no \"profile\": a shard's summary lists its nodes level by level", shards.ErrSummary, rec.Nodes)
	}
	problem, err := hex.DecodeString(rec.Problem)
	if err != nil || len(problem) != len(res.Problem) {
		return res, "problem", fmt.Errorf("%w: \"problem\" is %.*q, expected %d hexadecimal digits", shards.ErrSummary, maxQuoted, rec.Problem, 2*len(res.Problem))
	}
	copy(res.Problem[:], problem)
	if st.Engine, err = exactcover.ParseEngine(rec.Engine); err != nil {
		return res, "engine", fmt.Errorf("%w: \"engine\": %v", shards.ErrSummary, err)
	}
	if res.Branching, err = exactcover.ParseBranching(rec.Branching); err != nil {
		return res, "branching", fmt.Errorf("%w: \"branching\": %v", shards.ErrSummary, err)
	}
	return res, "", nil
}

// readSummary decodes a shard's summary record into res and checks its
// values ([shards.Result.Check]). The error says which field is
// wrong and its column: the name and line are the caller's to set.
func readSummary(line []byte, res *shards.Result) *located.Error {
	var rec shardRecord
	err := json.Unmarshal(line, &rec)
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		r, field, err := rec.result()
		if err != nil {
			return &located.Error{Column: valueColumn(line, field), Err: err}
		}
		*res = r
		return nil
	case errors.As(err, &te):
		return &located.Error{Column: valueColumn(line, te.Field), Err: fmt.Errorf("%w: %q is %.*s, expected %s",
			shards.ErrSummary, te.Field, maxQuoted, te.Value, kindName(te.Type.Kind()))}
	}
	return &located.Error{Column: syntaxColumn(err), Err: fmt.Errorf("%w: %v", shards.ErrSummary, err)}
}

// kindName says what a field of kind k holds, for messages.
func kindName(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int64:
		return "a whole number within int64"
	case reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice:
		return "a list of whole numbers"
	}
	return k.String()
}

// syntaxColumn returns the column (1-based, in bytes) of a JSON syntax
// error, 0 for other errors.
func syntaxColumn(err error) int {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return int(max(se.Offset, 1))
	}
	return 0
}

// valueColumn returns the column (1-based, in bytes) where the value of
// the top-level key field begins in the JSON object line (its last
// occurrence: the one json.Unmarshal keeps), or 0 when it is not there.
func valueColumn(line []byte, field string) int {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return 0
	}
	col := 0
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return col
		}
		at := int(dec.InputOffset()) // just after the key
		for at < len(line) && (line[at] == ':' || line[at] == ' ' || line[at] == '\t') {
			at++
		}
		if key == field {
			col = at + 1
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return col
		}
	}
	return col
}

// Merge adds up the results of the shards with [shards.Merge].
func Merge(parts []*Shard) (shards.Total, error) {
	results := make([]shards.Result, len(parts))
	for i, sh := range parts {
		results[i] = sh.Result
	}
	return shards.Merge(results)
}

// MergeSolutions returns the distinct solution records of the shards (read
// with keep), in order and numbered afresh from 1, and how many it left
// out because a shard printed them before: a shard resumed from a
// checkpoint prints again what it found after the checkpoint.
func MergeSolutions(shards []*Shard) (records [][]byte, twice int64) {
	seen := map[string]bool{}
	for _, sh := range shards {
		for i, line := range sh.Solutions {
			if seen[sh.keys[i]] {
				twice++
				continue
			}
			seen[sh.keys[i]] = true
			records = append(records, renumber(line, int64(len(records)+1)))
		}
	}
	return records, twice
}

// renumber returns a solution record with its number replaced by n.
func renumber(line []byte, n int64) []byte {
	prefix := []byte(`{"type":"solution","number":`)
	rest, ok := bytes.CutPrefix(line, prefix)
	end := bytes.IndexByte(rest, ',')
	if !ok || end < 0 {
		return line
	}
	b := strconv.AppendInt(slices.Clone(prefix), n, 10)
	return append(b, rest[end:]...)
}
