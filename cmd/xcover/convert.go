package main

import "github.com/urfave/cli/v2"

// convertCommand is a placeholder until its issue lands.
var convertCommand = &cli.Command{
	Name:   "convert",
	Hidden: true,
	Action: func(*cli.Context) error { return badInput(errNotYet) },
}
