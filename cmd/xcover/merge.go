package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"slices"
	"strconv"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
)

func mergeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "all", Usage: "print the shards' solutions too (they must have been run with --all --json), numbered afresh, before the summary"},
	}
}

// maxJSONLine bounds one line of a shard's output: a solution of a
// problem with a million options chosen is well under it.
const maxJSONLine = 64 << 20

// shardOutput is what one shard's --json output holds: the solutions it
// printed and its summary.
type shardOutput struct {
	summary   exactcover.ShardSummary
	solutions [][]byte // the solution lines, as printed
	keys      []string // each solution's sorted option indices
}

// merge is "xcover merge FILE…": see help/merge.txt.
func merge(c *cli.Context, e *env) error {
	if c.NArg() == 0 {
		return usage(c, "expected the shards' --json output files (or - for stdin)")
	}
	all := c.Bool("all")
	var outputs []*shardOutput
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
		outs, err := readShardOutputs(r, name, all)
		if err != nil {
			return usage(c, "%v", err)
		}
		outputs = append(outputs, outs...)
	}
	parts := make([]exactcover.ShardSummary, len(outputs))
	for i, out := range outputs {
		parts[i] = out.summary
	}
	total, err := exactcover.Merge(parts)
	if err != nil {
		return usage(c, "%v", err)
	}
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	if all {
		seen := map[string]bool{}
		var n, twice int64
		for _, out := range outputs {
			for i, line := range out.solutions {
				if seen[out.keys[i]] {
					twice++
					continue
				}
				seen[out.keys[i]] = true
				n++
				w.Write(renumber(line, n))
			}
		}
		if twice > 0 {
			fmt.Fprintf(e.stderr, "xcover: merge: %d solutions printed twice by resumed shards were printed once\n", twice)
		}
		if n != total.Solutions {
			return usage(c, "the shards print %d distinct solutions but count %d: run every shard with --all --json, and append to its output when it is resumed", n, total.Solutions)
		}
	}
	w.Write(marshal(new(bytes.Buffer), &summary{
		Type: "summary", Solutions: big.NewInt(total.Solutions), Nodes: total.Nodes, Updates: total.Updates,
		Status: total.Status, Elapsed: total.ElapsedSeconds, Cleansings: total.Cleansings, Profile: total.Profile,
		Problem: total.Problem, Engine: total.Engine, Branching: total.Branching, Shards: total.Shards, Split: total.Split,
	}))
	if err := w.Flush(); err != nil {
		return badInput(fmt.Errorf("writing the output: %v", err))
	}
	if total.Solutions == 0 {
		return withCode(exitNone, nil) // the summary says it
	}
	return nil
}

// readShardOutputs reads the --json output of one or more shards, one
// after another (as "cat shard-*.json" gives them): each ends with its
// summary line. A shard stopped and resumed with its output appended to
// leaves an unfinished summary followed by the rest of its output: the
// later summary of the same shard replaces it. A stream whose last line is
// not a complete summary was cut short.
func readShardOutputs(r io.Reader, name string, keep bool) ([]*shardOutput, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var (
		outs []*shardOutput
		cur  = &shardOutput{}
		last string
	)
	for lineNo := 1; ; lineNo++ {
		line, err := readLine(br)
		if err == io.EOF && len(line) == 0 {
			break
		}
		if err == io.EOF {
			return nil, fmt.Errorf("%s:%d: the file is cut short (its last line is incomplete); rerun the shard, or resume it from its checkpoint", name, lineNo)
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, lineNo, err)
		}
		var head struct {
			Type    string `json:"type"`
			Indices []int  `json:"option_indices"`
		}
		if err := json.Unmarshal(line, &head); err != nil || head.Type != "solution" && head.Type != "summary" {
			return nil, fmt.Errorf("%s:%d: not the --json output of \"xcover solve --shard K/N\"", name, lineNo)
		}
		last = head.Type
		if head.Type == "solution" {
			if keep {
				idx := slices.Sorted(slices.Values(head.Indices))
				cur.solutions = append(cur.solutions, slices.Clone(line))
				cur.keys = append(cur.keys, fmt.Sprint(idx))
			}
			continue
		}
		if err := json.Unmarshal(line, &cur.summary); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, lineNo, err)
		}
		cur.summary.Source = name
		if n := len(outs); n > 0 && resumed(&outs[n-1].summary, &cur.summary) {
			prev := outs[n-1] // an unfinished run of this shard, resumed
			cur.solutions = append(prev.solutions, cur.solutions...)
			cur.keys = append(prev.keys, cur.keys...)
			outs = outs[:n-1]
		}
		outs = append(outs, cur)
		cur = &shardOutput{}
	}
	if last != "summary" {
		return nil, fmt.Errorf("%s: the file is cut short (no summary at its end); rerun the shard, or resume it from its checkpoint", name)
	}
	return outs, nil
}

// resumed reports whether summary b continues a (not finished) run a of the
// same shard.
func resumed(a, b *exactcover.ShardSummary) bool {
	return a.Status != exactcover.Complete.String() && a.Shards > 0 &&
		a.Problem == b.Problem && a.Shard == b.Shard && a.Shards == b.Shards && a.Split == b.Split
}

// readLine returns the next line with its newline; io.EOF with a line
// means that the line has none (the file was cut short).
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return line, err
	}
	long := slices.Clone(line)
	for errors.Is(err, bufio.ErrBufferFull) {
		if len(long) > maxJSONLine {
			return nil, fmt.Errorf("a line longer than %d MiB", maxJSONLine>>20)
		}
		line, err = br.ReadSlice('\n')
		long = append(long, line...)
	}
	return long, err
}

// renumber returns a solution line with its number replaced by n.
func renumber(line []byte, n int64) []byte {
	prefix := []byte(`{"type":"solution","number":`)
	rest, ok := bytes.CutPrefix(line, prefix)
	end := bytes.IndexByte(rest, ',')
	if !ok || end < 0 {
		return line
	}
	b := strconv.AppendInt(slices.Clone(prefix), n, 10)
	return append(b, rest[end:]...)
}
