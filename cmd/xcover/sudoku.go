package main

import (
	"cmp"
	"context"
	"fmt"
	"math/big"
	"runtime"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
	"xcover/problems/sudoku"
	"xcover/specs"
)

// maxSudokuBytes bounds a Sudoku input: the largest shared sets (49,158
// puzzles of 82 bytes) are a tenth of it.
const maxSudokuBytes = 64 << 20

func sudokuCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "sudoku",
		Usage:     "solve Sudoku puzzles of any size from 4×4 to 64×64, one or a batch",
		ArgsUsage: "[FILE|-]",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: flagFormat, Usage: "read the input as `FORMAT`: line, block or numeric", DefaultText: "detected"},
			&cli.StringFlag{Name: "output", Usage: "write grids as `FORMAT`: line, block, numeric or pretty", DefaultText: "the input's format"},
			&cli.StringFlag{Name: "alphabet", Usage: "the `SYMBOLS` for the values 1…N, e.g. ABCDEFGHIJKLMNOP",
				DefaultText: "1-9 then A-Z, a-z, or the judges' letters A-P / A-Y, detected"},
			&cli.BoolFlag{Name: "unique", Usage: "prove uniqueness: print unique (with the solution), multiple or none per puzzle"},
			jobsFlag(), emitSpecFlag(),
		}, searchFlags("solution")...),
		Action: func(c *cli.Context) error { return sudokuAction(c, e) },
	}
}

// sudokuRun is one run of "xcover sudoku": what the flags ask for, and the
// output as the answers stream in, in input order.
type sudokuRun struct {
	e      *env
	req    *search
	mode   sudoku.Mode
	out    *writer
	status *progress
	batch  *sudoku.Batch
	name   string        // of the input, for messages
	format sudoku.Format // of the output
	listed int64         // solutions of the puzzle being listed
	halted bool          // the run was stopped: print no more
	tally  sudoku.Tally
}

func sudokuAction(c *cli.Context, e *env) error {
	req, err := searchOf(c)
	if err != nil {
		return err
	}
	r := &sudokuRun{e: e, req: req}
	emit, err := specFormat(c, flagEmitSpec)
	switch unique, listing := c.Bool("unique"), c.IsSet(flagAll) || c.IsSet(flagLimit); {
	case err != nil:
		return err
	case unique && (listing || req.count):
		return usage(c, "--unique looks for two solutions: it does not combine with --all, --limit or --count")
	case emit != "" && (unique || listing || req.count || req.json):
		return usage(c, "--emit-spec writes the problem and solves nothing; drop --unique, --all, --limit, --count and --json")
	case unique:
		r.mode = sudoku.ModeUnique
	case req.count:
		r.mode = sudoku.ModeCount
	case listing:
		r.mode = sudoku.ModeList
	}
	var ropt sudoku.ReadOptions
	if ropt.Format, err = sudoku.ParseFormat(c.String(flagFormat)); c.IsSet(flagFormat) && (err != nil || ropt.Format == sudoku.Pretty) {
		return usage(c, "--format %q: expected line, block or numeric", c.String(flagFormat))
	}
	if r.format, err = sudoku.ParseFormat(c.String("output")); c.IsSet("output") && (err != nil || r.format == sudoku.Auto) {
		return usage(c, "--output %q: expected line, block, numeric or pretty", c.String("output"))
	}
	if c.IsSet("alphabet") {
		if ropt.Alphabet, err = sudoku.NewAlphabet(c.String("alphabet")); err != nil {
			return usage(c, "--alphabet: %v", err)
		}
	}
	arg, err := inputArg(c)
	if err != nil {
		return err
	}

	ctx, cancel := withTimeout(c.Context, req.timeout)
	defer cancel()
	start := time.Now()
	r.status = newProgress(c, e)
	r.out = newWriter(e, req.json, r.status)
	r.batch, err = await(ctx, func() (*sudoku.Batch, error) {
		name, data, err := readFile(e, arg, maxSudokuBytes, "maxSudokuBytes")
		if err != nil {
			return nil, err
		}
		b, err := sudoku.Read(name, data, ropt)
		if err != nil {
			return nil, badInput(err)
		}
		r.name = name
		return b, r.invalid(b)
	})
	switch {
	case isStop(err):
		r.tally.Status = stopped(err)
		return r.end(ctx, start, 0)
	case err != nil:
		return err
	case emit != "":
		return r.emit(emit)
	case r.batch.Format == sudoku.Numeric && r.mode == sudoku.ModeFirst:
		r.mode, req.limit = sudoku.ModeList, 0 // the numeric judge format lists every solution
	}
	r.format = cmp.Or(r.format, r.batch.Format)
	out := sudoku.BatchOutput{Done: r.answer}
	if r.mode == sudoku.ModeList {
		out.Solution = r.list
	}
	jobs := int(countOf(c, flagJobs))
	opt := sudoku.BatchOptions{Workers: jobs, Config: r.mode.Config(req.limit, req.maxNodes), KeepFirst: r.mode != sudoku.ModeList}
	sudoku.SolveBatch(ctx, r.batch.Puzzles, opt, out)
	return r.end(ctx, start, jobs)
}

// invalid prints on stderr, one line each, where the puzzles of b that
// could not be read are wrong, and fails when none could be read.
func (r *sudokuRun) invalid(b *sudoku.Batch) error {
	var errs []error
	for _, p := range b.Puzzles {
		if p.Err != nil {
			errs = append(errs, p.Err)
		}
	}
	if len(b.Puzzles) == 1 && len(errs) == 1 {
		return badInput(errs[0])
	}
	for _, err := range errs {
		fmt.Fprintf(r.e.stderr, "xcover: %v\n", err)
	}
	if len(errs) == len(b.Puzzles) {
		return badInput(fmt.Errorf("%s: none of the %d puzzles could be read", r.name, len(errs)))
	}
	return nil
}

// list prints a solution of puzzle i as it is found.
func (r *sudokuRun) list(i int, g *sudoku.Grid) {
	if r.listed++; r.halted {
		return
	}
	if r.req.json {
		r.out.object(struct {
			Type   string `json:"type"`
			Puzzle int    `json:"puzzle"`
			Number int64  `json:"number"`
			Grid   string `json:"grid"`
		}{"solution", i + 1, r.listed, r.line(g)})
	} else {
		r.out.text(sudoku.AppendGrid(sudoku.AppendSeparator(nil, g.Size()), g, r.format, r.batch.Alphabet(g.Box)), false)
	}
	r.out.tick()
}

// answer tallies puzzle i's answer when it is finished, and prints it.
func (r *sudokuRun) answer(i int, a sudoku.Answer) {
	r.listed = 0
	r.tally.Add(a)
	r.status.batch(i+1, len(r.batch.Puzzles))
	if r.halted {
		return
	}
	// A puzzle cut short by time or a signal is the last printed: the
	// puzzles after it were never searched.
	r.halted = a.Verdict() == sudoku.Stopped && a.Result.Status != exactcover.NodeLimit
	switch {
	case r.req.json:
		o := struct {
			Type      string `json:"type"`
			Index     int    `json:"index"`
			Line      int    `json:"line"`
			Status    string `json:"status"`
			Solutions int64  `json:"solutions"`
			Nodes     int64  `json:"nodes"`
			Solution  string `json:"solution,omitempty"`
			Error     string `json:"error,omitempty"`
		}{Type: "puzzle", Index: i + 1, Line: r.batch.Puzzles[i].Line, Status: a.String(), Solutions: a.Result.Solutions, Nodes: a.Result.Nodes}
		if a.First != nil {
			o.Solution = r.line(a.First)
		}
		if a.Err != nil {
			o.Error = a.Err.Error()
		}
		r.out.object(o)
	default:
		var alpha *sudoku.Alphabet
		if a.First != nil {
			alpha = r.batch.Alphabet(a.First.Box)
		}
		blank := r.mode == sudoku.ModeFirst && (r.format == sudoku.Block || r.format == sudoku.Pretty)
		r.out.text(sudoku.AppendAnswer(nil, r.mode, a, r.format, alpha), blank)
	}
	r.out.tick()
}

// line writes g in line form, in the alphabet of its size.
func (r *sudokuRun) line(g *sudoku.Grid) string {
	return strings.TrimSuffix(string(sudoku.AppendGrid(nil, g, sudoku.Line, r.batch.Alphabet(g.Box))), "\n")
}

// end prints the summary (--json) and the --stats line, and returns the
// exit error: 3 when a search was cut short, else 1 when a puzzle has no
// solution or could not be read.
func (r *sudokuRun) end(ctx context.Context, start time.Time, jobs int) error {
	r.status.stop()
	t, took := &r.tally, time.Since(start)
	if r.req.json {
		sum := newSummary(exactcover.Stats{Nodes: t.Nodes, Updates: t.Updates, Status: t.Status, Elapsed: took})
		sum.Solutions, sum.Puzzles, sum.Verdicts = big.NewInt(t.Solutions), t.Puzzles, t.Verdicts
		r.out.object(sum)
	}
	if err := r.out.close(); err != nil {
		return err
	}
	if r.req.stats {
		fmt.Fprintf(r.e.stderr, "%s in %s on %d of %d cores: %.0f puzzles/s, %.1f nodes per puzzle\n",
			t.String(), elapsed(took), jobs, runtime.NumCPU(),
			float64(t.Puzzles)/max(took.Seconds(), 1e-9), float64(t.Nodes)/float64(max(t.Puzzles, 1)))
	}
	switch err := ctx.Err(); {
	case err != nil:
		total := 0
		if r.batch != nil {
			total = len(r.batch.Puzzles)
		}
		return withCode(exitStopped, fmt.Errorf("%s after %s: %d of %s finished; what was found is printed", statusText(stopped(err), 0),
			elapsed(took), t.Puzzles-t.Verdicts["timeout"]-t.Verdicts["interrupted"], explain.Plural(total, "puzzle")))
	case t.Verdicts["node-limit"] > 0:
		return withCode(exitStopped, fmt.Errorf("%s stopped at --max-nodes before the search could finish", explain.Plural(t.Verdicts["node-limit"], "puzzle")))
	case t.Verdicts["none"]+t.Verdicts["invalid"] > 0:
		return withCode(exitNone, nil)
	}
	return nil
}

// emit writes the exact-cover problem of the input's one puzzle.
func (r *sudokuRun) emit(f specs.Format) error {
	if len(r.batch.Puzzles) != 1 {
		return badInput(fmt.Errorf("%s: --emit-spec takes one puzzle, the input has %d", r.name, len(r.batch.Puzzles)))
	}
	p := r.batch.Puzzles[0]
	prob, err := sudoku.Encode(p.Grid)
	if err != nil {
		return badInput(fmt.Errorf("%s:%d: %w", r.name, p.Line, err))
	}
	name, desc := sudoku.Describe(p.Grid, fmt.Sprintf("line %d of %s", p.Line, r.name))
	if err := specs.Write(r.out.w, &specs.Spec{Name: name, Description: desc, Problem: *prob}, f); err != nil {
		return badInput(err)
	}
	return r.out.close()
}
