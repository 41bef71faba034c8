package main

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/urfave/cli/v2"
)

// The example inputs ship inside the binary, so that an installed xcover
// and the examples of its help work outside the checkout: examples/COMMAND/
// holds the inputs of each command, copies of files kept elsewhere in the
// repository (TestExamplesCurrent checks that they are the same).
//
//go:embed examples
var exampleFS embed.FS

// examples lists the shipped examples by command, or prints the one
// named (its extension may be left out).
func examples(c *cli.Context, e *env) error {
	files, _ := fs.Glob(exampleFS, "examples/*/*")
	if c.NArg() == 0 {
		for _, dir := range []string{"solve", "sudoku", "pentomino"} {
			fmt.Fprintf(e.stdout, "for %s:\n", dir)
			for _, f := range files {
				if path.Base(path.Dir(f)) == dir {
					fmt.Fprintf(e.stdout, "   %s\n", path.Base(f))
				}
			}
		}
		return nil
	}
	name := c.Args().First()
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
	return usage(c, "no example %q%s (\"xcover examples\" lists them)", name, didYouMean(name, names, quoted))
}
