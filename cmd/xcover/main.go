// Command xcover solves exact-cover problems: YAML specs, Knuth's DLX
// format, Sudoku grids and polyomino packings. Run "xcover help" for the
// commands and "xcover help COMMAND" for one command with examples; the
// exit codes are a stable contract (exitCodeHelp).
package main

import (
	"context"
	"embed"
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
	exitBadInput = 2 // bad input or usage: one line on stderr, nothing on stdout
	exitStopped  = 3 // stopped by --timeout, a node limit or a signal; what was found is printed
)

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
	if err := app.RunContext(ctx, permuteArgs(args, app.Commands)); err != nil || unknown == "" {
		return err
	}
	return badInput(fmt.Errorf("no help for unknown command %q%s (see \"xcover help\")", unknown, didYouMean(unknown, commandNames(app.Commands), quoted)))
}

//go:embed help
var helpFS embed.FS

// help returns a command's help text, help/NAME.txt, ending with the
// exit-code table unless it has one of its own.
func help(name string) string {
	b, err := helpFS.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic(err) // every command has one: a bug
	}
	if s := string(b); strings.Contains(s, "Exit codes") {
		return s
	}
	return string(b) + "\n" + exitCodeHelp
}

// newApp builds the command line afresh: its commands and flags are new
// values, so that runs share nothing and tests run them in parallel.
func newApp(e *env) *cli.App {
	commands := []*cli.Command{solveCommand(e), convertCommand(e), sudokuCommand(e), pentominoCommand(e),
		explainCommand(e), examplesCommand(e), completionCommand(e)}
	for _, c := range commands {
		c.Description = help(c.Name)
		// A usage error is one line on stderr and exit 2, not a help page
		// on stdout: scripts read stdout.
		c.OnUsageError = usageError
	}
	return &cli.App{
		Name:      "xcover",
		Usage:     "solve exact-cover problems with Knuth's dancing links",
		UsageText: "xcover COMMAND [options] [FILE|-]    (\"xcover help COMMAND\" for one command)",
		Version:   version(),
		Description: "Exact cover: choose options (subsets of items) so that every primary item is\n" +
			"covered exactly once and every secondary item at most once. Options are\n" +
			"numbered from 1 in the order the input gives them.\n" +
			"Start with:  xcover examples knuth.yaml | xcover solve -\n\n" + exitCodeHelp,
		Commands: commands, Reader: e.stdin, Writer: e.stdout, ErrWriter: e.stderr,
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
}

// version is the module's version from the build information: a release
// tag, or "(devel)" built from a checkout, with the commit when recorded.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" {
			v += " " + s.Value
		}
	}
	return v + " " + bi.GoVersion
}

// usageError turns urfave's flag-parsing errors into one line and exit 2,
// in the words of the flags themselves: "--limit 0: expected …".
func usageError(c *cli.Context, err error, _ bool) error {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		value, rest, _ := strings.Cut(rest, " for flag -")
		name, why, _ := strings.Cut(rest, ": ")
		msg = fmt.Sprintf("%s %s: %s", dashed(name), strings.Trim(value, `"`), why)
	} else if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		var names []string
		for _, f := range c.Command.Flags {
			names = append(names, f.Names()...)
		}
		msg = "unknown flag " + dashed(name) + didYouMean(name, names, dashed)
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

func commandNames(cmds []*cli.Command) []string {
	names := []string{"help"}
	for _, c := range cmds {
		names = append(names, c.Names()...)
	}
	return names
}

func quoted(name string) string { return fmt.Sprintf("%q", name) }

func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// withCode gives err (nil: nothing to print) an exit code.
func withCode(code int, err error) error {
	if err == nil {
		return cli.Exit("", code)
	}
	return cli.Exit(err, code)
}

func badInput(err error) error { return withCode(exitBadInput, err) }

// exitCode prints err's message, if any, as one line on stderr and returns
// the exit code it stands for: a context's error is a stop, an error
// without a code (from urfave/cli, say) a usage error.
func exitCode(err error, stderr io.Writer) int {
	var ec cli.ExitCoder
	switch {
	case err == nil:
		return exitFound
	case errors.As(err, &ec):
	case errors.Is(err, context.DeadlineExceeded):
		ec = cli.Exit("stopped by --timeout", exitStopped)
	case errors.Is(err, context.Canceled):
		ec = cli.Exit("interrupted", exitStopped)
	default:
		ec = cli.Exit(err, exitBadInput)
	}
	if msg := ec.Error(); msg != "" {
		fmt.Fprintf(stderr, "xcover: %s\n", msg)
	}
	return ec.ExitCode()
}

// permuteArgs moves the flags of a command before its positional arguments,
// so that "xcover solve FILE --count" means what it says: urfave/cli v2,
// like Go's flag package, stops parsing flags at the first argument. A
// flag's value is recognised from the command's flag definitions; "--"
// still ends the flags. Shell completion requests are left alone.
func permuteArgs(args []string, cmds []*cli.Command) []string {
	i := slices.IndexFunc(cmds, func(c *cli.Command) bool { return len(args) > 2 && c.HasName(args[1]) })
	if i < 0 || args[len(args)-1] == "--generate-bash-completion" {
		return args
	}
	flags, positional := []string{args[0], args[1]}, []string{"--"}
	for rest := args[2:]; len(rest) > 0; rest = rest[1:] {
		switch a := rest[0]; {
		case a == "--":
			positional, rest = append(positional, rest[1:]...), rest[:1]
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			if takesValue(cmds[i], a) && len(rest) > 1 {
				flags, rest = append(flags, rest[1]), rest[1:]
			}
		default:
			positional = append(positional, a)
		}
	}
	if len(positional) == 1 {
		return flags
	}
	return append(flags, positional...)
}

// takesValue reports whether the flag written as arg ("-x", "--name",
// never "--name=value") needs the next argument as its value.
func takesValue(cmd *cli.Command, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), name) {
			tf, ok := f.(cli.DocGenerationFlag)
			return !ok || tf.TakesValue() // false for boolean flags
		}
	}
	return false // "--name=value", or an unknown flag that the parser reports
}
