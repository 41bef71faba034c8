package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/cliparse"
	"github.com/xcover/xcover/internal/exitcode"
	"github.com/xcover/xcover/internal/searchcmd"
	"github.com/xcover/xcover/report"
)

func estimateFlags() []cli.Flag {
	return []cli.Flag{
		&cli.GenericFlag{Name: "probes", Value: &cliparse.Count{N: exactcover.DefaultProbes, Min: 1, Max: 1 << 40},
			Usage: "walk `N` random paths down the tree (the error shrinks as 1/√N)"},
		searchcmd.SeedFlag("seed the random walks with `S`: the same seed gives the same estimate"),
		searchcmd.EngineFlag("estimate the tree of `ENGINE`'s search: sparse, dlx or auto, as solve's --engine"),
		searchcmd.BranchingFlag("estimate the tree of the branching `RULE`: knuth or weighted"),
		searchcmd.JSONFlag("print the estimate as one JSON object, for programs"),
		searchcmd.SpecFormatFlag(), searchcmd.TimeoutFlag(),
	}
}

// estimate runs "xcover estimate".
func estimate(c *cli.Context, e *env) error {
	eng := searchcmd.Engine(c)
	rule, err := searchcmd.Branching(c)
	if err != nil {
		return err
	}
	ctx, cancel := searchcmd.WithTimeout(c.Context, searchcmd.Duration(c, searchcmd.FlagTimeout))
	defer cancel()
	_, s, err := searchcmd.LoadSpec(ctx, c, e)
	if ctx.Err() != nil {
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s while reading the input", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0)))
	} else if err != nil {
		return err
	}
	est, err := s.Estimate(ctx, exactcover.EstimateConfig{Probes: int(searchcmd.Count(c, "probes")), Seed: c.Uint64(searchcmd.FlagSeed),
		Engine: eng, Branching: rule})
	if err != nil {
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s: no estimate", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0)))
	}
	out := searchcmd.NewWriter(e, c.Bool(searchcmd.FlagJSON), nil)
	if engine := s.EngineFor(eng); out.JSON {
		out.Object(report.EstimateOf(est, engine))
	} else {
		out.Text([]byte(report.EstimateText(est, engine)), false)
	}
	return out.Close()
}
