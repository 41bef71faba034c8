package main

import (
	"bufio"
	"bytes"
	"cmp"
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
// or with --json one JSON object per line for programs, each with a "type"
// ("solution", "puzzle") and the last always the summary. It streams: a
// solution is printed as it is found and waits in the buffer at most
// flushEvery, so that the rare solutions of a long search show up.
const flushEvery = 200 * time.Millisecond

// writer streams a command's results to stdout.
type writer struct {
	w         *bufio.Writer
	json      bool
	texts     int64 // text records written, to separate them
	lastFlush time.Time
	status    *progress // erased before output reaches the terminal
	err       error
	scratch   bytes.Buffer
}

func newWriter(e *env, json bool, status *progress) *writer {
	return &writer{w: bufio.NewWriterSize(e.stdout, 64<<10), json: json, lastFlush: time.Now(), status: status}
}

// text writes one text record, after a blank line when blank is set and a
// record came before, so that solutions of several lines stay apart.
func (o *writer) text(b []byte, blank bool) {
	if blank && o.texts > 0 {
		o.w.WriteByte('\n')
	}
	o.texts++
	o.w.Write(b)
}

// object writes v as one line of JSON, leaving <, > and & as they are, so
// that names such as <stdin> stay readable.
func (o *writer) object(v any) {
	o.w.Write(marshal(&o.scratch, v))
}

func marshal(buf *bytes.Buffer, v any) []byte {
	buf.Reset()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // our own types always marshal: a bug
	}
	return buf.Bytes()
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
// node-limit, timeout or interrupted). Solutions holds any count and
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

func newSummary(st exactcover.Stats) *summary {
	return &summary{Type: "summary", Solutions: big.NewInt(st.Solutions), Nodes: st.Nodes, Updates: st.Updates,
		Status: st.Status.String(), Elapsed: st.Elapsed.Seconds()}
}

// ending says how a command ends a search: what it calls a solution, what
// the stats line counts ("2 packings up to 4 symmetries"; default: the
// solutions), what it adds to the summary and what it prints on stderr
// before the stats line.
type ending struct {
	what, noun string
	summary    func(*summary)
	before     func()
}

// finish ends a search's output: the count with --count, the summary with
// --json, then the --stats line on stderr; and it returns the error that
// gives the exit code (nil: exit 0).
func finish(o *writer, e *env, req *search, st exactcover.Stats, end ending) error {
	o.status.stop()
	switch {
	case req.json:
		sum := newSummary(st)
		if end.summary != nil {
			end.summary(sum)
		}
		o.object(sum)
	case req.count:
		fmt.Fprintln(o.w, countText(st))
	}
	if err := o.close(); err != nil {
		return err
	}
	if end.before != nil {
		end.before()
	}
	if req.stats {
		noun := cmp.Or(end.noun, explain.Plural(st.Solutions, end.what))
		fmt.Fprintf(e.stderr, "Altogether %s, %d updates", noun, st.Updates)
		if st.Cleansings > 0 {
			fmt.Fprintf(e.stderr, ", %d cleansings", st.Cleansings)
		}
		fmt.Fprintf(e.stderr, ", %d nodes, %s; %s\n", st.Nodes, elapsed(st.Elapsed), statusText(st.Status, req.limit))
	}
	switch {
	case st.Status == exactcover.Timeout || st.Status == exactcover.Interrupted || st.Status == exactcover.NodeLimit:
		msg := fmt.Sprintf("%s after %s and %s: %s found before the search could finish", statusText(st.Status, req.limit),
			elapsed(st.Elapsed), explain.Plural(st.Nodes, "node"), explain.Plural(st.Solutions, end.what))
		if req.count {
			msg += " (the count printed is a lower bound)"
		}
		return withCode(exitStopped, errors.New(msg))
	case st.Solutions > 0:
		return nil
	case req.count || req.json:
		return withCode(exitNone, nil) // the count or the summary says it
	}
	return withCode(exitNone, fmt.Errorf("no %s (the search is complete)", end.what))
}

// countText is the count --count prints: "724", or "5+" when the search
// did not complete and the count is a lower bound.
func countText(st exactcover.Stats) string {
	if st.Status != exactcover.Complete {
		return strconv.FormatInt(st.Solutions, 10) + "+"
	}
	return strconv.FormatInt(st.Solutions, 10)
}

// statusText says for people how a search ended.
func statusText(s exactcover.Status, limit int64) string {
	switch {
	case s == exactcover.SolutionLimit && limit == 1:
		return "stopped at the first solution (the default; --all for every one)"
	case s == exactcover.SolutionLimit:
		return fmt.Sprintf("stopped at --limit %d", limit)
	case s == exactcover.NodeLimit:
		return "stopped at --max-nodes"
	case s == exactcover.Timeout:
		return "stopped by --timeout"
	case s == exactcover.Stopped:
		return "stopped: the output could not be written"
	}
	return s.String()
}

// elapsed formats a duration for people: milliseconds below a minute.
func elapsed(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.3fs", d.Seconds())
	}
	return d.Round(time.Second).String()
}

// colorOK decides --color WHEN for output to w: always, never, or auto:
// when w is a terminal, NO_COLOR is unset or empty (no-color.org) and TERM
// is not dumb.
func colorOK(e *env, w io.Writer, when string) bool {
	return when == "always" || when == "auto" && isTerminal(w) && e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb"
}

// outputFile is a file that a command writes besides stdout (--tree,
// --svg), whole or not at all: a temporary file is created beside it before
// anything is printed, so that a bad path is an error at once, and renamed
// over it when the content is complete. "-" writes to stdout instead.
type outputFile struct {
	flag, name string
	tmp        *os.File
	stdout     io.Writer
	e          *env
}

func createOutput(e *env, flag, name string) (*outputFile, error) {
	o := &outputFile{flag: flag, name: name, e: e}
	if name == "-" {
		o.stdout = e.stdout
		return o, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(e.path(name)), "."+filepath.Base(name)+".*")
	if err != nil {
		return nil, badInput(fmt.Errorf("%s %s: %v", flag, name, pathError(err)))
	}
	o.tmp = tmp
	return o, nil
}

// commit writes the content with write and puts the file in place.
func (o *outputFile) commit(write func(io.Writer) error) error {
	if o.stdout != nil {
		return write(o.stdout)
	}
	tmp := o.tmp
	o.tmp = nil
	bw := bufio.NewWriter(tmp)
	err := errors.Join(write(bw), bw.Flush(), tmp.Chmod(0o644), tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), o.e.path(o.name))
	}
	if err != nil {
		os.Remove(tmp.Name())
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
