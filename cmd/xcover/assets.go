package main

import (
	"embed"
	"strings"
)

// assets are the files that ship inside the binary, so that an installed
// xcover works outside the checkout: help/ holds the text of each command's
// help, completion/ the shell scripts, examples/COMMAND/ the example inputs
// of each command (copies of files kept elsewhere in the repository;
// TestExamplesCurrent checks that they are the same).
//
//go:embed help completion examples
var assets embed.FS

// The help texts again, as strings: a string embedded is the binary's own
// bytes, while reading a file of assets copies it, and every run builds
// every command's help (the commands' descriptions) before it starts the
// one it runs.
var (
	//go:embed help/xcover.txt
	helpXcover string
	//go:embed help/solve.txt
	helpSolve string
	//go:embed help/convert.txt
	helpConvert string
	//go:embed help/reduce.txt
	helpReduce string
	//go:embed help/sudoku.txt
	helpSudoku string
	//go:embed help/pentomino.txt
	helpPentomino string
	//go:embed help/explain.txt
	helpExplain string
	//go:embed help/merge.txt
	helpMerge string
	//go:embed help/zdd.txt
	helpZdd string
	//go:embed help/estimate.txt
	helpEstimate string
	//go:embed help/serve.txt
	helpServe string
	//go:embed help/examples.txt
	helpExamples string
	//go:embed help/completion.txt
	helpCompletion string
	//go:embed help/exit-codes.txt
	helpExitCodes string
)

// help returns the help text help/NAME.txt, ending with the exit codes
// (help/exit-codes.txt) unless it tells them itself.
func help(name string) string {
	var text string
	switch name {
	case "xcover":
		text = helpXcover
	case "solve":
		text = helpSolve
	case "convert":
		text = helpConvert
	case "reduce":
		text = helpReduce
	case "sudoku":
		text = helpSudoku
	case "pentomino":
		text = helpPentomino
	case "explain":
		text = helpExplain
	case "merge":
		text = helpMerge
	case "zdd":
		text = helpZdd
	case "estimate":
		text = helpEstimate
	case "serve":
		text = helpServe
	case "examples":
		text = helpExamples
	case "completion":
		text = helpCompletion
	}
	if strings.Contains(text, "Exit codes") {
		return text
	}
	return text + "\n" + helpExitCodes
}
