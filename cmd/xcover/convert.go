package main

import (
	"bytes"
	"cmp"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/specs"
)

func convertFlags() []cli.Flag {
	return []cli.Flag{&cli.StringFlag{Name: "to", Usage: "write the problem as `FORMAT` yaml or dlx (required)"}, searchcmd.SpecFormatFlag()}
}

func convert(c *cli.Context, e *env) error {
	to, err := searchcmd.SpecFormat(c, "to")
	if err != nil || to == "" {
		return cmp.Or(err, searchcmd.Usage(c, "--to yaml or --to dlx is required"))
	}
	sp, _, err := searchcmd.LoadSpec(c.Context, c, e)
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
