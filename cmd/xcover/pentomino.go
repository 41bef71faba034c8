package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/plural"
	"github.com/xcover/xcover/problems/pentomino"
	"github.com/xcover/xcover/specs"
)

// pentominoOptions is what "xcover pentomino" is asked.
type pentominoOptions struct {
	IO *iostreams.IO
	searchcmd.Request
	Board     *pentomino.Board // --board WxH, unless BoardFile
	BoardFile string           // --board-file: the board drawn in a file ("-": stdin)
	Pieces    string           // --pieces: letters, or a piece file; "": the twelve pentominoes
	OneSided  bool
	Symmetry  bool
	Weight    pentomino.Weight // --weight: the placements' costs; nil: none
	EmitSpec  specs.Format     // print the problem in this format instead of solving it ("": solve)
	Color     string           // auto, always or never
	SVG       string           // --svg: the file of the drawing ("": none)
	Cheapest  cheapestOptions  // --min-cost or --best K (pentomino_cost.go)
}

func newCmdPentomino(s *iostreams.IO, runF func(context.Context, *pentominoOptions) error) *cli.Command {
	return &cli.Command{Name: "pentomino", Usage: "pack pentominoes or other polyominoes into a board",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "board", Usage: "pack a `WxH` rectangle: W columns, H rows", Value: "10x6"},
			&cli.StringFlag{Name: "board-file", Usage: "pack the board drawn in `FILE` ('.' a cell, '#' or space none; - for stdin)"},
			&cli.StringFlag{Name: "pieces", Usage: "pentomino `LETTERS` (a letter k times: k pieces), or a YAML piece file (.yaml/.yml; - for stdin)",
				DefaultText: pentomino.PentominoLetters},
			&cli.BoolFlag{Name: "one-sided", Usage: "pieces may be turned but not flipped over"},
			&cli.BoolFlag{Name: "symmetry", Usage: "report each packing once up to the board's rotations and reflections"},
			searchcmd.EmitSpecFlag(),
			&cli.StringFlag{Name: "color", Value: "auto",
				Usage: "color the packings: `WHEN` auto (stdout a terminal, NO_COLOR unset, TERM not dumb), always or never"},
			weightFlag(),
			&cli.StringFlag{Name: "svg", Usage: fmt.Sprintf("draw the packings printed in `FILE` as SVG, one or a sheet of up to %d", maxSVGPackings)},
			searchcmd.JobsFlag(searchcmd.JobsUsage, searchcmd.JobsDefault),
		}, append(searchcmd.SearchFlags("packing"), costFlags()...)...),
		Action: searchcmd.Action(s, parsePentomino, pentominoRun, runF)}
}

func parsePentomino(c *cli.Context, s *iostreams.IO) (*pentominoOptions, error) {
	req, err := searchcmd.RequestOf(c)
	if err != nil {
		return nil, err
	}
	o := &pentominoOptions{IO: s, Request: *req, BoardFile: c.String("board-file"), Pieces: c.String("pieces"),
		OneSided: c.Bool("one-sided"), Symmetry: c.Bool("symmetry"), Color: c.String("color"), SVG: c.String("svg")}
	if o.EmitSpec, err = searchcmd.SpecFormat(c, searchcmd.FlagEmitSpec); err != nil {
		return nil, err
	}
	if err := pentominoConflicts(c, o); err != nil {
		return nil, err
	}
	if o.BoardFile == "" {
		if o.Board, err = pentomino.ParseBoardSize(c.String("board")); err != nil {
			return nil, exitcode.Bad(fmt.Errorf("--board: %w", err))
		}
	}
	if c.IsSet("pieces") && o.Pieces == "" { // names no piece
		_, err := pentomino.ParseLetters("--pieces", "")
		return nil, exitcode.Bad(err)
	}
	if o.Weight, err = parseWeight(c); err != nil {
		return nil, err
	}
	if o.EmitSpec == "" && wantsCheapest(c) {
		if o.Cheapest, err = parseCheapest(c, "pentomino", req, []string{searchcmd.FlagCount, searchcmd.FlagAll, searchcmd.FlagLimit, searchcmd.FlagJobs}); err != nil {
			return nil, err
		} else if o.Weight == nil {
			return nil, searchcmd.Usage("pentomino", "--min-cost and --best need --weight: without it every packing costs 0")
		}
	}
	return o, nil
}

// pentominoConflicts refuses the flags of o's command line (c) that
// contradict one another, and a --svg that names no file.
func pentominoConflicts(c *cli.Context, o *pentominoOptions) error {
	switch {
	case c.NArg() > 0:
		return searchcmd.Usage("pentomino", "unexpected argument %q (the board is --board or --board-file)", c.Args().First())
	case c.IsSet("board") && c.IsSet("board-file"):
		return searchcmd.Usage("pentomino", "give --board or --board-file, not both")
	case o.Color != "auto" && o.Color != "always" && o.Color != "never":
		return searchcmd.Usage("pentomino", "--color %q: expected auto, always or never", o.Color)
	case c.IsSet("svg") && o.Count:
		return searchcmd.Usage("pentomino", "--svg draws the packings printed: it does not combine with --count")
	}
	for _, f := range []string{searchcmd.FlagAll, searchcmd.FlagLimit, searchcmd.FlagCount, searchcmd.FlagJSON, searchcmd.FlagStats, searchcmd.FlagMaxNodes, "svg"} {
		if o.EmitSpec != "" && c.IsSet(f) {
			return searchcmd.Usage("pentomino", "--emit-spec prints the problem without solving it; --%s does not apply", f)
		}
	}
	if c.IsSet("svg") {
		return iostreams.CheckOutputName("--svg", o.SVG)
	}
	return nil
}

// pentominoRun reads the board and the pieces and packs them as o asks:
// all the packings, the cheapest, or the exact-cover problem printed.
func pentominoRun(ctx context.Context, o *pentominoOptions) error {
	pp := &packingPrinter{color: o.IO.Color(o.IO.Stdout, o.Color) && !o.JSON}
	if o.SVG != "" {
		var err error
		if pp.svg, err = o.IO.CreateOutput("--svg", o.SVG); err != nil {
			return err
		}
		defer pp.svg.Abort()
	}
	ctx, out, cancel := searchcmd.Begin(ctx, o.IO, &o.Request)
	defer cancel()
	pp.out = out
	puzzle, err := searchcmd.Await(ctx, func() (*pentomino.Puzzle, error) { return newPuzzle(o) })
	switch {
	case ctx.Err() != nil:
		stopped := exactcover.Stats{Status: exactcover.StoppedBy(ctx.Err())}
		return searchcmd.End(out, o.IO, searchcmd.Searched(&o.Request, stopped, searchcmd.Ending{What: "packing", Reading: true}))
	case err != nil:
		return err
	case o.EmitSpec != "":
		if err := specs.Write(out, puzzle.Spec(), o.EmitSpec); err != nil {
			return exitcode.Bad(err)
		}
		return searchcmd.End(out, o.IO, searchcmd.Outcome{Found: true})
	case !puzzle.Possible():
		fmt.Fprintf(o.IO.Stderr, "xcover: the pieces cover %d cells, the board has %d: no packing\n", puzzle.Area(), puzzle.Board().NumCells())
	}
	if o.Cheapest.K > 0 {
		return packCheapest(ctx, o.IO, &o.Request, o.Cheapest, pp, puzzle) // pentomino_cost.go
	}
	return packAll(ctx, o, pp, puzzle)
}

// packAll lists or counts the packings of puzzle, draws those printed
// with --svg, and ends the output.
func packAll(ctx context.Context, o *pentominoOptions, pp *packingPrinter, puzzle *pentomino.Puzzle) error {
	var visit func(*pentomino.Packing) bool
	if !o.Count {
		visit = pp.packing
	}
	lim := pentomino.Limits{MaxPackings: o.Limit, MaxNodes: o.MaxNodes, Workers: o.Workers(o.Count), Engine: o.Engine}
	lim.Progress, lim.ProgressEvery = searchcmd.SearchProgress(pp.out.Status)
	res, err := puzzle.Solve(ctx, lim, visit)
	if err != nil && ctx.Err() == nil {
		return exitcode.Bad(err)
	}
	end := searchcmd.Ending{What: "packing"}
	if g := puzzle.GroupSize(); g > 1 {
		end.Noun = fmt.Sprintf("%s up to %d symmetries", plural.Of(res.Packings, "packing"), g)
	}
	st := res.Stats
	st.Solutions = res.Packings // the exit code, the count and the summary speak of packings
	end.Record = &report.PackingSummary{Summary: report.New(st), Engine: res.Engine.String(),
		Board: puzzle.Board().Describe(), PieceSet: puzzle.PieceList(), Symmetries: puzzle.GroupSize()}
	err = searchcmd.End(pp.out, o.IO, searchcmd.Searched(&o.Request, st, end))
	if pp.svg == nil || exitcode.Print(err, io.Discard) == exitcode.BadInput {
		return err
	}
	return pp.drawSVG(o.IO.Stderr, o.SVG, res.Packings, err)
}

// newPuzzle reads the board and the pieces o names and compiles the
// packing problem.
func newPuzzle(o *pentominoOptions) (*pentomino.Puzzle, error) {
	board := o.Board
	if o.BoardFile != "" {
		name, data, err := o.IO.ReadFile(o.BoardFile, pentomino.MaxBoardFile, "a board picture")
		if err != nil {
			return nil, err
		}
		if board, err = pentomino.ParseBoard(name, data); err != nil {
			return nil, exitcode.Bad(err)
		}
	}
	pieces, oneSided := pentomino.Pentominoes(), o.OneSided
	if spec := o.Pieces; isPieceFile(o.IO, spec) {
		name, data, err := o.IO.ReadFile(spec, pentomino.MaxPieceFile, "a piece file")
		if err != nil {
			return nil, err
		}
		set, err := pentomino.ParsePieces(name, data)
		if err != nil {
			return nil, exitcode.Bad(err)
		}
		pieces, oneSided = set.Pieces, oneSided || set.OneSided
	} else if spec != "" {
		var err error
		if pieces, err = pentomino.ParseLetters("--pieces", spec); err != nil {
			return nil, exitcode.Bad(err)
		}
	}
	puzzle, err := pentomino.New(board, pieces, pentomino.Options{OneSided: oneSided, Symmetry: o.Symmetry})
	if err != nil {
		return nil, exitcode.Bad(err)
	}
	puzzle.Weigh(o.Weight) // nil: no costs
	return puzzle, nil
}

// isPieceFile tells a piece file from a list of letters: "-", a YAML
// extension (.gz aside), a path separator, or an existing file.
func isPieceFile(in *iostreams.IO, s string) bool {
	ext := strings.ToLower(filepath.Ext(strings.TrimSuffix(s, ".gz")))
	if _, err := in.Stat(s); err == nil || s == "-" || ext == ".yaml" || ext == ".yml" {
		return s != ""
	}
	return strings.ContainsRune(s, filepath.Separator)
}
