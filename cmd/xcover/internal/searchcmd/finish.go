package searchcmd

import (
	"cmp"
	"errors"
	"fmt"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
)

// Ending says how a command ends a search: what it calls a solution, what
// the stats line counts (default: the solutions), its summary record
// (default: the common part alone, [report.New]), and what it prints on
// stderr before the stats line.
type Ending struct {
	What, Noun string
	Record     any
	Before     func()
	// Reading says that the run stopped while it read its input, before
	// the search began.
	Reading bool
}

// Outcome is how a command's run ended: what it prints last, and what
// that means for its exit code. Every command that prints through a
// [Writer] ends through [End], so that all end alike: the last record or
// line on stdout, then the output closed (a failed write is exit 2), then
// stderr's lines, then the exit code. [Searched] makes the Outcome of a
// search from its Stats.
type Outcome struct {
	// Record is printed last with --json (the summary), Text without it
	// (a count, an estimate); either may be empty.
	Record any
	Text   string
	// Before prints on stderr after the output, before the stats line.
	Before func()
	// Stats is the --stats line, when it was asked for.
	Stats string
	// Stopped says why the run was cut short, and what that leaves: exit 3.
	Stopped error
	// Found says that the run found what it looks for (exit 0); otherwise
	// the exit code is 1, with None on stderr when the output does not say
	// it already.
	Found bool
	None  error
}

// End prints o's last output and returns the command's exit error.
func End(w *Writer, s *iostreams.IO, o Outcome) error {
	w.Status.Stop()
	switch {
	case w.JSON && o.Record != nil:
		w.Object(o.Record)
	case !w.JSON && o.Text != "":
		fmt.Fprint(w, o.Text)
	}
	if err := w.Close(); err != nil {
		return exitcode.Bad(err)
	}
	if o.Before != nil {
		o.Before()
	}
	if o.Stats != "" {
		fmt.Fprintln(s.Stderr, o.Stats)
	}
	switch {
	case o.Stopped != nil:
		return exitcode.With(exitcode.Stopped, o.Stopped)
	case !o.Found:
		return exitcode.With(exitcode.None, o.None)
	}
	return nil
}

// Searched is the Outcome of a search that ended with st: the count with
// --count, the summary with --json, the --stats line on stderr; exit 3
// when it stopped before it could finish, 1 when it found nothing.
func Searched(req *Request, st exactcover.Stats, end Ending) Outcome {
	o := Outcome{Before: end.Before, Found: st.Solutions > 0}
	switch {
	case req.JSON && end.Record != nil:
		o.Record = end.Record
	case req.JSON:
		o.Record = report.New(st)
	case req.Count && st.Status != exactcover.Complete: // a lower bound
		o.Text = fmt.Sprintf("%d+\n", st.Solutions)
	case req.Count:
		o.Text = fmt.Sprintf("%d\n", st.Solutions)
	}
	if req.Stats {
		o.Stats = report.StatsLine(st, cmp.Or(end.Noun, plural.Of(st.Solutions, end.What)), req.Limit)
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
		o.Stopped = errors.New(msg)
	case !o.Found && !req.Count && !req.JSON: // else the count or the summary says it
		o.None = fmt.Errorf("no %s (the search is complete)", end.What)
	}
	return o
}
