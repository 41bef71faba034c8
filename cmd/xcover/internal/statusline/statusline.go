// Package statusline shows the progress of a long run on a stream, for
// people: on a terminal, one status line redrawn in place ("\r…\x1b[K"),
// which appears only after [Delay] (short runs show nothing), is cut to
// the terminal's width and is erased before other output; elsewhere, for
// logs, a line every interval. It is a line of its own over x/term: a
// progress-bar library would bring goroutines and timers for what the
// caller's progress callback already paces.
package statusline

import (
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"
)

const (
	// Delay is how long a run goes before the status line appears.
	Delay = time.Second
	// RedrawEvery is the time between two redraws of the status line.
	RedrawEvery = 250 * time.Millisecond
)

// Line draws the progress of one run on w. A nil *Line draws nothing.
type Line struct {
	w           io.Writer
	redraw      bool          // a status line on a terminal, else log lines
	every       time.Duration // between two lines or redraws
	start, last time.Time
	shown, done bool
}

// New returns the status line of a run that starts now: redrawn in place
// every RedrawEvery when redraw is set (w is a terminal that can redraw),
// else a line printed every interval.
func New(w io.Writer, redraw bool, every time.Duration) *Line {
	if redraw {
		every = RedrawEvery
	}
	return &Line{w: w, redraw: redraw, every: every, start: time.Now()}
}

// Every returns the time between two lines or redraws (0 for no line).
func (l *Line) Every() time.Duration {
	if l == nil {
		return 0
	}
	return l.every
}

// Spent returns the time since the run started.
func (l *Line) Spent() time.Duration { return time.Since(l.start) }

// Due reports whether a line is to be shown now, and if so counts it as
// shown: the interval has passed since the last one (and, on a terminal,
// Delay since the start), and the line was not stopped. Callers format
// their text only when it is due.
func (l *Line) Due() bool {
	now := time.Now()
	if l == nil || l.done || now.Sub(l.last) < l.every || l.redraw && now.Sub(l.start) < Delay {
		return false
	}
	l.last = now
	return true
}

// Print shows text: redraws the status line, cut to the terminal's width,
// or prints it as a line.
func (l *Line) Print(text string) {
	if !l.redraw {
		fmt.Fprintln(l.w, text)
		return
	}
	if w := width(l.w); w > 0 && len(text) >= w {
		text = text[:w-1]
	}
	fmt.Fprintf(l.w, "\r%s\x1b[K", text)
	l.shown = true
}

// Clear erases the status line before other output reaches the terminal;
// the next Print draws it again.
func (l *Line) Clear() {
	if l != nil && l.shown {
		io.WriteString(l.w, "\r\x1b[K")
		l.shown = false
	}
}

// Stop erases the status line for good: the run is reporting its end.
func (l *Line) Stop() {
	if l != nil {
		l.Clear()
		l.done = true
	}
}

// width returns the width of the terminal w is, 0 if unknown.
func width(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if width, _, err := term.GetSize(int(f.Fd())); err == nil {
			return width
		}
	}
	return 0
}
