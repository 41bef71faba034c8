package searchcmd

import (
	"fmt"
	"time"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/statusline"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
)

// Progress of a long run, on stderr: the fraction done (Knuth's estimate
// for a search, puzzles done for a Sudoku batch), the rate, the time spent
// and the time left, as a status line on a terminal or, with --progress
// elsewhere, a line every --progress-every (see package statusline). A nil
// *statusline.Line shows nothing.

// newProgress returns the progress line that req asks for (nil: none):
// with ProgressOff none; with ProgressAsked a status line on a terminal
// that can redraw (TERM is not dumb), lines elsewhere; by default the
// status line on such a terminal only.
func newProgress(s *iostreams.IO, req *Request) *statusline.Line {
	redraw := s.CanRedraw()
	switch {
	case req.Progress == ProgressOff:
		return nil
	case !redraw && req.Progress == ProgressOnTerminal:
		return nil
	}
	return statusline.New(s.Stderr, redraw, req.ProgressEvery)
}

// SearchProgress returns the engine's progress callback and its interval,
// none when there is no progress to show.
func SearchProgress(line *statusline.Line) (func(*exactcover.Progress), time.Duration) {
	if line == nil {
		return nil, 0
	}
	return func(pr *exactcover.Progress) {
		st := pr.Stats
		if st.Engine == exactcover.EngineLearn {
			ShowProgress(line, 0, fmt.Sprintf("%s, %s", plural.Of(st.Solutions, "solution"), Counters(pr)))
			return
		}
		ShowProgress(line, pr.Fraction(), fmt.Sprintf("%.1f%% done (estimated), %s, %.0f nodes/s",
			100*pr.Fraction(), plural.Of(st.Solutions, "solution"), float64(st.Nodes)/max(st.Elapsed.Seconds(), 1e-9)))
	}, line.Every()
}

// Counters says what a search has done so far, in its engine's unit:
// conflicts, learned clauses kept and restarts for the learner, else
// nodes; and how fast.
func Counters(pr *exactcover.Progress) string {
	st := pr.Stats
	seconds := max(st.Elapsed.Seconds(), 1e-9)
	if st.Engine == exactcover.EngineLearn {
		l := st.Learn
		return fmt.Sprintf("%s, %d learned clauses kept, %s, %.0f conflicts/s",
			plural.Of(l.Conflicts, "conflict"), l.Kept, plural.Of(l.Restarts, "restart"), float64(l.Conflicts)/seconds)
	}
	return fmt.Sprintf("%s, %.0f nodes/s", plural.Of(st.Nodes, "node"), float64(st.Nodes)/seconds)
}

// ShowProgress shows what, with the time spent and, from the fraction f
// done, the time left, when a line is due.
func ShowProgress(l *statusline.Line, f float64, what string) {
	if !l.Due() {
		return
	}
	spent := l.Spent()
	text := fmt.Sprintf("xcover: progress: %s, %s spent", what, report.Elapsed(spent))
	if f > 0.001 && f < 1 {
		text += fmt.Sprintf(", about %s left", report.Elapsed(time.Duration(float64(spent)*(1-f)/f)))
	}
	l.Print(text)
}
