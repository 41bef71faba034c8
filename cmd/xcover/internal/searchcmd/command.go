package searchcmd

import (
	"context"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
)

// Action is the action of a command in two steps: parse reads the flags
// and arguments into the command's options, checked, without touching
// anything else (no file is read or written); run does the work with
// those options alone, so that a test calls it without a command line.
// A test of the parsing gives runF, which is called instead of run.
func Action[O any](s *iostreams.IO, parse func(*cli.Context, *iostreams.IO) (*O, error), run, runF func(context.Context, *O) error) cli.ActionFunc {
	if runF != nil {
		run = runF
	}
	return func(c *cli.Context) error {
		opts, err := parse(c, s)
		if err != nil {
			return err
		}
		return run(c.Context, opts)
	}
}
