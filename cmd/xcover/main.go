// Command xcover solves exact-cover problems: YAML specs, Knuth's DLX
// format, Sudoku grids and polyomino packings. "xcover help" lists the
// commands, "xcover help COMMAND" shows one with examples (help/COMMAND.txt)
// and the exit codes, a stable contract (help/exit-codes.txt).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
)

func main() {
	// Ctrl-C, SIGTERM and SIGHUP (the terminal closed, or a job's session
	// ended) stop the search, which then prints what it found and saves
	// its checkpoint; a second signal kills at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	context.AfterFunc(ctx, stop) // no goroutine waits for it before the first signal
	e := iostreams.System()
	os.Exit(exitcode.Print(runCommandLine(ctx, os.Args, e), e.Stderr))
}

// runCommandLine executes one command line (args[0] is the program's name) with
// what the run sees of the world (package iostreams: its streams,
// environment and working directory; tests give their own).
func runCommandLine(ctx context.Context, args []string, e *iostreams.IO) error {
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
	return exitcode.Bad(fmt.Errorf("no help for unknown command %q%s", unknown, cliparse.DidYouMean(unknown, commandNames(app.Commands), cliparse.Quoted)))
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

// newApp builds the command line afresh: its commands and flags are new
// values, so that runs share nothing and tests run them in parallel. Each
// command is built by its file's newCmdX: its flags, parsed into its
// options, and its run function.
func newApp(e *iostreams.IO) *cli.App {
	commands := []*cli.Command{
		newCmdSolve(e, nil),
		newCmdConvert(e, nil),
		newCmdReduce(e, nil),
		newCmdSudoku(e, nil),
		newCmdPentomino(e, nil),
		newCmdExplain(e, nil),
		newCmdMerge(e, nil),
		newCmdZDD(e, nil),
		newCmdEstimate(e, nil),
		newCmdServe(e, nil),
		newCmdExamples(e, nil),
		newCmdCompletion(e, func() *cli.App { return newApp(e) }, nil),
	}
	for _, c := range commands {
		c.Description = help(c.Name)
		// A usage error is one line on stderr and exit 2, not a help page
		// on stdout: scripts read stdout.
		c.OnUsageError = searchcmd.OnUsageError
	}
	return &cli.App{
		Name:      "xcover",
		Usage:     "solve exact-cover problems with Knuth's dancing links",
		UsageText: "xcover COMMAND [options] [FILE|-]    (\"xcover help COMMAND\" for one command)",
		Version:   version(),
		// xcover shows no build time; a Compiled left zero makes
		// urfave/cli stat its own binary at every start to fill it.
		Compiled:    time.Unix(0, 0),
		Description: help("xcover"),
		Commands:    commands, Reader: e.Stdin, Writer: e.Stdout, ErrWriter: e.Stderr,
		EnableBashCompletion: true,
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return exitcode.Bad(fmt.Errorf("unknown command %q%s (see \"xcover help\")", c.Args().First(), cliparse.DidYouMean(c.Args().First(), commandNames(commands), cliparse.Quoted)))
			}
			cli.HelpPrinter(e.Stderr, cli.AppHelpTemplate, c.App)
			return exitcode.Bad(errors.New("expected a command, such as \"xcover solve FILE\""))
		},
		OnUsageError:   searchcmd.OnUsageError,
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

func commandNames(cmds []*cli.Command) []string {
	names := []string{"help"}
	for _, c := range cmds {
		names = append(names, c.Names()...)
	}
	return names
}
