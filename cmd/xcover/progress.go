package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
	"xcover/internal/statusline"
)

// Progress of a long run, on stderr: the fraction done (Knuth's estimate
// for a search, puzzles done for a Sudoku batch), the rate, the time spent
// and the time left, as a status line on a terminal or, with --progress
// elsewhere, a line every --progress-every (see package statusline).

// progress shows the progress of one run; a nil *progress shows nothing.
type progress struct{ line *statusline.Line }

// newProgress reads --progress: false, none; set, a status line on a
// terminal that can redraw (TERM is not dumb), lines elsewhere; absent,
// the status line on such a terminal only.
func newProgress(c *cli.Context, e *env) *progress {
	redraw := isTerminal(e.stderr) && e.getenv("TERM") != "dumb"
	switch {
	case c.IsSet(flagProgress) && !c.Bool(flagProgress):
		return nil
	case !redraw && !c.IsSet(flagProgress) && !c.IsSet(flagEvery):
		return nil
	}
	return &progress{statusline.New(e.stderr, redraw, durationOf(c, flagEvery))}
}

// callback returns the engine's progress callback and its interval, none
// when there is no progress to show.
func (p *progress) callback() (func(*exactcover.Progress), time.Duration) {
	if p == nil {
		return nil, 0
	}
	return func(pr *exactcover.Progress) {
		st := pr.Stats
		p.show(pr.Fraction(), fmt.Sprintf("%.1f%% done (estimated), %s, %.0f nodes/s",
			100*pr.Fraction(), explain.Plural(st.Solutions, "solution"), float64(st.Nodes)/max(st.Elapsed.Seconds(), 1e-9)))
	}, p.line.Every()
}

// batch shows how far a batch of n puzzles is, done of them finished.
func (p *progress) batch(done, n int) {
	if p != nil {
		p.show(float64(done)/float64(max(n, 1)), fmt.Sprintf("%d of %d puzzles, %.0f puzzles/s",
			done, n, float64(done)/max(p.line.Spent().Seconds(), 1e-9)))
	}
}

// show prints what, with the time spent and, from the fraction f done, the
// time left, when a line is due.
func (p *progress) show(f float64, what string) {
	if !p.line.Due() {
		return
	}
	spent := p.line.Spent()
	text := fmt.Sprintf("xcover: progress: %s, %s spent", what, elapsed(spent))
	if f > 0.001 && f < 1 {
		text += fmt.Sprintf(", about %s left", elapsed(time.Duration(float64(spent)*(1-f)/f)))
	}
	p.line.Print(text)
}

// clear erases the status line before other output reaches the terminal.
func (p *progress) clear() {
	if p != nil {
		p.line.Clear()
	}
}

// stop erases the status line for good: the run is reporting its end.
func (p *progress) stop() {
	if p != nil {
		p.line.Stop()
	}
}
