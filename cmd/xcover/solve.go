package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/explain"
)

// maxTreeNodes bounds the drawing of --tree: Graphviz takes minutes to lay
// out more, and the drawing is unreadable anyway.
const maxTreeNodes = 2000

// solveOptions is what "xcover solve" is asked.
type solveOptions struct {
	IO    *iostreams.IO
	Input searchcmd.Input
	searchcmd.Request
	Branching    exactcover.Branching
	BranchingSet bool     // --branching given: a resumed search keeps it, not the checkpoint's
	Partial      []string // --partial: the options to start from, numbers from 1 or labels
	Tree         string   // --tree: the file of the drawing ("": none)
	Profile      bool
	Scale        scaleOptions    // -j, checkpoints and shards (scale.go)
	Memo         *memoOptions    // --memo or --zdd (count.go); nil: none
	Reduce       *reduce.Config  // --reduce first (reduce.go); nil: none
	Cheapest     cheapestOptions // --min-cost or --best K (cost.go)
}

func newCmdSolve(s *iostreams.IO, runF func(context.Context, *solveOptions) error) *cli.Command {
	return &cli.Command{Name: "solve", Usage: "solve an exact-cover problem written in YAML or Knuth's DLX format", ArgsUsage: "[FILE|-]",
		Flags: solveFlags(), Action: searchcmd.Action(s, parseSolve, solveRun, runF)}
}

// solveFlags are the shared search flags, then solve's own: the problem
// and the search, big searches (scale.go; see the exactcover package
// documentation, "Big searches"), and counting beyond enumeration
// (count.go).
func solveFlags() []cli.Flag {
	return append(append(searchcmd.SearchFlags("solution"), costFlags()...), searchcmd.SpecFormatFlag(),
		searchcmd.BranchingFlag("`RULE` for the item to branch on, always one with the fewest options: knuth (ties to the first; DLX1's statistics) or weighted (ties to the item whose options ran out most often so far: smaller trees on hard constrained problems such as Sudoku)"),
		&cli.BoolFlag{Name: "profile", Usage: "print the number of search-tree nodes at each level on stderr, as Knuth's DLX1 does"},
		&cli.GenericFlag{Name: "partial", Value: &cliparse.OptionRefs{},
			Usage: "start from the options `REFS`: numbers from 1 or labels, comma-separated or one per --partial; label:TEXT for a label that is a number or holds a comma"},
		&cli.StringFlag{Name: "tree",
			Usage: fmt.Sprintf("draw the search tree (what the search explores, up to %d nodes) in `FILE` as Graphviz DOT", maxTreeNodes)},
		searchcmd.JobsFlag(searchcmd.JobsUsage, searchcmd.JobsDefault),
		&cli.StringFlag{Name: "checkpoint",
			Usage: "save the search's position to `FILE` every --checkpoint-every and when it is stopped (Ctrl-C, SIGTERM, SIGHUP, --timeout, --max-nodes); go on later with --resume FILE. A checkpoint that cannot be written (a full disk) is a warning, once: the exit code stays the search's, and a stopped search (exit 3) whose last position could not be saved says so on its last line"},
		&cli.GenericFlag{Name: "checkpoint-every", Value: &cliparse.Duration{D: exactcover.DefaultCheckpointEvery},
			Usage: "with --checkpoint, save every `DURATION`"},
		&cli.StringFlag{Name: "resume",
			Usage: "go on with the search saved in checkpoint `FILE`: the same problem, asked the same way (--count, --all or --limit N; --partial; --shard), with any -j, --timeout or --max-nodes, saving to FILE as it goes unless --checkpoint names another"},
		&cli.StringFlag{Name: "shard",
			Usage: "search only part `K/N` of the search tree, for one of N machines; add the parts' --json outputs up with \"xcover merge\""},
		&cli.BoolFlag{Name: "memo",
			Usage: "count by memoizing where it pays (implies --count; exact counts of any size): the search runs first, memoizing takes over when its bound or a short trial shows it ahead; on one core (-j 1)"},
		&cli.GenericFlag{Name: "memo-limit", Value: &cliparse.Size{N: exactcover.DefaultMemoLimit},
			Usage: "let memoizing take at most `SIZE` of memory (512MiB, 8GiB); beyond, --memo counts by the search and --zdd stops with exit 3"},
		&cli.BoolFlag{Name: "reduce", Usage: "first remove the options and items that can be in no solution, as \"xcover reduce\" does; solutions are printed as options of the original problem"},
		roundsFlag(),
		&cli.StringFlag{Name: "zdd",
			Usage: "write the ZDD of all solutions to `FILE` (Knuth's ZDDREAD format; see \"xcover help zdd\") and print the count; built by memoizing, on one core, without --engine or --branching"})
}

// parseSolve reads solve's flags into its options and checks how they
// combine.
func parseSolve(c *cli.Context, s *iostreams.IO) (*solveOptions, error) {
	req, err := searchcmd.RequestOf(c)
	if err != nil {
		return nil, err
	}
	o := &solveOptions{IO: s, Request: *req, Branching: searchcmd.Branching(c), BranchingSet: c.IsSet(searchcmd.FlagBranching),
		Partial: c.Generic("partial").(*cliparse.OptionRefs).Refs, Profile: c.Bool("profile")}
	if err := learnConflicts(c, req); err != nil {
		return nil, err
	}
	if o.Memo, err = parseMemo(c, &o.Request); err != nil {
		return nil, err
	}
	if o.Scale, err = parseScale(c); err != nil {
		return nil, err
	}
	if o.Memo != nil && (o.Scale.Checkpoint != "" || o.Scale.Shard.N > 0) {
		return nil, searchcmd.Usage("solve", "--memo and --zdd count without dividing a search: they do not combine with --checkpoint, --resume or --shard")
	}
	if o.Tree, err = parseTree(c, o); err != nil {
		return nil, err
	}
	if o.Input, err = searchcmd.InputOf(c); err != nil {
		return nil, err
	}
	if o.Reduce, err = reduceFirst(c, o); err != nil {
		return nil, err
	}
	if wantsCheapest(c) {
		if o.Cheapest, err = parseCheapest(c, "solve", &o.Request, costConflicts); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// parseTree reads --tree: the file of the drawing of the search, which
// starts at the root and branches by Knuth's rule.
func parseTree(c *cli.Context, o *solveOptions) (string, error) {
	if !c.IsSet("tree") {
		return "", nil
	}
	if len(o.Partial) > 0 || o.Branching != exactcover.KnuthMRV {
		return "", searchcmd.Usage("solve", "--tree draws the search of Knuth's rule from its root: it does not combine with --partial or --branching weighted")
	}
	return c.String("tree"), iostreams.CheckOutputName("--tree", c.String("tree"))
}

// reduceFirst reads --reduce and --rounds: how to reduce the problem
// before the search, nil for no reduction. A reduced problem has options
// of its own, which --partial and --tree cannot name.
func reduceFirst(c *cli.Context, o *solveOptions) (*reduce.Config, error) {
	if !c.Bool("reduce") {
		return nil, nil
	}
	if len(o.Partial) > 0 || o.Tree != "" {
		return nil, searchcmd.Usage("solve", "--reduce changes the options searched: it does not combine with --partial or --tree")
	}
	cfg, err := reduceConfig(c)
	return &cfg, err
}

// solveRun reads the problem and answers what o asks: a search (listing
// or counting), a count by memoizing, or the cheapest solutions.
func solveRun(ctx context.Context, o *solveOptions) error {
	big, err := newScale(o.IO, o.Scale)
	if err != nil {
		return err
	}
	var drawing *iostreams.OutputFile
	if o.Tree != "" {
		if drawing, err = o.IO.CreateOutput("--tree", o.Tree); err != nil {
			return err
		}
		defer drawing.Abort()
	}
	ctx, out, cancel := searchcmd.Begin(ctx, o.IO, &o.Request)
	defer cancel()
	sp, solver, err := searchcmd.LoadSpec(ctx, o.IO, o.Input)
	if ctx.Err() != nil {
		stopped := exactcover.Stats{Status: exactcover.StoppedBy(ctx.Err())}
		return searchcmd.End(out, o.IO, searchcmd.Searched(&o.Request, stopped, searchcmd.Ending{What: "solution", Reading: true}))
	} else if err != nil {
		return err
	}
	p := searched{Problem: &sp.Problem, Solver: solver}
	if o.Reduce != nil {
		if p, err = reduced(ctx, o.IO, sp, *o.Reduce); err != nil {
			return err
		}
	}
	switch {
	case o.Cheapest.K > 0:
		if err := sp.BoundsError(exactcover.ErrCostBounds, cheapestRefusesBounds); err != nil {
			return exitcode.Bad(err)
		}
		return solveCheapest(ctx, o.IO, &o.Request, o.Cheapest, out, p, big) // cost.go
	case sp.Problem.HasCosts():
		fmt.Fprintln(o.IO.Stderr, "xcover: note: the options have costs, which this search ignores (--min-cost or --best K looks for the cheapest)")
	}
	if o.Memo != nil {
		return solveMemo(ctx, o.IO, &o.Request, o.Memo, out, p.Solver) // count.go
	}
	return solveSearch(ctx, o, out, p, drawing, big)
}

// solveSearch runs the search of p, listing or counting its solutions,
// from --partial, drawn with --tree, on -j workers, with checkpoints and
// shards (big), and ends the output.
func solveSearch(ctx context.Context, o *solveOptions, out *searchcmd.Writer, p searched, drawing *iostreams.OutputFile, big *scale) error {
	// The nodes per level are kept only for the outputs that show them:
	// --profile, --json, and a shard's output for merge.
	cfg := exactcover.Config{MaxSolutions: o.Limit, MaxNodes: o.MaxNodes, Engine: o.Engine, Branching: o.Branching,
		SkipProfile: !o.Profile && !o.JSON && o.Scale.Shard.N == 0}
	var err error
	if cfg.Partial, err = p.Problem.FindOptions(o.Partial); err != nil {
		return searchcmd.Usage("solve", "--partial: %v", err)
	}
	if drawing != nil {
		if err := drawTree(ctx, o, p.Problem, drawing); err != nil {
			return err
		}
	}
	cfg.Progress, cfg.ProgressEvery = searchcmd.SearchProgress(out.Status)
	var visit func([]int) bool
	if !o.Count {
		visit = printSolutions(out, p.Problem)
		if p.Original != nil {
			print := visit
			visit = func(sol []int) bool { return print(p.Original(sol)) }
		}
	}
	if err := big.configure(&cfg, &o.Request, o.BranchingSet, out); err != nil {
		return err
	}
	var st exactcover.Stats
	if visit != nil {
		st, err = p.Solver.Search(ctx, cfg, visit)
	} else {
		cfg.Method = exactcover.MethodSearch
		var res exactcover.CountResult
		res, err = p.Solver.Count(ctx, cfg)
		st = res.Search
	}
	early, late := big.searchError(err, o.Engine)
	if early != nil {
		return early // found before any solution was printed
	}
	end := searchcmd.Ending{What: "solution"}
	if o.JSON {
		end.Record = report.Search(st, p.Solver.Hash(), cfg.Branching)
	}
	if o.Profile { // as Knuth's DLX1 prints it with its show_profile option
		end.Before = func() {
			fmt.Fprintln(o.IO.Stderr, "Profile:")
			for level, n := range st.Profile {
				fmt.Fprintf(o.IO.Stderr, "%3d: %d\n", level, n)
			}
		}
	}
	err = searchcmd.End(out, o.IO, searchcmd.Searched(&o.Request, st, end))
	if late != nil {
		return late
	}
	return big.finish(st, err)
}

// drawTree draws in the file of --tree the tree of the search that
// follows, as far as maxTreeNodes; a drawing stopped by ctx is not
// written (the search will stop as well).
func drawTree(ctx context.Context, o *solveOptions, p *exactcover.Problem, drawing *iostreams.OutputFile) error {
	tc := explain.TreeConfig{MaxNodes: min(cmp.Or(o.MaxNodes, maxTreeNodes), maxTreeNodes), MaxSolutions: o.Limit}
	var buf bytes.Buffer
	st, err := explain.WriteTree(ctx, &buf, p, tc)
	if err != nil {
		return nil
	}
	if err := drawing.Commit(buf.Bytes()); err != nil {
		return err
	}
	if st.Status == exactcover.NodeLimit && tc.MaxNodes != o.MaxNodes {
		fmt.Fprintf(o.IO.Stderr, "xcover: --tree: drew the first %d nodes of the search, the most it draws\n", maxTreeNodes)
	}
	return nil
}

// learnTree are the flags of solve that need a search tree, which the
// learning engine does not have, each with what it does with the tree.
// (The library refuses --checkpoint, --resume and --shard with the
// learning engine: ErrNoTree.)
var learnTree = []struct{ flag, use string }{
	{"memo", "which --memo counts by, memoizing where it pays"},
	{"tree", "which --tree draws"},
	{"profile", "which --profile counts level by level"},
	{searchcmd.FlagBranching, "whose branching --branching chooses (the learner's decisions follow what its conflicts taught)"},
}

// learnConflicts refuses the flags that --engine learn cannot do, rather
// than run another engine or ignore them.
func learnConflicts(c *cli.Context, req *searchcmd.Request) error {
	if req.Engine != exactcover.EngineLearn {
		return nil
	}
	for _, f := range learnTree {
		if c.IsSet(f.flag) {
			return searchcmd.Usage("solve", "--engine learn: the learning engine has no search tree, %s: use the sparse, dlx or bits engine with --%s", f.use, f.flag)
		}
	}
	return nil
}

// printSolutions returns the visitor that prints solve's solutions as
// report.Solutions formats them; it returns false to stop the search when
// the output cannot be written.
func printSolutions(out *searchcmd.Writer, p *exactcover.Problem) func([]int) bool {
	sols := report.NewSolutions(p, out.JSON)
	return func(sol []int) bool {
		out.Record(sols.Next(sol), true)
		return out.Tick()
	}
}
