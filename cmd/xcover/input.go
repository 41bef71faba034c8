package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/specs"
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
		if f, ok := c.App.Reader.(*os.File); ok && name == "" && charDevice(f) {
			fmt.Fprintf(c.App.ErrWriter, "xcover: reading the problem from the terminal; end it with Ctrl-D (or give a FILE)\n")
		}
		name, r = "<stdin>", c.App.Reader
	} else {
		f, err := os.Open(name)
		if err != nil {
			return name, nil, badInput(fmt.Errorf("%s: %v", name, pathError(err)))
		}
		defer f.Close()
		r = f
	}
	data, err = io.ReadAll(io.LimitReader(r, maxInputBytes+1))
	if err != nil {
		return name, nil, badInput(fmt.Errorf("%s: %v", name, pathError(err)))
	}
	if len(data) > maxInputBytes {
		return name, nil, badInput(fmt.Errorf("%s: input larger than %d bytes (maxInputBytes)", name, maxInputBytes))
	}
	return name, data, nil
}

// formatFlag chooses the input format of the commands that read a spec.
var formatFlag = &cli.StringFlag{
	Name:        "format",
	Usage:       "read the input as `FORMAT` yaml or dlx",
	DefaultText: "from the extension .yaml, .yml or .dlx, else detected from the content",
}

// inputFormat returns the format named by --format, or "" when the flag is
// absent; an unknown name is a usage error, reported before any input is
// read.
func inputFormat(c *cli.Context) (specs.Format, error) {
	name := c.String(formatFlag.Name)
	if !c.IsSet(formatFlag.Name) {
		return "", nil
	}
	return parseFormat("--"+formatFlag.Name, name)
}

// parseFormat checks a format name given to the flag called flag.
func parseFormat(flag, name string) (specs.Format, error) {
	switch f := specs.Format(strings.ToLower(name)); f {
	case specs.YAML, specs.DLX:
		return f, nil
	case "yml":
		return specs.YAML, nil
	}
	return "", badInput(fmt.Errorf("%s %q: expected yaml or dlx", flag, name))
}

// loadSpec reads and parses the command's input (FILE or stdin) as --format
// says, else as the file's extension says, else as its content looks. Every
// error is bad input whose message names file:line:column.
func loadSpec(c *cli.Context) (*specs.Spec, error) {
	format, err := inputFormat(c)
	if err != nil {
		return nil, err
	}
	name, data, err := readInput(c)
	if err != nil {
		return nil, err
	}
	if format == "" {
		if f, ok := specs.FormatOf(name); ok && name != "<stdin>" {
			format = f
		} else {
			format = specs.Detect(data)
		}
	}
	sp, err := specs.Parse(name, data, format)
	if err != nil {
		return nil, badInput(err)
	}
	return sp, nil
}

// pathError drops the operation and path from an *fs.PathError, which the
// caller's message already names: "x.yaml: no such file or directory".
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// timeoutFlag is shared by the commands that search.
var timeoutFlag = &cli.DurationFlag{
	Name:        "timeout",
	Usage:       "stop the search after `DURATION` (e.g. 30s, 5m), print what was found, exit 3",
	DefaultText: "none",
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
	return ok && charDevice(f)
}

// charDevice reports whether f is a character device such as a terminal.
func charDevice(f *os.File) bool {
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
