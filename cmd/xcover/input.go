package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/urfave/cli/v2"
)

// maxInputBytes bounds what xcover reads from one file or stdin: a problem
// beyond it could not be compiled within exactcover.MaxNodes anyway, and the
// bound keeps a mistaken "xcover solve /dev/zero" from eating memory.
const maxInputBytes = 1 << 30

// readInput reads the command's one FILE argument, or stdin when it is
// absent or "-". It returns the name to use in messages.
func readInput(c *cli.Context) (name string, data []byte, err error) {
	if c.NArg() > 1 {
		return "", nil, badInput(fmt.Errorf("%s: expected one input file, got %d arguments", c.Command.Name, c.NArg()))
	}
	name = c.Args().First()
	var r io.Reader
	if name == "" || name == "-" {
		name, r = "<stdin>", c.App.Reader
	} else {
		f, err := os.Open(name)
		if err != nil {
			return name, nil, badInput(err)
		}
		defer f.Close()
		r = f
	}
	data, err = io.ReadAll(io.LimitReader(r, maxInputBytes+1))
	if err != nil {
		return name, nil, badInput(fmt.Errorf("%s: %v", name, err))
	}
	if len(data) > maxInputBytes {
		return name, nil, badInput(fmt.Errorf("%s: input larger than %d bytes (maxInputBytes)", name, maxInputBytes))
	}
	return name, data, nil
}

// timeoutFlag is shared by the commands that search.
var timeoutFlag = &cli.DurationFlag{
	Name:  "timeout",
	Usage: "stop the search after `DURATION` (e.g. 30s, 5m), print what was found, exit 3",
}

// searchContext is cancelled by Ctrl-C (SIGINT) and, when --timeout is set,
// by its deadline; a search that sees it stops and reports what it found.
func searchContext(c *cli.Context) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
	if d := c.Duration(timeoutFlag.Name); d > 0 {
		tctx, cancel := context.WithTimeout(ctx, d)
		return tctx, func() { cancel(); stop() }
	}
	return ctx, stop
}

// isTerminal reports whether w is a character device such as a terminal;
// progress and color go to terminals only.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// elapsed formats a duration for summaries: milliseconds below a minute.
func elapsed(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.3fs", d.Seconds())
	}
	return d.Round(time.Second).String()
}
