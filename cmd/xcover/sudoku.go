package main

import (
	"cmp"
	"context"
	"fmt"
	"math/big"
	"runtime"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
	"xcover/problems/sudoku"
	"xcover/report"
	"xcover/specs"
)

// maxSudokuBytes bounds a Sudoku input: the largest shared sets (49,158
// puzzles of 82 bytes) are a tenth of it.
const maxSudokuBytes = 64 << 20

func sudokuFlags() []cli.Flag {
	return append([]cli.Flag{
		formatFlag("read the input as `FORMAT`: line, block or numeric", "detected"),
		&cli.StringFlag{Name: "output", Usage: "write grids as `FORMAT`: line, block, numeric or pretty", DefaultText: "the input's format"},
		&cli.StringFlag{Name: "alphabet", Usage: "the `SYMBOLS` for the values 1…N, e.g. ABCDEFGHIJKLMNOP",
			DefaultText: "1-9 then A-Z, a-z, or the judges' letters A-P / A-Y, detected"},
		&cli.BoolFlag{Name: "unique", Usage: "prove uniqueness: print unique (with the solution), multiple or none per puzzle"},
		jobsFlag("solve on `N` cores (the output keeps the input order)", ""), emitSpecFlag(),
	}, searchFlags("solution")...)
}

// sudokuRun is one run of "xcover sudoku": what the flags ask for, and the
// output as the answers stream in, in input order.
type sudokuRun struct {
	req    *search
	mode   sudoku.Mode
	out    *writer
	batch  *sudoku.Batch
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
	r := &sudokuRun{req: req}
	emit, err := specFormat(c, flagEmitSpec)
	var ropt sudoku.ReadOptions
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
	ctx, out, cancel := begin(c, e, req)
	defer cancel()
	r.out = out
	start, jobs := time.Now(), int(countOf(c, flagJobs))
	r.batch, err = await(ctx, func() (*sudoku.Batch, error) {
		name, data, err := readFile(e, arg, maxSudokuBytes, "a Sudoku input")
		if err != nil {
			return nil, err
		}
		b, err := sudoku.Read(name, data, ropt)
		if err != nil {
			return nil, badInput(err)
		}
		// One line on stderr for each puzzle that could not be read.
		errs := b.Errors()
		if len(b.Puzzles) == 1 && len(errs) == 1 {
			return nil, badInput(errs[0])
		}
		for _, err := range errs {
			fmt.Fprintf(e.stderr, "xcover: %v\n", err)
		}
		if len(errs) == len(b.Puzzles) {
			return nil, badInput(fmt.Errorf("%s: none of the %d puzzles could be read", name, len(errs)))
		}
		if emit != "" { // the exact-cover problem of the input's one puzzle
			sp, err := b.Spec()
			if err == nil {
				err = specs.Write(out.w, sp, emit)
			}
			return nil, cmp.Or(badInput(err), out.close())
		}
		return b, nil
	})
	switch {
	case ctx.Err() != nil:
		r.tally.Status = stopped(ctx)
		return r.end(ctx, e, start, jobs)
	case err != nil || emit != "":
		return err
	case r.batch.Format == sudoku.Numeric && r.mode == sudoku.ModeFirst:
		r.mode, req.limit = sudoku.ModeList, 0 // the numeric judge format lists every solution
	}
	r.format = cmp.Or(r.format, r.batch.Format)
	bo := sudoku.BatchOutput{Done: r.answer}
	if r.mode == sudoku.ModeList {
		bo.Solution = r.list
	}
	opt := sudoku.BatchOptions{Workers: jobs, Config: r.mode.Config(req.limit, req.maxNodes), KeepFirst: r.mode != sudoku.ModeList}
	opt.Config.Engine = req.engine
	sudoku.SolveBatch(ctx, r.batch.Puzzles, opt, bo)
	return r.end(ctx, e, start, jobs)
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
		}{"solution", i + 1, r.listed, r.batch.LineOf(g)})
	} else {
		r.out.text(sudoku.AppendGrid(sudoku.AppendSeparator(nil, g.Size()), g, r.format, r.batch.Alphabet(g.Box)), false)
	}
	r.out.tick()
}

// answer tallies puzzle i's answer when it is finished, and prints it.
func (r *sudokuRun) answer(i int, a sudoku.Answer) {
	r.listed = 0
	r.tally.Add(a)
	r.out.status.batch(i+1, len(r.batch.Puzzles))
	if r.halted {
		return
	}
	// A puzzle cut short by time or a signal is the last printed: the
	// puzzles after it were never searched.
	r.halted = a.Verdict() == sudoku.Stopped && a.Result.Status != exactcover.NodeLimit
	if r.req.json {
		r.out.object(struct {
			Type string `json:"type"`
			sudoku.Record
		}{"puzzle", r.batch.Record(i, a)})
	} else {
		blank := r.mode == sudoku.ModeFirst && (r.format == sudoku.Block || r.format == sudoku.Pretty)
		r.out.text(r.batch.AppendAnswer(nil, r.mode, a, r.format), blank)
	}
	r.out.tick()
}

// end prints the summary (--json) and the --stats line, and returns the
// exit error: 3 when a search was cut short, else 1 when a puzzle has no
// solution or could not be read.
func (r *sudokuRun) end(ctx context.Context, e *env, start time.Time, jobs int) error {
	r.out.status.stop()
	t, took := &r.tally, time.Since(start)
	if r.req.json {
		sum := report.New(exactcover.Stats{Nodes: t.Nodes, Updates: t.Updates, Status: t.Status, Elapsed: took})
		sum.Solutions, sum.Puzzles, sum.Verdicts = big.NewInt(t.Solutions), t.Puzzles, t.Verdicts
		r.out.object(sum)
	}
	if err := r.out.close(); err != nil {
		return err
	}
	if r.req.stats {
		fmt.Fprintf(e.stderr, "%s in %s on %d of %d cores: %.0f puzzles/s, %.1f nodes per puzzle\n", t.String(), elapsed(took),
			jobs, runtime.NumCPU(), float64(t.Puzzles)/max(took.Seconds(), 1e-9), float64(t.Nodes)/float64(max(t.Puzzles, 1)))
	}
	switch {
	case ctx.Err() != nil:
		total := 0
		if r.batch != nil {
			total = len(r.batch.Puzzles)
		}
		return withCode(exitStopped, fmt.Errorf("%s after %s: %d of %s finished; what was found is printed", statusText(stopped(ctx), 0),
			elapsed(took), t.Puzzles-t.Verdicts["timeout"]-t.Verdicts["interrupted"], explain.Plural(total, "puzzle")))
	case t.Verdicts["node-limit"] > 0:
		return withCode(exitStopped, fmt.Errorf("%s stopped at --max-nodes before the search could finish", explain.Plural(t.Verdicts["node-limit"], "puzzle")))
	case t.Verdicts["none"]+t.Verdicts["invalid"] > 0:
		return withCode(exitNone, nil)
	}
	return nil
}
