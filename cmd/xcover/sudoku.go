package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/cmd/xcover/internal/statusline"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

func sudokuFlags() []cli.Flag {
	return append([]cli.Flag{
		searchcmd.FormatFlag("read the input as `FORMAT`: line, block or numeric", "detected"),
		&cli.StringFlag{Name: "output", Usage: "write grids as `FORMAT`: line, block, numeric or pretty", DefaultText: "the input's format"},
		&cli.StringFlag{Name: "alphabet", Usage: "the `SYMBOLS` for the values 1…N of an N×N grid, exactly N of them, e.g. ABCDEFGHIJKLMNOP",
			DefaultText: "1-9 then A-Z, a-z, or the judges' letters A-P / A-Y, detected"},
		&cli.BoolFlag{Name: "unique", Usage: "prove uniqueness: print unique (with the solution), multiple or none per puzzle"},
		searchcmd.JobsFlag("solve on `N` cores (the output keeps the input order)", "every core"), searchcmd.EmitSpecFlag(),
	}, searchcmd.SearchFlags("solution")...)
}

// sudokuRun is one run of "xcover sudoku": what the flags ask for, and
// the report of the answers as they stream in.
type sudokuRun struct {
	req *searchcmd.Request
	out *searchcmd.Writer
	sudoku.Report
}

func sudokuAction(c *cli.Context, e *env) error {
	req, err := searchcmd.RequestOf(c)
	if err != nil {
		return err
	}
	r := &sudokuRun{req: req}
	emit, err := searchcmd.SpecFormat(c, searchcmd.FlagEmitSpec)
	var ropt sudoku.ReadOptions
	switch unique, listing := c.Bool("unique"), c.IsSet(searchcmd.FlagAll) || c.IsSet(searchcmd.FlagLimit); {
	case err != nil:
		return err
	case unique && (listing || req.Count):
		return searchcmd.Usage(c.Command.Name, "--unique looks for two solutions: it does not combine with --all, --limit or --count")
	case emit != "" && (unique || listing || req.Count || req.JSON):
		return searchcmd.Usage(c.Command.Name, "--emit-spec writes the problem and solves nothing; drop --unique, --all, --limit, --count and --json")
	case unique:
		r.Mode = sudoku.ModeUnique
	case req.Count:
		r.Mode = sudoku.ModeCount
	case listing:
		r.Mode = sudoku.ModeList
	}
	if ropt.Format, err = sudoku.ParseFormat(c.String(searchcmd.FlagFormat)); c.IsSet(searchcmd.FlagFormat) && (err != nil || ropt.Format == sudoku.Pretty) {
		return searchcmd.Usage(c.Command.Name, "--format %q: expected line, block or numeric", c.String(searchcmd.FlagFormat))
	}
	if r.Format, err = sudoku.ParseFormat(c.String("output")); c.IsSet("output") && (err != nil || r.Format == sudoku.Auto) {
		return searchcmd.Usage(c.Command.Name, "--output %q: expected line, block, numeric or pretty", c.String("output"))
	}
	if c.IsSet("alphabet") {
		if ropt.Alphabet, err = sudoku.NewAlphabet(c.String("alphabet")); err != nil {
			return searchcmd.Usage(c.Command.Name, "--alphabet: %v", err)
		}
	}
	arg, err := searchcmd.InputArg(c)
	if err != nil {
		return err
	}
	ctx, out, cancel := searchcmd.Begin(c.Context, e, req)
	defer cancel()
	r.out, r.Out, r.JSON = out, out, req.JSON
	// Every core by default, as solve counts: the output is the same
	// whatever the number of workers.
	start, jobs := time.Now(), req.Workers(true)
	r.Batch, err = searchcmd.Await(ctx, func() (*sudoku.Batch, error) {
		name, data, err := e.ReadFile(arg, sudoku.MaxInputBytes, "a Sudoku input")
		if err != nil {
			if puzzle, ok := puzzleArgument(e, arg, ropt); ok {
				name, data, err = "argument", puzzle, nil
			} else {
				return nil, err
			}
		}
		b, err := sudoku.Read(name, data, ropt)
		if err != nil {
			return nil, exitcode.Bad(err)
		}
		for _, err := range b.Errors() { // one line on stderr for each puzzle of a batch that could not be read
			if len(b.Puzzles) > 1 {
				fmt.Fprintf(e.Stderr, "xcover: %v\n", err)
			}
		}
		if err := b.Unreadable(); err != nil {
			return nil, exitcode.Bad(err)
		}
		if emit != "" { // the exact-cover problem of the input's one puzzle
			sp, err := b.Spec()
			if err == nil {
				err = specs.Write(out, sp, emit)
			}
			return nil, cmp.Or(exitcode.Bad(err), out.Close())
		}
		return b, nil
	})
	switch {
	case ctx.Err() != nil:
		r.Tally.Status = exactcover.StoppedBy(ctx.Err())
		return r.end(ctx, e, start, jobs)
	case err != nil || emit != "":
		return err
	case r.Mode.For(r.Batch.Format) != r.Mode:
		r.Mode, req.Limit = r.Mode.For(r.Batch.Format), 0
	}
	r.Format = cmp.Or(r.Format, r.Batch.Format)
	opt := sudoku.BatchOptions{Workers: jobs, Config: r.Mode.Config(req.Limit, req.MaxNodes), KeepFirst: r.Mode != sudoku.ModeList}
	opt.Config.Engine = req.Engine
	output := r.Output()
	finished := 0
	r.After = func(done int) {
		if done >= 0 {
			finished = done
			if ctx.Err() == nil { // a stop says itself how many finished
				r.showProgress(out.Status, finished, "")
			}
		}
		out.Tick()
	}
	if out.Status != nil { // the search of a hard puzzle shows its own progress
		opt.Config.ProgressEvery = out.Status.Every()
		output.Progress = func(i int, pr *exactcover.Progress) {
			r.showProgress(out.Status, finished, fmt.Sprintf("; puzzle %d: %s", i+1, searchcmd.Counters(pr)))
		}
	}
	sudoku.SolveBatch(ctx, r.Batch.Puzzles, opt, output)
	return r.end(ctx, e, start, jobs)
}

// showProgress shows on line (nil: nowhere) how many of the puzzles are
// finished, at what rate, and then more.
func (r *sudokuRun) showProgress(line *statusline.Line, finished int, more string) {
	if line == nil {
		return
	}
	n := len(r.Batch.Puzzles)
	rate := perSecond(float64(finished) / max(line.Spent().Seconds(), 1e-9))
	searchcmd.ShowProgress(line, float64(finished)/float64(n), fmt.Sprintf("%d of %d puzzles, %s puzzles/s%s", finished, n, rate, more))
}

// end prints the summary (--json) and the --stats line, and returns the
// exit error: 3 when a search was cut short, else 1 when a puzzle has no
// solution or could not be read.
func (r *sudokuRun) end(ctx context.Context, e *env, start time.Time, jobs int) error {
	t, took := &r.Tally, time.Since(start)
	sum := &report.SudokuSummary{Summary: report.New(exactcover.Stats{Solutions: t.Solutions, Nodes: t.Nodes, Updates: t.Updates, Status: t.Status, Elapsed: took}),
		Puzzles: t.Puzzles, Verdicts: t.Verdicts}
	if t.ByLearner > 0 { // the learner's counters, summed over the puzzles it settled
		sum.Learn = report.LearnOf(t.Learn)
	}
	// Found: every puzzle was solved; a puzzle with no solution or unread
	// is exit 1, which its line of output says.
	o := searchcmd.Outcome{Record: sum, Found: t.Verdicts["none"]+t.Verdicts["invalid"] == 0}
	if r.req.Stats {
		o.Stats = fmt.Sprintf("%s in %s on %d of %d cores: %s puzzles/s, %.1f nodes per puzzle", t.String(), report.Elapsed(took),
			jobs, runtime.GOMAXPROCS(0), perSecond(float64(t.Puzzles)/max(took.Seconds(), 1e-9)), float64(t.Nodes)/float64(max(t.Puzzles, 1)))
		if t.ByLearner > 0 {
			o.Stats += fmt.Sprintf("; clause learning settled %s in %s", plural.Of(t.ByLearner, "puzzle"), plural.Of(t.Learn.Conflicts, "conflict"))
		}
	}
	switch {
	case ctx.Err() != nil && r.Batch == nil:
		o.Stopped = errors.New(report.StoppedReading(exactcover.StoppedBy(ctx.Err())))
	case ctx.Err() != nil:
		o.Stopped = fmt.Errorf("%s after %s: %d of %s finished; what was found is printed", report.StatusText(exactcover.StoppedBy(ctx.Err()), 0),
			report.Elapsed(took), t.Puzzles-t.Verdicts["timeout"]-t.Verdicts["interrupted"], plural.Of(len(r.Batch.Puzzles), "puzzle"))
	case t.Verdicts["node-limit"] > 0:
		o.Stopped = fmt.Errorf("%s stopped at --max-nodes before the search could finish", plural.Of(t.Verdicts["node-limit"], "puzzle"))
	}
	return searchcmd.End(r.out, e, o)
}

// perSecond writes a rate with three significant digits below 100 (a
// 25×25 puzzle that takes 11 s is 0.0909 puzzles/s, not 0) and none
// above.
func perSecond(r float64) string {
	if r >= 100 {
		return strconv.FormatFloat(r, 'f', 0, 64)
	}
	return strconv.FormatFloat(r, 'g', 3, 64)
}

// puzzleArgument returns the command line's argument as the input when it
// is no file but a puzzle: "xcover sudoku 53..7....6..195…" reads as
// "echo 53..7… | xcover sudoku -" does. A file of that name, if there is
// one, comes first.
func puzzleArgument(e *env, arg string, ropt sudoku.ReadOptions) ([]byte, bool) {
	if arg == "-" || len(arg) > sudoku.MaxInputBytes {
		return nil, false
	}
	if _, err := os.Stat(e.Path(arg)); !errors.Is(err, fs.ErrNotExist) {
		return nil, false
	}
	b, err := sudoku.Read("argument", []byte(arg), ropt)
	return []byte(arg), err == nil && len(b.Puzzles) == 1 && b.Puzzles[0].Err == nil
}
