package main

import (
	"bytes"
	"fmt"

	"github.com/urfave/cli/v2"

	"xcover/specs"
)

func convertCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "rewrite a problem between YAML and Knuth's DLX format",
		ArgsUsage: "[FILE|-]",
		Description: `Reads a problem (FILE, or stdin when FILE is absent or "-"), checks it as
"xcover solve" would, and writes it to stdout in the format --to names.
Items, options, their order, colors and labels are kept: DLX carries the
name, the description and the labels in comment lines ("| name: ...",
"| label: ...") that Knuth's programs ignore, so DLX -> YAML -> DLX and
YAML -> DLX -> YAML give back the same problem.

Examples:
   $ xcover examples knuth.yaml | xcover convert --to dlx -
   $ xcover examples colors.yaml | xcover convert --to yaml -

Exit codes:
   0  the problem was written
   2  bad input or usage (the message names file:line:column); nothing is
      written on stdout`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "to", Usage: "write the problem as `FORMAT` yaml or dlx (required)"},
			formatFlag(),
		},
		Action: func(c *cli.Context) error {
			if !c.IsSet("to") {
				return usage(c, "--to yaml or --to dlx is required")
			}
			to, err := specFormat(c, "to")
			if err != nil {
				return err
			}
			p, err := loadSpec(c.Context, c, e)
			if err != nil {
				return err
			}
			var buf bytes.Buffer
			if err := specs.Write(&buf, p.spec, to); err != nil {
				return badInput(fmt.Errorf("convert: %v", err))
			}
			if _, err := e.stdout.Write(buf.Bytes()); err != nil {
				return badInput(fmt.Errorf("writing the output: %v", err))
			}
			return nil
		},
	}
}
