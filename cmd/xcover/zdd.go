package main

import (
	"context"
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/specs"
	"github.com/xcover/xcover/zdd"
)

// zddOptions is what a subcommand of "xcover zdd" is asked.
type zddOptions struct {
	IO   *iostreams.IO
	What string // the subcommand: count, sample, list, min or max
	File string // the ZDD ("-": stdin)
	JSON bool
	// Problem is the problem the ZDD was made from, whose options the
	// solutions are printed with ("": none; with Format, its format).
	Problem string
	Format  specs.Format
	N       int64  // sample: the solutions drawn
	Seed    uint64 // sample
	Weights string // min, max: the file of the options' weights ("": the problem's costs, else 1)
}

// newCmdZDD returns "xcover zdd" and its subcommands.
func newCmdZDD(s *iostreams.IO, runF func(context.Context, *zddOptions) error) *cli.Command {
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
		cmd.OnUsageError = searchcmd.OnUsageError
		cmd.Action = searchcmd.Action(s, parseZDD, zddRun, runF)
	}
	return &cli.Command{Name: "zdd", Usage: "count, sample, list or weigh the solutions in a ZDD that \"solve --zdd\" wrote", Subcommands: cmds}
}

func parseZDD(c *cli.Context, s *iostreams.IO) (*zddOptions, error) {
	o := &zddOptions{IO: s, What: c.Command.Name, File: c.Args().First(), JSON: c.Bool(searchcmd.FlagJSON)}
	if c.NArg() != 1 {
		return nil, searchcmd.Usage(o.What, "expected one ZDD file (or - for stdin), got %d arguments", c.NArg())
	}
	switch o.What {
	case "sample":
		o.N, o.Seed = searchcmd.Count(c, "n"), c.Uint64(searchcmd.FlagSeed)
	case "min", "max":
		o.Weights = c.String("weights")
	}
	if o.What != "count" {
		o.Problem = c.String("problem")
	}
	if o.Problem == "" {
		return o, nil
	}
	if o.Problem == "-" && o.File == "-" {
		return nil, searchcmd.Usage(o.What, "the ZDD and --problem cannot both come from stdin")
	}
	var err error
	o.Format, err = searchcmd.SpecFormat(c, searchcmd.FlagFormat)
	return o, err
}

// zddRun runs one "xcover zdd" subcommand.
func zddRun(_ context.Context, o *zddOptions) error {
	start := time.Now()
	name, r, err := o.IO.OpenInput(o.File)
	if err != nil {
		return exitcode.Bad(err)
	}
	z, err := zdd.Read(r, name) // a stream, gunzipped if need be, up to zdd.MaxBytes
	r.Close()
	if err != nil {
		return exitcode.Bad(err)
	}
	out := searchcmd.NewWriter(o.IO, o.JSON, nil)
	zp := &zddPrinter{out: out, zdd: name}
	if o.What != "count" {
		if err := zp.loadProblem(o, z); err != nil {
			return err
		}
	}
	sum := &report.ZDDSummary{Summary: report.Summary{Type: "summary"}}
	switch o.What {
	case "count":
		sum.Solutions, sum.ZDDNodes = z.Count(), z.Len()
		if !out.JSON {
			fmt.Fprintln(out, sum.Solutions)
		}
	case "sample":
		sum.Solutions, err = zp.sample(z, o.N, o.Seed)
	case "list":
		sum.Solutions, err = zp.list(z)
	case "min", "max":
		err = zp.optimum(o, z, o.What == "max", sum)
	}
	if err != nil {
		return err
	}
	sum.Status, sum.Elapsed = exactcover.Complete.String(), time.Since(start).Seconds()
	return searchcmd.End(out, o.IO, searchcmd.Outcome{Record: sum, Found: !z.Empty()}) // none: the output says it
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
func (zp *zddPrinter) loadProblem(o *zddOptions, z *zdd.ZDD) error {
	file := o.Problem
	if file == "" {
		return nil
	}
	sp, err := searchcmd.ReadSpec(o.IO, file, o.Format)
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

// sample prints n solutions drawn at random with seed, and returns the
// number of solutions of z.
func (zp *zddPrinter) sample(z *zdd.ZDD, n int64, seed uint64) (*big.Int, error) {
	s := zdd.NewSampler(z)
	rng := rand.New(rand.NewPCG(seed, 0x5851F42D4C957F2D))
	var set []int
	for range n {
		var ok bool
		if set, ok = s.Sample(rng, set[:0]); !ok {
			break
		}
		if err := zp.solution(set); err != nil {
			return nil, err
		}
	}
	return s.Count(), nil
}

// list prints every solution of z, until the output cannot be written,
// and returns how many it printed.
func (zp *zddPrinter) list(z *zdd.ZDD) (*big.Int, error) {
	n, one := new(big.Int), big.NewInt(1)
	for set := range z.All() {
		if err := zp.solution(set); err != nil {
			return nil, err
		}
		if n.Add(n, one); !zp.out.Tick() {
			break
		}
	}
	return n, nil
}

// optimum prints a solution of least (greatest) total weight, then its
// weight.
func (zp *zddPrinter) optimum(o *zddOptions, z *zdd.ZDD, maximize bool, sum *report.ZDDSummary) error {
	weight := func(int) int64 { return 1 }
	if zp.costs != nil { // the problem's costs, unless --weights says otherwise
		weight = func(v int) int64 { return zp.costs[exactcover.ZDDOption(v)] }
	}
	if file := o.Weights; file != "" {
		ws, err := readWeights(o.IO, file)
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
func readWeights(s *iostreams.IO, file string) ([]int64, error) {
	name, data, err := s.ReadFile(file, specs.MaxDLXBytes, "a list of weights")
	if err != nil {
		return nil, err
	}
	ws, err := zdd.ParseWeights(name, data)
	if err == nil && len(ws) == 0 {
		err = fmt.Errorf("--weights: %s: no weights", name)
	}
	return ws, exitcode.Bad(err)
}
