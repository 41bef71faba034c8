package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/internal/cliparse"
	"xcover/report"
)

func estimateFlags() []cli.Flag {
	return []cli.Flag{
		&cli.GenericFlag{Name: "probes", Value: &cliparse.Count{N: exactcover.DefaultProbes, Min: 1, Max: 1 << 40},
			Usage: "walk `N` random paths down the tree (the error shrinks as 1/√N)"},
		seedFlag("seed the random walks with `S`: the same seed gives the same estimate"),
		engineFlag("estimate the tree of `ENGINE`'s search: sparse, dlx or auto, as solve's --engine"),
		branchingFlag("estimate the tree of the branching `RULE`: knuth or weighted"),
		jsonFlag("print the estimate as one JSON object, for programs"),
		specFormatFlag(), timeoutFlag(),
	}
}

// estimate runs "xcover estimate".
func estimate(c *cli.Context, e *env) error {
	eng := c.Generic(flagEngine).(*engine).e
	rule, err := branchingOf(c)
	if err != nil {
		return err
	}
	ctx, cancel := withTimeout(c.Context, durationOf(c, flagTimeout))
	defer cancel()
	_, s, err := loadSpec(ctx, c, e)
	if ctx.Err() != nil {
		return withCode(exitStopped, fmt.Errorf("%s while reading the input", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0)))
	} else if err != nil {
		return err
	}
	est, err := s.Estimate(ctx, exactcover.EstimateConfig{Probes: int(countOf(c, "probes")), Seed: c.Uint64(flagSeed),
		Engine: eng, Branching: rule})
	if err != nil {
		return withCode(exitStopped, fmt.Errorf("%s: no estimate", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0)))
	}
	out := newWriter(e, c.Bool(flagJSON), nil)
	if engine := s.EngineFor(eng); out.JSON {
		out.Object(report.EstimateOf(est, engine))
	} else {
		out.Text([]byte(report.EstimateText(est, engine)), false)
	}
	return out.close()
}
