package main

import "github.com/urfave/cli/v2"

// pentominoCommand is a placeholder until its issue lands.
var pentominoCommand = &cli.Command{
	Name:   "pentomino",
	Hidden: true,
	Action: func(*cli.Context) error { return badInput(errNotYet) },
}
