package main

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"xcover/specs"
)

// toFlag names the output format of "xcover convert".
var toFlag = &cli.StringFlag{
	Name:  "to",
	Usage: "write the problem as `FORMAT` yaml or dlx (required)",
}

var convertCommand = &cli.Command{
	Name:      "convert",
	Usage:     "rewrite a problem between YAML and Knuth's DLX format",
	ArgsUsage: "[FILE|-]",
	Description: `Reads a problem (FILE, or stdin when FILE is absent or "-"), checks it as
"xcover solve" would, and writes it to stdout in the format --to names.
Items, options, their order, colors and labels are kept: DLX carries the
name, the description and the labels in comment lines ("| name: ...",
"| label: ...") that Knuth's programs ignore, so DLX -> YAML -> DLX and
YAML -> DLX -> YAML give back the same problem.
Nothing is written to stdout on bad input.

Examples:
   $ xcover convert --to dlx specs/examples/knuth.yaml
   $ xcover convert --to yaml specs/examples/colors.yaml

` + exitCodeHelp,
	Flags:  []cli.Flag{toFlag, formatFlag},
	Action: convertAction,
}

func convertAction(c *cli.Context) error {
	if !c.IsSet(toFlag.Name) {
		return badInput(errors.New("convert: --to yaml or --to dlx is required"))
	}
	to, err := parseFormat("--"+toFlag.Name, c.String(toFlag.Name))
	if err != nil {
		return err
	}
	sp, err := loadSpec(c)
	if err != nil {
		return err
	}
	// Check the problem as solve would, so that a file convert accepts is
	// one the solver accepts; dropped options are kept but reported.
	_, warnings, err := sp.Compile()
	if err != nil {
		return badInput(err)
	}
	for _, w := range warnings {
		fmt.Fprintf(c.App.ErrWriter, "xcover: warning: %s\n", w)
	}
	var buf bytes.Buffer
	if err := specs.Write(&buf, sp, to); err != nil {
		return badInput(fmt.Errorf("convert: %v", err))
	}
	if _, err := c.App.Writer.Write(buf.Bytes()); err != nil {
		return withCode(exitBadInput, fmt.Errorf("writing the output: %v", err))
	}
	return nil
}
