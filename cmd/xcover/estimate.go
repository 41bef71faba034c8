package main

import (
	"bufio"
	"fmt"
	"strings"

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
		return withCode(exitStopped, fmt.Errorf("%s while reading the input", statusText(stopped(ctx), 0)))
	} else if err != nil {
		return err
	}
	est, err := s.Estimate(ctx, exactcover.EstimateConfig{Probes: int(countOf(c, "probes")), Seed: c.Uint64(flagSeed),
		Engine: eng, Branching: rule})
	if err != nil {
		return withCode(exitStopped, fmt.Errorf("%s: no estimate", statusText(stopped(ctx), 0)))
	}
	out := &writer{w: bufio.NewWriter(e.stdout), json: c.Bool(flagJSON)}
	engine := s.EngineFor(eng)
	if out.json {
		out.object(report.EstimateOf(est, engine))
		return out.close()
	}
	var b strings.Builder
	if est.Exact {
		fmt.Fprintf(&b, "The %s search explored the whole tree while measuring its speed:\n", engine)
		fmt.Fprintf(&b, "  nodes      %.0f (exact)\n  solutions  %.0f (exact)\n  time       %s\n", est.Nodes, est.Solutions, humanSeconds(est.Seconds))
	} else {
		fmt.Fprintf(&b, "Estimate of the %s search tree from %d random probes (seed %d), ± one standard error:\n", engine, est.Probes, est.Seed)
		fmt.Fprintf(&b, "  nodes      %.4g ± %s\n", est.Nodes, relative(est.NodesErr, est.Nodes))
		fmt.Fprintf(&b, "  solutions  %.4g ± %s\n", est.Solutions, relative(est.SolutionsErr, est.Solutions))
		fmt.Fprintf(&b, "  depth      up to %d levels seen\n", est.MaxDepth)
		fmt.Fprintf(&b, "  time       about %s at %.3g nodes/s (measured on a short search)\n", humanSeconds(est.Seconds), est.NodesPerSecond)
	}
	out.text([]byte(b.String()), false)
	return out.close()
}

// relative writes err as a percentage of x.
func relative(err, x float64) string {
	if x == 0 {
		return fmt.Sprintf("%.3g", err)
	}
	return fmt.Sprintf("%.2g%%", 100*err/x)
}

// humanSeconds writes a number of seconds for people: seconds to years.
func humanSeconds(s float64) string {
	for _, u := range []struct {
		name string
		secs float64
	}{{"years", 365.25 * 86400}, {"days", 86400}, {"hours", 3600}, {"minutes", 60}} {
		if s >= 2*u.secs {
			return fmt.Sprintf("%.3g %s", s/u.secs, u.name)
		}
	}
	return fmt.Sprintf("%.3g s", s)
}
