package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"xcover/exactcover"
	"xcover/explain"
)

// What a command prints on stdout goes through one writer: text for people,
// or with --json one JSON object per line for programs, every object with a
// "type" ("solution", "puzzle", …) and the last always the summary. It
// streams: a solution is printed as it is found, and waits in the buffer at
// most flushEvery.

// flushEvery bounds how long printed output may wait in the buffer, so that
// the rare solutions of a long search show up as they are found.
const flushEvery = 200 * time.Millisecond

// writer streams a command's results to stdout.
type writer struct {
	w         *bufio.Writer
	json      bool
	texts     int64 // text records written, to separate them
	lastFlush time.Time
	status    *progress // cleared before output reaches the terminal
	err       error
	scratch   bytes.Buffer
	enc       *json.Encoder
}

func newWriter(w io.Writer, json bool, status *progress) *writer {
	o := &writer{w: bufio.NewWriterSize(w, 64<<10), json: json, lastFlush: time.Now(), status: status}
	o.enc = newEncoder(&o.scratch)
	return o
}

// newEncoder returns a JSON encoder that leaves <, > and & as they are:
// names such as <stdin> stay readable.
func newEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// text writes one text record: a blank line first when blank is set and a
// record came before, so that solutions of several lines stay apart.
func (o *writer) text(b []byte, blank bool) {
	if blank && o.texts > 0 {
		o.w.WriteByte('\n')
	}
	o.texts++
	o.w.Write(b)
}

// object writes v as one line of JSON.
func (o *writer) object(v any) {
	o.scratch.Reset()
	if err := o.enc.Encode(v); err != nil {
		panic(err) // our own types always marshal: a bug
	}
	o.w.Write(o.scratch.Bytes())
}

// tick flushes the output when it has waited flushEvery; it returns false
// once the output cannot be written, to stop the search.
func (o *writer) tick() bool {
	if now := time.Now(); now.Sub(o.lastFlush) >= flushEvery {
		o.lastFlush = now
		o.flush()
	}
	return o.err == nil
}

func (o *writer) flush() {
	if o.err == nil && o.w.Buffered() > 0 {
		o.status.clear()
		o.err = o.w.Flush()
	}
}

// close flushes what is left and returns the first write error as exit 2.
func (o *writer) close() error {
	o.flush()
	if o.err != nil {
		return badInput(fmt.Errorf("writing the output: %v", o.err))
	}
	return nil
}

// summary is the last JSON object of every command: what was found, how
// much the search did, and how it ended (status complete, limit,
// node-limit, timeout or interrupted). Solutions holds any count, and
// marshals as a JSON number with all its digits. The fields after Elapsed
// belong to some commands and are left out by the others.
type summary struct {
	Type       string   `json:"type"` // "summary"
	Solutions  *big.Int `json:"solutions"`
	Nodes      int64    `json:"nodes"`
	Updates    int64    `json:"updates"`
	Status     string   `json:"status"`
	Elapsed    float64  `json:"elapsed_seconds"`
	Cleansings int64    `json:"cleansings,omitempty"` // solve: DLX2's count
	Profile    []int64  `json:"profile,omitempty"`    // solve: nodes per level

	Puzzles  int            `json:"puzzles,omitempty"`  // sudoku
	Verdicts map[string]int `json:"verdicts,omitempty"` // sudoku: puzzles per verdict

	Board      string `json:"board,omitempty"`      // pentomino
	PieceSet   string `json:"piece_set,omitempty"`  // pentomino
	Symmetries int    `json:"symmetries,omitempty"` // pentomino: packings counted up to
}

// newSummary fills the summary's common fields from st.
func newSummary(st exactcover.Stats) *summary {
	return &summary{Type: "summary", Solutions: big.NewInt(st.Solutions), Nodes: st.Nodes, Updates: st.Updates,
		Status: st.Status.String(), Elapsed: st.Elapsed.Seconds()}
}

// ending is how a command ends a search: what its solutions are called
// ("solution", "packing") and what to add to the stats line and summary.
type ending struct {
	what    string
	noun    string         // what the stats line counts, "packings up to 4 symmetries"; default what
	summary func(*summary) // command-specific fields
	before  func()         // prints on stderr before the stats line (solve's profile)
}

// finish ends a search's output: the count with --count, the summary with
// --json, then the --stats line on stderr; and it returns the error that
// gives the exit code (nil: exit 0).
func finish(o *writer, e *env, req *search, st exactcover.Stats, end ending) error {
	switch {
	case req.json:
		sum := newSummary(st)
		if end.summary != nil {
			end.summary(sum)
		}
		o.object(sum)
	case req.count:
		o.w.WriteString(countText(st))
		o.w.WriteByte('\n')
	}
	if err := o.close(); err != nil {
		return err
	}
	if end.before != nil {
		end.before()
	}
	if req.stats {
		noun := end.noun
		if noun == "" {
			noun = explain.Plural(st.Solutions, end.what)
		}
		fmt.Fprintf(e.stderr, "Altogether %s, %d updates", noun, st.Updates)
		if st.Cleansings > 0 {
			fmt.Fprintf(e.stderr, ", %d cleansings", st.Cleansings)
		}
		fmt.Fprintf(e.stderr, ", %d nodes, %s; %s\n", st.Nodes, elapsed(st.Elapsed), statusText(st.Status, req.limit))
	}
	return searchExit(st, end.what, req)
}

// countText is the count --count prints: "724", or "5+" when the search
// did not complete and the count is a lower bound.
func countText(st exactcover.Stats) string {
	s := strconv.FormatInt(st.Solutions, 10)
	if st.Status != exactcover.Complete {
		s += "+"
	}
	return s
}

// statusText says for people how a search ended.
func statusText(s exactcover.Status, limit int64) string {
	switch s {
	case exactcover.SolutionLimit:
		if limit == 1 {
			return "stopped at the first solution (the default; --all for every one)"
		}
		return fmt.Sprintf("stopped at --limit %d", limit)
	case exactcover.NodeLimit:
		return "stopped at --max-nodes"
	case exactcover.Timeout:
		return "stopped by --timeout"
	case exactcover.Stopped:
		return "stopped: the output could not be written"
	}
	return s.String()
}

// searchExit maps how a search ended to the exit error, with a line on
// stderr when the code alone could mislead. what names a solution.
func searchExit(st exactcover.Stats, what string, req *search) error {
	switch st.Status {
	case exactcover.Timeout, exactcover.Interrupted, exactcover.NodeLimit:
		why := map[exactcover.Status]string{
			exactcover.Timeout:     "stopped by --timeout",
			exactcover.Interrupted: "interrupted",
			exactcover.NodeLimit:   "stopped at --max-nodes",
		}[st.Status]
		msg := fmt.Sprintf("%s after %s and %s: %s found before the search could finish",
			why, elapsed(st.Elapsed), explain.Plural(st.Nodes, "node"), explain.Plural(st.Solutions, what))
		if req.count {
			msg += " (the count printed is a lower bound)"
		}
		return withCode(exitStopped, errors.New(msg))
	}
	if st.Solutions > 0 {
		return nil
	}
	if req.count || req.json {
		return withCode(exitNone, nil) // the count or the summary says it
	}
	return withCode(exitNone, fmt.Errorf("no %s (the search is complete)", what))
}

// elapsed formats a duration for people: milliseconds below a minute.
func elapsed(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.3fs", d.Seconds())
	}
	return d.Round(time.Second).String()
}

// outputFile is a file that a command writes besides stdout (--tree,
// --svg), whole or not at all: a temporary file is created beside it before
// anything is printed, so that a bad path is an error at once, and renamed
// over it when the content is complete; stdout ("-") is written directly.
type outputFile struct {
	flag, name, path string
	tmp              *os.File
	stdout           io.Writer
}

// createOutput prepares the output file name for flag ("--svg").
func createOutput(e *env, flag, name string) (*outputFile, error) {
	o := &outputFile{flag: flag, name: name}
	if name == "-" {
		o.stdout = e.stdout
		return o, nil
	}
	if name == "" {
		return nil, badInput(fmt.Errorf("%s: expected a file name, or - for stdout", flag))
	}
	o.path = e.path(name)
	tmp, err := os.CreateTemp(filepath.Dir(o.path), "."+filepath.Base(name)+".*")
	if err != nil {
		return nil, badInput(fmt.Errorf("%s %s: %v", flag, name, pathError(err)))
	}
	o.tmp = tmp
	return o, nil
}

// commit writes the content and puts the file in place.
func (o *outputFile) commit(write func(io.Writer) error) error {
	if o.stdout != nil {
		return write(o.stdout)
	}
	name := o.tmp.Name()
	bw := bufio.NewWriter(o.tmp)
	err := write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = o.tmp.Chmod(0o644)
	}
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, o.path)
	}
	o.tmp = nil
	if err != nil {
		os.Remove(name)
		return badInput(fmt.Errorf("%s %s: %v", o.flag, o.name, pathError(err)))
	}
	return nil
}

// abort leaves no file behind.
func (o *outputFile) abort() {
	if o != nil && o.tmp != nil {
		o.tmp.Close()
		os.Remove(o.tmp.Name())
	}
}

// colorOK decides --color WHEN for output to w: always, never, or auto:
// when w is a terminal, NO_COLOR is unset or empty (no-color.org) and TERM
// is not dumb.
func colorOK(e *env, w io.Writer, when string) bool {
	switch when {
	case "always":
		return true
	case "auto":
		return isTerminal(w) && e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb"
	}
	return false
}
