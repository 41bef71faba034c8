package main

import (
	"bufio"
	"errors"
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

var stepsFlag = &cli.Int64Flag{
	Name:  "steps",
	Usage: "tell at most `N` nodes of the search tree (0: the whole search, however long)",
	Value: defaultSteps,
}

var matrixFlag = &cli.BoolFlag{
	Name: "matrix",
	Usage: fmt.Sprintf("draw the 0/1 matrix at every node, covered items and hidden options blanked (dimmed on a terminal); up to %d items × %d options",
		explain.MaxMatrixItems, explain.MaxMatrixOptions),
}

var explainCommand = &cli.Command{
	Name:      "explain",
	Usage:     "tell step by step how Algorithm X (dancing links) solves a small problem",
	ArgsUsage: "[FILE|-]",
	Description: `Reads a problem as "xcover solve" does (YAML or Knuth's DLX format, FILE or
stdin) and tells its search in English: at each node of the search tree, the
items left to cover with their numbers of options, the item chosen and why
(fewest options, ties to the item declared first), each option tried, the
items it covers and the options each cover hides, dead ends, the undoing of
each choice in reverse order, and each solution. The nodes and updates it
counts are those of Knuth's DLX1 and of "xcover solve --stats".

A search of more than --steps nodes is told up to there; the narration says
so at the start and suggests "xcover solve --count --stats FILE" for the rest.

Examples:
   $ xcover explain specs/examples/knuth.yaml
   $ xcover explain --matrix specs/examples/colors.yaml
   $ xcover explain --steps 5 specs/examples/queens-8.yaml   # stops early: exit 3

Exit codes: 0 a solution was told, 1 the search completed without one,
2 bad input or usage (the problem is too large for --matrix, say),
3 the search was stopped by --steps, --timeout or Ctrl-C before it finished.`,
	Flags:  []cli.Flag{stepsFlag, matrixFlag, formatFlag, timeoutFlag},
	Action: explainAction,
}

func explainAction(c *cli.Context) error {
	steps := c.Int64(stepsFlag.Name)
	if steps < 0 {
		return badInput(fmt.Errorf("--steps %d: expected a number of nodes ≥ 1, or 0 for the whole search", steps))
	}
	if c.IsSet(timeoutFlag.Name) && c.Duration(timeoutFlag.Name) <= 0 {
		return badInput(fmt.Errorf("--timeout %v: expected a positive duration such as 30s", c.Duration(timeoutFlag.Name)))
	}
	sp, err := loadSpec(c)
	if err != nil {
		return err
	}
	s, warnings, err := sp.Compile()
	if err != nil {
		return badInput(err)
	}
	p := &sp.Problem
	matrix := c.Bool(matrixFlag.Name)
	if matrix {
		if err := explain.CheckMatrix(p); err != nil {
			return badInput(fmt.Errorf("--matrix: %v; leave out --matrix to narrate without it", err))
		}
	}
	for _, w := range warnings {
		fmt.Fprintf(c.App.ErrWriter, "xcover: warning: %s\n", w)
	}

	ctx, stop := searchContext(c)
	defer stop()
	name := c.Args().First()
	if name == "" {
		name = "-"
	}
	out := bufio.NewWriter(c.App.Writer)
	// The engine measures the tree first, in a blink: a search bigger than
	// the narration can tell is said to be so before the story starts.
	if steps > 0 {
		st, err := s.Search(ctx, exactcover.Config{MaxNodes: steps, SkipProfile: true}, nil)
		if err == nil && st.Status == exactcover.NodeLimit {
			told := fmt.Sprintf("the first %d nodes are", steps)
			if steps == 1 {
				told = "the first node is"
			}
			fmt.Fprintf(out, "This search has more than %d %s, too many to follow step by step: only\n", steps, plural(steps, "node", "nodes"))
			fmt.Fprintf(out, "%s told below (--steps changes that). For the whole search, run\n", told)
			fmt.Fprintf(out, "   xcover solve --count --stats %s\n\n", name)
		}
	}
	st, err := explain.Narrate(ctx, out, p, explain.Config{
		MaxNodes: steps,
		Matrix:   matrix,
		Dim:      matrix && isTerminal(c.App.Writer),
	})
	if st.Status == exactcover.NodeLimit {
		fmt.Fprintf(out, "For the whole search, run: xcover solve --count --stats %s\n", name)
	}
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = ferr
	}
	switch {
	case err != nil && !errors.Is(err, ctx.Err()):
		return withCode(exitBadInput, fmt.Errorf("writing the narration: %v", err))
	case st.Status != exactcover.Complete:
		return withCode(exitStopped, nil)
	case st.Solutions == 0:
		return withCode(exitNone, nil)
	}
	return nil
}
