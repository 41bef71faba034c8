package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/problems/sudoku"
)

// rate rates each puzzle of the batch read (--rate): the hardest technique
// its human solving path needs, the verdict and the solution, after the
// path itself with --steps; the engines settle the puzzles the techniques
// leave unsolved. Puzzles are rated one after another: the techniques
// take microseconds on a 9×9, and a puzzle left to the engines is settled
// on every core by the learner when it is large.
func (r *sudokuBatch) rate(ctx context.Context) {
	s := sudoku.NewSolver()
	cfg := sudoku.Config{MaxNodes: r.o.MaxNodes, Engine: r.o.Engine}
	for i, p := range r.Batch.Puzzles {
		if ctx.Err() != nil {
			return
		}
		a := sudoku.Answer{Err: p.Err}
		var rating *sudoku.Rating
		if p.Err == nil {
			var err error
			rating, err = s.Rate(ctx, p.Grid, cfg)
			if err != nil && ctx.Err() == nil {
				a.Err = err
			}
			if rating != nil {
				a.Result, a.First = ratingResult(rating), rating.Solution
			}
		}
		r.Tally.Add(a)
		if rating != nil && a.Err == nil {
			r.ratings.add(rating.Hardest)
		}
		r.writeRating(i, a, rating)
		if ctx.Err() == nil { // a stop says itself how many finished
			r.showProgress(r.out.Status, i+1, "")
		}
		r.out.Tick()
		if a.Verdict() == sudoku.Stopped && a.Result.Status != exactcover.NodeLimit {
			return // cut short by --timeout or a signal: the rest is not rated
		}
	}
}

// ratingResult is the Result a rating amounts to: the engines' for a
// puzzle rated beyond; for the others, what the path established (one
// solution, or none), with no node searched.
func ratingResult(rt *sudoku.Rating) sudoku.Result {
	switch {
	case rt.Hardest == sudoku.Beyond:
		return rt.Engine
	case rt.Verdict == sudoku.Unique:
		return sudoku.Result{Solutions: 1, Status: exactcover.Complete}
	}
	return sudoku.Result{Status: exactcover.Complete}
}

// writeRating writes puzzle i's rating: with --steps its path first, one
// step a line in the players' words, then the same in items and options;
// then "<technique><TAB><verdict><TAB><solution>", the solution in line
// form when there is one; with --json, one record.
func (r *sudokuBatch) writeRating(i int, a sudoku.Answer, rt *sudoku.Rating) {
	var path *ratedPath[sudoku.Step]
	if rt != nil {
		path = &ratedPath[sudoku.Step]{rt.Hardest, rt.Steps, func(st sudoku.Step) sudoku.Technique { return st.Technique }, rt.Stalled}
	}
	writeRated(r, i, a, path)
}

// ratedStep is a step of a rating's path, classic or variant.
type ratedStep interface {
	Say(n int) string   // in the players' words, on a grid of side n
	Items(n int) string // in items and options
}

// ratedPath is what is written of a rating, classic or variant: the
// hardest technique, the path and where it stalled.
type ratedPath[S ratedStep] struct {
	hardest   sudoku.Technique
	steps     []S
	technique func(S) sudoku.Technique
	stalled   *sudoku.Grid
}

// writeRated writes puzzle i's rating (nil when the puzzle is not rated:
// it is invalid) as writeRating says.
func writeRated[S ratedStep](r *sudokuBatch, i int, a sudoku.Answer, rt *ratedPath[S]) {
	if r.JSON {
		rec := ratingRecord{Type: "puzzle", Record: r.Batch.Record(i, a)}
		if rt != nil && a.Err == nil {
			rec.Rating = rt.hardest.String()
			n := rt.stalled.Size()
			for _, st := range rt.steps {
				rec.StepCount++
				if r.o.Steps {
					rec.Steps = append(rec.Steps, stepRecord{rt.technique(st).String(), st.Say(n), st.Items(n)})
				}
			}
		}
		r.out.Object(rec)
		return
	}
	var b []byte
	if r.o.Steps && rt != nil && a.Err == nil {
		n := rt.stalled.Size()
		for k, st := range rt.steps {
			b = fmt.Appendf(b, "%d. %s\n   %s\n", k+1, st.Say(n), st.Items(n))
		}
		if rt.hardest == sudoku.Beyond {
			b = fmt.Appendf(b, "stalled at %s; the engines settle the rest\n", r.Batch.LineOf(rt.stalled))
		}
	}
	word := "invalid"
	if a.Err == nil && rt != nil {
		word = rt.hardest.String()
	}
	b = append(append(append(b, word...), '\t'), a.String()...)
	if a.First != nil && (a.Verdict() == sudoku.Unique || a.Verdict() == sudoku.Multiple) {
		b = append(append(b, '\t'), r.Batch.LineOf(a.First)...)
	}
	r.out.Text(append(b, '\n'), r.o.Steps)
}

// ratingRecord is a rated puzzle's --json record: the answer's record with
// the rating, the number of steps and, with --steps, the steps.
type ratingRecord struct {
	Type string `json:"type"`
	sudoku.Record
	Rating    string       `json:"rating,omitempty"`
	StepCount int          `json:"step_count"`
	Steps     []stepRecord `json:"steps,omitempty"`
}

type stepRecord struct {
	Technique string `json:"technique"`
	Say       string `json:"say"`
	Items     string `json:"items"`
}

// ratingTally counts the puzzles rated with each technique, for --stats.
type ratingTally [sudoku.Beyond + 1]int

func (t *ratingTally) add(h sudoku.Technique) { t[h]++ }

// String writes "2 hidden single, 1 x-wing, 1 beyond" (hardest
// technique first when rated 0: a full grid is "given").
func (t *ratingTally) String() string {
	var parts []string
	for h, k := range t {
		if k > 0 {
			parts = append(parts, strconv.Itoa(k)+" "+sudoku.Technique(h).String())
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
