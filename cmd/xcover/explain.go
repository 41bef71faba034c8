package main

import (
	"bufio"
	"fmt"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
)

// defaultSteps is how many nodes of the search tree "xcover explain" tells
// unless --steps says otherwise: each node takes five to fifteen lines, so a
// hundred nodes are a few pages, about as much as a reader follows step by
// step. Knuth's 7-item example has 6 nodes, a 4×4 Sudoku a dozen or two.
const defaultSteps = 100

func explainCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "tell step by step how Algorithm X (dancing links) solves a small problem",
		ArgsUsage: "[FILE|-]",
		Description: fmt.Sprintf(`Reads a problem as "xcover solve" does (YAML or Knuth's DLX format, FILE or
stdin) and tells its search in English: at each node of the search tree, the
items left to cover with their numbers of options, the item chosen and why
(fewest options, ties to the item declared first), each option tried (by its
number, from 1), the items it covers and the options each cover hides, dead
ends, the undoing of each choice in reverse order, and each solution. The
nodes and updates it counts are those of Knuth's DLX1 and of "xcover solve
--stats". --matrix draws the 0/1 matrix at every node; a problem larger than
%d items × %d options is shown through a window on what is left.

A search of more than --steps nodes is told up to there; the narration says
so at the start and suggests "xcover solve --count --stats FILE" for the rest.

Examples:
   $ xcover examples knuth.yaml | xcover explain -
   $ xcover examples colors.yaml | xcover explain --matrix -
   $ xcover examples queens-8.yaml | xcover explain --matrix --steps 3 -   # stops early: exit 3

Exit codes: 0 a solution was told, 1 the search completed without one,
2 bad input or usage, 3 the search was stopped by --steps, --timeout, Ctrl-C
or SIGTERM before it finished.`, explain.MaxMatrixItems, explain.MaxMatrixOptions),
		Flags: []cli.Flag{
			&cli.GenericFlag{Name: "steps", Value: &count{n: defaultSteps, min: 0},
				Usage: "tell at most `N` nodes of the search tree (0: the whole search, however long)"},
			&cli.BoolFlag{Name: "matrix", Usage: "draw the 0/1 matrix at every node, covered items and hidden options blanked (dimmed on a terminal)"},
			formatFlag(), timeoutFlag(),
		},
		Action: func(c *cli.Context) error { return explainAction(c, e) },
	}
}

func explainAction(c *cli.Context, e *env) error {
	ctx, cancel := withTimeout(c.Context, durationOf(c, flagTimeout))
	defer cancel()
	p, err := loadSpec(ctx, c, e)
	if err != nil {
		return err
	}
	steps := countOf(c, "steps")
	out := bufio.NewWriter(e.stdout)
	matrix := c.Bool("matrix")
	st, err := explain.Narrate(ctx, out, &p.spec.Problem, explain.Config{
		MaxNodes: steps,
		Matrix:   matrix,
		Dim:      matrix && colorOK(e, e.stdout, "auto"),
	})
	name := c.Args().First()
	if name == "" {
		name = "-"
	}
	if st.Status == exactcover.NodeLimit {
		fmt.Fprintf(out, "For the whole search, run: xcover solve --count --stats %s (or tell more with --steps)\n", name)
	}
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = ferr
	}
	switch {
	case err != nil && !isStop(err):
		return badInput(fmt.Errorf("writing the narration: %v", err))
	case st.Status != exactcover.Complete:
		return withCode(exitStopped, nil)
	case st.Solutions == 0:
		return withCode(exitNone, nil)
	}
	return nil
}
