package main

import (
	"bufio"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/plural"
)

// defaultSteps is how many nodes of the search tree "xcover explain" tells
// unless --steps says otherwise: each node takes five to fifteen lines, so a
// hundred nodes are a few pages, about as much as a reader follows step by
// step. Knuth's 7-item example has 6 nodes, a 4×4 Sudoku a dozen or two.
const defaultSteps = 100

func explainFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.GenericFlag{Name: "steps", Value: &cliparse.Count{N: defaultSteps},
			Usage: "tell at most `N` nodes of the search tree (0: the whole search, however long)"},
		&cli.BoolFlag{Name: "matrix", Usage: "draw the 0/1 matrix at every node, covered items and hidden options blanked (dimmed on a terminal)"},
		searchcmd.SpecFormatFlag(), searchcmd.TimeoutFlag(),
	}, costFlags()...)
}

func narrate(c *cli.Context, e *env) error {
	ctx, cancel := searchcmd.WithTimeout(c.Context, searchcmd.Duration(c, searchcmd.FlagTimeout))
	defer cancel()
	sp, _, err := searchcmd.LoadSpec(ctx, c, e)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(e.Stdout)
	if wantsCheapest(c) {
		return narrateCost(ctx, c, e, out, &sp.Problem) // explain_cost.go
	}
	matrix := c.Bool("matrix")
	st, err := explain.Narrate(ctx, out, &sp.Problem, explain.Config{
		MaxNodes: searchcmd.Count(c, "steps"), Matrix: matrix, Dim: matrix && e.Color(e.Stdout, "auto")})
	if st.Status == exactcover.NodeLimit {
		arg, _ := searchcmd.InputArg(c)
		// The dlx engine counts nodes and updates as the narration does; the
		// default engine may be another, with figures of its own.
		fmt.Fprintf(out, "For the whole search, run: xcover solve --engine dlx --count --stats %s (or tell more with --steps)\n", arg)
	}
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = ferr
	}
	switch {
	case err != nil && ctx.Err() == nil:
		return exitcode.Bad(fmt.Errorf("writing the narration: %v", err))
	case st.Status == exactcover.NodeLimit:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("stopped at --steps %d: the search has more nodes than the narration tells (--steps 0 tells them all)", searchcmd.Count(c, "steps")))
	case st.Status != exactcover.Complete:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s after %s: the narration tells them", report.StatusText(st.Status, 0), plural.Of(st.Nodes, "node")))
	case st.Solutions == 0:
		return exitcode.With(exitcode.None, nil)
	}
	return nil
}
