package main

import (
	"fmt"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
)

// Progress of a long run, on stderr: the fraction done (Knuth's estimate
// for a search, puzzles done for a Sudoku batch), the rate, the time spent
// and the time left. On a terminal it is one status line, redrawn in place,
// that appears after statusDelay (short runs show nothing) and is erased
// before other output; --progress elsewhere prints it as a line every
// --progress-every, for logs. A line of our own over x/term: a progress-bar
// library would bring goroutines and timers for what the engine's progress
// callback already paces.

const (
	statusDelay = time.Second            // before the status line appears
	statusEvery = 250 * time.Millisecond // between two redraws
)

// progress draws the progress of one run; a nil *progress draws nothing.
type progress struct {
	w           io.Writer
	redraw      bool          // a status line on a terminal, else log lines
	every       time.Duration // between two lines or redraws
	start, last time.Time
	shown, done bool
}

// newProgress reads --progress: false, none; set, a status line on a
// terminal that can redraw (TERM is not dumb), lines elsewhere; absent,
// the status line on such a terminal only.
func newProgress(c *cli.Context, e *env) *progress {
	p := &progress{w: e.stderr, every: durationOf(c, flagEvery), start: time.Now()}
	p.redraw = isTerminal(e.stderr) && e.getenv("TERM") != "dumb"
	switch {
	case c.IsSet(flagProgress) && !c.Bool(flagProgress):
		return nil
	case p.redraw:
		p.every = statusEvery
	case !c.IsSet(flagProgress) && !c.IsSet(flagEvery):
		return nil
	}
	return p
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
	}, p.every
}

// batch shows how far a batch of n puzzles is, done of them finished.
func (p *progress) batch(done, n int) {
	if p != nil {
		p.show(float64(done)/float64(max(n, 1)), fmt.Sprintf("%d of %d puzzles, %.0f puzzles/s",
			done, n, float64(done)/max(time.Since(p.start).Seconds(), 1e-9)))
	}
}

// show prints what, with the time spent and, from the fraction f done, the
// time left; it paces itself.
func (p *progress) show(f float64, what string) {
	now := time.Now()
	spent := now.Sub(p.start)
	if p.done || now.Sub(p.last) < p.every || p.redraw && spent < statusDelay {
		return
	}
	p.last = now
	text := fmt.Sprintf("xcover: progress: %s, %s spent", what, elapsed(spent))
	if f > 0.001 && f < 1 {
		text += fmt.Sprintf(", about %s left", elapsed(time.Duration(float64(spent)*(1-f)/f)))
	}
	if !p.redraw {
		fmt.Fprintln(p.w, text)
		return
	}
	if w := terminalWidth(p.w); w > 0 && len(text) >= w {
		text = text[:w-1]
	}
	fmt.Fprintf(p.w, "\r%s\x1b[K", text)
	p.shown = true
}

// clear erases the status line before other output reaches the terminal;
// the next update draws it again.
func (p *progress) clear() {
	if p != nil && p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// stop erases the status line for good: the run is reporting its end.
func (p *progress) stop() {
	if p != nil {
		p.clear()
		p.done = true
	}
}
