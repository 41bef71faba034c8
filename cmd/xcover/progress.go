package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"xcover/exactcover"
	"xcover/explain"
)

// Progress of a long run, on stderr. On a terminal it is one status line,
// redrawn in place and erased at the end: the fraction done (Knuth's
// estimate for a search, puzzles done for a Sudoku batch), the rate, the
// time spent and the time left. It appears only after statusDelay, so that
// short runs show nothing. Elsewhere, --progress asks for a line every
// --progress-every, for logs, with the branch taken at each level as Knuth's
// programs print it. A status line of our own over x/term is a few dozen
// lines: a progress-bar library would bring goroutines and redraw timers
// for what the engine's progress callback already paces.

// progressMode says how a run shows progress.
type progressMode int

const (
	progressOff  progressMode = iota
	progressLine              // a status line redrawn in place on a terminal
	progressLog               // a line every --progress-every, for logs
)

const (
	// statusDelay is how long a run goes before its status line appears.
	statusDelay = time.Second
	// statusEvery is how often the status line is redrawn.
	statusEvery = 250 * time.Millisecond
	// progressLevels bounds the "k of d" branches shown on a log line.
	progressLevels = 24
)

// progressOf reads --progress: off when false; when set, a status line on
// a terminal and log lines elsewhere; when absent, a status line when
// stderr is a terminal that can redraw (TERM is not dumb).
func progressOf(c *cli.Context, e *env) progressMode {
	tty := isTerminal(e.stderr) && e.getenv("TERM") != "dumb"
	switch {
	case c.IsSet(flagProgress) && !c.Bool(flagProgress):
		return progressOff
	case tty:
		return progressLine
	case c.IsSet(flagProgress) || c.IsSet(flagProgressEvery):
		return progressLog
	}
	return progressOff
}

// progress draws the progress of one run; a nil *progress draws nothing.
type progress struct {
	mode  progressMode
	w     io.Writer
	every time.Duration
	start time.Time
	last  time.Time // of the last line drawn
	shown bool      // a status line is on the screen
	done  bool
	line  strings.Builder
}

// newProgress returns the progress of a run that s describes, nil when it
// shows none.
func newProgress(e *env, s *search) *progress {
	if s.progress == progressOff {
		return nil
	}
	return &progress{mode: s.progress, w: e.stderr, every: s.every, start: time.Now()}
}

// interval is how often the engine should call search.
func (p *progress) interval() time.Duration {
	if p.mode == progressLine {
		return statusEvery
	}
	return p.every
}

// callback returns the engine's progress callback and its interval, nil
// when there is no progress to show.
func (p *progress) callback() (func(*exactcover.Progress), time.Duration) {
	if p == nil {
		return nil, 0
	}
	return p.search, p.interval()
}

// search shows where a search is: for logs, the time, solutions, nodes,
// Knuth's estimate and the branch at each level as "k of d" (the k-th of
// the d options of the item chosen there), a run of forced levels as
// "1 of 1 ×n"; on a terminal, the estimate with rate and times.
func (p *progress) search(pr *exactcover.Progress) {
	st, f := pr.Stats, pr.Fraction()
	if p.mode == progressLine {
		rate := float64(st.Nodes) / max(st.Elapsed.Seconds(), 1e-9)
		p.status(f, fmt.Sprintf("%.1f%% done (estimated), %s, %s nodes/s", 100*f, explain.Plural(st.Solutions, "solution"), si(rate)))
		return
	}
	b := &p.line
	b.Reset()
	fmt.Fprintf(b, "xcover: progress %s: %s, %d nodes, %.2f%% done (estimated); levels:",
		elapsed(st.Elapsed), explain.Plural(st.Solutions, "solution"), st.Nodes, 100*f)
	shown := 0
	for l := 0; l < len(pr.Branches); {
		if shown == progressLevels {
			fmt.Fprintf(b, " … (%d levels)", len(pr.Branches))
			break
		}
		if shown > 0 {
			b.WriteByte(',')
		}
		br := pr.Branches[l]
		fmt.Fprintf(b, " %d of %d", br.K, br.D)
		// A run of forced moves (Sudoku givens, say) reads better as one
		// entry: "1 of 1 ×17".
		run := 1
		for l+run < len(pr.Branches) && br.D == 1 && pr.Branches[l+run].D == 1 {
			run++
		}
		if run > 2 {
			fmt.Fprintf(b, " ×%d", run)
		} else {
			run = 1
		}
		l += run
		shown++
	}
	b.WriteByte('\n')
	io.WriteString(p.w, b.String())
}

// batch shows how far a batch of n items (Sudoku puzzles) is, done of them
// finished; it paces itself.
func (p *progress) batch(done, n int, what string) {
	if p == nil || p.done {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < p.interval() {
		return
	}
	if p.mode == progressLog {
		p.last = now
		fmt.Fprintf(p.w, "xcover: progress %s: %d of %s\n", elapsed(now.Sub(p.start)), done, explain.Plural(n, what))
		return
	}
	rate := float64(done) / max(now.Sub(p.start).Seconds(), 1e-9)
	p.status(float64(done)/float64(max(n, 1)), fmt.Sprintf("%d of %d %ss, %s %ss/s", done, n, what, si(rate), what))
}

// status redraws the status line: what, then the time spent and, from
// the fraction f done, the time left.
func (p *progress) status(f float64, what string) {
	now := time.Now()
	spent := now.Sub(p.start)
	if p.done || spent < statusDelay || now.Sub(p.last) < statusEvery/2 {
		return
	}
	p.last = now
	text := fmt.Sprintf("xcover: %s, %s spent", what, clock(spent))
	if f > 0.001 && f < 1 {
		text += fmt.Sprintf(", about %s left", clock(time.Duration(float64(spent)*(1-f)/f)))
	}
	if w, _, err := terminalSize(p.w); err == nil && len(text) >= w {
		text = text[:max(w-1, 0)]
	}
	fmt.Fprintf(p.w, "\r%s\x1b[K", text)
	p.shown = true
}

// clear erases the status line, before other output reaches the terminal;
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

// terminalSize returns the size of the terminal w is, if it is one.
func terminalSize(w io.Writer) (int, int, error) {
	if f, ok := w.(*os.File); ok {
		return term.GetSize(int(f.Fd()))
	}
	return 0, 0, fmt.Errorf("not a terminal")
}

// clock writes a duration as people read a clock: 42s, 3m05s, 2h07m.
func clock(d time.Duration) string {
	s := int64(d.Seconds())
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm", s/3600, s/60%60)
}

// si writes a rate with an SI prefix: 950, 12.3k, 4.56M.
func si(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("%.2fG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.2fM", x/1e6)
	case x >= 1e4:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}
