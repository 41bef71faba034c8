package main

import "github.com/urfave/cli/v2"

// solveCommand is a placeholder until its issue lands.
var solveCommand = &cli.Command{
	Name:   "solve",
	Hidden: true,
	Action: func(*cli.Context) error { return badInput(errNotYet) },
}
