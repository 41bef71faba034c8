// Command xcover solves exact-cover problems: YAML specs, Knuth's DLX
// format, Sudoku grids and polyomino packings. "xcover help" lists the
// commands, "xcover help COMMAND" shows one with examples (help/COMMAND.txt)
// and the exit codes, a stable contract (help/exit-codes.txt).
package main

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

func main() {
	// Ctrl-C, SIGTERM and SIGHUP (the terminal closed, or a job's session
	// ended) stop the search, which then prints what it found and saves
	// its checkpoint; a second signal kills at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() { <-ctx.Done(); stop() }()
	e := iostreams.System()
	os.Exit(exitcode.Print(run(ctx, os.Args, e), e.Stderr))
}

// env is what one run sees of the world: its streams, environment and
// working directory (package iostreams); tests give their own.
type env = iostreams.IO

// run executes one command line (args[0] is the program's name).
func run(ctx context.Context, args []string, e *env) error {
	// One run a process: urfave/cli v2 keeps its help and version flags
	// and its help command in package variables and writes to them while
	// it runs (the in-process tests take turns: runInProcess).
	app := newApp(e)
	unknown := "" // the topic of "xcover help TOPIC" when it is no command
	app.CommandNotFound = func(_ *cli.Context, name string) { unknown = name }
	helpOut := &checkedWriter{w: app.Writer}
	app.Writer = helpOut
	if err := app.RunContext(ctx, cliparse.PermuteArgs(args, app.Commands)); err != nil {
		return err
	} else if helpOut.err != nil {
		return exitcode.Bad(fmt.Errorf("stdout: %v", iostreams.PathError(helpOut.err)))
	} else if unknown == "" {
		return nil
	}
	return exitcode.Bad(fmt.Errorf("no help for unknown command %q%s", unknown, cliparse.DidYouMean(unknown, commandNames(app.Commands), quoted)))
}

// checkedWriter keeps the first error of the writes urfave/cli makes
// itself, the help and the version, which it does not check: "xcover
// --help > /dev/full" must not exit 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if c.err == nil {
		c.err = err
	}
	return n, err
}

// assets are the files that ship inside the binary, so that an installed
// xcover works outside the checkout: help/ holds the text of each command's
// help, completion/ the shell scripts, examples/COMMAND/ the example inputs
// of each command (copies of files kept elsewhere in the repository;
// TestExamplesCurrent checks that they are the same).
//
//go:embed help completion examples
var assets embed.FS

// help returns the help text help/NAME.txt, ending with the exit codes
// (help/exit-codes.txt) unless it tells them itself.
func help(name string) string {
	text, _ := assets.ReadFile("help/" + name + ".txt")
	if codes, _ := assets.ReadFile("help/exit-codes.txt"); !bytes.Contains(text, []byte("Exit codes")) {
		text = append(append(text, '\n'), codes...)
	}
	return string(text)
}

// newApp builds the command line afresh: its commands and flags are new
// values, so that runs share nothing and tests run them in parallel.
func newApp(e *env) *cli.App {
	do := func(f func(*cli.Context, *env) error) cli.ActionFunc {
		return func(c *cli.Context) error { return f(c, e) }
	}
	commands := []*cli.Command{
		{Name: "solve", Usage: "solve an exact-cover problem written in YAML or Knuth's DLX format", ArgsUsage: "[FILE|-]", Flags: solveFlags(), Action: do(solve)},
		{Name: "convert", Usage: "rewrite a problem between YAML and Knuth's DLX format", ArgsUsage: "[FILE|-]", Flags: convertFlags(), Action: do(convert)},
		{Name: "reduce", Usage: "remove the options and items that can be in no solution, as Knuth's DLX-PRE does", ArgsUsage: "[FILE|-]", Flags: reduceFlags(), Action: do(reduceProblem)},
		{Name: "sudoku", Usage: "solve Sudoku puzzles of any size from 4×4 to 64×64, one or a batch", ArgsUsage: "[FILE|-|PUZZLE]", Flags: sudokuFlags(), Action: do(sudokuAction)},
		{Name: "pentomino", Usage: "pack pentominoes or other polyominoes into a board", Flags: pentominoFlags(), Action: do(pack)},
		{Name: "explain", Usage: "tell step by step how Algorithm X (dancing links) solves a small problem", ArgsUsage: "[FILE|-]", Flags: explainFlags(), Action: do(narrate)},
		{Name: "merge", Usage: "add up the --json outputs of the shards of one search (solve --shard K/N)", ArgsUsage: "FILE…", Flags: mergeFlags(), Action: do(merge)},
		{Name: "zdd", Usage: "count, sample, list or weigh the solutions in a ZDD that \"solve --zdd\" wrote", Subcommands: zddCommands(do)},
		{Name: "estimate", Usage: "estimate the search tree's size, solutions and time before a long run (Knuth's random probes)", ArgsUsage: "[FILE|-]", Flags: estimateFlags(), Action: do(estimate)},
		{Name: "serve", Usage: "serve a playground on 127.0.0.1 to step through a problem, a Sudoku or a pentomino board in a browser", Flags: serveFlags(), Action: do(serve)},
		{Name: "examples", Usage: "list the example inputs shipped with xcover, or print one", ArgsUsage: "[NAME]", Action: do(examples)},
		{Name: "completion", Usage: "print a script that completes xcover's commands and flags in bash, zsh or fish", ArgsUsage: "bash|zsh|fish", Action: do(completion)},
	}
	for _, c := range commands {
		c.Description = help(c.Name)
		// A usage error is one line on stderr and exit 2, not a help page
		// on stdout: scripts read stdout.
		c.OnUsageError = usageError
	}
	return &cli.App{
		Name:        "xcover",
		Usage:       "solve exact-cover problems with Knuth's dancing links",
		UsageText:   "xcover COMMAND [options] [FILE|-]    (\"xcover help COMMAND\" for one command)",
		Version:     version(),
		Description: help("xcover"),
		Commands:    commands, Reader: e.Stdin, Writer: e.Stdout, ErrWriter: e.Stderr,
		EnableBashCompletion: true,
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return exitcode.Bad(fmt.Errorf("unknown command %q%s (see \"xcover help\")", c.Args().First(), cliparse.DidYouMean(c.Args().First(), commandNames(commands), quoted)))
			}
			cli.HelpPrinter(e.Stderr, cli.AppHelpTemplate, c.App)
			return exitcode.Bad(errors.New("expected a command, such as \"xcover solve FILE\""))
		},
		OnUsageError:   usageError,
		ExitErrHandler: func(*cli.Context, error) {}, // exitcode.Print maps errors to codes
	}
}

// version is the module's version from the build information: a release
// tag, a pseudo-version naming the commit of a checkout, or "(devel)".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.Main.Version + " " + bi.GoVersion
	}
	return "unknown"
}

// usageError turns urfave's flag-parsing errors into one line and exit 2,
// in the words of the flags themselves: "--limit 0: expected …", with the
// command that shows the help: "xcover help solve", or for a subcommand,
// which "xcover help" does not know, "xcover zdd count --help".
func usageError(c *cli.Context, err error, _ bool) error {
	name := c.Command.Name
	for _, up := range c.Lineage()[1:] { // the parent commands' contexts, then the app's
		if up.Command != nil && up.Command.Name != "" && up.Command.Name != up.App.Name {
			name = up.Command.Name + " " + name
		}
	}
	msg := cliparse.UsageMessage(err, c.Command.Flags)
	switch {
	case name == "" || name == c.App.Name: // xcover's own flags
		return exitcode.Bad(fmt.Errorf("%s (see \"xcover help\")", msg))
	case strings.Contains(name, " "):
		return exitcode.Bad(fmt.Errorf("%s: %s (see \"xcover %s --help\")", name, msg, name))
	}
	return exitcode.Bad(fmt.Errorf("%s: %s (see \"xcover help %s\")", name, msg, name))
}

func commandNames(cmds []*cli.Command) []string {
	names := []string{"help"}
	for _, c := range cmds {
		names = append(names, c.Names()...)
	}
	return names
}

func quoted(name string) string { return fmt.Sprintf("%q", name) }

// loadSpec is searchcmd.LoadSpec of the command's input.
func loadSpec(ctx context.Context, c *cli.Context, e *env) (*specs.Spec, *exactcover.Solver, error) {
	in, err := searchcmd.InputOf(c)
	if err != nil {
		return nil, nil, err
	}
	return searchcmd.LoadSpec(ctx, e, in)
}
