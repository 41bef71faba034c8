package main

import (
	"context"
	"fmt"
	"math/big"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
)

// mergeOptions is what "xcover merge" is asked: see help/merge.txt.
type mergeOptions struct {
	IO    *iostreams.IO
	Files []string // the shards' --json outputs ("-": stdin)
	All   bool     // print the shards' solutions too
}

func newCmdMerge(s *iostreams.IO, runF func(context.Context, *mergeOptions) error) *cli.Command {
	return &cli.Command{Name: "merge", Usage: "add up the --json outputs of the shards of one search (solve --shard K/N)", ArgsUsage: "FILE…",
		Flags: []cli.Flag{
			searchcmd.AllFlag("print the shards' solutions too (they must have been run with --all --json), numbered afresh, before the summary", ""),
		},
		Action: searchcmd.Action(s, parseMerge, mergeRun, runF)}
}

func parseMerge(c *cli.Context, s *iostreams.IO) (*mergeOptions, error) {
	if c.NArg() == 0 {
		return nil, searchcmd.Usage("merge", "expected the shards' --json output files (or - for stdin)")
	}
	return &mergeOptions{IO: s, Files: c.Args().Slice(), All: c.Bool(searchcmd.FlagAll)}, nil
}

// mergeRun reads the shards' outputs and prints their merged summary,
// after their solutions with All.
func mergeRun(_ context.Context, o *mergeOptions) error {
	var shards []*report.Shard
	for _, name := range o.Files {
		name, r, err := o.IO.Open(name)
		if err != nil {
			return searchcmd.Usage("merge", "%v", err)
		}
		defer r.Close()
		read, err := report.ReadShards(r, name, o.All)
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
