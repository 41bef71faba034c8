package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/google/renameio/v2"
	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
	"xcover/report"
)

// writer streams a command's results to stdout: text for people, or with
// --json one JSON object per line for programs, each with a "type"
// ("solution", "puzzle"), the last always the summary. A solution waits in
// the buffer at most flushEvery, so that the rare ones of a long search
// show up as they are found.
const flushEvery = 200 * time.Millisecond

type writer struct {
	w         *bufio.Writer
	json      bool
	texts     int64 // text records written, to separate them
	lastFlush time.Time
	status    *progress // erased before output reaches the terminal
	err       error
	scratch   bytes.Buffer
}

// begin starts the run of a command that searches: its context, ended by
// --timeout, and its writer, with the progress it shows.
func begin(c *cli.Context, e *env, req *search) (context.Context, *writer, context.CancelFunc) {
	ctx, cancel := withTimeout(c.Context, req.timeout)
	return ctx, &writer{w: bufio.NewWriterSize(e.stdout, 64<<10), json: req.json, lastFlush: time.Now(), status: newProgress(c, e)}, cancel
}

// text writes a record, after a blank line when blank is set and a record
// came before, so that solutions of several lines stay apart.
func (o *writer) text(b []byte, blank bool) {
	if blank && o.texts > 0 {
		o.w.WriteByte('\n')
	}
	o.texts++
	o.w.Write(b)
}

// object writes v as one line of JSON.
func (o *writer) object(v any) { o.w.Write(report.Marshal(&o.scratch, v)) }

// tick flushes the output when it has waited flushEvery; false means it
// cannot be written: stop the search.
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

// ending says how a command ends a search: what it calls a solution, what
// the stats line counts (default: the solutions), what it adds to the
// summary and prints on stderr before the stats line.
type ending struct {
	what, noun string
	summary    func(*report.Summary)
	before     func()
}

// finish ends a search's output: the count with --count, the summary with
// --json, the --stats line on stderr; it returns the exit error.
func finish(o *writer, e *env, req *search, st exactcover.Stats, end ending) error {
	o.status.stop()
	switch {
	case req.json:
		sum := report.New(st)
		if end.summary != nil {
			end.summary(sum)
		}
		o.object(sum)
	case req.count && st.Status != exactcover.Complete: // a lower bound
		fmt.Fprintf(o.w, "%d+\n", st.Solutions)
	case req.count:
		fmt.Fprintln(o.w, st.Solutions)
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

// colorOK decides --color WHEN for output to w: always, never, or auto: w
// is a terminal, NO_COLOR is unset or empty (no-color.org), TERM not dumb.
func colorOK(e *env, w io.Writer, when string) bool {
	return when == "always" || when == "auto" && isTerminal(w) && e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb"
}

// outputFile is a file written besides stdout (--tree, --svg), whole or not
// at all: a temporary file is created beside it before anything is
// printed, so that a bad path is an error at once, and renamed over it at
// commit (renameio: synced first, so that a crash leaves the old file or
// the new one). A nil *outputFile is no file.
type outputFile struct {
	flag, name string
	tmp        *renameio.PendingFile
}

func createOutput(e *env, flag, name string) (o *outputFile, err error) {
	if name == "" || name == "-" {
		return nil, badInput(fmt.Errorf("%s %q: expected a file name (stdout is for the solutions)", flag, name))
	}
	o = &outputFile{flag: flag, name: name}
	path := e.path(name)
	if o.tmp, err = renameio.NewPendingFile(path, renameio.WithTempDir(filepath.Dir(path)), renameio.WithStaticPermissions(0o644)); err != nil {
		return nil, badInput(fmt.Errorf("%s %s: %v", flag, name, pathError(err)))
	}
	return o, nil
}

// commit writes data and puts the file in place.
func (o *outputFile) commit(data []byte) error {
	_, err := o.tmp.Write(data)
	if err == nil {
		err = o.tmp.CloseAtomicallyReplace()
	}
	if err != nil {
		o.tmp.Cleanup()
		return badInput(fmt.Errorf("%s %s: %v", o.flag, o.name, pathError(err)))
	}
	return nil
}

// abort leaves no file behind (after commit, nothing to do).
func (o *outputFile) abort() {
	if o != nil {
		o.tmp.Cleanup()
	}
}
