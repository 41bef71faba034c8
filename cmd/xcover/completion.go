package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
)

// completion prints the script that completes xcover in a shell:
// urfave/cli answers "xcover … --generate-bash-completion" with the
// commands or flags that may come next, and the bash and zsh scripts (after
// urfave/cli's autocomplete/ directory) ask it at each Tab; fish gets a
// static script that urfave/cli generates from the commands and flags.
func completion(c *cli.Context, e *env) error {
	var script []byte
	switch shell := strings.ToLower(c.Args().First()); {
	case c.NArg() != 1:
		return searchcmd.Usage(c.Command.Name, "expected one shell: bash, zsh or fish")
	case shell == "bash" || shell == "zsh":
		script, _ = assets.ReadFile("completion/xcover." + shell)
	case shell == "fish":
		// From an app that has not run: a running app's commands
		// hold urfave/cli's help command, on which its fish
		// generator recurses without end.
		s, err := newApp(e).ToFishCompletion()
		if err != nil {
			return err
		}
		script = []byte(s)
	default:
		return searchcmd.Usage(c.Command.Name, "%q: expected bash, zsh or fish%s", shell, cliparse.DidYouMean(shell, []string{"bash", "zsh", "fish"}, quoted))
	}
	_, err := e.Stdout.Write(script)
	return err
}
