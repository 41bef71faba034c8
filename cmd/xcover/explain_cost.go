package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/plural"
)

// narrateCost runs explain --min-cost or --best K: the story of Knuth's
// DLX5 on the problem, up to --steps nodes.
func narrateCost(ctx context.Context, c *cli.Context, e *env, out *bufio.Writer, p *exactcover.Problem) error {
	if c.Bool("matrix") {
		return searchcmd.Usage(c.Command.Name, "--matrix draws Algorithm X's steps: it does not combine with --min-cost or --best")
	}
	if c.Bool("min-cost") && c.IsSet("best") {
		return searchcmd.Usage(c.Command.Name, "--min-cost is --best 1: give one")
	}
	steps := searchcmd.Count(c, "steps")
	res, err := explain.NarrateCost(ctx, out, p, max(int(searchcmd.Count(c, "best")), 1), steps)
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = ferr
	}
	switch {
	case errors.Is(err, exactcover.ErrCostBounds):
		return searchcmd.Usage(c.Command.Name, "--min-cost and --best: %v", err)
	case err != nil && ctx.Err() == nil:
		return exitcode.Bad(fmt.Errorf("writing the narration: %v", err))
	case res.Status == exactcover.NodeLimit:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("stopped at --steps %d: the search has more nodes than the narration tells (--steps 0 tells them all)", steps))
	case res.Status != exactcover.Complete:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("stopped after %s", plural.Of(res.Nodes, "node")))
	case len(res.Best) == 0:
		return exitcode.With(exitcode.None, nil)
	}
	return nil
}
