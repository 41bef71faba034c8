package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/google/renameio/v2"
	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
	"xcover/internal/statusline"
	"xcover/report"
)

// writer is a command's output (see report.Stream) with the progress it
// shows on stderr, erased before output reaches the terminal.
type writer struct {
	*report.Stream
	status *statusline.Line
}

// begin starts the run of a command that searches: its context, ended by
// --timeout, and its writer, with the progress it shows.
func begin(c *cli.Context, e *env, req *search) (context.Context, *writer, context.CancelFunc) {
	ctx, cancel := withTimeout(c.Context, req.timeout)
	return ctx, newWriter(e, req.json, newProgress(c, e)), cancel
}

func newWriter(e *env, json bool, status *statusline.Line) *writer {
	o := &writer{report.NewStream(e.stdout, json), status}
	o.BeforeFlush = status.Clear
	return o
}

// close flushes what is left and returns the first write error as exit 2.
func (o *writer) close() error { return badInput(o.Close()) }

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
	o.status.Stop()
	switch {
	case req.json:
		sum := report.New(st)
		if end.summary != nil {
			end.summary(sum)
		}
		o.Object(sum)
	case req.count && st.Status != exactcover.Complete: // a lower bound
		fmt.Fprintf(o, "%d+\n", st.Solutions)
	case req.count:
		fmt.Fprintln(o, st.Solutions)
	}
	if err := o.close(); err != nil {
		return err
	}
	if end.before != nil {
		end.before()
	}
	if req.stats {
		fmt.Fprintln(e.stderr, report.StatsLine(st, cmp.Or(end.noun, explain.Plural(st.Solutions, end.what)), req.limit))
	}
	switch {
	case st.Status == exactcover.Timeout || st.Status == exactcover.Interrupted || st.Status == exactcover.NodeLimit:
		msg := report.Unfinished(st, req.limit, end.what)
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
