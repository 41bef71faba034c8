package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/bytesize"
	"github.com/xcover/xcover/internal/plural"
	"github.com/xcover/xcover/zdd"
)

// Counting beyond enumeration: solve --count --memo counts exactly whatever
// the number, memoizing where it pays; solve --zdd FILE writes the ZDD of
// all solutions. Both are solve's, in this file.

// memoOptions is what --memo, --memo-limit and --zdd ask for.
type memoOptions struct {
	ZDD       string               // the ZDD's file, or "": count by --memo
	Limit     int64                // bytes
	Branching exactcover.Branching // of the search, when it counts
}

// parseMemo checks solve's memo flags against the others; nil when
// neither --memo nor --zdd is given. Both count: req is made a count.
func parseMemo(c *cli.Context, req *searchcmd.Request) (*memoOptions, error) {
	if !c.Bool("memo") && !c.IsSet("zdd") {
		if c.IsSet("memo-limit") {
			return nil, searchcmd.Usage("solve", "--memo-limit applies to --memo and --zdd: give one of them")
		}
		return nil, nil
	}
	what := "--memo"
	if c.IsSet("zdd") {
		what = "--zdd"
	}
	for _, f := range []string{searchcmd.FlagAll, searchcmd.FlagLimit, "partial", "tree", searchcmd.FlagMaxNodes, "profile"} {
		if c.IsSet(f) {
			return nil, searchcmd.Usage("solve", "%s counts all solutions without listing them: it does not combine with --%s", what, f)
		}
	}
	if what == "--zdd" {
		for _, f := range []string{searchcmd.FlagEngine, searchcmd.FlagBranching} {
			if c.IsSet(f) {
				return nil, searchcmd.Usage("solve", "--zdd builds the ZDD by memoizing, on the frontier or in a search of its own (as Knuth's DLX6): it does not combine with --%s", f)
			}
		}
	}
	if n := searchcmd.Count(c, searchcmd.FlagJobs); n > 1 {
		return nil, searchcmd.Usage("solve", "%s counts on one core: it does not combine with -j %d (-j 1 is its way)", what, n)
	}
	req.Count, req.Limit = true, 0
	return &memoOptions{ZDD: c.String("zdd"), Limit: c.Generic("memo-limit").(*cliparse.Size).N, Branching: searchcmd.Branching(c)}, nil
}

// solveMemo counts the solutions of s by --memo, or builds their ZDD
// for --zdd (mr), and ends the output as a search ends it
// (searchcmd.Searched), with the count in all its digits.
func solveMemo(ctx context.Context, in *iostreams.IO, req *searchcmd.Request, mr *memoOptions, out *searchcmd.Writer, s *exactcover.Solver) error {
	var zddFile *iostreams.OutputFile
	if mr.ZDD != "" {
		var err error
		if zddFile, err = in.CreateOutput("--zdd", mr.ZDD); err != nil {
			return err
		}
		defer zddFile.Abort()
	}
	// The memoized count keeps its arrays within the limit; a soft limit
	// on the whole heap a quarter above it makes the garbage collector
	// return the arrays a growing level leaves behind before they add up
	// (unless GOMEMLIMIT says otherwise).
	if in.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(mr.Limit + mr.Limit/4 + 256<<20))
	}
	show := func(pr *exactcover.Progress) {
		if pr.Method == exactcover.MethodMemo {
			searchcmd.ShowProgress(out.Status, pr.Fraction(), fmt.Sprintf("memoizing: option %d of %d, %s, %s", pr.Memo.Level, pr.Memo.Levels,
				plural.Of(pr.Memo.States, "state"), bytesize.Format(pr.Memo.PeakBytes)))
		} else {
			searchcmd.ShowProgress(out.Status, pr.Fraction(), fmt.Sprintf("searching: %.1f%% done (estimated), %s", 100*pr.Fraction(), plural.Of(pr.Stats.Nodes, "node")))
		}
	}
	var (
		res exactcover.CountResult
		err error
	)
	if zddFile != nil {
		var z *zdd.ZDD
		if z, res, err = s.ZDD(ctx, exactcover.Config{MemoLimit: mr.Limit, Progress: show, ProgressEvery: out.Status.Every()}); err == nil {
			var buf bytes.Buffer
			h := s.Hash() // in the header: zdd list --problem checks it
			z.WithProblem(hex.EncodeToString(h[:])).WriteTo(&buf)
			if err := zddFile.Commit(buf.Bytes()); err != nil {
				return err
			}
		}
	} else {
		res, err = s.Count(ctx, exactcover.Config{MemoLimit: mr.Limit, Engine: req.Engine, Branching: mr.Branching,
			Progress: show, ProgressEvery: out.Status.Every()})
	}
	if err != nil && ctx.Err() == nil && !errors.Is(err, exactcover.ErrMemoLimit) {
		return err
	}
	return searchcmd.End(out, in, countOutcome(req, mr, res, err)) // with no solution, the count says it
}

// countOutcome is how a count by --memo or --zdd (mr) ends: the count in
// all its digits (N+ for a lower bound, none when memoizing did not
// finish), the summary, the stats line, and the exit code; err is what
// the count returned besides res.
func countOutcome(req *searchcmd.Request, mr *memoOptions, res exactcover.CountResult, err error) searchcmd.Outcome {
	end := searchcmd.Outcome{Record: report.Count(res), Found: res.Solutions != nil && res.Solutions.Sign() > 0}
	switch {
	case res.Status != exactcover.Complete && res.Method == exactcover.MethodSearch && res.Solutions != nil:
		end.Text = fmt.Sprintf("%v+\n", res.Solutions) // a lower bound
	case res.Status == exactcover.Complete:
		end.Text = fmt.Sprintf("%v\n", res.Solutions)
	}
	if req.Stats {
		end.Stats = report.CountStatsLine(res)
	}
	switch {
	case errors.Is(err, exactcover.ErrMemoLimit):
		hint := "raise --memo-limit"
		if mr.ZDD == "" {
			hint += ", or count without --memo"
		}
		end.Stopped = fmt.Errorf("memoizing stopped: %v (%s)", err, hint)
	case res.Status != exactcover.Complete:
		end.Stopped = fmt.Errorf("%s after %s: the count is unfinished", report.StatusText(res.Status, 0), report.Elapsed(res.Elapsed))
	}
	return end
}
