package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"
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
		Description: `Reads puzzles (FILE, or stdin when FILE is absent or "-") and prints their
solutions in the same format and order. Formats, detected from the input or
chosen with --format:
   line     one puzzle per line, N² characters; '.', '0' or '-' empty; a line
            "end" ends the input (POJ 3074)
   block    N lines of N characters per puzzle, separated by a blank line
            (POJ 3076, letters A-P and '-')
   numeric  a line with the box side n, then N lines of N numbers, 0 empty;
            prints every solution, each after a line of 2N '=', then
            "TOTAL SOLUTION : k" or "NO SOLUTION"
   pretty   a board with box borders (output only, --output pretty)
With --output numeric, each solution follows its box-side line, so that the
output reads back as input. Values are 1-9, then A-Z and a-z (10 is A, 16 is
G); a 16×16 or 25×25 using the letters beyond those (H-P, Q-Y) is read as the
judges' A-P / A-Y; or name the symbols with --alphabet.

What is printed for each puzzle: by default its first solution (every
solution for numeric input); with --all or --limit N its solutions, framed as
the numeric judge format does and in grid order (row by row, smaller values
first), streamed as they are found; with --unique "unique<TAB>solution" (in
line form), "multiple" or "none"; with --count the number of solutions (N+
when the count stopped early). --limit, --max-nodes and --progress count per
puzzle; --timeout bounds the whole run. A puzzle that cannot be read prints
INVALID in its place and its error, file:line:column, on stderr; one stopped
by --max-nodes prints NODE-LIMIT.

--json prints, one object per line, for each puzzle
   {"type":"puzzle","index":1,"line":1,"status":"unique","solutions":1,"nodes":0,"solution":"..."}
with status solved, unique, multiple, none, invalid, node-limit, timeout or
interrupted (with --all or --limit, each solution before it as
{"type":"solution","puzzle":1,"number":1,"grid":"..."}), and last a summary
   {"type":"summary","solutions":3,"nodes":...,"status":"complete","puzzles":3,"verdicts":{"unique":3},...}

Examples:
   $ xcover examples line81.in | xcover sudoku -
   $ xcover examples line81.in | xcover sudoku --unique --stats -
   $ xcover examples letters16.in | xcover sudoku --output pretty -
   $ xcover examples numeric.in | xcover sudoku -
   $ xcover examples numeric.in | xcover sudoku --count --limit 5 -
   $ xcover examples one9.in | xcover sudoku --emit-spec dlx -
   $ xcover examples line81.in | xcover sudoku --json -j 2 -

Exit codes, for a batch the worst case over its puzzles:
   0  every puzzle was solved (for --unique: found unique or multiple)
   1  some puzzle has no solution, or could not be read (its error is on
      stderr, the others are solved and printed)
   2  bad input or usage: no puzzle could be read, or the flags contradict;
      nothing is printed on stdout
   3  some puzzle was stopped by --max-nodes, or the run by --timeout, Ctrl-C
      or SIGTERM; what was found is printed`,
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

// sudokuMode is what each puzzle's search looks for.
type sudokuMode int

const (
	modeFirst  sudokuMode = iota // the first solution
	modeUnique                   // up to two: unique, multiple or none
	modeCount                    // count (up to --limit)
	modeList                     // list (up to --limit), in grid order
)

// sudokuRun is one run of "xcover sudoku": what the flags ask for, and
// the state of the output as the answers stream in.
type sudokuRun struct {
	e        *env
	req      *search
	mode     sudokuMode
	jobs     int
	out      *writer
	status   *progress
	name     string
	batch    *sudoku.Batch
	format   sudoku.Format // of the output
	first    *sudoku.Grid  // the first solution of puzzle firstOf (modes first and unique)
	firstOf  int
	listed   int64         // solutions of the puzzle listed so far
	next     int           // the next puzzle to report
	done     int           // puzzles reported
	stopped  bool          // the run was stopped: print no more
	sum      *summary
	worst    exactcover.Status // the status of the batch: the worst of its puzzles'
	nodeLims int
	code     int
}

func sudokuAction(c *cli.Context, e *env) error {
	req, err := searchOf(c, e)
	if err != nil {
		return err
	}
	r := &sudokuRun{e: e, req: req, jobs: int(countOf(c, flagJobs)), sum: newSummary(exactcover.Stats{}), code: exitFound}
	r.sum.Verdicts = map[string]int{}
	switch {
	case c.Bool("unique") && (c.IsSet(flagAll) || c.IsSet(flagLimit) || req.count):
		return usage(c, "--unique looks for two solutions: it does not combine with --all, --limit or --count")
	case c.Bool("unique"):
		r.mode, req.limit = modeUnique, 2
	case req.count:
		r.mode = modeCount
	case c.IsSet(flagAll) || c.IsSet(flagLimit):
		r.mode = modeList
	}
	var ropt sudoku.ReadOptions
	if c.IsSet(flagFormat) {
		if ropt.Format, err = sudoku.ParseFormat(c.String(flagFormat)); err != nil || ropt.Format == sudoku.Pretty {
			return usage(c, "--format %q: expected line, block or numeric", c.String(flagFormat))
		}
	}
	if c.IsSet("output") {
		if r.format, err = sudoku.ParseFormat(c.String("output")); err != nil || r.format == sudoku.Auto {
			return usage(c, "--output %q: expected line, block, numeric or pretty", c.String("output"))
		}
	}
	if c.IsSet("alphabet") {
		if ropt.Alphabet, err = sudoku.NewAlphabet(c.String("alphabet")); err != nil {
			return usage(c, "--alphabet: %v", err)
		}
	}
	emit, err := specFormat(c, flagEmitSpec)
	if err != nil {
		return err
	}
	if emit != "" && (c.Bool("unique") || c.IsSet(flagAll) || c.IsSet(flagLimit) || req.count || req.json) {
		return usage(c, "--emit-spec writes the problem and solves nothing; drop --unique, --all, --limit, --count and --json")
	}
	arg, err := inputArg(c)
	if err != nil {
		return err
	}

	ctx, cancel := withTimeout(c.Context, req.timeout)
	defer cancel()
	r.status = newProgress(e, req)
	r.out = newWriter(e.stdout, req.json, r.status)
	start := time.Now()
	r.batch, err = await(ctx, func() (*sudoku.Batch, error) {
		name, data, err := readFile(e, arg, maxSudokuBytes, "maxSudokuBytes")
		r.name = name
		if err != nil {
			return nil, err
		}
		b, err := sudoku.Read(name, data, ropt)
		if err != nil {
			return nil, badInput(err)
		}
		return b, nil
	})
	if isStop(err) {
		r.worst = stoppedStatus(err)
		return r.end(ctx, start)
	} else if err != nil {
		return err
	}
	if err := r.reportInvalid(); err != nil {
		return err
	}
	if emit != "" {
		return r.emit(emit)
	}
	if r.batch.Format == sudoku.Numeric && r.mode == modeFirst {
		r.mode, req.limit = modeList, 0 // the numeric judge format lists every solution
	}
	if r.format == sudoku.Auto {
		r.format = r.batch.Format
	}
	grids := make([]*sudoku.Grid, len(r.batch.Puzzles))
	for i, p := range r.batch.Puzzles {
		grids[i] = p.Grid
	}
	opt := sudoku.BatchOptions{Workers: r.jobs, Config: sudoku.Config{MaxSolutions: req.limit, MaxNodes: req.maxNodes, InOrder: r.mode == modeList}}
	var solution func(int, *sudoku.Grid)
	switch r.mode {
	case modeFirst, modeUnique:
		solution = r.keepFirst
	case modeList:
		solution = r.list
	}
	sudoku.SolveBatch(ctx, grids, opt, sudoku.BatchOutput{Solution: solution, Done: r.answer})
	r.catchUp(len(grids))
	return r.end(ctx, start)
}

// catchUp reports the puzzles before puzzle i that could not be read (the
// batch skips them), so that every answer is printed in its place.
func (r *sudokuRun) catchUp(i int) {
	for ; r.next < i; r.next++ {
		r.report(r.next, sudoku.Answer{Err: r.batch.Puzzles[r.next].Err})
	}
}

// reportInvalid prints on stderr, one line each, the puzzles that could not
// be read, and fails when none could.
func (r *sudokuRun) reportInvalid() error {
	var errs []error
	for _, p := range r.batch.Puzzles {
		if p.Err != nil {
			errs = append(errs, p.Err)
		}
	}
	n := len(r.batch.Puzzles)
	switch {
	case len(errs) == 1 && n == 1:
		return badInput(errs[0])
	case len(errs) == n:
		for _, err := range errs {
			fmt.Fprintf(r.e.stderr, "xcover: %v\n", err)
		}
		return badInput(fmt.Errorf("%s: none of the %d puzzles could be read", r.name, n))
	}
	for _, err := range errs {
		fmt.Fprintf(r.e.stderr, "xcover: %v\n", err)
	}
	return nil
}

// keepFirst keeps the first solution of a puzzle, printed with its answer.
func (r *sudokuRun) keepFirst(i int, g *sudoku.Grid) {
	r.catchUp(i)
	if r.first == nil {
		r.first, r.firstOf = g.Clone(), i
	}
}

// list prints a solution of puzzle i as it is found.
func (r *sudokuRun) list(i int, g *sudoku.Grid) {
	r.catchUp(i)
	r.listed++
	if r.stopped {
		return
	}
	if r.req.json {
		r.out.object(struct {
			Type   string `json:"type"`
			Puzzle int    `json:"puzzle"`
			Number int64  `json:"number"`
			Grid   string `json:"grid"`
		}{"solution", r.batch.Puzzles[i].Index, r.listed, r.line(g)})
	} else {
		b := sudoku.AppendSeparator(nil, g.Size())
		r.out.text(sudoku.AppendGrid(b, g, r.format, r.batch.Alphabet(g.Box)), false)
	}
	r.out.tick()
}

// answer reports puzzle i when it is finished.
func (r *sudokuRun) answer(i int, a sudoku.Answer) {
	r.catchUp(i)
	r.report(i, a)
	r.next = i + 1
}

// report prints puzzle i's answer.
func (r *sudokuRun) report(i int, a sudoku.Answer) {
	p := r.batch.Puzzles[i]
	var first *sudoku.Grid
	if r.first != nil && r.firstOf == i {
		first, r.first = r.first, nil
	}
	r.listed = 0
	r.done++
	r.status.batch(r.done, len(r.batch.Puzzles), "puzzle")
	v := a.Verdict()
	res := a.Result
	if v == sudoku.Stopped && res.Status == exactcover.NodeLimit {
		r.nodeLims++
	}
	switch {
	case v == sudoku.Invalid || v == sudoku.NoSolution:
		r.code = max(r.code, exitNone)
	case v == sudoku.Stopped:
		r.code = exitStopped
	}
	word := v.String()
	if v == sudoku.Stopped {
		word = res.Status.String()
	}
	r.sum.Verdicts[word]++
	r.sum.Puzzles++
	r.sum.Solutions.Add(r.sum.Solutions, big.NewInt(res.Solutions))
	r.sum.Nodes += res.Nodes
	r.sum.Updates += res.Updates
	if v != sudoku.Invalid && statusRank(res.Status) > statusRank(r.worst) {
		r.worst = res.Status
	}
	if r.stopped {
		return
	}
	if v == sudoku.Stopped && res.Status != exactcover.NodeLimit {
		r.stopped = true // the puzzles after this one were never searched
	}
	if r.req.json {
		o := struct {
			Type      string `json:"type"`
			Index     int    `json:"index"`
			Line      int    `json:"line"`
			Status    string `json:"status"`
			Solutions int64  `json:"solutions"`
			Nodes     int64  `json:"nodes"`
			Solution  string `json:"solution,omitempty"`
			Error     string `json:"error,omitempty"`
		}{Type: "puzzle", Index: p.Index, Line: p.Line, Status: word, Solutions: res.Solutions, Nodes: res.Nodes}
		if first != nil {
			o.Solution = r.line(first)
		}
		if a.Err != nil {
			o.Error = a.Err.Error()
		}
		r.out.object(o)
		r.out.tick()
		return
	}
	var b []byte
	switch {
	case v == sudoku.Invalid:
		b = []byte("INVALID\n")
		if r.mode == modeUnique || r.mode == modeCount {
			b = []byte("invalid\n")
		}
	case r.mode == modeUnique && v == sudoku.Unique:
		b = append([]byte("unique\t"), r.line(first)+"\n"...)
	case r.mode == modeUnique:
		b = []byte(word + "\n")
	case r.mode == modeCount:
		b = []byte(countText(exactcover.Stats{Solutions: res.Solutions, Status: res.Status}))
		if v == sudoku.Stopped {
			b = append(b, " "+word...)
		}
		b = append(b, '\n')
	case r.mode == modeList:
		b = sudoku.AppendTotal(nil, res)
	case first != nil:
		if r.format == sudoku.Numeric { // the box side first, so that the output reads back
			b = fmt.Appendf(nil, "%d\n", first.Box)
		}
		b = sudoku.AppendGrid(b, first, r.format, r.batch.Alphabet(first.Box))
	case v == sudoku.NoSolution:
		b = []byte("NO SOLUTION\n")
	default:
		b = []byte(strings.ToUpper(word) + "\n")
	}
	r.out.text(b, r.mode == modeFirst && (r.format == sudoku.Block || r.format == sudoku.Pretty))
	r.out.tick()
}

// line writes g in line form, in the alphabet of its size.
func (r *sudokuRun) line(g *sudoku.Grid) string {
	return strings.TrimSuffix(string(sudoku.AppendGrid(nil, g, sudoku.Line, r.batch.Alphabet(g.Box))), "\n")
}

// statusRank orders statuses by how far short of a complete search they
// fell: the batch's status is the worst of its puzzles'.
func statusRank(s exactcover.Status) int {
	return slices.Index([]exactcover.Status{exactcover.Complete, exactcover.SolutionLimit, exactcover.Stopped,
		exactcover.NodeLimit, exactcover.Timeout, exactcover.Interrupted}, s)
}

// end prints the summary (--json) and the --stats line, and returns the
// exit error.
func (r *sudokuRun) end(ctx context.Context, start time.Time) error {
	r.status.stop()
	took := time.Since(start)
	r.sum.Status, r.sum.Elapsed = r.worst.String(), took.Seconds()
	if r.req.json {
		r.out.object(r.sum)
	}
	if err := r.out.close(); err != nil {
		return err
	}
	if r.req.stats {
		var parts []string
		for _, v := range []string{"unique", "solved", "multiple", "none", "invalid", "node-limit", "timeout", "interrupted"} {
			if k := r.sum.Verdicts[v]; k > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", k, v))
			}
		}
		perPuzzle := float64(r.sum.Nodes) / float64(max(r.sum.Puzzles, 1))
		fmt.Fprintf(r.e.stderr, "%s (%s) in %s on %d of %d cores: %.0f puzzles/s, %.1f nodes per puzzle\n",
			explain.Plural(r.sum.Puzzles, "puzzle"), strings.Join(parts, ", "), elapsed(took), r.jobs, runtime.NumCPU(),
			float64(r.sum.Puzzles)/max(took.Seconds(), 1e-9), perPuzzle)
	}
	if err := ctx.Err(); err != nil {
		why := "interrupted"
		if errors.Is(err, context.DeadlineExceeded) {
			why = "stopped by --timeout"
		}
		total := 0
		if r.batch != nil {
			total = len(r.batch.Puzzles)
		}
		return withCode(exitStopped, fmt.Errorf("%s after %s: %d of %s finished; what was found is printed", why, elapsed(took), r.finished(), explain.Plural(total, "puzzle")))
	}
	if r.nodeLims > 0 {
		return withCode(exitStopped, fmt.Errorf("%s stopped at --max-nodes before the search could finish", explain.Plural(r.nodeLims, "puzzle")))
	}
	return withCode(r.code, nil)
}

// finished counts the puzzles whose search ended by itself or at a limit.
func (r *sudokuRun) finished() int {
	n := 0
	for v, k := range r.sum.Verdicts {
		if v != "timeout" && v != "interrupted" {
			n += k
		}
	}
	return n
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
