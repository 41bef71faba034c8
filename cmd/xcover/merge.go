package main

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover/shards"
	"github.com/xcover/xcover/exactcover/verify"
)

// mergeOptions is what "xcover merge" is asked: see help/merge.txt.
type mergeOptions struct {
	IO    *iostreams.IO
	Files []string // the shards' --json outputs ("-": stdin)
	All   bool     // print the shards' solutions too
	// Problem is the problem the shards searched ("": not checked): each
	// shard's digest must be its, and each solution record a solution of it.
	Problem searchcmd.Input
}

func newCmdMerge(s *iostreams.IO, runF func(context.Context, *mergeOptions) error) *cli.Command {
	return &cli.Command{Name: "merge", Usage: "add up the --json outputs of the shards of one search (solve --shard K/N)", ArgsUsage: "FILE…",
		Flags: []cli.Flag{
			searchcmd.AllFlag("print the shards' solutions too (they must have been run with --all --json), numbered afresh, before the summary", ""),
			&cli.StringFlag{Name: "problem", Usage: "check the shards against the problem in `FILE` (the one they searched; - for stdin): each shard must name its digest, and each solution they print must be one of its solutions"},
			searchcmd.FormatFlag("read --problem's file as `FORMAT` yaml or dlx", "from the extension .yaml, .yml or .dlx (.gz too), else from the content"),
		},
		Action: searchcmd.Action(s, parseMerge, mergeRun, runF)}
}

func parseMerge(c *cli.Context, s *iostreams.IO) (*mergeOptions, error) {
	if c.NArg() == 0 {
		return nil, searchcmd.Usage("merge", "expected the shards' --json output files (or - for stdin)")
	}
	o := &mergeOptions{IO: s, Files: c.Args().Slice(), All: c.Bool(searchcmd.FlagAll), Problem: searchcmd.Input{File: c.String("problem")}}
	if o.Problem.File == "-" && slices.Contains(o.Files, "-") {
		return nil, searchcmd.Usage("merge", "the shards and --problem cannot both come from stdin")
	}
	var err error
	o.Problem.Format, err = searchcmd.SpecFormat(c, searchcmd.FlagFormat)
	return o, err
}

// mergeRun reads the shards' outputs and prints their merged summary,
// after their solutions with All.
func mergeRun(ctx context.Context, o *mergeOptions) error {
	problem, err := loadShardsProblem(ctx, o)
	if err != nil {
		return err
	}
	var shards []*report.Shard
	for _, name := range o.Files {
		name, r, err := o.IO.Open(name)
		if err != nil {
			return searchcmd.Usage("merge", "%v", err)
		}
		defer r.Close()
		read, err := report.ReadShards(r, name, o.All, problem)
		if err != nil {
			return searchcmd.Usage("merge", "%v", err)
		}
		shards = append(shards, read...)
	}
	total, err := report.Merge(shards)
	if err != nil {
		return searchcmd.Usage("merge", "%v", err)
	}
	out := searchcmd.NewWriter(o.IO, true, nil)
	if o.All {
		records, twice := report.MergeSolutions(shards)
		for _, line := range records {
			out.Write(line)
		}
		if twice > 0 {
			fmt.Fprintf(o.IO.Stderr, "xcover: merge: %d solutions printed twice by resumed shards were printed once\n", twice)
		}
		if n := big.NewInt(int64(len(records))); n.Cmp(total.Solutions) != 0 {
			return searchcmd.Usage("merge", "the shards print %d distinct solutions but count %d: run every shard with --all --json, and append to its output when it is resumed", n, total.Solutions)
		}
	}
	return searchcmd.End(out, o.IO, searchcmd.Outcome{Record: report.Merged(total), Found: total.Solutions.Sign() > 0}) // none: the summary says it
}

// shardsProblem is --problem: the problem the shards must have searched,
// a report.ShardCheck.
type shardsProblem struct {
	file    string
	digest  [32]byte
	checker *verify.Checker
}

// loadShardsProblem reads and compiles --problem, or returns nil when it
// is not given.
func loadShardsProblem(ctx context.Context, o *mergeOptions) (report.ShardCheck, error) {
	if o.Problem.File == "" {
		return nil, nil
	}
	sp, solver, err := searchcmd.LoadSpec(ctx, o.IO, o.Problem)
	if err != nil {
		return nil, err
	}
	return &shardsProblem{file: o.Problem.File, digest: solver.Hash(), checker: verify.NewChecker(&sp.Problem)}, nil
}

// Summary checks that the shard searched the problem: the digest its
// summary names is the problem's.
func (p *shardsProblem) Summary(res *shards.Result) error {
	if res.Problem == p.digest {
		return nil
	}
	st := res.Stats
	return fmt.Errorf("shard %d/%d searched another problem (%.6x…) than %s (%.6x…): give the problem the shards searched",
		st.Shard.K, st.Shard.N, res.Problem[:], p.file, p.digest[:])
}

// Solution checks that a solution the shard printed is one of the problem.
func (p *shardsProblem) Solution(indices []int) error {
	if err := p.checker.Check(indices); err != nil {
		return fmt.Errorf("not a solution of %s: %v", p.file, err)
	}
	return nil
}
