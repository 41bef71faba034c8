package searchcmd

import (
	"cmp"
	"errors"
	"fmt"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
)

// Ending says how a command ends a search: what it calls a solution, what
// the stats line counts (default: the solutions), what it adds to the
// summary and prints on stderr before the stats line.
type Ending struct {
	What, Noun string
	Summary    func(*report.Summary)
	Before     func()
	// Reading says that the run stopped while it read its input, before
	// the search began.
	Reading bool
}

// Finish ends a search's output: the count with --count, the summary with
// --json, the --stats line on stderr; it returns the exit error.
func Finish(w *Writer, s *iostreams.IO, req *Request, st exactcover.Stats, end Ending) error {
	w.Status.Stop()
	switch {
	case req.JSON:
		sum := report.New(st)
		if end.Summary != nil {
			end.Summary(sum)
		}
		w.Object(sum)
	case req.Count && st.Status != exactcover.Complete: // a lower bound
		fmt.Fprintf(w, "%d+\n", st.Solutions)
	case req.Count:
		fmt.Fprintln(w, st.Solutions)
	}
	if err := w.Close(); err != nil {
		return exitcode.Bad(err)
	}
	if end.Before != nil {
		end.Before()
	}
	if req.Stats {
		fmt.Fprintln(s.Stderr, report.StatsLine(st, cmp.Or(end.Noun, explain.Plural(st.Solutions, end.What)), req.Limit))
	}
	switch {
	case st.Status == exactcover.Timeout || st.Status == exactcover.Interrupted || st.Status == exactcover.NodeLimit:
		msg := report.Unfinished(st, req.Limit, end.What)
		if end.Reading {
			msg = report.StoppedReading(st.Status)
		}
		if req.Count {
			msg += " (the count printed is a lower bound)"
		}
		return exitcode.With(exitcode.Stopped, errors.New(msg))
	case st.Solutions > 0:
		return nil
	case req.Count || req.JSON:
		return exitcode.With(exitcode.None, nil) // the count or the summary says it
	}
	return exitcode.With(exitcode.None, fmt.Errorf("no %s (the search is complete)", end.What))
}
