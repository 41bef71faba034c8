package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
)

// estimateOptions is what "xcover estimate" is asked.
type estimateOptions struct {
	IO        *iostreams.IO
	Input     searchcmd.Input
	Timeout   time.Duration // 0: none
	JSON      bool
	Probes    int
	Seed      uint64
	Engine    exactcover.Engine // whose tree is estimated
	Branching exactcover.Branching
}

func newCmdEstimate(s *iostreams.IO, runF func(context.Context, *estimateOptions) error) *cli.Command {
	return &cli.Command{Name: "estimate", Usage: "estimate the search tree's size, solutions and time before a long run (Knuth's random probes)", ArgsUsage: "[FILE|-]",
		Flags: []cli.Flag{
			&cli.GenericFlag{Name: "probes", Value: &cliparse.Count{N: exactcover.DefaultProbes, Min: 1, Max: 1 << 40},
				Usage: "walk `N` random paths down the tree (the error shrinks as 1/√N)"},
			searchcmd.SeedFlag("seed the random walks with `S`: the same seed gives the same estimate"),
			searchcmd.EngineFlag("estimate the tree of `ENGINE`'s search: sparse, bits, dlx or auto, as solve's --engine"),
			searchcmd.BranchingFlag("estimate the tree of the branching `RULE`: knuth or weighted"),
			searchcmd.JSONFlag("print the estimate as one JSON object, for programs"),
			searchcmd.SpecFormatFlag(), searchcmd.TimeoutFlag(),
		},
		Action: searchcmd.Action(s, parseEstimate, estimateRun, runF)}
}

func parseEstimate(c *cli.Context, s *iostreams.IO) (*estimateOptions, error) {
	o := &estimateOptions{IO: s, Timeout: searchcmd.Duration(c, searchcmd.FlagTimeout), JSON: c.Bool(searchcmd.FlagJSON),
		Probes: int(searchcmd.Count(c, "probes")), Seed: c.Uint64(searchcmd.FlagSeed), Engine: searchcmd.Engine(c), Branching: searchcmd.Branching(c)}
	if o.Engine == exactcover.EngineLearn {
		return nil, searchcmd.Usage("estimate", "--engine learn: the learning engine has no search tree to estimate: estimate the tree of the sparse, dlx or bits engine")
	}
	var err error
	o.Input, err = searchcmd.InputOf(c)
	return o, err
}

// estimateRun probes the tree of the problem read and prints the estimate.
func estimateRun(ctx context.Context, o *estimateOptions) error {
	ctx, cancel := searchcmd.WithTimeout(ctx, o.Timeout)
	defer cancel()
	_, s, err := searchcmd.LoadSpec(ctx, o.IO, o.Input)
	if ctx.Err() != nil {
		return exitcode.With(exitcode.Stopped, errors.New(report.StoppedReading(exactcover.StoppedBy(ctx.Err()))))
	} else if err != nil {
		return err
	}
	est, err := s.Estimate(ctx, exactcover.EstimateConfig{Probes: o.Probes, Seed: o.Seed, Engine: o.Engine, Branching: o.Branching})
	status := exactcover.Complete
	switch {
	case err != nil && ctx.Err() == nil:
		return err
	case err != nil && est.Probes == 0:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s before the first probe: no estimate", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0)))
	case err != nil: // the estimate of the probes made so far
		status = exactcover.StoppedBy(ctx.Err())
	}
	out := searchcmd.NewWriter(o.IO, o.JSON, nil)
	engine := s.EngineFor(o.Engine)
	end := searchcmd.Outcome{Record: report.EstimateOf(est, engine, status), Text: report.EstimateText(est, engine, status),
		Found: !est.Exact || !est.Solutions.IsZero()} // a search of the whole tree found none: the estimate says it
	if status != exactcover.Complete {
		end.Stopped = fmt.Errorf("%s after %d of %d probes: the estimate is theirs", report.StatusText(status, 0), est.Probes, o.Probes)
	}
	return searchcmd.End(out, o.IO, end)
}
