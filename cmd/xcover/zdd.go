package main

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/specs"
	"github.com/xcover/xcover/zdd"
)

// zddCommands are the subcommands of "xcover zdd"; do binds an action to
// the run's environment.
func zddCommands(do func(func(*cli.Context, *env) error) cli.ActionFunc) []*cli.Command {
	json := func() cli.Flag {
		return searchcmd.JSONFlag("print one JSON object per line, for programs: one per solution, then a summary")
	}
	printing := func(more ...cli.Flag) []cli.Flag { // the flags of the subcommands that print solutions
		return append(more, json(), searchcmd.SpecFormatFlag(), &cli.StringFlag{Name: "problem",
			Usage: "print solutions as \"xcover solve\" does, with the options of the problem in `FILE` (the one the ZDD was made from; - for stdin); without it, a solution is its option numbers (from 1) on one line"})
	}
	weights := func() cli.Flag {
		return &cli.StringFlag{Name: "weights", DefaultText: "the costs of --problem's options when it has some, else 1 for every option: the fewest or most options",
			Usage: "read the options' weights from `FILE`: whole numbers, the k-th for option k (from 1); without it, the costs of --problem's options (|n, cost:) when it has some"}
	}
	cmds := []*cli.Command{
		{Name: "count", Usage: "print the number of solutions", Flags: []cli.Flag{json()}},
		{Name: "sample", Usage: "print N solutions drawn independently and uniformly at random", Flags: printing(
			&cli.GenericFlag{Name: "n", Value: &cliparse.Count{N: 1, Min: 1}, Usage: "draw `N` solutions"},
			searchcmd.SeedFlag("seed the draws with `S`: the same seed draws the same solutions"))},
		{Name: "list", Usage: "print every solution", Flags: printing()},
		{Name: "min", Usage: "print a solution of least total weight, then its weight", Flags: printing(weights())},
		{Name: "max", Usage: "print a solution of greatest total weight, then its weight", Flags: printing(weights())},
	}
	for _, cmd := range cmds {
		cmd.ArgsUsage = "FILE|-"
		cmd.OnUsageError = usageError
		cmd.Action = do(zddAction)
	}
	return cmds
}

// zddAction runs one "xcover zdd" subcommand.
func zddAction(c *cli.Context, e *env) error {
	what, start := c.Command.Name, time.Now()
	if c.NArg() != 1 {
		return searchcmd.Usage(c.Command.Name, "expected one ZDD file (or - for stdin), got %d arguments", c.NArg())
	}
	if c.IsSet("problem") && c.String("problem") == "-" && c.Args().First() == "-" {
		return searchcmd.Usage(c.Command.Name, "the ZDD and --problem cannot both come from stdin")
	}
	name, r, err := e.OpenInput(c.Args().First())
	if err != nil {
		return exitcode.Bad(err)
	}
	z, err := zdd.Read(r, name) // a stream, gunzipped if need be, up to zdd.MaxBytes
	r.Close()
	if err != nil {
		return exitcode.Bad(err)
	}
	out := searchcmd.NewWriter(e, c.Bool(searchcmd.FlagJSON), nil)
	zp := &zddPrinter{out: out, zdd: name}
	if what != "count" {
		if err := zp.loadProblem(c, e, z); err != nil {
			return err
		}
	}
	sum := &report.ZDDSummary{Summary: report.Summary{Type: "summary"}}
	switch what {
	case "count":
		sum.Solutions, sum.ZDDNodes = z.Count(), z.Len()
		if !out.JSON {
			fmt.Fprintln(out, sum.Solutions)
		}
	case "sample":
		s := zdd.NewSampler(z)
		rng := rand.New(rand.NewPCG(c.Uint64(searchcmd.FlagSeed), 0x5851F42D4C957F2D))
		var set []int
		for range searchcmd.Count(c, "n") {
			var ok bool
			if set, ok = s.Sample(rng, set[:0]); !ok {
				break
			}
			if err := zp.solution(set); err != nil {
				return err
			}
		}
		sum.Solutions = s.Count()
	case "list":
		n, one := new(big.Int), big.NewInt(1)
		for set := range z.All() {
			if err := zp.solution(set); err != nil {
				return err
			}
			if n.Add(n, one); !out.Tick() {
				break
			}
		}
		sum.Solutions = n
	case "min", "max":
		if err := zp.optimum(c, e, z, what == "max", sum); err != nil {
			return err
		}
	}
	sum.Status, sum.Elapsed = exactcover.Complete.String(), time.Since(start).Seconds()
	return searchcmd.End(out, e, searchcmd.Outcome{Record: sum, Found: !z.Empty()}) // none: the output says it
}

// zddPrinter prints the solutions the zdd subcommands find: as solve
// prints them when the problem is known, else as option numbers.
type zddPrinter struct {
	out     *searchcmd.Writer
	zdd     string           // the ZDD's file, for messages
	problem string           // --problem's file, for messages
	solved  func([]int) bool // nil: option numbers
	check   *verify.Checker  // with --problem: each solution is checked before it is printed
	costs   []int64          // with --problem: the options' costs, the weights of min and max without --weights
	n       int64
	sorted  []int
}

// loadProblem reads --problem, when given, and checks that it is the
// problem the ZDD was made from: the one its header names (xcover writes
// the problem's digest there), and one that has the options the ZDD
// names. Each solution is then checked against it as it is printed
// (DLX6's ZDDs name no problem).
func (zp *zddPrinter) loadProblem(c *cli.Context, e *env, z *zdd.ZDD) error {
	file := c.String("problem")
	if file == "" {
		return nil
	}
	format, err := searchcmd.SpecFormat(c, searchcmd.FlagFormat)
	if err != nil {
		return err
	}
	sp, err := searchcmd.ReadSpec(e, file, format)
	if err != nil {
		return err
	}
	p := &sp.Problem
	if digest := z.Problem(); digest != "" {
		s, _, err := sp.Compile()
		if err != nil {
			return exitcode.Bad(err)
		}
		if h := s.Hash(); digest != hex.EncodeToString(h[:]) {
			return exitcode.Bad(fmt.Errorf("%s:1: the ZDD is of another problem (%.12s…) than %s (%.12s…): give the problem the ZDD was made from", zp.zdd, digest, file, hex.EncodeToString(h[:])))
		}
	}
	if v := z.MaxVar(); exactcover.ZDDOption(v) >= len(p.Options) {
		return exitcode.Bad(fmt.Errorf("the ZDD names option %d, but %s has %d options: is it the problem the ZDD was made from?", v, file, len(p.Options)))
	}
	zp.problem, zp.check = file, verify.NewChecker(p)
	if p.HasCosts() {
		for _, o := range p.Options {
			zp.costs = append(zp.costs, o.Cost)
		}
	}
	zp.solved = printSolutions(zp.out, p)
	return nil
}

// solution prints one set of the ZDD, its options in increasing order,
// once checked against the problem, when there is one.
func (zp *zddPrinter) solution(set []int) error {
	zp.n++
	zp.sorted = append(zp.sorted[:0], set...)
	slices.Sort(zp.sorted)
	if zp.solved != nil {
		for i, v := range zp.sorted {
			zp.sorted[i] = exactcover.ZDDOption(v)
		}
		if err := zp.check.Check(zp.sorted); err != nil {
			return exitcode.Bad(fmt.Errorf("%s: solution %d is not a cover of %s: %v", zp.zdd, zp.n, zp.problem, err))
		}
		zp.solved(zp.sorted)
		return nil
	}
	zp.out.Record(report.Numbers(zp.out.Scratch(), zp.n, zp.sorted, zp.out.JSON), false)
	return nil
}

// optimum prints a solution of least (greatest) total weight, then its
// weight.
func (zp *zddPrinter) optimum(c *cli.Context, e *env, z *zdd.ZDD, maximize bool, sum *report.ZDDSummary) error {
	weight := func(int) int64 { return 1 }
	if zp.costs != nil { // the problem's costs, unless --weights says otherwise
		weight = func(v int) int64 { return zp.costs[exactcover.ZDDOption(v)] }
	}
	if file := c.String("weights"); file != "" {
		ws, err := readWeights(e, file)
		if err != nil {
			return err
		}
		if v := z.MaxVar(); v > len(ws) {
			return exitcode.Bad(fmt.Errorf("--weights: %s gives %d weights, but the ZDD names option %d", file, len(ws), v))
		}
		weight = func(v int) int64 { return ws[v-1] }
	}
	best := z.MinWeight
	if maximize {
		best = z.MaxWeight
	}
	total, set, ok, err := best(weight)
	if err != nil {
		return exitcode.Bad(err)
	}
	if !ok {
		sum.Solutions = new(big.Int)
		return nil
	}
	if err := zp.solution(set); err != nil {
		return err
	}
	sum.Solutions, sum.Weight = big.NewInt(1), &total
	if !zp.out.JSON {
		zp.out.Text([]byte(fmt.Sprintf("weight %d\n", total)), zp.solved != nil)
	}
	return nil
}

// readWeights reads the options' weights from file.
func readWeights(e *env, file string) ([]int64, error) {
	name, data, err := e.ReadFile(file, specs.MaxDLXBytes, "a list of weights")
	if err != nil {
		return nil, err
	}
	ws, err := zdd.ParseWeights(name, data)
	if err == nil && len(ws) == 0 {
		err = fmt.Errorf("--weights: %s: no weights", name)
	}
	return ws, exitcode.Bad(err)
}
