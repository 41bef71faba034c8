package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
)

// Shell completion: urfave/cli answers "xcover … --generate-bash-completion"
// with the commands or flags that may come next; the bash and zsh scripts
// (from urfave/cli's autocomplete/ directory) ask it at each Tab. Fish gets
// a static script that urfave/cli generates from the commands and flags.

const bashCompletion = `# xcover completion for bash: add to ~/.bashrc
#   source <(xcover completion bash)
_xcover_complete() {
  local cur words
  COMPREPLY=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  words=("${COMP_WORDS[@]:0:$COMP_CWORD}")
  local opts
  if [[ "$cur" == "-"* ]]; then
    opts=$("${words[@]}" "$cur" --generate-bash-completion 2>/dev/null)
  else
    opts=$("${words[@]}" --generate-bash-completion 2>/dev/null)
  fi
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
}
complete -o bashdefault -o default -F _xcover_complete xcover
`

const zshCompletion = `#compdef xcover
# xcover completion for zsh: add to ~/.zshrc
#   source <(xcover completion zsh)
_xcover() {
  local -a opts
  local cur=${words[-1]}
  if [[ "$cur" == "-"* ]]; then
    opts=("${(@f)$(${words[@]:0:#words[@]-1} ${cur} --generate-bash-completion 2>/dev/null)}")
  else
    opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion 2>/dev/null)}")
  fi
  if [[ "${opts[1]}" != "" ]]; then
    _describe 'values' opts
  else
    _files
  fi
}
compdef _xcover xcover
`

func completionCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a script that completes xcover's commands and flags in bash, zsh or fish",
		ArgsUsage: "bash|zsh|fish",
		Description: `Prints the completion script for a shell on stdout. To enable it:
   bash:  source <(xcover completion bash)          (in ~/.bashrc)
   zsh:   source <(xcover completion zsh)           (in ~/.zshrc)
   fish:  xcover completion fish | source           (in ~/.config/fish/config.fish)

Examples:
   $ xcover completion bash
   $ xcover completion fish

` + exitCodeHelp,
		Action: func(c *cli.Context) error {
			var script string
			switch shell := strings.ToLower(c.Args().First()); {
			case c.NArg() != 1:
				return usage(c, "expected one shell: bash, zsh or fish")
			case shell == "bash":
				script = bashCompletion
			case shell == "zsh":
				script = zshCompletion
			case shell == "fish":
				// From an app that has not run: a running app's commands
				// hold urfave/cli's help command, on which its fish
				// generator recurses without end.
				s, err := newApp(e).ToFishCompletion()
				if err != nil {
					return err
				}
				script = s
			default:
				return usage(c, "%q: expected bash, zsh or fish%s", shell, didYouMean(shell, []string{"bash", "zsh", "fish"}, quoted))
			}
			_, err := fmt.Fprint(e.stdout, script)
			return err
		},
	}
}
