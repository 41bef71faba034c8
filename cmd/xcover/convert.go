package main

import (
	"bytes"
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// convertOptions is what "xcover convert" is asked.
type convertOptions struct {
	IO    *iostreams.IO
	Input searchcmd.Input
	To    specs.Format // YAML or DLX, unless CNF
	CNF   bool         // --to cnf: a DIMACS formula
}

func newCmdConvert(s *iostreams.IO, runF func(context.Context, *convertOptions) error) *cli.Command {
	return &cli.Command{Name: "convert", Usage: "rewrite a problem between YAML and Knuth's DLX format", ArgsUsage: "[FILE|-]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "to", Usage: "write the problem as `FORMAT` yaml, dlx or cnf (DIMACS, for SAT solvers: a variable per option, named in a comment) (required)"},
			searchcmd.SpecFormatFlag(),
		},
		Action: searchcmd.Action(s, parseConvert, convertRun, runF)}
}

func parseConvert(c *cli.Context, s *iostreams.IO) (*convertOptions, error) {
	o := &convertOptions{IO: s, CNF: c.String("to") == "cnf"}
	if !o.CNF {
		var err error
		if o.To, err = searchcmd.SpecFormat(c, "to"); err != nil {
			return nil, searchcmd.Usage("convert", "--to %q: expected yaml, dlx or cnf", c.String("to"))
		} else if o.To == "" {
			return nil, searchcmd.Usage("convert", "--to yaml, --to dlx or --to cnf is required")
		}
	}
	var err error
	o.Input, err = searchcmd.InputOf(c)
	return o, err
}

// convertRun writes the problem read in the format asked: all of it, or
// nothing on stdout when it cannot be written.
func convertRun(ctx context.Context, o *convertOptions) error {
	sp, _, err := searchcmd.LoadSpec(ctx, o.IO, o.Input)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if o.CNF {
		err = writeCNF(&buf, sp)
	} else {
		err = specs.Write(&buf, sp, o.To)
	}
	if err != nil {
		return exitcode.Bad(fmt.Errorf("convert: %v", err))
	}
	if _, err := o.IO.Stdout.Write(buf.Bytes()); err != nil {
		return exitcode.Bad(fmt.Errorf("writing the output: %v", err))
	}
	return nil
}

// writeCNF writes the problem as a DIMACS CNF formula.
func writeCNF(buf *bytes.Buffer, sp *specs.Spec) error {
	s, err := exactcover.New(&sp.Problem)
	if err != nil {
		return err
	}
	return s.WriteCNF(buf)
}
