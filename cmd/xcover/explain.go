package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"

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

func explainFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.GenericFlag{Name: "steps", Value: &cliparse.Count{N: defaultSteps},
			Usage: "tell at most `N` nodes of the search tree (0: the whole search, however long)"},
		&cli.StringFlag{Name: "html", Usage: "write the search as one web page `OUT.html` to step through in a browser (matrix, board, tree, narration), up to --steps nodes if given, else 100,000"},
		&cli.BoolFlag{Name: "matrix", Usage: "draw the 0/1 matrix at every node, covered items and hidden options blanked (dimmed on a terminal)"},
		searchcmd.SpecFormatFlag(), searchcmd.TimeoutFlag(),
	}, costFlags()...)
}

func narrate(c *cli.Context, e *env) error {
	ctx, cancel := searchcmd.WithTimeout(c.Context, searchcmd.Duration(c, searchcmd.FlagTimeout))
	defer cancel()
	var page *iostreams.OutputFile
	if c.IsSet("html") && wantsCheapest(c) {
		return searchcmd.Usage(c.Command.Name, "--html shows the search of Algorithm X: it does not combine with --min-cost or --best")
	} else if c.IsSet("html") {
		var err error
		if page, err = e.CreateOutput("--html", c.String("html")); err != nil {
			return err
		}
		defer page.Abort()
	}
	sp, _, err := loadSpec(ctx, c, e)
	if err != nil {
		return err
	}
	if page != nil {
		return writePage(ctx, c, e, sp, page)
	}
	out := bufio.NewWriter(e.Stdout)
	if wantsCheapest(c) {
		return narrateCost(ctx, c, e, out, &sp.Problem) // explain_cost.go
	}
	matrix := c.Bool("matrix")
	st, err := explain.Narrate(ctx, out, &sp.Problem, explain.Config{
		MaxNodes: searchcmd.Count(c, "steps"), Matrix: matrix, Dim: matrix && e.Color(e.Stdout, "auto")})
	if st.Status == exactcover.NodeLimit {
		arg, _ := searchcmd.InputArg(c)
		// The dlx engine counts nodes and updates as the narration does; the
		// default engine may be another, with figures of its own.
		fmt.Fprintf(out, "For the whole search, run: xcover solve --engine dlx --count --stats %s (or tell more with --steps)\n", arg)
	}
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = ferr
	}
	switch {
	case err != nil && ctx.Err() == nil:
		return exitcode.Bad(fmt.Errorf("writing the narration: %v", err))
	case st.Status == exactcover.NodeLimit:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("stopped at --steps %d: the search has more nodes than the narration tells (--steps 0 tells them all)", searchcmd.Count(c, "steps")))
	case st.Status != exactcover.Complete:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s after %s: the narration tells them", report.StatusText(st.Status, 0), plural.Of(st.Nodes, "node")))
	case st.Solutions == 0:
		return exitcode.With(exitcode.None, nil)
	}
	return nil
}

// writePage writes the page of "explain --html": the search traced up to
// --steps nodes when given, else up to explain.MaxTraceNodes, within
// explain.MaxTraceBytes of memory. A trace stopped by its limits,
// --timeout, Ctrl-C or SIGTERM is written as far as it went (exit 3); a
// problem whose first node alone would take more memory than that is
// refused before the trace is made (exit 2).
func writePage(ctx context.Context, c *cli.Context, e *env, sp *specs.Spec, out *iostreams.OutputFile) error {
	steps := int64(explain.MaxTraceNodes)
	if c.IsSet("steps") && searchcmd.Count(c, "steps") > 0 {
		steps = min(searchcmd.Count(c, "steps"), steps)
	}
	arg, _ := searchcmd.InputArg(c)
	title := cmp.Or(sp.Name, filepath.Base(arg))
	if title == "-" {
		title = "standard input"
	}
	p, err := web.NewPage(ctx, title, &sp.Problem, explain.TraceLimits{Nodes: steps, Bytes: explain.MaxTraceBytes})
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
	fmt.Fprintf(e.Stderr, "xcover: wrote %s: %s, %s (%s)\n", c.String("html"), told, plural.Of(t.Solutions, "solution"), bytesize.Format(int64(buf.Len())))
	switch {
	case ctx.Err() != nil:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("%s after %s: the page shows them", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0), told))
	case t.Status == explain.StatusByteLimit:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("the page shows the first %s: its trace reached its budget of memory, %s (explain.MaxTraceBytes), before the search's end", told, bytesize.Format(t.Budget)))
	case !t.Complete:
		return exitcode.With(exitcode.Stopped, fmt.Errorf("the page shows the first %s: the search has more (--steps, at most %d)", told, explain.MaxTraceNodes))
	case t.Solutions == 0:
		return exitcode.With(exitcode.None, nil)
	}
	return nil
}
