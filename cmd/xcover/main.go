// Command xcover solves exact-cover problems: YAML specs, Knuth's DLX
// format, Sudoku grids and polyomino packings. Run "xcover help" for the
// commands and "xcover help COMMAND" for one command with examples.
//
// Exit codes, a stable contract:
//
//	0  a solution was found, or a count completed with at least one
//	1  the search completed and found no solution
//	2  bad input or usage: one line on stderr, nothing on stdout
//	3  stopped by --timeout, a node limit, Ctrl-C or SIGTERM; what was found is printed
//
// Options are numbered from 1 in the order the input gives them, wherever
// people read or type them; --json, for programs, gives the library's
// 0-based indices in fields named so.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"
	"github.com/xrash/smetrics"
)

func main() {
	// Ctrl-C and SIGTERM stop the search, which then prints what it found;
	// a second signal kills at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() { <-ctx.Done(); stop() }()
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
	os.Exit(exitCode(run(ctx, os.Args, e), e.stderr))
}

// env is what one run sees of the world; tests give their own.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	dir            string // relative file names are in dir ("": the working directory)
}

// path returns the file name to open for name as the user gave it.
func (e *env) path(name string) string {
	if e.dir == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(e.dir, name)
}

// Exit codes, a stable contract documented in the README.
const (
	exitFound    = 0 // a solution was found, or a count completed with at least one
	exitNone     = 1 // the search completed and found no solution
	exitBadInput = 2 // bad input or usage
	exitStopped  = 3 // stopped by --timeout, a node limit or a signal
)

// exitCodeHelp is the exit-code table, shown by "xcover help" and at the
// end of every command's help.
const exitCodeHelp = `Exit codes:
   0  a solution was found (or a count completed with at least one)
   1  the search completed and found no solution
   2  bad input or usage (the message names file:line:column)
   3  stopped by --timeout, --max-nodes, Ctrl-C or SIGTERM; what was found is printed`

// run executes one command line (args[0] is the program's name).
func run(ctx context.Context, args []string, e *env) error {
	app := newApp(e)
	unknown := "" // the topic of "xcover help TOPIC" when it is no command
	app.CommandNotFound = func(_ *cli.Context, name string) { unknown = name }
	err := app.RunContext(ctx, permuteArgs(args, app.Commands))
	if err == nil && unknown != "" {
		return badInput(fmt.Errorf("no help for unknown command %q%s (see \"xcover help\")", unknown, didYouMean(unknown, commandNames(app.Commands), quoted)))
	}
	return err
}

// newApp builds the command line afresh: its commands and flags are new
// values, so that runs share nothing and tests run them in parallel.
func newApp(e *env) *cli.App {
	commands := []*cli.Command{
		solveCommand(e), convertCommand(e), sudokuCommand(e), pentominoCommand(e),
		explainCommand(e), examplesCommand(e), completionCommand(e),
	}
	for _, c := range commands {
		// A usage error is one line on stderr and exit 2, not a help page
		// on stdout: scripts read stdout.
		c.OnUsageError = usageError
	}
	app := &cli.App{
		Name:      "xcover",
		Usage:     "solve exact-cover problems with Knuth's dancing links",
		UsageText: "xcover COMMAND [options] [FILE|-]    (\"xcover help COMMAND\" for one command)",
		Version:   version(),
		Description: "Exact cover: choose options (subsets of items) so that every primary item is\n" +
			"covered exactly once and every secondary item at most once.\n" +
			"Start with:  xcover examples knuth.yaml | xcover solve -\n\n" +
			"Options are numbered from 1 in the order the input gives them.\n\n" + exitCodeHelp,
		Commands:             commands,
		Reader:               e.stdin,
		Writer:               e.stdout,
		ErrWriter:            e.stderr,
		EnableBashCompletion: true,
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return badInput(fmt.Errorf("unknown command %q%s (see \"xcover help\")", c.Args().First(), didYouMean(c.Args().First(), commandNames(commands), quoted)))
			}
			cli.HelpPrinter(e.stderr, cli.AppHelpTemplate, c.App)
			return badInput(errors.New("expected a command, such as \"xcover solve FILE\""))
		},
		OnUsageError:   usageError,
		ExitErrHandler: func(*cli.Context, error) {}, // exitCode maps errors to codes
	}
	return app
}

// version is the module's version from the build information: a release
// tag, or "(devel)" with the commit when built from a checkout.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v + " " + bi.GoVersion
}

// usageError turns urfave's flag-parsing errors into one line and exit 2,
// in the words of the flags themselves: "--limit 0: expected …".
func usageError(c *cli.Context, err error, _ bool) error {
	msg := err.Error()
	if value, rest, ok := strings.Cut(strings.TrimPrefix(msg, "invalid value "), " for flag -"); ok && strings.HasPrefix(msg, "invalid value ") {
		name, why, _ := strings.Cut(rest, ": ")
		msg = fmt.Sprintf("%s %s: %s", dashed(name), strings.Trim(value, `"`), why)
	} else if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		msg = fmt.Sprintf("unknown flag %s%s", dashed(name), didYouMean(name, flagNames(c.Command.Flags), dashed))
	}
	return badInput(fmt.Errorf("%s: %s (see \"xcover help %s\")", c.Command.Name, msg, c.Command.Name))
}

// didYouMean suggests the candidate closest to a misspelled name, by the
// Jaro-Winkler similarity urfave/cli uses, when one is close enough; show
// writes the candidate as it is typed.
func didYouMean(name string, candidates []string, show func(string) string) string {
	best, score := "", 0.8 // below this, a suggestion misleads more than it helps
	for _, c := range candidates {
		if s := smetrics.JaroWinkler(name, c, 0.7, 4); s > score {
			best, score = c, s
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", show(best))
}

// commandNames lists the names and aliases of the visible commands.
func commandNames(cmds []*cli.Command) []string {
	names := []string{"help"}
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Names()...)
		}
	}
	return names
}

// flagNames lists the names and aliases of flags, without dashes.
func flagNames(flags []cli.Flag) []string {
	var names []string
	for _, f := range flags {
		names = append(names, f.Names()...)
	}
	return names
}

// quoted shows a suggested command; dashed a suggested flag.
func quoted(name string) string { return fmt.Sprintf("%q", name) }

func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// codeError carries an exit code and, when err is not nil, the one-line
// message to print on stderr.
type codeError struct {
	code int
	err  error
}

func (e *codeError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *codeError) Unwrap() error { return e.err }

// withCode wraps err (which may be nil: nothing to print) with an exit code.
func withCode(code int, err error) error { return &codeError{code: code, err: err} }

// badInput marks err as bad input or usage: exit code 2.
func badInput(err error) error { return withCode(exitBadInput, err) }

// exitCode prints err's message, if any, as one line on stderr and returns
// the exit code it stands for. Errors without a code (from urfave/cli, say)
// are usage errors.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return exitFound
	}
	var ce *codeError
	switch {
	case errors.As(err, &ce):
	case errors.Is(err, context.DeadlineExceeded):
		ce = &codeError{code: exitStopped, err: errors.New("stopped by --timeout")}
	case errors.Is(err, context.Canceled):
		ce = &codeError{code: exitStopped, err: errors.New("interrupted")}
	default:
		ce = &codeError{code: exitBadInput, err: err}
	}
	if ce.err != nil {
		fmt.Fprintf(stderr, "xcover: %v\n", ce.err)
	}
	return ce.code
}

// permuteArgs moves the flags of a command before its positional arguments,
// so that "xcover solve FILE --count" means what it says: urfave/cli v2,
// like Go's flag package, stops parsing flags at the first argument. A
// flag's value is recognised from the command's flag definitions; "--"
// still ends the flags. Shell completion requests are left alone.
func permuteArgs(args []string, cmds []*cli.Command) []string {
	if len(args) < 3 || args[len(args)-1] == "--generate-bash-completion" {
		return args
	}
	var cmd *cli.Command
	for _, c := range cmds {
		if c.HasName(args[1]) && len(c.Subcommands) == 0 {
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

// takesValue reports whether the flag written as arg ("-x", "--name",
// never "--name=value") needs the next argument as its value.
func takesValue(cmd *cli.Command, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if strings.Contains(name, "=") {
		return false
	}
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), name) {
			tf, ok := f.(cli.DocGenerationFlag)
			return !ok || tf.TakesValue() // false for boolean flags
		}
	}
	return false // unknown flags are reported by the parser
}
