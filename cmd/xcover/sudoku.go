package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/cmd/xcover/internal/statusline"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

// sudokuOptions is what "xcover sudoku" is asked.
type sudokuOptions struct {
	IO *iostreams.IO
	searchcmd.Request
	Input    string             // a file, "-" (stdin), or a puzzle given as the argument
	Read     sudoku.ReadOptions // --format, --alphabet
	Output   sudoku.Format      // --output; Auto: the input's format
	Mode     sudoku.Mode        // first solution, --unique, --count or a listing (--all, --limit)
	EmitSpec specs.Format       // print the problem in this format instead of solving it ("": solve)
	// Rate rates each puzzle by the hardest technique a person needs
	// (--rate); Steps prints the path too (--steps).
	Rate, Steps bool
	// Variant is the kind of puzzle read (--variant): classic, or X-Sudoku,
	// jigsaw or killer, read and solved by sudokuVariantRun.
	Variant sudoku.Variant
}

func newCmdSudoku(s *iostreams.IO, runF func(context.Context, *sudokuOptions) error) *cli.Command {
	return &cli.Command{Name: "sudoku", Usage: "solve Sudoku puzzles of any size from 4×4 to 64×64, one or a batch", ArgsUsage: "[FILE|-|PUZZLE]",
		Flags: append([]cli.Flag{
			searchcmd.FormatFlag("read the input as `FORMAT`: line, block or numeric", "detected"),
			&cli.StringFlag{Name: "output", Usage: "write grids as `FORMAT`: line, block, numeric or pretty", DefaultText: "the input's format"},
			&cli.StringFlag{Name: "alphabet", Usage: "the `SYMBOLS` for the values 1…N of an N×N grid, exactly N of them, e.g. ABCDEFGHIJKLMNOP",
				DefaultText: "1-9 then A-Z, a-z, or the judges' letters A-P / A-Y, detected"},
			&cli.StringFlag{Name: "variant", Value: "classic", Usage: "read and solve puzzles of `VARIANT`: classic; x (both main diagonals hold every value once); jigsaw (a region map after each row's givens); killer (a cage map after each row's givens, then NAME=SUM cage sums): see docs/sudoku.md"},
			&cli.BoolFlag{Name: "unique", Usage: "prove uniqueness: print unique (with the solution), multiple or none per puzzle"},
			&cli.BoolFlag{Name: "rate", Usage: "rate each puzzle by the hardest technique a person needs, from naked single to swordfish, or beyond (the engines settle those): print the technique, the verdict and the solution"},
			&cli.BoolFlag{Name: "steps", Usage: "with --rate (which it implies), print the solving path first, each step in the players' words and in items and options"},
			searchcmd.JobsFlag("solve on `N` cores (the output keeps the input order)", "every core"), searchcmd.EmitSpecFlag(),
		}, searchcmd.SearchFlags("solution")...),
		Subcommands: []*cli.Command{newCmdSudokuGenerate(s, nil)},
		Action:      searchcmd.Action(s, parseSudoku, sudokuRun, runF)}
}

func parseSudoku(c *cli.Context, s *iostreams.IO) (*sudokuOptions, error) {
	req, err := searchcmd.RequestOf(c)
	if err != nil {
		return nil, err
	}
	o := &sudokuOptions{IO: s, Request: *req}
	if o.EmitSpec, err = searchcmd.SpecFormat(c, searchcmd.FlagEmitSpec); err != nil {
		return nil, err
	}
	if o.Mode, err = sudokuMode(c, o); err != nil {
		return nil, err
	}
	if o.Read.Format, err = sudoku.ParseFormat(c.String(searchcmd.FlagFormat)); c.IsSet(searchcmd.FlagFormat) && (err != nil || o.Read.Format == sudoku.Pretty) {
		return nil, searchcmd.Usage("sudoku", "--format %q: expected line, block or numeric", c.String(searchcmd.FlagFormat))
	}
	if o.Output, err = sudoku.ParseFormat(c.String("output")); c.IsSet("output") && (err != nil || o.Output == sudoku.Auto) {
		return nil, searchcmd.Usage("sudoku", "--output %q: expected line, block, numeric or pretty", c.String("output"))
	}
	if c.IsSet("alphabet") {
		if o.Read.Alphabet, err = sudoku.NewAlphabet(c.String("alphabet")); err != nil {
			return nil, searchcmd.Usage("sudoku", "--alphabet: %v", err)
		}
	}
	if err := parseSudokuVariant(c, o); err != nil {
		return nil, err
	}
	o.Input, err = searchcmd.InputArg(c)
	return o, err
}

// sudokuMode returns what o's command line (c) asks of each puzzle: its
// first solution, --unique, --count or a listing (--all, --limit); it
// refuses the flags that contradict one another.
func sudokuMode(c *cli.Context, o *sudokuOptions) (sudoku.Mode, error) {
	o.Steps = c.Bool("steps")
	o.Rate = c.Bool("rate") || o.Steps
	switch unique, listing := c.Bool("unique"), c.IsSet(searchcmd.FlagAll) || c.IsSet(searchcmd.FlagLimit); {
	case o.Rate && (unique || listing || o.Count || o.EmitSpec != ""):
		return 0, searchcmd.Usage("sudoku", "--rate and --steps settle each puzzle's solutions themselves: they do not combine with --unique, --all, --limit, --count or --emit-spec")
	case unique && (listing || o.Count):
		return 0, searchcmd.Usage("sudoku", "--unique looks for two solutions: it does not combine with --all, --limit or --count")
	case o.EmitSpec != "" && (unique || listing || o.Count || o.JSON):
		return 0, searchcmd.Usage("sudoku", "--emit-spec writes the problem and solves nothing; drop --unique, --all, --limit, --count and --json")
	case unique:
		return sudoku.ModeUnique, nil
	case o.Count:
		return sudoku.ModeCount, nil
	case listing:
		return sudoku.ModeList, nil
	}
	return sudoku.ModeFirst, nil
}

// sudokuBatch is one run of "xcover sudoku": what it was asked, and the
// report of the answers as they stream in.
type sudokuBatch struct {
	o     *sudokuOptions
	out   *searchcmd.Writer
	start time.Time
	jobs  int
	sudoku.Report
	ratings ratingTally // with --rate
}

// sudokuRun reads the puzzles and solves them as o asks, or prints the
// exact-cover problem of the one puzzle read.
func sudokuRun(ctx context.Context, o *sudokuOptions) error {
	if o.Variant != sudoku.Classic {
		return sudokuVariantRun(ctx, o)
	}
	ctx, out, cancel := searchcmd.Begin(ctx, o.IO, &o.Request)
	defer cancel()
	// Every core by default, as solve counts: the output is the same
	// whatever the number of workers.
	r := &sudokuBatch{o: o, out: out, start: time.Now(), jobs: o.Workers(true)}
	r.Mode, r.Format, r.Out, r.JSON = o.Mode, o.Output, out, o.JSON
	var err error
	r.Batch, err = searchcmd.Await(ctx, func() (*sudoku.Batch, error) { return r.read() })
	switch {
	case ctx.Err() != nil:
		r.Tally.Status = exactcover.StoppedBy(ctx.Err())
		return r.end(ctx)
	case err != nil || o.EmitSpec != "":
		return err
	}
	if o.Rate {
		r.rate(ctx)
	} else {
		r.solve(ctx)
	}
	return r.end(ctx)
}

// read reads the batch of puzzles, saying on stderr which of a batch could
// not be read; with EmitSpec, it prints the problem of the one puzzle read
// and returns no batch.
func (r *sudokuBatch) read() (*sudoku.Batch, error) {
	name, data, err := r.o.IO.ReadFile(r.o.Input, sudoku.MaxInputBytes, "a Sudoku input")
	if err != nil {
		if puzzle, ok := puzzleArgument(r.o.IO, r.o.Input, r.o.Read); ok {
			name, data, err = "argument", puzzle, nil
		} else {
			return nil, err
		}
	}
	b, err := sudoku.Read(name, data, r.o.Read)
	if err != nil {
		return nil, exitcode.Bad(err)
	}
	for _, err := range b.Errors() { // one line on stderr for each puzzle of a batch that could not be read
		if len(b.Puzzles) > 1 {
			fmt.Fprintf(r.o.IO.Stderr, "xcover: %v\n", err)
		}
	}
	if err := b.Unreadable(); err != nil {
		return nil, exitcode.Bad(err)
	}
	if r.o.EmitSpec != "" { // the exact-cover problem of the input's one puzzle
		sp, err := b.Spec()
		if err == nil {
			err = specs.Write(r.out, sp, r.o.EmitSpec)
		}
		return nil, cmp.Or(exitcode.Bad(err), r.out.Close())
	}
	return b, nil
}

// solve solves the batch read, on r.jobs workers, showing its progress.
func (r *sudokuBatch) solve(ctx context.Context) {
	limit := r.o.Limit
	if r.Mode.For(r.Batch.Format) != r.Mode {
		r.Mode, limit = r.Mode.For(r.Batch.Format), 0
	}
	r.Format = cmp.Or(r.Format, r.Batch.Format)
	opt := sudoku.BatchOptions{Workers: r.jobs, Config: r.Mode.Config(limit, r.o.MaxNodes), KeepFirst: r.Mode != sudoku.ModeList}
	opt.Config.Engine = r.o.Engine
	output := r.Output()
	finished, status := 0, r.out.Status
	r.After = func(done int) {
		if done >= 0 {
			finished = done
			if ctx.Err() == nil { // a stop says itself how many finished
				r.showProgress(status, finished, "")
			}
		}
		r.out.Tick()
	}
	if status != nil { // the search of a hard puzzle shows its own progress
		opt.Config.ProgressEvery = status.Every()
		output.Progress = func(i int, pr *exactcover.Progress) {
			r.showProgress(status, finished, fmt.Sprintf("; puzzle %d: %s", i+1, searchcmd.Counters(pr)))
		}
	}
	sudoku.SolveBatch(ctx, r.Batch.Puzzles, opt, output)
}

// showProgress shows on line (nil: nowhere) how many of the puzzles are
// finished, at what rate, and then more.
func (r *sudokuBatch) showProgress(line *statusline.Line, finished int, more string) {
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
func (r *sudokuBatch) end(ctx context.Context) error {
	t, took, jobs := &r.Tally, time.Since(r.start), r.jobs
	byLearner := t.By[exactcover.EngineLearn.String()]
	sum := &report.SudokuSummary{Summary: report.New(exactcover.Stats{Solutions: t.Solutions, Nodes: t.Nodes, Updates: t.Updates, Status: t.Status, Elapsed: took}),
		Puzzles: t.Puzzles, Verdicts: t.Verdicts, SettledBy: t.By}
	if byLearner > 0 { // the learner's counters, summed over the puzzles it settled
		sum.Learn = report.LearnOf(t.Learn)
	}
	// Found: every puzzle was solved; a puzzle with no solution or unread
	// is exit 1, which its line of output says.
	o := searchcmd.Outcome{Record: sum, Found: t.Verdicts["none"]+t.Verdicts["invalid"] == 0}
	if r.o.Stats {
		o.Stats = fmt.Sprintf("%s in %s on %d of %d cores: %s puzzles/s, %.1f nodes per puzzle", t.String(), report.Elapsed(took),
			jobs, runtime.GOMAXPROCS(0), perSecond(float64(t.Puzzles)/max(took.Seconds(), 1e-9)), float64(t.Nodes)/float64(max(t.Puzzles, 1)))
		if by := settledBy(t.By); by != "" {
			o.Stats += "; settled by " + by
		}
		if byLearner > 0 {
			o.Stats += fmt.Sprintf("; clause learning settled %s in %s", plural.Of(byLearner, "puzzle"), plural.Of(t.Learn.Conflicts, "conflict"))
		}
		if r.o.Rate {
			o.Stats += "; rated " + r.ratings.String()
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
	return searchcmd.End(r.out, r.o.IO, o)
}

// settledBy writes the puzzles each method settled, most first (ties in
// the order of the names): "kernel 94, learn 1".
func settledBy(by map[string]int) string {
	names := slices.Collect(maps.Keys(by))
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(by[b]-by[a], strings.Compare(a, b)) })
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s %d", name, by[name])
	}
	return strings.Join(parts, ", ")
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
func puzzleArgument(s *iostreams.IO, arg string, ropt sudoku.ReadOptions) ([]byte, bool) {
	if arg == "-" || len(arg) > sudoku.MaxInputBytes {
		return nil, false
	}
	if _, err := s.Stat(arg); !errors.Is(err, fs.ErrNotExist) {
		return nil, false
	}
	b, err := sudoku.Read("argument", []byte(arg), ropt)
	return []byte(arg), err == nil && len(b.Puzzles) == 1 && b.Puzzles[0].Err == nil
}
