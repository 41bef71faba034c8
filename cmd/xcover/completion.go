package main

import (
	"context"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
)

// completionOptions is what "xcover completion" is asked.
type completionOptions struct {
	IO    *iostreams.IO
	Shell string          // bash, zsh or fish
	App   func() *cli.App // a fresh app, whose commands and flags fish's script lists
}

// newCmdCompletion returns the command "completion"; app builds the
// command line whose commands and flags the scripts complete.
func newCmdCompletion(s *iostreams.IO, app func() *cli.App, runF func(context.Context, *completionOptions) error) *cli.Command {
	return &cli.Command{Name: "completion", Usage: "print a script that completes xcover's commands and flags in bash, zsh or fish", ArgsUsage: "bash|zsh|fish",
		Action: searchcmd.Action(s, func(c *cli.Context, s *iostreams.IO) (*completionOptions, error) { return parseCompletion(c, s, app) }, completionRun, runF)}
}

func parseCompletion(c *cli.Context, s *iostreams.IO, app func() *cli.App) (*completionOptions, error) {
	switch shell := strings.ToLower(c.Args().First()); {
	case c.NArg() != 1:
		return nil, searchcmd.Usage("completion", "expected one shell: bash, zsh or fish")
	case shell == "bash" || shell == "zsh" || shell == "fish":
		return &completionOptions{IO: s, Shell: shell, App: app}, nil
	default:
		return nil, searchcmd.Usage("completion", "%q: expected bash, zsh or fish%s", shell, cliparse.DidYouMean(shell, []string{"bash", "zsh", "fish"}, cliparse.Quoted))
	}
}

// completionRun prints the script that completes xcover in a shell:
// urfave/cli answers "xcover … --generate-bash-completion" with the
// commands or flags that may come next, and the bash and zsh scripts (after
// urfave/cli's autocomplete/ directory) ask it at each Tab; fish gets a
// static script that urfave/cli generates from the commands and flags.
func completionRun(_ context.Context, o *completionOptions) error {
	var script []byte
	if o.Shell == "fish" {
		// From an app that has not run: a running app's commands hold
		// urfave/cli's help command, on which its fish generator recurses
		// without end.
		s, err := o.App().ToFishCompletion()
		if err != nil {
			return err
		}
		script = []byte(s)
	} else {
		script, _ = assets.ReadFile("completion/xcover." + o.Shell)
	}
	_, err := o.IO.Stdout.Write(script)
	return err
}
