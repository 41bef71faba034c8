package main

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"xcover/exactcover"
	"xcover/specs"
)

// inputArg returns the command's one FILE argument, "-" (stdin) when it
// has none.
func inputArg(c *cli.Context) (string, error) {
	if c.NArg() > 1 {
		return "", usage(c, "expected one input file, got %d arguments", c.NArg())
	}
	return cmp.Or(c.Args().First(), "-"), nil
}

// readFile reads name ("-": stdin) whole, gunzipping it when its first
// bytes say it is compressed, and refuses it beyond limit bytes (after
// decompression) without reading further; limitName names the limit. It
// returns the name to use in messages.
func readFile(e *env, name string, limit int64, limitName string) (string, []byte, error) {
	r := e.stdin
	if name == "-" {
		if isTerminal(e.stdin) {
			fmt.Fprintln(e.stderr, "xcover: reading the input from the terminal; end it with Ctrl-D (or give a FILE)")
		}
		name = "<stdin>"
	} else {
		f, err := os.Open(e.path(name))
		if err != nil {
			return name, nil, badInput(fmt.Errorf("%s: %v", name, pathError(err)))
		}
		defer f.Close()
		r = f
	}
	br := bufio.NewReader(r)
	r = br
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return name, nil, badInput(fmt.Errorf("%s: %v", name, err))
		}
		r = zr
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		return name, nil, badInput(fmt.Errorf("%s: %v", name, pathError(err)))
	case int64(len(data)) > limit:
		return name, nil, badInput(fmt.Errorf("%s: larger than %d bytes, the most xcover reads of this input (%s)", name, limit, limitName))
	}
	return name, data, nil
}

// problem is a spec read and compiled.
type problem struct {
	spec   *specs.Spec
	solver *exactcover.Solver
}

// loadSpec reads the command's input as --format says, else as its
// extension says (.gz aside), else as its content looks, up to the limit
// of that format; then parses and compiles it, printing the compiler's
// warnings. Every error is bad input whose message names file:line:column,
// or ctx's error when ctx ends first (--timeout bounds the whole run).
func loadSpec(ctx context.Context, c *cli.Context, e *env) (*problem, error) {
	format, err := specFormat(c, flagFormat)
	if err != nil {
		return nil, err
	}
	arg, err := inputArg(c)
	if err != nil {
		return nil, err
	}
	byName, named := specs.FormatOf(strings.TrimSuffix(arg, ".gz"))
	if format == "" && named {
		format = byName
	}
	return await(ctx, func() (*problem, error) {
		limit, limitName := int64(specs.MaxDLXBytes), "specs.MaxDLXBytes" // also the most for a format to detect
		if format == specs.YAML {
			limit, limitName = specs.MaxYAMLBytes, "specs.MaxYAMLBytes"
		}
		name, data, err := readFile(e, arg, limit, limitName)
		if err != nil {
			return nil, err
		}
		looks := specs.Detect(data)
		sp, err := specs.Parse(name, data, cmp.Or(format, looks))
		if err != nil && looks != format && named && !c.IsSet(flagFormat) {
			err = fmt.Errorf("%w (the content looks like %s: --format %s reads it so)", err, looks, looks)
		}
		if err != nil {
			return nil, badInput(err)
		}
		s, warnings, err := sp.Compile()
		if err != nil {
			return nil, badInput(err)
		}
		for _, w := range warnings {
			fmt.Fprintf(e.stderr, "xcover: warning: %s\n", w)
		}
		return &problem{spec: sp, solver: s}, nil
	})
}

// await returns f's results, or ctx's error as soon as ctx ends: reading
// and parsing know no context, so --timeout and Ctrl-C leave them running
// in the background of a process about to exit.
func await[T any](ctx context.Context, f func() (T, error)) (T, error) {
	var zero T
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	done := make(chan struct{})
	var v T
	var err error
	go func() { v, err = f(); close(done) }()
	select {
	case <-done:
		return v, err
	case <-ctx.Done():
		return zero, ctx.Err()
	}
}

// stopped is the status of a search that err, a context's, stopped.
func stopped(err error) exactcover.Status {
	if errors.Is(err, context.DeadlineExceeded) {
		return exactcover.Timeout
	}
	return exactcover.Interrupted
}

// isStop reports whether err is a context's: Ctrl-C, SIGTERM or --timeout.
func isStop(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
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

// isTerminal reports whether a stream is a terminal. Tests stand in for
// one with a value that has an IsTerminal method.
func isTerminal(f any) bool {
	switch f := f.(type) {
	case interface{ IsTerminal() bool }:
		return f.IsTerminal()
	case *os.File:
		return term.IsTerminal(int(f.Fd()))
	}
	return false
}

// terminalWidth returns the width of the terminal w is, 0 if unknown.
func terminalWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if width, _, err := term.GetSize(int(f.Fd())); err == nil {
			return width
		}
	}
	return 0
}
