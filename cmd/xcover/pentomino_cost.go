package main

import (
	"context"
	"errors"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/problems/pentomino"
)

// placementWeights are the weights "xcover pentomino --weight" knows.
var placementWeights = map[string]pentomino.Weight{"border": pentomino.TouchingBorder}

func weightFlag() cli.Flag {
	return &cli.StringFlag{Name: "weight", Usage: "give each placement a cost by `RULE` border (1 for a piece that touches the board's border, 0 inside), for --min-cost, --best K and --emit-spec"}
}

// parseWeight reads --weight: nil when it is not given.
func parseWeight(c *cli.Context) (pentomino.Weight, error) {
	if !c.IsSet("weight") {
		return nil, nil
	}
	w, ok := placementWeights[c.String("weight")]
	if !ok {
		return nil, searchcmd.Usage("pentomino", "--weight %q: expected border", c.String("weight"))
	}
	return w, nil
}

// packCheapest runs pentomino --min-cost or --best K (ch) with req's
// limits: the cheapest packings of p under its weight, printed as the
// packings are, each after its cost.
func packCheapest(ctx context.Context, s *iostreams.IO, req *searchcmd.Request, ch cheapestOptions, pp *packingPrinter, p *pentomino.Puzzle) error {
	k := ch.K
	print := func(k *pentomino.Packing, cost int64) bool {
		pp.cost = &cost
		ok := pp.packing(k)
		return ok && pp.out.Flush() == nil // an improvement is shown at once
	}
	var visit func(*pentomino.Packing, int64) bool
	if !ch.AtEnd {
		visit = print
	}
	res, err := p.Cheapest(ctx, k, req.MaxNodes, visit)
	if err != nil && !errors.Is(err, ctx.Err()) {
		return err
	}
	if ch.AtEnd {
		for _, b := range res.Best {
			print(p.Decode(b.Options), b.Cost)
		}
	}
	return searchcmd.End(pp.out, s, costOutcome(req, res, k, "packing", s.Stderr))
}
