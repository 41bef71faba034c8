package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/internal/bytesize"
	"github.com/xcover/xcover/internal/plural"
	"github.com/xcover/xcover/specs"
)

// defaultSteps is how many nodes of the search tree "xcover explain" tells
// unless --steps says otherwise: each node takes five to fifteen lines, so a
// hundred nodes are a few pages, about as much as a reader follows step by
// step. Knuth's 7-item example has 6 nodes, a 4×4 Sudoku a dozen or two.
const defaultSteps = 100

// explainOptions is what "xcover explain" is asked.
type explainOptions struct {
	IO      *iostreams.IO
	Input   searchcmd.Input
	Timeout time.Duration // 0: none
	Steps   int64         // the nodes told; 0: the whole search
	Matrix  bool          // draw the matrix at every node
	HTML    string        // write the page to this file instead ("": none)
	Site    string        // write the static playground into this folder instead ("": none)
	// PageSteps is the nodes the page shows: --steps when given, at most
	// explain.MaxTraceNodes, which is the default.
	PageSteps int64
	// Cheapest is K of --best K (1 for --min-cost): tell Knuth's DLX5
	// looking for the K cheapest solutions; 0 tells Algorithm X.
	Cheapest int
}

func newCmdExplain(s *iostreams.IO, runF func(context.Context, *explainOptions) error) *cli.Command {
	return &cli.Command{Name: "explain", Usage: "tell step by step how Algorithm X (dancing links) solves a small problem", ArgsUsage: "[FILE|-]",
		Flags: append([]cli.Flag{
			&cli.GenericFlag{Name: "steps", Value: &cliparse.Count{N: defaultSteps},
				Usage: "tell at most `N` nodes of the search tree (0: the whole search, however long)"},
			&cli.StringFlag{Name: "html", Usage: "write the search as one web page `OUT.html` to step through in a browser (matrix, board, tree, narration), up to --steps nodes if given, else 100,000"},
			&cli.StringFlag{Name: "site", Usage: "write the playground of \"xcover serve\" as a folder `DIR` of static files (index.html) that runs in a browser with no server, from disk or any static host; builds its engine with the Go toolchain (go on the PATH)"},
			&cli.BoolFlag{Name: "matrix", Usage: "draw the 0/1 matrix at every node, covered items and hidden options blanked (dimmed on a terminal)"},
			searchcmd.SpecFormatFlag(), searchcmd.TimeoutFlag(),
		}, costFlags()...),
		Action: searchcmd.Action(s, parseExplain, explainRun, runF)}
}

func parseExplain(c *cli.Context, s *iostreams.IO) (*explainOptions, error) {
	o := &explainOptions{IO: s, Timeout: searchcmd.Duration(c, searchcmd.FlagTimeout), Steps: searchcmd.Count(c, "steps"),
		Matrix: c.Bool("matrix"), PageSteps: explain.MaxTraceNodes}
	if c.IsSet("steps") && o.Steps > 0 {
		o.PageSteps = min(o.Steps, o.PageSteps)
	}
	if c.IsSet("site") {
		return parseSite(c, o) // site.go
	}
	if c.IsSet("html") {
		if wantsCheapest(c) {
			return nil, searchcmd.Usage("explain", "--html shows the search of Algorithm X: it does not combine with --min-cost or --best")
		}
		o.HTML = c.String("html")
		if err := iostreams.CheckOutputName("--html", o.HTML); err != nil {
			return nil, err
		}
	}
	var err error
	if o.Input, err = searchcmd.InputOf(c); err != nil {
		return nil, err
	}
	if wantsCheapest(c) {
		if o.Matrix {
			return nil, searchcmd.Usage("explain", "--matrix draws Algorithm X's steps: it does not combine with --min-cost or --best")
		}
		if c.Bool("min-cost") && c.IsSet("best") {
			return nil, searchcmd.Usage("explain", "--min-cost is --best 1: give one")
		}
		o.Cheapest = max(int(searchcmd.Count(c, "best")), 1)
	}
	return o, nil
}

// explainRun tells the search, or writes its page with HTML.
func explainRun(ctx context.Context, o *explainOptions) error {
	ctx, cancel := searchcmd.WithTimeout(ctx, o.Timeout)
	defer cancel()
	if o.Site != "" {
		return writeSite(ctx, o) // site.go
	}
	var page *iostreams.OutputFile
	if o.HTML != "" {
		var err error
		if page, err = o.IO.CreateOutput("--html", o.HTML); err != nil {
			return err
		}
		defer page.Abort()
	}
	sp, _, err := searchcmd.LoadSpec(ctx, o.IO, o.Input)
	if err != nil {
		return err
	}
	if page != nil {
		return writePage(ctx, o, sp, page)
	}
	out := bufio.NewWriter(o.IO.Stdout)
	if o.Cheapest > 0 {
		return narrateCost(ctx, out, &sp.Problem, o.Cheapest, o.Steps) // explain_cost.go
	}
	st, err := explain.Narrate(ctx, out, &sp.Problem, explain.Config{
		MaxNodes: o.Steps, Matrix: o.Matrix, Dim: o.Matrix && o.IO.Color(o.IO.Stdout, "auto")})
	if st.Status == exactcover.NodeLimit {
		// The dlx engine counts nodes and updates as the narration does; the
		// default engine may be another, with figures of its own.
		fmt.Fprintf(out, "For the whole search, run: xcover solve --engine dlx --count --stats %s (or tell more with --steps)\n", o.Input.File)
	}
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = ferr
	}
	switch {
	case err != nil && ctx.Err() == nil:
		return exitcode.Bad(fmt.Errorf("writing the narration: %v", err))
	case st.Status == exactcover.NodeLimit:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("stopped at --steps %d: the search has more nodes than the narration tells (--steps 0 tells them all)", o.Steps))
	case st.Status != exactcover.Complete:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s after %s: the narration tells them", report.StatusText(st.Status, 0), plural.Of(st.Nodes, "node")))
	case st.Solutions == 0:
		return exitcode.With(exitcode.None, nil)
	}
	return nil
}

// writePage writes the page of "explain --html": the search traced up to
// o.PageSteps nodes, within explain.MaxTraceBytes of memory. A trace
// stopped by its limits, --timeout, Ctrl-C or SIGTERM is written as far as
// it went (exit 3); a problem whose first node alone would take more
// memory than that is refused before the trace is made (exit 2).
func writePage(ctx context.Context, o *explainOptions, sp *specs.Spec, out *iostreams.OutputFile) error {
	title := cmp.Or(sp.Name, filepath.Base(o.Input.File))
	if title == "-" {
		title = "standard input"
	}
	p, err := web.NewPage(ctx, title, &sp.Problem, explain.TraceLimits{Nodes: o.PageSteps, Bytes: explain.MaxTraceBytes})
	var budget *explain.BudgetError
	switch {
	case errors.As(err, &budget):
		return exitcode.Bad(fmt.Errorf("--html: %v (explain.MaxTraceBytes)", err))
	case err != nil && ctx.Err() == nil:
		return exitcode.Bad(err)
	case p == nil || len(p.Trace.Nodes) == 0:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s before the page was written", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0)))
	}
	t := p.Trace
	var buf bytes.Buffer
	if err := web.WritePage(&buf, p); err != nil {
		return err
	}
	p.Trace = nil // the page is written: its memory may go before the file's is taken
	if err := out.Commit(buf.Bytes()); err != nil {
		return exitcode.Bad(err)
	}
	told := plural.Of(int64(len(t.Nodes)), "node")
	rated := ""
	if p.Rating != nil {
		rated = ", rated " + p.Rating.Hardest
	}
	fmt.Fprintf(o.IO.Stderr, "xcover: wrote %s: %s, %s%s (%s)\n", o.HTML, told, plural.Of(t.Solutions, "solution"), rated, bytesize.Format(int64(buf.Len())))
	switch {
	case ctx.Err() != nil:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s after %s: the page shows them", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0), told))
	case t.Status == explain.StatusByteLimit:
		which := "explain.MaxTraceBytes"
		if t.Budget < explain.MaxTraceBytes {
			which += " less web.MaxRatingBytes, kept for the Sudoku's rating"
		}
		return exitcode.With(exitcode.Stopped, fmt.Errorf("the page shows the first %s: its trace reached its budget of memory, %s (%s), before the search's end", told, bytesize.Format(t.Budget), which))
	case !t.Complete:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("the page shows the first %s: the search has more (--steps, at most %d)", told, explain.MaxTraceNodes))
	case t.Solutions == 0:
		return exitcode.With(exitcode.None, nil)
	}
	return nil
}
