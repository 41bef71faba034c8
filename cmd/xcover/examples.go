package main

import (
	"embed"
	"fmt"
	"path"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"
)

// The example inputs ship inside the binary, so that an installed xcover
// and the examples of its help work outside the checkout. examples/ holds
// copies of files kept elsewhere in the repository (exampleFiles says
// where); TestExamplesCurrent checks that they are the same and refreshes
// them with -update.
//
//go:embed examples
var exampleFS embed.FS

// exampleFiles lists the shipped examples: their name, the directory of
// the original in the repository, the command that reads them and what
// they are.
var exampleFiles = []struct{ name, source, command, about string }{
	{"knuth.yaml", "specs/examples", "solve", `the 7-item example of Knuth's paper "Dancing Links"`},
	{"colors.yaml", "specs/examples", "solve", "Knuth's example of color controls (DLX2's input)"},
	{"queens-8.yaml", "specs/examples", "solve", "the 8 queens, diagonals as secondary items: 92 solutions"},
	{"langford-7.yaml", "specs/examples", "solve", "Langford pairs for n = 7: 26 solutions"},
	{"pentomino-3x20.yaml", "specs/examples", "solve", "the 12 pentominoes in a 3×20 box: 8 solutions"},
	{"line81.in", "problems/sudoku/testdata", "sudoku", "9×9 puzzles, one per line (POJ 3074 sample)"},
	{"one9.in", "problems/sudoku/testdata", "sudoku", "one 9×9 puzzle, for --emit-spec"},
	{"letters16.in", "problems/sudoku/testdata", "sudoku", "a 16×16 puzzle in letters A-P (POJ 3076 sample)"},
	{"numeric.in", "problems/sudoku/testdata", "sudoku", "9×9 puzzles in the numeric judge format"},
	{"scott-8x8.txt", "problems/pentomino/testdata", "pentomino", "Scott's 8×8 board without its centre (--board-file)"},
	{"tetrominoes.yaml", "problems/pentomino/testdata", "pentomino", "the five free tetrominoes (--pieces)"},
	{"one-sided-tetrominoes.yaml", "problems/pentomino/testdata", "pentomino", "the seven Tetris pieces, one-sided (--pieces)"},
	{"one-sided-pentominoes.yaml", "problems/pentomino/testdata", "pentomino", "the 18 one-sided pentominoes (--pieces)"},
}

func examplesCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "examples",
		Usage:     "list the example inputs shipped with xcover, or print one",
		ArgsUsage: "[NAME]",
		Action: func(c *cli.Context) error {
			switch c.NArg() {
			case 0:
				tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "NAME\tFOR\tWHAT")
				for _, f := range exampleFiles {
					fmt.Fprintf(tw, "%s\t%s\t%s\n", f.name, f.command, f.about)
				}
				fmt.Fprintln(tw, "\n\"xcover examples NAME\" prints one; \"xcover examples knuth | xcover solve -\" solves one.")
				return tw.Flush()
			case 1:
			default:
				return usage(c, "expected one example name, got %d arguments", c.NArg())
			}
			name := c.Args().First()
			var names []string
			for _, f := range exampleFiles {
				if f.name == name || strings.TrimSuffix(f.name, path.Ext(f.name)) == name {
					data, err := exampleFS.ReadFile("examples/" + f.name)
					if err != nil {
						return err // cannot happen: the file is embedded
					}
					_, err = e.stdout.Write(data)
					return err
				}
				names = append(names, f.name)
			}
			return usage(c, "no example %q%s (\"xcover examples\" lists them)", name, didYouMean(name, names, quoted))
		},
	}
}
