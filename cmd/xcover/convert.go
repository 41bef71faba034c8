package main

import (
	"bytes"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

func convertFlags() []cli.Flag {
	return []cli.Flag{&cli.StringFlag{Name: "to", Usage: "write the problem as `FORMAT` yaml, dlx or cnf (DIMACS, for SAT solvers: a variable per option, named in a comment) (required)"}, searchcmd.SpecFormatFlag()}
}

func convert(c *cli.Context, e *env) error {
	if c.String("to") == "cnf" {
		return convertCNF(c, e)
	}
	to, err := searchcmd.SpecFormat(c, "to")
	if err != nil {
		return searchcmd.Usage(c.Command.Name, "--to %q: expected yaml, dlx or cnf", c.String("to"))
	}
	if to == "" {
		return searchcmd.Usage(c.Command.Name, "--to yaml, --to dlx or --to cnf is required")
	}
	sp, _, err := loadSpec(c.Context, c, e)
	if err != nil {
		return err
	}
	var buf bytes.Buffer // nothing on stdout when the problem cannot be written
	if err := specs.Write(&buf, sp, to); err != nil {
		return exitcode.Bad(fmt.Errorf("convert: %v", err))
	}
	if _, err := e.Stdout.Write(buf.Bytes()); err != nil {
		return exitcode.Bad(fmt.Errorf("writing the output: %v", err))
	}
	return nil
}

// convertCNF writes the problem as a DIMACS CNF formula.
func convertCNF(c *cli.Context, e *env) error {
	sp, _, err := loadSpec(c.Context, c, e)
	if err != nil {
		return err
	}
	s, err := exactcover.New(&sp.Problem)
	if err != nil {
		return exitcode.Bad(fmt.Errorf("convert: %v", err))
	}
	var buf bytes.Buffer // nothing on stdout when the problem cannot be written
	if err := s.WriteCNF(&buf); err != nil {
		return exitcode.Bad(fmt.Errorf("convert: %v", err))
	}
	if _, err := e.Stdout.Write(buf.Bytes()); err != nil {
		return exitcode.Bad(fmt.Errorf("writing the output: %v", err))
	}
	return nil
}
