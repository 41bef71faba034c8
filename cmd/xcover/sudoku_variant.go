package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/problems/sudoku"
)

// parseSudokuVariant reads --variant into o and refuses what a variant
// does not take: --emit-spec, and for jigsaw and killer puzzles, which
// have a form of their own, --format, --alphabet and --output.
func parseSudokuVariant(c *cli.Context, o *sudokuOptions) error {
	v, err := sudoku.ParseVariant(c.String("variant"))
	if err != nil {
		return searchcmd.Usage("sudoku", "--variant %q: expected %s", c.String("variant"), strings.Join(sudoku.VariantNames(), ", "))
	}
	o.Variant = v
	switch {
	case v == sudoku.Classic:
		return nil
	case o.EmitSpec != "":
		return searchcmd.Usage("sudoku", "--emit-spec writes classic puzzles only; drop --variant %s", v)
	case c.IsSet("output"):
		return searchcmd.Usage("sudoku", "--variant %s writes each solution as a line of N² values; drop --output", v)
	case v != sudoku.XSudoku && (c.IsSet(searchcmd.FlagFormat) || c.IsSet("alphabet")):
		return searchcmd.Usage("sudoku", "--variant %s reads its own form (the givens and the map of each row, values 1-9 then A-Z, a-z); drop --format and --alphabet", v)
	case c.IsSet("alphabet"):
		return searchcmd.Usage("sudoku", "--variant %s reads the standard symbols (1-9 then A-Z, a-z); drop --alphabet", v)
	}
	return nil
}

// sudokuVariantRun reads puzzles of o.Variant and solves (or rates) them one
// after another, each answer written as the classic ones are: the first
// solution in line form, "unique<TAB>solution", "multiple" or "none" with
// --unique, a count with --count, every solution then the total with
// --all or --limit. The engines search each puzzle on one core; -j does
// not apply.
func sudokuVariantRun(ctx context.Context, o *sudokuOptions) error {
	ctx, out, cancel := searchcmd.Begin(ctx, o.IO, &o.Request)
	defer cancel()
	r := &sudokuBatch{o: o, out: out, start: time.Now(), jobs: 1}
	r.Mode, r.Format, r.Out, r.JSON = o.Mode, sudoku.Line, out, o.JSON
	puzzles, err := searchcmd.Await(ctx, func() ([]sudoku.VariantPuzzle, error) { return readVariants(o) })
	r.Batch = &sudoku.Batch{Format: sudoku.Line}
	for _, p := range puzzles {
		r.Batch.Puzzles = append(r.Batch.Puzzles, sudoku.Puzzle{Index: p.Index, Line: p.Line, Err: p.Err})
	}
	switch {
	case ctx.Err() != nil:
		r.Batch = nil
		r.Tally.Status = exactcover.StoppedBy(ctx.Err())
		return r.end(ctx)
	case err != nil:
		return err
	}
	s := sudoku.NewVariantSolver()
	cfg := o.Mode.Config(o.Limit, o.MaxNodes)
	cfg.InOrder, cfg.Engine = false, o.Engine
	for i, p := range puzzles {
		if ctx.Err() != nil {
			break
		}
		a := sudoku.Answer{Err: p.Err}
		switch {
		case p.Err != nil:
		case o.Rate:
			rt, err := s.Rate(ctx, p.Grid, p.Rules, sudoku.Config{MaxNodes: o.MaxNodes, Engine: o.Engine})
			if err != nil && ctx.Err() == nil {
				a.Err = err
			}
			if rt != nil {
				a.Result, a.First = variantRatingResult(rt), rt.Solution
				r.ratings.add(rt.Hardest)
			}
			r.Tally.Add(a)
			r.writeVariantRating(i, a, rt)
			out.Tick()
			continue
		default:
			a.Result, err = s.Solve(ctx, p.Grid, p.Rules, cfg, func(g *sudoku.Grid) bool {
				if a.First == nil {
					a.First = g.Clone()
				}
				if o.Mode == sudoku.ModeList && !o.JSON {
					out.Write(sudoku.AppendGrid(nil, g, sudoku.Line, nil))
				}
				return true
			})
			if err != nil && ctx.Err() == nil {
				a.Err = err
			}
		}
		r.Tally.Add(a)
		if o.JSON {
			out.Object(r.Batch.Record(i, a))
		} else {
			out.Write(r.Batch.AppendAnswer(nil, o.Mode, a, sudoku.Line))
		}
		out.Tick()
	}
	return r.end(ctx)
}

// readVariants reads o's input (a file, stdin or the puzzle as the
// argument) as puzzles of o.Variant, saying on stderr which of a batch
// could not be read.
func readVariants(o *sudokuOptions) ([]sudoku.VariantPuzzle, error) {
	name, data, err := o.IO.ReadFile(o.Input, sudoku.MaxInputBytes, "a Sudoku input")
	if err != nil {
		if puzzle, ok := puzzleArgument(o.IO, o.Input, o.Read); ok && o.Variant == sudoku.XSudoku {
			name, data, err = "argument", puzzle, nil
		} else {
			return nil, err
		}
	}
	puzzles, err := sudoku.ReadVariant(name, data, o.Variant)
	if err != nil {
		return nil, exitcode.Bad(err)
	}
	bad := 0
	var first error
	for _, p := range puzzles {
		if p.Err != nil {
			bad++
			first = cmpErr(first, p.Err)
			if len(puzzles) > 1 {
				fmt.Fprintf(o.IO.Stderr, "xcover: %v\n", p.Err)
			}
		}
	}
	switch {
	case bad == 1 && len(puzzles) == 1:
		return nil, exitcode.Bad(first)
	case bad == len(puzzles):
		return nil, exitcode.Bad(fmt.Errorf("%s: none of the %d puzzles could be read", name, bad))
	}
	return puzzles, nil
}

func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// variantRatingResult is the Result a variant rating amounts to, as
// ratingResult is for a classic one.
func variantRatingResult(rt *sudoku.VariantRating) sudoku.Result {
	switch {
	case rt.Hardest == sudoku.Beyond && rt.Verdict != sudoku.NoSolution:
		return rt.Engine
	case rt.Verdict == sudoku.Unique:
		return sudoku.Result{Solutions: 1, Status: exactcover.Complete}
	}
	return sudoku.Result{Status: exactcover.Complete}
}

// writeVariantRating writes puzzle i's rating as writeRating does: with
// --steps the singles first, each in the players' words and in items and
// options, then "<technique><TAB><verdict><TAB><solution>".
func (r *sudokuBatch) writeVariantRating(i int, a sudoku.Answer, rt *sudoku.VariantRating) {
	var path *ratedPath[sudoku.VariantStep]
	if rt != nil {
		path = &ratedPath[sudoku.VariantStep]{rt.Hardest, rt.Steps, func(st sudoku.VariantStep) sudoku.Technique { return st.Technique }, rt.Stalled}
	}
	writeRated(r, i, a, path)
}
