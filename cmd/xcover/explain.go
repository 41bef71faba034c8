package main

import "github.com/urfave/cli/v2"

// explainCommand is a placeholder until its issue lands.
var explainCommand = &cli.Command{
	Name:   "explain",
	Hidden: true,
	Action: func(*cli.Context) error { return badInput(errNotYet) },
}
