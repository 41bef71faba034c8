package main

import (
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"xcover/report"
)

func mergeFlags() []cli.Flag {
	return []cli.Flag{
		allFlag("print the shards' solutions too (they must have been run with --all --json), numbered afresh, before the summary", ""),
	}
}

// merge is "xcover merge FILE…": see help/merge.txt.
func merge(c *cli.Context, e *env) error {
	if c.NArg() == 0 {
		return usage(c, "expected the shards' --json output files (or - for stdin)")
	}
	all := c.Bool(flagAll)
	var shards []*report.Shard
	for _, name := range c.Args().Slice() {
		var r io.Reader = e.stdin
		if name == "-" {
			name = "<stdin>"
		} else {
			f, err := os.Open(e.path(name))
			if err != nil {
				return usage(c, "%s: %v", name, pathError(err))
			}
			defer f.Close()
			r = f
		}
		read, err := report.ReadShards(r, name, all)
		if err != nil {
			return usage(c, "%v", err)
		}
		shards = append(shards, read...)
	}
	total, err := report.Merge(shards)
	if err != nil {
		return usage(c, "%v", err)
	}
	out := newWriter(e, true, nil)
	if all {
		records, twice := report.MergeSolutions(shards)
		for _, line := range records {
			out.Write(line)
		}
		if twice > 0 {
			fmt.Fprintf(e.stderr, "xcover: merge: %d solutions printed twice by resumed shards were printed once\n", twice)
		}
		if n := int64(len(records)); n != total.Solutions {
			return usage(c, "the shards print %d distinct solutions but count %d: run every shard with --all --json, and append to its output when it is resumed", n, total.Solutions)
		}
	}
	out.Object(report.Search(total))
	if err := out.close(); err != nil {
		return err
	}
	if total.Solutions == 0 {
		return withCode(exitNone, nil) // the summary says it
	}
	return nil
}
