package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
)

func estimateFlags() []cli.Flag {
	return []cli.Flag{
		&cli.GenericFlag{Name: "probes", Value: &cliparse.Count{N: exactcover.DefaultProbes, Min: 1, Max: 1 << 40},
			Usage: "walk `N` random paths down the tree (the error shrinks as 1/√N)"},
		searchcmd.SeedFlag("seed the random walks with `S`: the same seed gives the same estimate"),
		searchcmd.EngineFlag("estimate the tree of `ENGINE`'s search: sparse, bits, dlx or auto, as solve's --engine"),
		searchcmd.BranchingFlag("estimate the tree of the branching `RULE`: knuth or weighted"),
		searchcmd.JSONFlag("print the estimate as one JSON object, for programs"),
		searchcmd.SpecFormatFlag(), searchcmd.TimeoutFlag(),
	}
}

// estimate runs "xcover estimate".
func estimate(c *cli.Context, e *env) error {
	eng := searchcmd.Engine(c)
	if eng == exactcover.EngineLearn {
		return searchcmd.Usage(c.Command.Name, "--engine learn: the learning engine has no search tree to estimate: estimate the tree of the sparse, dlx or bits engine")
	}
	rule := searchcmd.Branching(c)
	ctx, cancel := searchcmd.WithTimeout(c.Context, searchcmd.Duration(c, searchcmd.FlagTimeout))
	defer cancel()
	_, s, err := loadSpec(ctx, c, e)
	if ctx.Err() != nil {
		return exitcode.With(exitcode.Stopped, errors.New(report.StoppedReading(exactcover.StoppedBy(ctx.Err()))))
	} else if err != nil {
		return err
	}
	probes := int(searchcmd.Count(c, "probes"))
	est, err := s.Estimate(ctx, exactcover.EstimateConfig{Probes: probes, Seed: c.Uint64(searchcmd.FlagSeed), Engine: eng, Branching: rule})
	status := exactcover.Complete
	switch {
	case err != nil && ctx.Err() == nil:
		return err
	case err != nil && est.Probes == 0:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s before the first probe: no estimate", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0)))
	case err != nil: // the estimate of the probes made so far
		status = exactcover.StoppedBy(ctx.Err())
	}
	out := searchcmd.NewWriter(e, c.Bool(searchcmd.FlagJSON), nil)
	engine := s.EngineFor(eng)
	o := searchcmd.Outcome{Record: report.EstimateOf(est, engine, status), Text: report.EstimateText(est, engine, status),
		Found: !est.Exact || !est.Solutions.IsZero()} // a search of the whole tree found none: the estimate says it
	if status != exactcover.Complete {
		o.Stopped = fmt.Errorf("%s after %d of %d probes: the estimate is theirs", report.StatusText(status, 0), est.Probes, probes)
	}
	return searchcmd.End(out, e, o)
}
