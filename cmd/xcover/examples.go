package main

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
)

// examplesOptions is what "xcover examples" is asked.
type examplesOptions struct {
	IO   *iostreams.IO
	List bool   // no NAME given: list the examples
	Name string // else the example to print, its command and extension perhaps left out
}

func newCmdExamples(s *iostreams.IO, runF func(context.Context, *examplesOptions) error) *cli.Command {
	return &cli.Command{Name: "examples", Usage: "list the example inputs shipped with xcover, or print one", ArgsUsage: "[NAME]",
		Action: searchcmd.Action(s, parseExamples, examplesRun, runF)}
}

func parseExamples(c *cli.Context, s *iostreams.IO) (*examplesOptions, error) {
	return &examplesOptions{IO: s, List: c.NArg() == 0, Name: c.Args().First()}, nil
}

// examplesRun lists the shipped examples as COMMAND/NAME, or prints the
// one named.
func examplesRun(_ context.Context, o *examplesOptions) error {
	files, _ := fs.Glob(assets, "examples/*/*")
	if o.List {
		for _, f := range files {
			fmt.Fprintln(o.IO.Stdout, strings.TrimPrefix(f, "examples/")) // COMMAND/NAME
		}
		return nil
	}
	name := path.Base(o.Name)
	var names []string
	for _, f := range files {
		if base := path.Base(f); name == base || name == strings.TrimSuffix(base, path.Ext(base)) {
			data, err := assets.ReadFile(f)
			if err == nil {
				_, err = o.IO.Stdout.Write(data)
			}
			return err
		}
		names = append(names, path.Base(f))
	}
	return searchcmd.Usage("examples", "no example %q%s (\"xcover examples\" lists them)", name, cliparse.DidYouMean(name, names, cliparse.Quoted))
}
