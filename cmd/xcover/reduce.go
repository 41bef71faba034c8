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
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/internal/plural"
	"github.com/xcover/xcover/specs"
)

// reduceOptions is what "xcover reduce" is asked.
type reduceOptions struct {
	IO     *iostreams.IO
	Input  searchcmd.Input
	To     specs.Format // "": DLX
	Reduce reduce.Config
}

func newCmdReduce(s *iostreams.IO, runF func(context.Context, *reduceOptions) error) *cli.Command {
	return &cli.Command{Name: "reduce", Usage: "remove the options and items that can be in no solution, as Knuth's DLX-PRE does", ArgsUsage: "[FILE|-]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "to", Usage: "write the reduced problem as `FORMAT` yaml or dlx (default: dlx)"},
			roundsFlag(),
			searchcmd.SpecFormatFlag(),
		},
		Action: searchcmd.Action(s, parseReduce, reduceRun, runF)}
}

func parseReduce(c *cli.Context, s *iostreams.IO) (*reduceOptions, error) {
	o := &reduceOptions{IO: s}
	var err error
	if o.To, err = searchcmd.SpecFormat(c, "to"); err != nil {
		return nil, err
	}
	if o.Reduce, err = reduceConfig(c); err != nil {
		return nil, err
	}
	o.Input, err = searchcmd.InputOf(c)
	return o, err
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

// reduceRun writes the problem without the options and items that
// Knuth's DLX-PRE removes (package reduce): exit 0 when written, 1 when the
// reduction proves that the problem has no solution (the output is then
// its empty primary item alone), 3 when stopped (what was reduced so far
// is written: it has the same solutions).
func reduceRun(ctx context.Context, o *reduceOptions) error {
	sp, _, err := searchcmd.LoadSpec(ctx, o.IO, o.Input)
	if err != nil {
		return err
	}
	start := time.Now()
	r, stop := reduce.Reduce(ctx, &sp.Problem, o.Reduce)
	if errors.Is(stop, reduce.ErrMultiplicities) {
		return exitcode.Bad(sp.BoundsError(stop, "reduce "+reduceRefusesBounds))
	} else if r == nil {
		return exitcode.Bad(stop)
	}
	out := &specs.Spec{Name: sp.Name, Description: sp.Description, Problem: r.Problem}
	var buf bytes.Buffer // nothing on stdout when the problem cannot be written
	if err := specs.Write(&buf, out, cmp.Or(o.To, specs.DLX)); err != nil {
		return exitcode.Bad(fmt.Errorf("reduce: %v", err))
	}
	if _, err := o.IO.Stdout.Write(buf.Bytes()); err != nil {
		return exitcode.Bad(fmt.Errorf("writing the output: %v", err))
	}
	fmt.Fprintf(o.IO.Stderr, "xcover: reduce: %s\n", reduceSummary(&sp.Problem, r, time.Since(start)))
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

// searched is the problem that a search of solve runs on: Solver is of
// Problem, the problem read, or of its reduction (solve --reduce), whose
// solutions Original maps back to Problem's options, with which they are
// printed.
type searched struct {
	Problem  *exactcover.Problem
	Solver   *exactcover.Solver
	Original func([]int) []int // nil: Solver is Problem's
}

// reduced reduces sp's problem as cfg says, for solve --reduce, and
// returns the search of the reduced problem.
func reduced(ctx context.Context, s *iostreams.IO, sp *specs.Spec, cfg reduce.Config) (searched, error) {
	start := time.Now()
	r, err := reduce.Reduce(ctx, &sp.Problem, cfg)
	switch {
	case errors.Is(err, reduce.ErrMultiplicities):
		return searched{}, exitcode.Bad(sp.BoundsError(err, "--reduce "+reduceRefusesBounds))
	case r == nil:
		return searched{}, exitcode.Bad(err)
	}
	// A reduction stopped by ctx is still a problem with the same
	// solutions; the search that follows sees ctx done and stops at once.
	fmt.Fprintf(s.Stderr, "xcover: reduce: %s\n", reduceSummary(&sp.Problem, r, time.Since(start)))
	solver, err := exactcover.New(&r.Problem)
	if err != nil {
		return searched{}, fmt.Errorf("compiling the reduced problem: %w", err) // a bug: it was compiled before reduction
	}
	return searched{Problem: &sp.Problem, Solver: solver, Original: r.OriginalSolution}, nil
}
