package main

import (
	"context"
	"errors"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/problems/pentomino"
)

// weights are the placement weights "xcover pentomino --weight" knows.
var weights = map[string]pentomino.Weight{"border": pentomino.TouchingBorder}

func weightFlag() cli.Flag {
	return &cli.StringFlag{Name: "weight", Usage: "give each placement a cost by `RULE` border (1 for a piece that touches the board's border, 0 inside), for --min-cost, --best K and --emit-spec"}
}

// weigh applies --weight to the puzzle.
func weigh(c *cli.Context, p *pentomino.Puzzle) error {
	if !c.IsSet("weight") {
		return nil
	}
	w, ok := weights[c.String("weight")]
	if !ok {
		return searchcmd.Usage(c.Command.Name, "--weight %q: expected border", c.String("weight"))
	}
	p.Weigh(w)
	return nil
}

// packCheapest runs pentomino --min-cost or --best K: the cheapest packings
// under --weight, printed as the packings are, each after its cost.
func packCheapest(ctx context.Context, c *cli.Context, e *env, req *searchcmd.Request, pp *packingPrinter, p *pentomino.Puzzle) error {
	k, err := cheapestK(c, req, []string{searchcmd.FlagCount, searchcmd.FlagAll, searchcmd.FlagLimit, searchcmd.FlagJobs})
	if err != nil {
		return err
	} else if !c.IsSet("weight") {
		return searchcmd.Usage(c.Command.Name, "--min-cost and --best need --weight: without it every packing costs 0")
	}
	print := func(k *pentomino.Packing, cost int64) bool {
		pp.cost = &cost
		ok := pp.packing(k)
		return ok && pp.out.Flush() == nil // an improvement is shown at once
	}
	var visit func(*pentomino.Packing, int64) bool
	if !c.IsSet("best") {
		visit = print
	}
	res, err := p.Cheapest(ctx, k, req.MaxNodes, visit)
	if err != nil && !errors.Is(err, ctx.Err()) {
		return err
	}
	if c.IsSet("best") {
		for _, b := range res.Best {
			print(p.Decode(b.Options), b.Cost)
		}
	}
	return searchcmd.End(pp.out, e, costOutcome(req, res, k, "packing", e.Stderr))
}
