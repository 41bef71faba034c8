package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/plural"
)

// narrateCost runs explain --min-cost or --best K: the story of Knuth's
// DLX5 looking for the k cheapest solutions of p, up to steps nodes (0:
// all).
func narrateCost(ctx context.Context, out *bufio.Writer, p *exactcover.Problem, k int, steps int64) error {
	res, err := explain.NarrateCost(ctx, out, p, k, steps)
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = ferr
	}
	switch {
	case errors.Is(err, exactcover.ErrCostBounds):
		return searchcmd.Usage("explain", "--min-cost and --best: %v", err)
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
