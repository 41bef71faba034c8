package main

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/urfave/cli/v2"

	"xcover/internal/cliparse"
)

// The example inputs ship inside the binary, so that an installed xcover
// and the examples of its help work outside the checkout: examples/COMMAND/
// holds the inputs of each command, copies of files kept elsewhere in the
// repository (TestExamplesCurrent checks that they are the same).
//
//go:embed examples
var exampleFS embed.FS

// examples lists the shipped examples as COMMAND/NAME, or prints the one
// named (its command and extension may be left out).
func examples(c *cli.Context, e *env) error {
	files, _ := fs.Glob(exampleFS, "examples/*/*")
	if c.NArg() == 0 {
		for _, f := range files {
			fmt.Fprintln(e.stdout, strings.TrimPrefix(f, "examples/")) // COMMAND/NAME
		}
		return nil
	}
	name := path.Base(c.Args().First())
	var names []string
	for _, f := range files {
		if base := path.Base(f); name == base || name == strings.TrimSuffix(base, path.Ext(base)) {
			data, err := exampleFS.ReadFile(f)
			if err == nil {
				_, err = e.stdout.Write(data)
			}
			return err
		}
		names = append(names, path.Base(f))
	}
	return usage(c, "no example %q%s (\"xcover examples\" lists them)", name, cliparse.DidYouMean(name, names, quoted))
}
