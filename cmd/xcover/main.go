// Command xcover solves exact-cover problems: YAML specs, Knuth's DLX
// format, Sudoku grids and polyomino packings. Run "xcover help" for the
// commands and "xcover help COMMAND" for one command with an example.
//
// Exit codes, a stable contract (see exit.go):
//
//	0  a solution was found, or a count completed with at least one
//	1  the search completed and found no solution
//	2  bad input or usage
//	3  stopped by --timeout, a node limit or Ctrl-C (what was found is printed)
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
)

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// commands lists xcover's commands, one per file.
var commands = []*cli.Command{
	solveCommand,
	convertCommand,
	sudokuCommand,
	pentominoCommand,
	explainCommand,
}

// exitCodeHelp is the exit-code table, shown by "xcover help".
const exitCodeHelp = `Exit codes:
   0  a solution was found (or a count completed with at least one)
   1  the search completed and found no solution
   2  bad input or usage (the message names file:line:column)
   3  stopped by --timeout, --max-nodes or Ctrl-C; what was found is printed`

func init() {
	for _, c := range commands {
		// A usage error is one line on stderr and exit 2, not a help page
		// on stdout: scripts read stdout.
		if c.OnUsageError == nil {
			c.OnUsageError = usageError
		}
	}
}

// usageError turns urfave's flag-parsing errors into exit code 2 with a hint.
func usageError(c *cli.Context, err error, _ bool) error {
	return badInput(fmt.Errorf("%s: %v (see \"xcover help %s\")", c.Command.Name, err, c.Command.Name))
}

// run executes one command line and returns the process exit code. Tests
// call it in-process with their own streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdin, stdout, stderr)
}

// runContext is run with a context: cancelling ctx stops a search as Ctrl-C
// does (tests use it; main relies on the signal handling in searchContext).
func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	unknownTopic := false
	app := &cli.App{
		Name:      "xcover",
		Usage:     "solve exact-cover problems with Knuth's dancing links",
		UsageText: "xcover COMMAND [options] [FILE|-]    (\"xcover help COMMAND\" for one command)",
		Description: "Exact cover: choose options (subsets of items) so that every primary item is\n" +
			"covered exactly once and every secondary item at most once.\n" +
			"Start with:  xcover solve specs/examples/knuth.yaml\n\n" + exitCodeHelp,
		Commands:  commands,
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return badInput(fmt.Errorf("unknown command %q (see \"xcover help\")", c.Args().First()))
			}
			cli.HelpPrinter(stderr, cli.AppHelpTemplate, c.App)
			return badInput(errors.New("expected a command, such as \"xcover solve FILE\""))
		},
		CommandNotFound: func(c *cli.Context, name string) {
			fmt.Fprintf(stderr, "xcover: no help for unknown command %q (see \"xcover help\")\n", name)
			unknownTopic = true
		},
		OnUsageError:   usageError,
		ExitErrHandler: func(*cli.Context, error) {}, // runContext maps errors to codes
		HideVersion:    true,
	}
	err := app.RunContext(ctx, permuteArgs(args, commands))
	if unknownTopic && err == nil {
		return exitBadInput
	}
	return exitCode(err, stderr)
}

// permuteArgs moves the flags of a command before its positional arguments,
// so that "xcover solve FILE --count" means what it says: urfave/cli v2,
// like Go's flag package, stops parsing flags at the first argument. A
// flag's value is recognised from the command's flag definitions; "--"
// still ends the flags.
func permuteArgs(args []string, cmds []*cli.Command) []string {
	if len(args) < 3 {
		return args
	}
	var cmd *cli.Command
	for _, c := range cmds {
		if c.HasName(args[1]) && !hasSubcommands(c) {
			cmd = c
		}
	}
	if cmd == nil {
		return args
	}
	flags := []string{}
	var positional []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			positional = append(positional, rest[i+1:]...)
			i = len(rest)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			if takesValue(cmd, a) && i+1 < len(rest) {
				i++
				flags = append(flags, rest[i])
			}
		default:
			positional = append(positional, a)
		}
	}
	out := append([]string{args[0], args[1]}, flags...)
	if len(positional) > 0 {
		out = append(out, "--")
		out = append(out, positional...)
	}
	return out
}

// hasSubcommands reports whether c has subcommands of its own, besides the
// "help" that urfave/cli adds to every command.
func hasSubcommands(c *cli.Command) bool {
	for _, sub := range c.Subcommands {
		if sub.Name != "help" {
			return true
		}
	}
	return false
}

// takesValue reports whether the flag written as arg ("-x", "--name",
// never "--name=value") needs the next argument as its value.
func takesValue(cmd *cli.Command, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if strings.Contains(name, "=") {
		return false
	}
	for _, f := range cmd.Flags {
		for _, n := range f.Names() {
			if n != name {
				continue
			}
			if tf, ok := f.(cli.DocGenerationFlag); ok {
				return tf.TakesValue() // false for boolean flags
			}
			return true
		}
	}
	return false // unknown flags are reported by the parser
}
