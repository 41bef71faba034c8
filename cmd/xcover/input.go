package main

import (
	"bufio"
	"bytes"
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

// Reading input: one FILE argument or stdin ("-", or no argument), gzip
// compressed or not (told from its first bytes), read up to the limit of
// the format it is in and no further.

// stdinName is the name messages give standard input.
const stdinName = "<stdin>"

// inputArg returns the command's one FILE argument, "-" for stdin.
func inputArg(c *cli.Context) (string, error) {
	switch c.NArg() {
	case 0:
		return "-", nil
	case 1:
		return c.Args().First(), nil
	}
	return "", usage(c, "expected one input file, got %d arguments", c.NArg())
}

// readFile reads name ("-": stdin) whole, gunzipping it when it is
// compressed, and refuses it beyond limit bytes (after decompression)
// without reading further; limitName names the limit in the message. It
// returns the name to use in messages.
func readFile(e *env, name string, limit int64, limitName string) (string, []byte, error) {
	var r io.Reader
	if name == "-" {
		if isTerminal(e.stdin) {
			fmt.Fprintln(e.stderr, "xcover: reading the input from the terminal; end it with Ctrl-D (or give a FILE)")
		}
		name, r = stdinName, e.stdin
	} else {
		f, err := os.Open(e.path(name))
		if err != nil {
			return name, nil, badInput(fmt.Errorf("%s: %v", name, pathError(err)))
		}
		defer f.Close()
		r = f
	}
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return name, nil, badInput(fmt.Errorf("%s: %v", name, err))
		}
		r = zr
	} else {
		r = br
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return name, nil, badInput(fmt.Errorf("%s: %v", name, pathError(err)))
	}
	if int64(len(data)) > limit {
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
// extension says (.gz aside), else as its content looks; parses it and
// compiles it, printing the compiler's warnings. Every error is bad input
// whose message names file:line:column. It gives up when ctx ends (as
// --timeout bounds the whole run), with ctx's error.
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
	p, err := await(ctx, func() (*problem, error) {
		limit, limitName := int64(max(specs.MaxDLXBytes, specs.MaxYAMLBytes)), "specs.MaxDLXBytes"
		switch format {
		case specs.YAML:
			limit, limitName = specs.MaxYAMLBytes, "specs.MaxYAMLBytes"
		case specs.DLX:
			limit = specs.MaxDLXBytes
		}
		name, data, err := readFile(e, arg, limit, limitName)
		if err != nil {
			return nil, err
		}
		f := format
		if f == "" {
			f = specs.Detect(data)
		}
		sp, err := specs.Parse(name, data, f)
		if err != nil {
			if looks := specs.Detect(data); format != "" && looks != format && !c.IsSet(flagFormat) {
				err = fmt.Errorf("%w (the content looks like %s: --format %s reads it so)", err, looks, looks)
			}
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
	return p, err
}

// await returns f's results, or ctx's error as soon as ctx ends: reading
// and parsing know no context, so --timeout and Ctrl-C leave them running
// in the background of a process about to exit.
func await[T any](ctx context.Context, f func() (T, error)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, err
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// stoppedStatus is the status of a search that ctx's end stopped.
func stoppedStatus(err error) exactcover.Status {
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

// isTerminal reports whether r or w is a terminal. Tests stand in for one
// with a value that has an IsTerminal method.
func isTerminal(f any) bool {
	switch f := f.(type) {
	case interface{ IsTerminal() bool }:
		return f.IsTerminal()
	case *os.File:
		return term.IsTerminal(int(f.Fd()))
	}
	return false
}
