package main

import (
	"bytes"
	"cmp"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
)

// maxTreeNodes bounds the drawing of --tree: Graphviz takes minutes to lay
// out more, and the drawing is unreadable anyway.
const maxTreeNodes = 2000

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

func solve(c *cli.Context, e *env) error {
	req, err := searchcmd.RequestOf(c)
	if err != nil {
		return err
	}
	if err := learnConflicts(c, req); err != nil {
		return err
	}
	mr, err := memoRequestOf(c, req)
	if err != nil {
		return err
	}
	cfg := exactcover.Config{MaxSolutions: req.Limit, MaxNodes: req.MaxNodes, Engine: req.Engine}
	big, err := scaleOf(c, e)
	if err != nil {
		return err
	}
	if mr != nil && (big.checkpoint != "" || big.shard.N > 0) {
		return searchcmd.Usage(c.Command.Name, "--memo and --zdd count without dividing a search: they do not combine with --checkpoint, --resume or --shard")
	}
	refs := c.Generic("partial").(*cliparse.OptionRefs).Refs
	cfg.Branching = searchcmd.Branching(c)
	var drawing *iostreams.OutputFile
	if c.IsSet("tree") {
		if len(refs) > 0 || cfg.Branching != exactcover.KnuthMRV {
			return searchcmd.Usage(c.Command.Name, "--tree draws the search of Knuth's rule from its root: it does not combine with --partial or --branching weighted")
		} else if drawing, err = e.CreateOutput("--tree", c.String("tree")); err != nil {
			return err
		}
		defer drawing.Abort()
	}
	ctx, out, cancel := searchcmd.Begin(c.Context, e, req)
	defer cancel()
	end := searchcmd.Ending{What: "solution"}
	sp, solver, err := loadSpec(ctx, c, e)
	if ctx.Err() != nil {
		end.Reading = true
		return searchcmd.End(out, e, searchcmd.Searched(req, exactcover.Stats{Status: exactcover.StoppedBy(ctx.Err())}, end))
	} else if err != nil {
		return err
	}
	var original func([]int) []int // a reduced solution's original options
	if c.Bool("reduce") {
		if solver, original, err = reduced(ctx, c, e, sp, len(refs) > 0 || drawing != nil); err != nil {
			return err
		}
	}
	if wantsCheapest(c) {
		if err := sp.BoundsError(exactcover.ErrCostBounds, cheapestRefusesBounds); err != nil {
			return exitcode.Bad(err)
		}
		return solveCheapest(ctx, c, e, req, out, &sp.Problem, solver, original, big) // cost.go
	} else if sp.Problem.HasCosts() {
		fmt.Fprintln(e.Stderr, "xcover: note: the options have costs, which this search ignores (--min-cost or --best K looks for the cheapest)")
	}
	if mr != nil {
		mr.branching = cfg.Branching
		return solveMemo(ctx, e, req, out, solver, mr) // count.go
	}
	p := &sp.Problem
	if cfg.Partial, err = p.FindOptions(refs); err != nil {
		return searchcmd.Usage(c.Command.Name, "--partial: %v", err)
	}
	if drawing != nil { // the tree of the search that follows, as far as maxTreeNodes
		tc := explain.TreeConfig{MaxNodes: min(cmp.Or(req.MaxNodes, maxTreeNodes), maxTreeNodes), MaxSolutions: req.Limit}
		var buf bytes.Buffer
		if st, err := explain.WriteTree(ctx, &buf, p, tc); err == nil { // else stopped, as the search will be
			if err := drawing.Commit(buf.Bytes()); err != nil {
				return err
			}
			if st.Status == exactcover.NodeLimit && tc.MaxNodes != req.MaxNodes {
				fmt.Fprintf(e.Stderr, "xcover: --tree: drew the first %d nodes of the search, the most it draws\n", maxTreeNodes)
			}
		}
	}

	cfg.Progress, cfg.ProgressEvery = searchcmd.SearchProgress(out.Status)
	var visit func([]int) bool
	if !req.Count {
		visit = printSolutions(out, p)
		if original != nil {
			print := visit
			visit = func(sol []int) bool { return print(original(sol)) }
		}
	}
	if err := big.configure(c, e, req, &cfg, req.Count, out); err != nil {
		return err
	}
	st, err := solver.Search(ctx, cfg, visit)
	early, late := searchError(c, big, err)
	if early != nil {
		return early // found before any solution was printed
	}
	if req.JSON {
		end.Record = report.Search(st, solver.Hash(), cfg.Branching)
	}
	if c.Bool("profile") { // as Knuth's DLX1 prints it with its show_profile option
		end.Before = func() {
			fmt.Fprintln(e.Stderr, "Profile:")
			for level, n := range st.Profile {
				fmt.Fprintf(e.Stderr, "%3d: %d\n", level, n)
			}
		}
	}
	err = searchcmd.End(out, e, searchcmd.Searched(req, st, end))
	if late != nil {
		return late
	}
	return big.finish(e, st, err)
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
			return searchcmd.Usage(c.Command.Name, "--engine learn: the learning engine has no search tree, %s: use the sparse, dlx or bits engine with --%s", f.use, f.flag)
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
