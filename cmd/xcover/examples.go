package main

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
)

// examples lists the shipped examples as COMMAND/NAME, or prints the one
// named (its command and extension may be left out).
func examples(c *cli.Context, e *env) error {
	files, _ := fs.Glob(assets, "examples/*/*")
	if c.NArg() == 0 {
		for _, f := range files {
			fmt.Fprintln(e.Stdout, strings.TrimPrefix(f, "examples/")) // COMMAND/NAME
		}
		return nil
	}
	name := path.Base(c.Args().First())
	var names []string
	for _, f := range files {
		if base := path.Base(f); name == base || name == strings.TrimSuffix(base, path.Ext(base)) {
			data, err := assets.ReadFile(f)
			if err == nil {
				_, err = e.Stdout.Write(data)
			}
			return err
		}
		names = append(names, path.Base(f))
	}
	return searchcmd.Usage(c.Command.Name, "no example %q%s (\"xcover examples\" lists them)", name, cliparse.DidYouMean(name, names, quoted))
}
