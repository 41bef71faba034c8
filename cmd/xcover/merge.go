package main

import (
	"fmt"
	"math/big"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
)

func mergeFlags() []cli.Flag {
	return []cli.Flag{
		searchcmd.AllFlag("print the shards' solutions too (they must have been run with --all --json), numbered afresh, before the summary", ""),
	}
}

// merge is "xcover merge FILE…": see help/merge.txt.
func merge(c *cli.Context, e *env) error {
	if c.NArg() == 0 {
		return searchcmd.Usage(c.Command.Name, "expected the shards' --json output files (or - for stdin)")
	}
	all := c.Bool(searchcmd.FlagAll)
	var shards []*report.Shard
	for _, name := range c.Args().Slice() {
		name, r, err := e.Open(name)
		if err != nil {
			return searchcmd.Usage(c.Command.Name, "%v", err)
		}
		defer r.Close()
		read, err := report.ReadShards(r, name, all)
		if err != nil {
			return searchcmd.Usage(c.Command.Name, "%v", err)
		}
		shards = append(shards, read...)
	}
	total, err := report.Merge(shards)
	if err != nil {
		return searchcmd.Usage(c.Command.Name, "%v", err)
	}
	out := searchcmd.NewWriter(e, true, nil)
	if all {
		records, twice := report.MergeSolutions(shards)
		for _, line := range records {
			out.Write(line)
		}
		if twice > 0 {
			fmt.Fprintf(e.Stderr, "xcover: merge: %d solutions printed twice by resumed shards were printed once\n", twice)
		}
		if n := big.NewInt(int64(len(records))); n.Cmp(total.Solutions) != 0 {
			return searchcmd.Usage(c.Command.Name, "the shards print %d distinct solutions but count %d: run every shard with --all --json, and append to its output when it is resumed", n, total.Solutions)
		}
	}
	return searchcmd.End(out, e, searchcmd.Outcome{Record: report.Merged(total), Found: total.Solutions.Sign() > 0}) // none: the summary says it
}
