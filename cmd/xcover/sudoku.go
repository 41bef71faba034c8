package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/problems/sudoku"
	"xcover/specs"
)

// Flags of "xcover sudoku", read by name in sudokuAction.
var (
	sudokuFormatFlag = &cli.StringFlag{
		Name:        "format",
		Usage:       "read the input as `FORMAT`: line, block or numeric",
		DefaultText: "detected from the first line",
	}
	sudokuOutputFlag = &cli.StringFlag{
		Name:        "output",
		Usage:       "write grids as `FORMAT`: line, block, numeric or pretty",
		DefaultText: "the input's format",
	}
	sudokuAlphabetFlag = &cli.StringFlag{
		Name:        "alphabet",
		Usage:       "the `SYMBOLS` for the values 1…N, e.g. ABCDEFGHIJKLMNOP",
		DefaultText: "1-9 then A-Z, a-z, or the judges' letters A-P / A-Y, detected",
	}
	sudokuUniqueFlag = &cli.BoolFlag{
		Name:  "unique",
		Usage: "prove uniqueness: print unique (with the solution), multiple or none per puzzle",
	}
	sudokuCountFlag = &cli.BoolFlag{
		Name:  "count",
		Usage: "print the number of solutions of each puzzle (N+ when --limit stopped the count)",
	}
	sudokuAllFlag = &cli.BoolFlag{
		Name:  "all",
		Usage: "print every solution of each puzzle, framed as the numeric judge format does",
	}
	sudokuLimitFlag = &cli.Int64Flag{
		Name:        "limit",
		Usage:       "with --count or --all: stop each puzzle after `N` solutions",
		DefaultText: "no limit",
	}
	sudokuJSONFlag = &cli.BoolFlag{
		Name:  "json",
		Usage: "print one JSON object per puzzle: index, line, status, solutions, nodes, solution",
	}
	sudokuJobsFlag = &cli.IntFlag{
		Name:    "jobs",
		Aliases: []string{"j"},
		Usage:   "solve on `N` cores (the output keeps the input order)",
		Value:   1,
	}
	sudokuEmitFlag = &cli.StringFlag{
		Name:  "emit-spec",
		Usage: "write the puzzle's exact-cover problem as `FORMAT` yaml or dlx instead of solving it",
	}
	sudokuStatsFlag = &cli.BoolFlag{
		Name:  "stats",
		Usage: "print a summary on stderr: puzzles, verdicts, puzzles/s, nodes per puzzle",
	}
	sudokuTimeoutFlag = &cli.DurationFlag{
		Name:  "timeout",
		Usage: "give up a puzzle after `DURATION` with status timeout; the batch goes on (exit 3)",
	}
	sudokuSplitFlag = &cli.IntFlag{
		Name:        "split",
		Usage:       "search the first `N` levels with Sudoku reasoning (singles, probing) before dancing links: stronger, costlier nodes, which no longer pay on the 9×9 sets we measure (see problems/sudoku/bench_test.go)",
		DefaultText: "0: dancing links does the whole search",
	}
	sudokuMaxNodesFlag = &cli.Int64Flag{
		Name:        "max-nodes",
		Usage:       "give up a puzzle after `N` search-tree nodes with status timeout (exit 3)",
		DefaultText: "no limit",
	}
)

// maxJobs bounds -j: more goroutines than this gain nothing on any machine
// xcover runs on, and each holds a solver's memory.
const maxJobs = 256

// maxSplit bounds --split: each level keeps a copy of the grid state, and
// beyond a few dozen levels every puzzle is solved before reaching them.
const maxSplit = 64

var sudokuCommand = &cli.Command{
	Name:      "sudoku",
	Usage:     "solve Sudoku puzzles of any size from 4×4 to 64×64, one or a batch",
	ArgsUsage: "[FILE|-]",
	Description: `Reads puzzles (FILE, or stdin when FILE is absent or "-") and prints their
solutions in the same format and order. Formats, detected from the first line
or chosen with --format:
   line     one puzzle per line, N² characters; '.', '0' or '-' empty; a line
            "end" ends the input (POJ 3074)
   block    N lines of N characters per puzzle, separated by a blank line
            (POJ 3076, letters A-P and '-')
   numeric  a line with the box side n, then N lines of N numbers, 0 empty;
            prints every solution, each after a line of 2N '=', then
            "TOTAL SOLUTION : k" or "NO SOLUTION"
   pretty   a board with box borders (output only, --output pretty)
With --output numeric, each solution follows its box-side line, so that the
output reads back as input.
Values are 1-9, then A-Z and a-z (10 is A, 16 is G); a 16×16 or 25×25 using
the letters beyond those (H-P, Q-Y) is read as the judges' A-P / A-Y; or name
the symbols with --alphabet.

Modes: by default the first solution of each puzzle (every solution for
numeric input); --all prints them in grid order (row by row, smaller
values first); --unique prints one line per puzzle, "unique<TAB>solution"
(in line form), "multiple" or "none"; --count prints the number of
solutions; --all prints them all. A puzzle that cannot be searched prints
"INVALID" (or "invalid") in its place and is reported on stderr with its
number and line; one stopped by --timeout or --max-nodes prints "TIMEOUT"
(status timeout). --json prints, one per line,
   {"index":1,"line":1,"status":"unique","solutions":1,"nodes":0,"solution":"..."}
with status solved, unique, multiple, none, timeout, interrupted or invalid.

Examples:
   $ xcover sudoku problems/sudoku/testdata/line81.in
   $ xcover sudoku --unique --stats problems/sudoku/testdata/line81.in
   $ xcover sudoku --output pretty problems/sudoku/testdata/letters16.in
   $ xcover sudoku problems/sudoku/testdata/numeric.in
   $ xcover sudoku --count --limit 5 problems/sudoku/testdata/numeric.in
   $ xcover sudoku --emit-spec dlx problems/sudoku/testdata/one9.in
   $ xcover sudoku --json -j 2 problems/sudoku/testdata/line81.in

Exit codes, for a batch the worst case over its puzzles:
   0  every puzzle was solved (for --unique: found unique or multiple)
   1  some puzzle has no solution, or could not be read (its error is on
      stderr, the others are solved and printed)
   2  bad input or usage: no puzzle could be read, or the flags contradict;
      nothing is printed on stdout
   3  some puzzle was stopped by --timeout, --max-nodes or Ctrl-C`,
	Flags: []cli.Flag{
		sudokuFormatFlag, sudokuOutputFlag, sudokuAlphabetFlag,
		sudokuUniqueFlag, sudokuCountFlag, sudokuAllFlag, sudokuLimitFlag,
		sudokuJSONFlag, sudokuJobsFlag, sudokuEmitFlag, sudokuStatsFlag,
		sudokuTimeoutFlag, sudokuMaxNodesFlag, sudokuSplitFlag,
	},
	Action: sudokuAction,
}

// sudokuMode is what each puzzle's search looks for.
type sudokuMode int

const (
	modeSolve  sudokuMode = iota // the first solution
	modeUnique                   // up to two: unique, multiple or none
	modeCount                    // count (up to --limit)
	modeAll                      // print all (up to --limit)
)

// sudokuRequest is what the flags ask for, checked before reading input.
type sudokuRequest struct {
	in, out  sudoku.Format
	outSet   bool
	alphabet *sudoku.Alphabet
	mode     sudokuMode
	modeSet  bool
	limit    int64
	json     bool
	jobs     int
	emit     specs.Format
	stats    bool
	timeout  time.Duration
	maxNodes int64
	split    int
}

func sudokuFlags(c *cli.Context) (*sudokuRequest, error) {
	r := &sudokuRequest{
		limit:    c.Int64(sudokuLimitFlag.Name),
		json:     c.Bool(sudokuJSONFlag.Name),
		jobs:     c.Int(sudokuJobsFlag.Name),
		stats:    c.Bool(sudokuStatsFlag.Name),
		timeout:  c.Duration(sudokuTimeoutFlag.Name),
		maxNodes: c.Int64(sudokuMaxNodesFlag.Name),
		split:    c.Int(sudokuSplitFlag.Name),
	}
	var modes []string
	for _, m := range []struct {
		flag *cli.BoolFlag
		mode sudokuMode
	}{{sudokuUniqueFlag, modeUnique}, {sudokuCountFlag, modeCount}, {sudokuAllFlag, modeAll}} {
		if c.Bool(m.flag.Name) {
			modes = append(modes, "--"+m.flag.Name)
			r.mode, r.modeSet = m.mode, true
		}
	}
	switch {
	case len(modes) > 1:
		return nil, fmt.Errorf("sudoku: %s contradict each other", strings.Join(modes, " and "))
	case c.IsSet(sudokuLimitFlag.Name) && r.mode != modeCount && r.mode != modeAll:
		return nil, errors.New("sudoku: --limit needs --count or --all")
	case r.limit < 0:
		return nil, fmt.Errorf("sudoku: --limit %d: want a count ≥ 0", r.limit)
	case r.jobs < 1 || r.jobs > maxJobs:
		return nil, fmt.Errorf("sudoku: -j %d: want 1…%d", r.jobs, maxJobs)
	case r.maxNodes < 0:
		return nil, fmt.Errorf("sudoku: --max-nodes %d: want a count ≥ 0", r.maxNodes)
	case r.split < 0 || r.split > maxSplit:
		return nil, fmt.Errorf("sudoku: --split %d: want 0…%d", r.split, maxSplit)
	case r.timeout < 0:
		return nil, fmt.Errorf("sudoku: --timeout %s: want a positive duration", r.timeout)
	}
	var err error
	if r.in, err = sudoku.ParseFormat(c.String(sudokuFormatFlag.Name)); c.IsSet(sudokuFormatFlag.Name) && (err != nil || r.in == sudoku.Pretty) {
		return nil, fmt.Errorf("sudoku: --format %q: want line, block or numeric", c.String(sudokuFormatFlag.Name))
	}
	if c.IsSet(sudokuOutputFlag.Name) {
		r.out, err = sudoku.ParseFormat(c.String(sudokuOutputFlag.Name))
		if err != nil || r.out == sudoku.Auto {
			return nil, fmt.Errorf("sudoku: --output %q: want line, block, numeric or pretty", c.String(sudokuOutputFlag.Name))
		}
		r.outSet = true
	}
	if c.IsSet(sudokuAlphabetFlag.Name) {
		if r.alphabet, err = sudoku.NewAlphabet(c.String(sudokuAlphabetFlag.Name)); err != nil {
			return nil, fmt.Errorf("sudoku: --alphabet: %v", err)
		}
	}
	if c.IsSet(sudokuEmitFlag.Name) {
		if r.emit, err = parseFormat("--"+sudokuEmitFlag.Name, c.String(sudokuEmitFlag.Name)); err != nil {
			return nil, fmt.Errorf("sudoku: %v", err)
		}
		if r.modeSet || r.json {
			return nil, errors.New("sudoku: --emit-spec writes the problem and solves nothing; drop --unique, --count, --all and --json")
		}
	}
	return r, nil
}

func sudokuAction(c *cli.Context) error {
	req, err := sudokuFlags(c)
	if err != nil {
		return badInput(err)
	}
	name, data, err := readInput(c)
	if err != nil {
		return err
	}
	batch, err := sudoku.Read(name, data, sudoku.ReadOptions{Format: req.in, Alphabet: req.alphabet})
	if err != nil {
		return badInput(err)
	}
	if req.emit != "" {
		return emitSudokuSpec(c, req, name, batch)
	}
	if batch.Format == sudoku.Numeric && !req.modeSet {
		req.mode = modeAll // the numeric judge format lists every solution
	}
	if !req.outSet {
		req.out = batch.Format
	}

	grids := make([]*sudoku.Grid, len(batch.Puzzles))
	valid := 0
	for i, p := range batch.Puzzles {
		if p.Err == nil {
			grids[i] = p.Grid
			valid++
		}
	}
	opt := sudoku.BatchOptions{Workers: req.jobs, Timeout: req.timeout}
	opt.Config.MaxNodes = req.maxNodes
	opt.Config.Split = req.split
	switch req.mode {
	case modeSolve:
		opt.Config.MaxSolutions, opt.Keep = 1, 1
	case modeUnique:
		opt.Config.MaxSolutions, opt.Keep = 2, 1
	case modeCount:
		opt.Config.MaxSolutions = req.limit
	case modeAll:
		opt.Config.MaxSolutions, opt.Keep = req.limit, int(min(req.limit, 1<<30))
		if req.limit == 0 {
			opt.Keep = 1 << 30
		}
	}
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
	defer stop()
	start := time.Now()
	answers := sudoku.SolveBatch(ctx, grids, opt)
	took := time.Since(start)

	// Diagnostics first, so that a reader of both streams sees why a
	// puzzle's answer is missing; then the answers.
	stderr := c.App.ErrWriter
	failed := 0
	for i, p := range batch.Puzzles {
		err := p.Err
		if err == nil {
			err = answers[i].Err
			if err != nil {
				err = fmt.Errorf("%s:%d: %w", name, p.Line, err)
			}
		}
		if err != nil {
			failed++
			fmt.Fprintf(stderr, "xcover: puzzle %d: %v (line %d: %q)\n", p.Index, err, p.Line, p.Text)
		}
	}
	if valid == 0 {
		return badInput(fmt.Errorf("%s: none of the %d puzzles could be read", name, len(batch.Puzzles)))
	}
	w := bufio.NewWriterSize(c.App.Writer, 1<<16)
	code := exitFound
	for i, p := range batch.Puzzles {
		a := &answers[i]
		status := "invalid"
		if p.Err == nil && a.Err == nil {
			status = a.Result.Verdict()
		}
		switch status {
		case "invalid", "none":
			code = max(code, exitNone)
		case "timeout", "interrupted":
			code = exitStopped
		}
		if req.json {
			writeSudokuJSON(w, batch, p, a, status, req.mode)
		} else {
			writeSudokuAnswer(w, batch, req, i, a, status)
		}
	}
	if err := w.Flush(); err != nil {
		return withCode(exitBadInput, err)
	}
	if req.stats {
		writeSudokuStats(stderr, answers, failed, took, req.jobs)
	}
	if code == exitStopped && ctx.Err() != nil {
		return withCode(code, errors.New("sudoku: interrupted; the puzzles not finished are marked interrupted"))
	}
	return withCode(code, nil)
}

// writeSudokuAnswer prints one puzzle's answer in the text formats.
func writeSudokuAnswer(w *bufio.Writer, batch *sudoku.Batch, req *sudokuRequest, i int, a *sudoku.Answer, status string) {
	p := batch.Puzzles[i]
	box := 3
	if p.Grid != nil {
		box = p.Grid.Box
	}
	alpha := batch.Alphabet(box)
	res := a.Result
	switch req.mode {
	case modeUnique:
		if status == "unique" {
			fmt.Fprintf(w, "unique\t%s", sudoku.AppendGrid(nil, a.Solutions[0], sudoku.Line, alpha))
		} else {
			fmt.Fprintln(w, status)
		}
	case modeCount:
		switch {
		case status == "invalid":
			fmt.Fprintln(w, "invalid")
		case res.Status == exactcover.Complete:
			fmt.Fprintln(w, res.Solutions)
		case res.Status == exactcover.SolutionLimit:
			fmt.Fprintf(w, "%d+\n", res.Solutions)
		default:
			fmt.Fprintf(w, "%d+ %s\n", res.Solutions, status)
		}
	case modeAll:
		if status == "invalid" {
			fmt.Fprintln(w, "INVALID")
			return
		}
		sep := strings.Repeat("=", 2*p.Grid.Size())
		// In grid order (row by row, smaller values first), the order of a
		// plain backtracking search and of the judges' sample outputs; the
		// order the search finds them in depends on its tie-breaking.
		slices.SortFunc(a.Solutions, func(x, y *sudoku.Grid) int { return bytes.Compare(x.Cells, y.Cells) })
		for _, sol := range a.Solutions {
			fmt.Fprintln(w, sep)
			w.Write(sudoku.AppendGrid(nil, sol, req.out, alpha))
		}
		switch {
		case res.Solutions == 0 && res.Status == exactcover.Complete:
			fmt.Fprintln(w, "NO SOLUTION")
		case res.Status == exactcover.Complete:
			fmt.Fprintf(w, "TOTAL SOLUTION : %d\n", res.Solutions)
		case res.Status == exactcover.SolutionLimit:
			fmt.Fprintf(w, "TOTAL SOLUTION : %d+\n", res.Solutions)
		default:
			fmt.Fprintf(w, "TOTAL SOLUTION : %d+ (%s)\n", res.Solutions, strings.ToUpper(status))
		}
	default:
		if i > 0 && (req.out == sudoku.Block || req.out == sudoku.Pretty) {
			w.WriteByte('\n')
		}
		if len(a.Solutions) > 0 {
			if req.out == sudoku.Numeric { // the box side first, so that the output reads back
				fmt.Fprintln(w, a.Solutions[0].Box)
			}
			w.Write(sudoku.AppendGrid(nil, a.Solutions[0], req.out, alpha))
			return
		}
		word := map[string]string{"none": "NO SOLUTION", "invalid": "INVALID"}[status]
		if word == "" {
			word = strings.ToUpper(status)
		}
		fmt.Fprintln(w, word)
	}
}

// sudokuJSON is the object --json prints for each puzzle.
type sudokuJSON struct {
	Index     int      `json:"index"`
	Line      int      `json:"line"`
	Status    string   `json:"status"`
	Solutions int64    `json:"solutions"`
	Nodes     int64    `json:"nodes"`
	Solution  string   `json:"solution,omitempty"`
	All       []string `json:"all,omitempty"`
	Error     string   `json:"error,omitempty"`
}

func writeSudokuJSON(w io.Writer, batch *sudoku.Batch, p sudoku.Puzzle, a *sudoku.Answer, status string, mode sudokuMode) {
	o := sudokuJSON{Index: p.Index, Line: p.Line, Status: status, Solutions: a.Result.Solutions, Nodes: a.Result.Nodes}
	switch {
	case p.Err != nil:
		o.Error = p.Err.Error()
	case a.Err != nil:
		o.Error = a.Err.Error()
	}
	if p.Grid != nil {
		alpha := batch.Alphabet(p.Grid.Box)
		for k, sol := range a.Solutions {
			line := strings.TrimSuffix(string(sudoku.AppendGrid(nil, sol, sudoku.Line, alpha)), "\n")
			if k == 0 {
				o.Solution = line
			}
			if mode == modeAll {
				o.All = append(o.All, line)
			}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // keep <stdin> readable
	enc.Encode(o)
}

// writeSudokuStats prints the --stats summary.
func writeSudokuStats(w io.Writer, answers []sudoku.Answer, failed int, took time.Duration, jobs int) {
	verdicts := map[string]int{}
	var nodes int64
	solved := 0
	for _, a := range answers {
		if a.Err != nil {
			continue
		}
		verdicts[a.Result.Verdict()]++
		nodes += a.Result.Nodes
		solved++
	}
	var parts []string
	for _, v := range []string{"unique", "solved", "multiple", "none", "timeout", "interrupted"} {
		if verdicts[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", verdicts[v], v))
		}
	}
	if failed > 0 {
		parts = append(parts, fmt.Sprintf("%d invalid", failed))
	}
	rate := float64(len(answers)) / max(took.Seconds(), 1e-9)
	perPuzzle := 0.0
	if solved > 0 {
		perPuzzle = float64(nodes) / float64(solved)
	}
	fmt.Fprintf(w, "%d puzzles (%s) in %s on %d of %d cores: %.0f puzzles/s, %.1f nodes per puzzle\n",
		len(answers), strings.Join(parts, ", "), elapsed(took), jobs, runtime.NumCPU(), rate, perPuzzle)
}

// emitSudokuSpec writes the exact-cover problem of the input's one puzzle.
func emitSudokuSpec(c *cli.Context, req *sudokuRequest, name string, batch *sudoku.Batch) error {
	if len(batch.Puzzles) != 1 {
		return badInput(fmt.Errorf("%s: --emit-spec takes one puzzle, the input has %d", name, len(batch.Puzzles)))
	}
	p := batch.Puzzles[0]
	if p.Err != nil {
		return badInput(p.Err)
	}
	prob, err := sudoku.Encode(p.Grid)
	if err != nil {
		return badInput(fmt.Errorf("%s:%d: %w", name, p.Line, err))
	}
	n := p.Grid.Size()
	sp := &specs.Spec{
		Name: fmt.Sprintf("sudoku-%dx%d", n, n),
		Description: fmt.Sprintf("The %d×%d Sudoku on line %d of %s as exact cover: items r<row>c<col> (an empty cell),\n"+
			"r<row>#<v>, c<col>#<v>, b<box>#<v> (a unit still missing value v); option r<row>c<col>=<v> puts v in the cell.\n"+
			"Only values no given excludes are options. Written by xcover sudoku --emit-spec.", n, n, p.Line, name),
		Problem: *prob,
	}
	w := bufio.NewWriter(c.App.Writer)
	if err := specs.Write(w, sp, req.emit); err != nil {
		return badInput(err)
	}
	return w.Flush()
}
