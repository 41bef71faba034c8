package main

import "github.com/urfave/cli/v2"

// sudokuCommand is a placeholder until its issue lands.
var sudokuCommand = &cli.Command{
	Name:   "sudoku",
	Hidden: true,
	Action: func(*cli.Context) error { return badInput(errNotYet) },
}
