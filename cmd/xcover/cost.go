package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
)

// costFlags are solve's flags for problems whose options have costs
// (Knuth's DLX5).
func costFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "min-cost", Usage: "find the cheapest solution, a solution's cost being the sum of its options' (|n in DLX, cost: in YAML): print each solution cheaper than all before it, as found, with its cost; the last printed is the cheapest (Knuth's DLX5's model: --engine dlx is DLX5 step for step; sparse and bits search the same way faster, with counts of their own; auto is bits where it takes the problem (no colors, no secondary items, at most 256 items) and items have 8 options or more on average, as in packings, else sparse where they have 10 or fewer, else dlx)"},
		&cli.GenericFlag{Name: "best", Value: &cliparse.Count{Min: 1, Max: exactcover.MaxBest},
			Usage: "find the `K` cheapest solutions and print them when the search ends, cheapest first; of equal costs, the first found first"},
	}
}

// cheapestRefusesBounds says why --min-cost and --best refuse a problem
// with bounds.
const cheapestRefusesBounds = "--min-cost and --best take only exact-cover problems, each primary item covered exactly once, as Knuth's DLX5's taxes and cut-off assume"

// wantsCheapest reports whether the run asks for the cheapest solutions.
func wantsCheapest(c *cli.Context) bool { return c.Bool("min-cost") || c.IsSet("best") }

// costConflicts are the flags that ask for something a minimum-cost
// search does not do.
var costConflicts = []string{searchcmd.FlagCount, searchcmd.FlagAll, searchcmd.FlagLimit, searchcmd.FlagBranching,
	"memo", "zdd", "partial", "tree", "shard", "profile"}

// cheapestOptions is what --min-cost and --best K ask for.
type cheapestOptions struct {
	K int // the solutions looked for; 0: not a search for the cheapest
	// AtEnd (--best K) prints the K cheapest when the search ends;
	// without it (--min-cost) each solution cheaper than all before is
	// printed as it is found.
	AtEnd bool
}

// parseCheapest reads --min-cost and --best K of command, which refuses
// the flags in conflicts with them.
func parseCheapest(c *cli.Context, command string, req *searchcmd.Request, conflicts []string) (cheapestOptions, error) {
	for _, f := range conflicts {
		if c.IsSet(f) {
			return cheapestOptions{}, searchcmd.Usage(command, "--min-cost and --best search for the cheapest solutions alone: they do not combine with --%s", f)
		}
	}
	if c.Bool("min-cost") && c.IsSet("best") {
		return cheapestOptions{}, searchcmd.Usage(command, "--min-cost is --best 1: give one")
	}
	if e := req.Engine; e != exactcover.EngineAuto && e != exactcover.EngineDLX && e != exactcover.EngineSparse && e != exactcover.EngineBits {
		return cheapestOptions{}, searchcmd.Usage(command, "--min-cost and --best search with --engine dlx (Knuth's DLX5), sparse, bits or auto, not %s", e)
	}
	return cheapestOptions{K: max(int(searchcmd.Count(c, "best")), 1), AtEnd: c.IsSet("best")}, nil
}

// solveCheapest runs solve --min-cost or --best K (ch): Solver.Cheapest
// of p, with req's limits, and its checkpoints (big). It ends as every
// search does: exit 0 when a solution was found, 1 when the problem has
// none, 3 when stopped, with the best found printed.
func solveCheapest(ctx context.Context, s *iostreams.IO, req *searchcmd.Request, ch cheapestOptions, out *searchcmd.Writer, p searched, big *scale) error {
	k := ch.K
	cfg := exactcover.CostConfig{Best: k, MaxNodes: req.MaxNodes, Workers: req.Workers(false), Engine: req.Engine}
	if err := big.configureCost(&cfg, k, out); err != nil {
		return err
	}
	sols := report.NewSolutions(p.Problem, out.JSON)
	print := func(sol []int, cost int64) bool {
		if p.Original != nil {
			sol = p.Original(sol)
		}
		out.Record(sols.NextCost(sol, cost), true)
		return out.Flush() == nil // an improvement is shown at once
	}
	var visit func([]int, int64) bool
	if !ch.AtEnd {
		visit = print
	}
	if r := cfg.Resume; visit != nil && r != nil && len(r.Solutions) > 0 {
		// The cheapest found before, first: the last line printed is
		// always the cheapest known. (Cheapest checks it below.)
		if err := p.Solver.CheckCheckpoint(r); err != nil {
			return big.costResumeError(err)
		}
		print(r.Solutions[0].Options, r.Solutions[0].Cost)
	}
	res, err := p.Solver.Cheapest(ctx, cfg, visit)
	if errors.Is(err, exactcover.ErrEngineUnsupported) {
		return searchcmd.Usage("solve", "--engine %s: %v", cfg.Engine, err)
	}
	if err != nil && !errors.Is(err, ctx.Err()) {
		return big.costResumeError(err)
	}
	if ch.AtEnd {
		for _, b := range res.Best {
			print(b.Options, b.Cost)
		}
	}
	return big.finish(res.Stats, searchcmd.End(out, s, costOutcome(req, res, k, "solution", s.Stderr)))
}

// costOutcome is how a search for the k cheapest (what: "solution",
// "packing") ends: the summary, the stats line, the best costs on stderr,
// and the exit code.
func costOutcome(req *searchcmd.Request, res exactcover.CostResult, k int, what string, stderr io.Writer) searchcmd.Outcome {
	st := res.Stats
	o := searchcmd.Outcome{Found: len(res.Best) > 0}
	if req.JSON {
		o.Record = report.Cheapest(res)
	}
	improving := "improving " + what
	if req.Stats {
		o.Stats = report.StatsLine(st, plural.Of(st.Solutions, improving), 0)
	}
	best := fmt.Sprintf("the cheapest %s costs", what)
	switch {
	case len(res.Best) < k:
		verb := "are"
		if len(res.Best) == 1 {
			verb = "is"
		}
		best = fmt.Sprintf("there %s %s only, costing", verb, plural.Of(len(res.Best), what))
	case k > 1:
		best = fmt.Sprintf("the %d cheapest %ss cost", k, what)
	}
	found := "the cheapest found"
	if len(res.Best) > maxCostsNamed {
		found = fmt.Sprintf("the %d cheapest found", len(res.Best))
	}
	switch {
	case st.Status != exactcover.Complete && o.Found:
		o.Stopped = fmt.Errorf("%s; %s cost %s, not known to be the cheapest", report.Unfinished(st, 0, improving), found, costsText(res.Best))
	case st.Status != exactcover.Complete:
		o.Stopped = errors.New(report.Unfinished(st, 0, improving))
	case o.Found:
		o.Before = func() { fmt.Fprintf(stderr, "xcover: %s %s (the search is complete)\n", best, costsText(res.Best)) }
	default:
		o.None = fmt.Errorf("no %s (the search is complete)", what)
	}
	return o
}

// maxCostsNamed bounds the costs a message names one by one: the message
// is one line on stderr, and --best takes any k (the solutions themselves
// are on stdout with their costs).
const maxCostsNamed = 10

// costsText lists the costs of the best solutions: "7", "7, 8 and 8", or
// past maxCostsNamed of them, their range: "7 to 31".
func costsText(best []exactcover.CostSolution) string {
	if len(best) > maxCostsNamed {
		return fmt.Sprintf("%d to %d", best[0].Cost, best[len(best)-1].Cost)
	}
	var s strings.Builder
	for i, b := range best {
		switch {
		case i == 0:
		case i == len(best)-1:
			s.WriteString(" and ")
		default:
			s.WriteString(", ")
		}
		fmt.Fprint(&s, b.Cost)
	}
	return s.String()
}
