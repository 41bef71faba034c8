package searchcmd

import (
	"cmp"
	"context"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/statusline"
)

// Writer is a command's output (see [report.Stream]) with the progress it
// shows on stderr, erased before output reaches the terminal.
type Writer struct {
	*report.Stream
	Status *statusline.Line // nil: no progress shown
}

// Begin starts the run of a command that searches: its context, ended by
// --timeout, and its writer, with the progress it shows.
func Begin(ctx context.Context, s *iostreams.IO, req *Request) (context.Context, *Writer, context.CancelFunc) {
	ctx, cancel := WithTimeout(ctx, req.Timeout)
	return ctx, NewWriter(s, req.JSON, newProgress(s, req)), cancel
}

// NewWriter returns the writer of s's stdout, in JSON Lines when json is
// set, with status (nil: none) erased before each flush.
func NewWriter(s *iostreams.IO, json bool, status *statusline.Line) *Writer {
	w := &Writer{report.NewStream(s.Stdout, json), status}
	w.BeforeFlush = status.Clear
	return w
}

// InputArg returns the command's one FILE argument, "-" (stdin) when none.
func InputArg(c *cli.Context) (string, error) {
	if c.NArg() > 1 {
		return "", Usage(c.Command.Name, "expected one input file, got %d arguments", c.NArg())
	}
	return cmp.Or(c.Args().First(), "-"), nil
}

// Await returns f's results, or ctx's error as soon as ctx ends: reading
// and parsing know no context, so --timeout and Ctrl-C leave them running
// in the background of a process about to exit.
func Await[T any](ctx context.Context, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	if ctx.Err() == nil {
		go func() { v, err := f(); done <- result{v, err} }()
	}
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}
