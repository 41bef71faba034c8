package main

import (
	"bufio"
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

// inputArg returns the command's one FILE argument, "-" (stdin) when none.
func inputArg(c *cli.Context) (string, error) {
	if c.NArg() > 1 {
		return "", usage(c, "expected one input file, got %d arguments", c.NArg())
	}
	return cmp.Or(c.Args().First(), "-"), nil
}

// readFile reads name ("-": stdin) whole, gunzipped when its first bytes
// say so, and refuses it beyond limit bytes (after gunzip), the most xcover
// reads of what, without reading further. It returns the name to use in
// messages.
func readFile(e *env, name string, limit int64, what string) (string, []byte, error) {
	r := e.stdin
	if name == "-" {
		if isTerminal(e.stdin) { // not for a pipe or /dev/null
			fmt.Fprintln(e.stderr, "xcover: reading the input from the terminal; end it with Ctrl-D (or give a FILE)")
		}
		name = "<stdin>"
	} else if f, err := os.Open(e.path(name)); err != nil {
		return name, nil, badInput(fmt.Errorf("%s: %v", name, pathError(err)))
	} else {
		defer f.Close()
		r = f
	}
	br := bufio.NewReader(r)
	r = br
	if magic, _ := br.Peek(2); string(magic) == "\x1f\x8b" { // gzip
		zr, err := gzip.NewReader(br)
		if err != nil {
			return name, nil, badInput(fmt.Errorf("%s: %v", name, err))
		}
		r = zr
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err == nil && int64(len(data)) > limit {
		err = fmt.Errorf("larger than %d bytes, the most xcover reads of %s", limit, what)
	}
	if err != nil {
		return name, nil, badInput(fmt.Errorf("%s: %v", name, pathError(err)))
	}
	return name, data, nil
}

// loadSpec reads the command's input (readSpec), and compiles it,
// printing the compiler's warnings. Errors are bad input naming
// file:line:column, or ctx's error when ctx ends first (--timeout bounds
// the whole run).
func loadSpec(ctx context.Context, c *cli.Context, e *env) (*specs.Spec, *exactcover.Solver, error) {
	format, err := specFormat(c, flagFormat)
	arg, aerr := inputArg(c)
	if err = cmp.Or(err, aerr); err != nil {
		return nil, nil, err
	}
	type loaded struct {
		sp *specs.Spec
		s  *exactcover.Solver
	}
	l, err := await(ctx, func() (l loaded, err error) {
		var warnings []string
		if l.sp, err = readSpec(e, arg, format); err == nil {
			l.s, warnings, err = l.sp.Compile()
		}
		for _, w := range warnings {
			fmt.Fprintf(e.stderr, "xcover: warning: %s\n", w)
		}
		return l, badInput(err)
	})
	return l.sp, l.s, err
}

// readSpec reads the problem in file name as format says, else as its
// extension says (.gz aside), else as its content looks, up to the limit
// of that format, and parses it.
func readSpec(e *env, name string, format specs.Format) (*specs.Spec, error) {
	byName, named := specs.FormatOf(strings.TrimSuffix(name, ".gz"))
	what := map[specs.Format]string{specs.YAML: "a YAML spec (large problems are best written in DLX)"}[cmp.Or(format, byName)]
	file, data, err := readFile(e, name, specs.MaxBytes(cmp.Or(format, byName)), cmp.Or(what, "a DLX file"))
	if err != nil {
		return nil, err
	}
	sp, err := specs.Load(file, data, format)
	if looks := specs.Detect(data); err != nil && format == "" && named && looks != byName {
		err = fmt.Errorf("%w (the content looks like %s: --format %s reads it so)", err, looks, looks)
	}
	return sp, badInput(err)
}

// await returns f's results, or ctx's error as soon as ctx ends: reading
// and parsing know no context, so --timeout and Ctrl-C leave them running
// in the background of a process about to exit.
func await[T any](ctx context.Context, f func() (T, error)) (T, error) {
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

// pathError drops the operation and path from an *fs.PathError, which the
// message already names: "x.yaml: no such file or directory".
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// isTerminal reports whether a stream is a terminal; tests stand in for one
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
