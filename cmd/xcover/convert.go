package main

import (
	"bytes"
	"cmp"
	"fmt"

	"github.com/urfave/cli/v2"

	"xcover/specs"
)

func convertFlags() []cli.Flag {
	return []cli.Flag{&cli.StringFlag{Name: "to", Usage: "write the problem as `FORMAT` yaml or dlx (required)"}, specFormatFlag()}
}

func convert(c *cli.Context, e *env) error {
	to, err := specFormat(c, "to")
	if err != nil || to == "" {
		return cmp.Or(err, usage(c, "--to yaml or --to dlx is required"))
	}
	sp, _, err := loadSpec(c.Context, c, e)
	if err != nil {
		return err
	}
	var buf bytes.Buffer // nothing on stdout when the problem cannot be written
	if err := specs.Write(&buf, sp, to); err != nil {
		return badInput(fmt.Errorf("convert: %v", err))
	}
	if _, err := e.stdout.Write(buf.Bytes()); err != nil {
		return badInput(fmt.Errorf("writing the output: %v", err))
	}
	return nil
}
