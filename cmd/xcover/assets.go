package main

import (
	"bytes"
	"embed"
)

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
