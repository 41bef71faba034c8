// Command xcover solves exact-cover problems: YAML specs, Knuth's DLX
// format, Sudoku grids and polyomino packings. Run "xcover help" for the
// commands; exit codes are listed in exit.go and in the README.
package main

import (
	"io"
	"os"

	"github.com/urfave/cli/v2"
)

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the process exit code. Tests
// call it in-process with their own streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:  "xcover",
		Usage: "solve exact-cover problems with Knuth's dancing links",
		Description: "Exact cover: choose options (subsets of items) so that every primary item is\n" +
			"covered exactly once and every secondary item at most once.\n\n" +
			"Exit codes: 0 a solution was found, 1 the search completed with none,\n" +
			"2 bad input or usage, 3 stopped by --timeout or Ctrl-C.",
		Commands: []*cli.Command{
			solveCommand,
			convertCommand,
			sudokuCommand,
			pentominoCommand,
			explainCommand,
		},
		Reader:         stdin,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {}, // run maps errors to codes
		HideVersion:    true,
	}
	return exitCode(app.Run(args), stderr)
}
