package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/internal/plural"
	"github.com/xcover/xcover/specs"
)

func reduceFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "to", Usage: "write the reduced problem as `FORMAT` yaml or dlx (default: dlx)"},
		roundsFlag(),
		searchcmd.SpecFormatFlag(),
	}
}

// roundsFlag bounds the passes of a reduction, for reduce and solve
// --reduce.
func roundsFlag() cli.Flag {
	return &cli.IntFlag{Name: "rounds", Usage: "reduce with at most `N` passes over the items (default: until a pass changes nothing, as Knuth's DLX-PRE)"}
}

// reduceConfig reads --rounds.
func reduceConfig(c *cli.Context) (reduce.Config, error) {
	n := c.Int("rounds")
	if n < 0 || c.IsSet("rounds") && n == 0 {
		return reduce.Config{}, searchcmd.Usage(c.Command.Name, "--rounds %d: expected a number of passes, at least 1", n)
	}
	return reduce.Config{Rounds: n}, nil
}

// reduceRefusesBounds says why reduce and solve --reduce refuse a problem
// with bounds.
const reduceRefusesBounds = "takes only exact-cover problems, each primary item covered exactly once, as its rules assume (colors are fine)"

// reduceProblem writes the problem without the options and items that
// Knuth's DLX-PRE removes (package reduce): exit 0 when written, 1 when the
// reduction proves that the problem has no solution (the output is then
// its empty primary item alone), 3 when stopped (what was reduced so far
// is written: it has the same solutions).
func reduceProblem(c *cli.Context, e *env) error {
	to, err := searchcmd.SpecFormat(c, "to")
	if err != nil {
		return err
	}
	cfg, err := reduceConfig(c)
	if err != nil {
		return err
	}
	sp, _, err := loadSpec(c.Context, c, e)
	if err != nil {
		return err
	}
	start := time.Now()
	r, stop := reduce.Reduce(c.Context, &sp.Problem, cfg)
	if errors.Is(stop, reduce.ErrMultiplicities) {
		return exitcode.Bad(sp.BoundsError(stop, "reduce "+reduceRefusesBounds))
	} else if r == nil {
		return exitcode.Bad(stop)
	}
	out := &specs.Spec{Name: sp.Name, Description: sp.Description, Problem: r.Problem}
	var buf bytes.Buffer // nothing on stdout when the problem cannot be written
	if err := specs.Write(&buf, out, cmp.Or(to, specs.DLX)); err != nil {
		return exitcode.Bad(fmt.Errorf("reduce: %v", err))
	}
	if _, err := e.Stdout.Write(buf.Bytes()); err != nil {
		return exitcode.Bad(fmt.Errorf("writing the output: %v", err))
	}
	fmt.Fprintf(e.Stderr, "xcover: reduce: %s\n", reduceSummary(&sp.Problem, r, time.Since(start)))
	switch {
	case stop != nil:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("reduce: stopped (%v) after %d rounds; the problem written has the same solutions", stop, r.Rounds))
	case r.Infeasible:
		return exitcode.With(exitcode.None, fmt.Errorf("reduce: primary item %q is in no option that can be part of a solution: the problem has no solution", r.Problem.Primary[0]))
	}
	return nil
}

// reduceSummary says what a reduction of p removed, in how many rounds
// and how long.
func reduceSummary(p *exactcover.Problem, r *reduce.Result, d time.Duration) string {
	return fmt.Sprintf("removed %d of %s and %d of %s in %s (%v)",
		r.RemovedOptions, plural.Of(len(p.Options), "option"), r.RemovedItems, plural.Of(p.NumItems(), "item"),
		plural.Of(r.Rounds, "round"), d.Round(time.Microsecond))
}

// reduced reduces sp's problem for solve --reduce and returns the solver
// of the reduced problem and the map from its solutions to the original's.
// refused says that the run has flags that name or draw the original's
// options (--partial, --tree), which do not combine.
func reduced(ctx context.Context, c *cli.Context, e *env, sp *specs.Spec, refused bool) (*exactcover.Solver, func([]int) []int, error) {
	if refused {
		return nil, nil, searchcmd.Usage(c.Command.Name, "--reduce changes the options searched: it does not combine with --partial or --tree")
	}
	cfg, err := reduceConfig(c)
	if err != nil {
		return nil, nil, err
	}
	start := time.Now()
	r, err := reduce.Reduce(ctx, &sp.Problem, cfg)
	switch {
	case errors.Is(err, reduce.ErrMultiplicities):
		return nil, nil, exitcode.Bad(sp.BoundsError(err, "--reduce "+reduceRefusesBounds))
	case r == nil:
		return nil, nil, exitcode.Bad(err)
	}
	// A reduction stopped by ctx is still a problem with the same
	// solutions; the search that follows sees ctx done and stops at once.
	fmt.Fprintf(e.Stderr, "xcover: reduce: %s\n", reduceSummary(&sp.Problem, r, time.Since(start)))
	s, err := exactcover.New(&r.Problem)
	if err != nil {
		return nil, nil, fmt.Errorf("compiling the reduced problem: %w", err) // a bug: it was compiled before reduction
	}
	return s, r.OriginalSolution, nil
}
