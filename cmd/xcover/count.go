package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
	"xcover/internal/bytesize"
	"xcover/internal/cliparse"
	"xcover/report"
)

// Counting beyond enumeration (issue 12): solve --count --memo counts
// exactly whatever the number, memoizing where it pays; solve --zdd FILE
// writes the ZDD of all solutions. Both are solve's, in this file.

// memoFlags are solve's flags for memoized counting.
func memoFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "memo",
			Usage: "count by memoizing where it pays (implies --count; exact counts of any size): the search runs first, memoizing takes over when its bound or a short trial shows it ahead"},
		&cli.GenericFlag{Name: "memo-limit", Value: &cliparse.Size{N: exactcover.DefaultMemoLimit},
			Usage: "let memoizing take at most `SIZE` of memory (512MiB, 8GiB); beyond, --memo counts by the search and --zdd stops with exit 3"},
		&cli.StringFlag{Name: "zdd",
			Usage: "write the ZDD of all solutions to `FILE` (Knuth's ZDDREAD format; see \"xcover help zdd\") and print the count"},
	}
}

// memoRequest is what --memo, --memo-limit and --zdd ask for.
type memoRequest struct {
	zdd       string // the ZDD's file, or ""
	limit     int64
	branching exactcover.Branching // of the search, when it counts
}

// memoRequestOf checks solve's memo flags against the others; nil when
// neither --memo nor --zdd is given.
func memoRequestOf(c *cli.Context, req *search) (*memoRequest, error) {
	if !c.Bool("memo") && !c.IsSet("zdd") {
		if c.IsSet("memo-limit") {
			return nil, usage(c, "--memo-limit applies to --memo and --zdd: give one of them")
		}
		return nil, nil
	}
	what := "--memo"
	if c.IsSet("zdd") {
		what = "--zdd"
	}
	for _, f := range []string{flagAll, flagLimit, "partial", "tree", flagMaxNodes, "profile"} {
		if c.IsSet(f) {
			return nil, usage(c, "%s counts all solutions without listing them: it does not combine with --%s", what, f)
		}
	}
	req.count, req.limit = true, 0
	return &memoRequest{zdd: c.String("zdd"), limit: c.Generic("memo-limit").(*cliparse.Size).N}, nil
}

// solveMemo counts by --memo, or builds the ZDD for --zdd, and ends the
// output as finish does, with the count in all its digits.
func solveMemo(ctx context.Context, e *env, req *search, out *writer, s *exactcover.Solver, mr *memoRequest) error {
	var zddFile *outputFile
	if mr.zdd != "" {
		var err error
		if zddFile, err = createOutput(e, "--zdd", mr.zdd); err != nil {
			return err
		}
		defer zddFile.abort()
	}
	// The memoized count keeps its arrays within the limit; a soft limit
	// on the whole heap a quarter above it makes the garbage collector
	// return the arrays a growing level leaves behind before they add up
	// (unless GOMEMLIMIT says otherwise).
	if e.getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(mr.limit + mr.limit/4 + 256<<20))
	}
	show := func(*exactcover.CountProgress) {}
	every := time.Duration(0)
	if p := out.status; p != nil {
		every = p.line.Every()
		show = func(pr *exactcover.CountProgress) {
			if pr.Method == "memo" {
				p.show(pr.Fraction, fmt.Sprintf("memoizing: option %d of %d, %s, %s", pr.Memo.Level, pr.Memo.Levels,
					explain.Plural(pr.Memo.States, "state"), bytesize.Format(pr.Memo.PeakBytes)))
			} else {
				p.show(pr.Fraction, fmt.Sprintf("searching: %.1f%% done (estimated), %s", 100*pr.Fraction, explain.Plural(pr.Search.Nodes, "node")))
			}
		}
	}
	var (
		res exactcover.CountResult
		err error
	)
	start := time.Now()
	if zddFile != nil {
		z, st, zerr := s.ZDD(ctx, exactcover.ZDDConfig{MemoLimit: mr.limit, Progress: show, ProgressEvery: every})
		res, err = exactcover.CountResult{Method: "memo", Why: "the ZDD is made by memoizing", Memo: st}, zerr
		if err == nil {
			res.Solutions = z.Count()
			var buf bytes.Buffer
			z.WriteTo(&buf)
			if err := zddFile.commit(buf.Bytes()); err != nil {
				return err
			}
		}
	} else {
		res, err = s.CountAll(ctx, exactcover.CountConfig{MemoLimit: mr.limit, Engine: req.engine, Branching: mr.branching,
			Progress: show, ProgressEvery: every})
	}
	res.Elapsed = time.Since(start)
	status := exactcover.Complete
	switch {
	case ctx.Err() != nil:
		status = stopped(ctx)
	case errors.Is(err, exactcover.ErrMemoLimit):
		status = exactcover.Stopped
	case err != nil:
		return err
	}
	out.status.stop()
	engineName := ""
	if res.Search.Nodes > 0 {
		engineName = s.EngineFor(req.engine).String()
	}
	switch {
	case req.json:
		out.object(report.Count(res, status, engineName))
	case status != exactcover.Complete && res.Method == "search" && res.Solutions != nil:
		fmt.Fprintf(out.w, "%v+\n", res.Solutions) // a lower bound
	case status == exactcover.Complete:
		fmt.Fprintln(out.w, res.Solutions)
	}
	if err := out.close(); err != nil {
		return err
	}
	if req.stats {
		fmt.Fprintln(e.stderr, memoStatsLine(res, status))
	}
	switch {
	case errors.Is(err, exactcover.ErrMemoLimit):
		hint := "raise --memo-limit"
		if mr.zdd == "" {
			hint += ", or count without --memo"
		}
		return withCode(exitStopped, fmt.Errorf("memoizing stopped: %v (%s)", err, hint))
	case status != exactcover.Complete:
		return withCode(exitStopped, fmt.Errorf("%s after %s: the count is unfinished", statusText(status, 0), elapsed(res.Elapsed)))
	case res.Solutions.Sign() == 0:
		return withCode(exitNone, nil) // the count says it
	}
	return nil
}

// memoStatsLine is the --stats line of solve --memo and --zdd.
func memoStatsLine(res exactcover.CountResult, status exactcover.Status) string {
	var b strings.Builder
	n := "an unknown number of"
	if res.Solutions != nil {
		n = res.Solutions.String()
	}
	fmt.Fprintf(&b, "Altogether %s solutions, counted by %s (%s)", n, res.Method, res.Why)
	if res.Search.Nodes > 0 {
		fmt.Fprintf(&b, "; search: %d updates, %d nodes", res.Search.Updates, res.Search.Nodes)
	}
	if m := res.Memo; m.Levels > 0 {
		fmt.Fprintf(&b, "; memo: %d of %d options, %s (widest level %d, keys of %d bits), peak %s",
			m.Level, m.Levels, explain.Plural(m.States, "state"), m.Widest, m.KeyBits, bytesize.Format(m.PeakBytes))
		if m.ZDDNodes > 0 {
			fmt.Fprintf(&b, ", %d ZDD nodes", m.ZDDNodes)
		}
	}
	fmt.Fprintf(&b, "; %s; %s", elapsed(res.Elapsed), status)
	return b.String()
}
