package report

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/bytesize"
	"github.com/xcover/xcover/internal/plural"
)

// The lines for people that end a command's output on stderr: the --stats
// line and the message of a search that stopped before it could finish.

// Elapsed writes a duration for people: milliseconds below a minute.
func Elapsed(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.3fs", d.Seconds())
	}
	return d.Round(time.Second).String()
}

// StatusText says for people how a search ended; limit is the search's
// limit of solutions (1 is the default of the commands that search).
func StatusText(s exactcover.Status, limit int64) string {
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

// StatsLine is the --stats line of a search, after Knuth's programs:
// "Altogether 92 solutions, 37 updates, 7 nodes, 0.001s; complete". noun
// says what was found ("92 solutions").
func StatsLine(st exactcover.Stats, noun string, limit int64) string {
	var b strings.Builder
	if st.Engine == exactcover.EngineLearn {
		l := st.Learn
		fmt.Fprintf(&b, "Altogether %s, %s, %s, %s, %s learned (%d kept), %s, ",
			noun, plural.Of(l.Conflicts, "conflict"), plural.Of(l.Decisions, "decision"), plural.Of(l.Propagations, "propagation"),
			plural.Of(l.Learned, "clause"), l.Kept, plural.Of(l.Restarts, "restart"))
		if l.Splits > 0 {
			fmt.Fprintf(&b, "%s, ", plural.Of(l.Splits, "split"))
		}
		fmt.Fprintf(&b, "%s; %s", Elapsed(st.Elapsed), StatusText(st.Status, limit))
		return b.String()
	}
	fmt.Fprintf(&b, "Altogether %s, %d updates", noun, st.Updates)
	if st.Cleansings > 0 {
		fmt.Fprintf(&b, ", %d cleansings", st.Cleansings)
	}
	fmt.Fprintf(&b, ", %d nodes, %s; %s", st.Nodes, Elapsed(st.Elapsed), StatusText(st.Status, limit))
	return b.String()
}

// Unfinished says that a search stopped (by time, a signal or a node limit)
// before it could finish, and what it found, of what ("solution").
func Unfinished(st exactcover.Stats, limit int64, what string) string {
	work := plural.Of(st.Nodes, "node")
	if st.Engine == exactcover.EngineLearn {
		work = plural.Of(st.Learn.Conflicts, "conflict")
	}
	return fmt.Sprintf("%s after %s and %s: %s found before the search could finish", StatusText(st.Status, limit),
		Elapsed(st.Elapsed), work, plural.Of(st.Solutions, what))
}

// StoppedReading says that a run stopped (status) before its search
// began, while it read its input.
func StoppedReading(status exactcover.Status) string {
	return StatusText(status, 0) + " while reading the input, before the search began"
}

// CountStatsLine is the --stats line of a count by memoizing or of the
// making of a ZDD: the count, the method and why, what each part did.
func CountStatsLine(res exactcover.CountResult) string {
	var b strings.Builder
	n := "an unknown number of"
	if res.Solutions != nil {
		n = res.Solutions.String()
	}
	fmt.Fprintf(&b, "Altogether %s solutions, counted by %s (%s)", n, res.Method, res.Why)
	if res.Search.Updates > 0 {
		fmt.Fprintf(&b, "; search: %d updates, %d nodes", res.Search.Updates, res.Search.Nodes)
	} else if res.Search.Nodes > 0 {
		fmt.Fprintf(&b, "; search: %d nodes", res.Search.Nodes)
	}
	if m := res.Memo; m.Levels > 0 {
		fmt.Fprintf(&b, "; memo: %d of %d options, %s (widest level %d, keys of %d bits), peak %s",
			m.Level, m.Levels, plural.Of(m.States, "state"), m.Widest, m.KeyBits, bytesize.Format(m.PeakBytes))
		if m.ZDDNodes > 0 {
			fmt.Fprintf(&b, ", %d ZDD nodes", m.ZDDNodes)
		}
	} else if m.States > 0 { // the search's memo of residual problems
		fmt.Fprintf(&b, "; memo: %s, peak %s, %d ZDD nodes", plural.Of(m.States, "residual problem"), bytesize.Format(m.PeakBytes), m.ZDDNodes)
	}
	fmt.Fprintf(&b, "; %s; %s", Elapsed(res.Elapsed), res.Status)
	return b.String()
}

// EstimateText writes est, an estimate of engine's search tree whose
// probing ended with status, for people.
func EstimateText(est exactcover.Estimate, engine exactcover.Engine, status exactcover.Status) string {
	var b strings.Builder
	if est.Exact {
		fmt.Fprintf(&b, "The %s search explored the whole tree while measuring its speed:\n", engine)
		fmt.Fprintf(&b, "  nodes      %.0f (exact)\n  solutions  %.0f (exact)\n  time       %s\n", est.Nodes, est.Solutions, humanSeconds(est.Seconds))
		return b.String()
	}
	stopped := ""
	if status != exactcover.Complete {
		stopped = "; " + StatusText(status, 0)
	}
	fmt.Fprintf(&b, "Estimate of the %s search tree from %s (seed %d%s), ± one standard error:\n", engine, plural.Of(est.Probes, "random probe"), est.Seed, stopped)
	fmt.Fprintf(&b, "  nodes      %.4g ± %s\n", est.Nodes, relative(est.NodesErr, est.Nodes))
	fmt.Fprintf(&b, "  solutions  %.4g ± %s\n", est.Solutions, relative(est.SolutionsErr, est.Solutions))
	fmt.Fprintf(&b, "  depth      up to %d levels seen\n", est.MaxDepth)
	fmt.Fprintf(&b, "  time       about %s at %.3g nodes/s (measured on a short search)\n", humanSeconds(est.Seconds), est.NodesPerSecond)
	return b.String()
}

// relative writes err as a percentage of x.
func relative(err, x exactcover.Magnitude) string {
	if x.IsZero() {
		return fmt.Sprintf("%.3g", err)
	}
	return fmt.Sprintf("%.2g%%", 100*err.Quo(x))
}

// year is a Julian year in seconds.
const year = 365.25 * 86400

// humanSeconds writes a number of seconds for people: seconds to years.
func humanSeconds(m exactcover.Magnitude) string {
	s := m.Float64()
	if math.IsInf(s, 0) { // beyond float64: years, in figures
		return fmt.Sprintf("%.3g years", m.Mul(1/year))
	}
	for _, u := range []struct {
		name string
		secs float64
	}{{"years", year}, {"days", 86400}, {"hours", 3600}, {"minutes", 60}} {
		if s >= 2*u.secs {
			return fmt.Sprintf("%.3g %s", s/u.secs, u.name)
		}
	}
	return fmt.Sprintf("%.3g s", s)
}
