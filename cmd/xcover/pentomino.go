package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"os"
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

// maxSVGPackings bounds an SVG sheet: 1000 packings of 60 cells already
// make a file of a few megabytes that browsers draw slowly.
const maxSVGPackings = 1000

func pentominoFlags() []cli.Flag {
	return append([]cli.Flag{
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
	}, append(searchcmd.SearchFlags("packing"), costFlags()...)...)
}

func pack(c *cli.Context, e *env) error {
	req, err := searchcmd.RequestOf(c)
	if err != nil {
		return err
	}
	emit, err := searchcmd.SpecFormat(c, searchcmd.FlagEmitSpec)
	svg, color := c.String("svg"), c.String("color")
	switch {
	case err != nil:
		return err
	case c.NArg() > 0:
		return searchcmd.Usage(c.Command.Name, "unexpected argument %q (the board is --board or --board-file)", c.Args().First())
	case c.IsSet("board") && c.IsSet("board-file"):
		return searchcmd.Usage(c.Command.Name, "give --board or --board-file, not both")
	case color != "auto" && color != "always" && color != "never":
		return searchcmd.Usage(c.Command.Name, "--color %q: expected auto, always or never", color)
	case c.IsSet("svg") && req.Count:
		return searchcmd.Usage(c.Command.Name, "--svg draws the packings printed: it does not combine with --count")
	}
	for _, f := range []string{searchcmd.FlagAll, searchcmd.FlagLimit, searchcmd.FlagCount, searchcmd.FlagJSON, searchcmd.FlagStats, searchcmd.FlagMaxNodes, "svg"} {
		if emit != "" && c.IsSet(f) {
			return searchcmd.Usage(c.Command.Name, "--emit-spec prints the problem without solving it; --%s does not apply", f)
		}
	}
	pp := &packingPrinter{color: e.Color(e.Stdout, color) && !req.JSON}
	if c.IsSet("svg") {
		if pp.svg, err = e.CreateOutput("--svg", svg); err != nil {
			return err
		}
		defer pp.svg.Abort()
	}
	ctx, out, cancel := searchcmd.Begin(c.Context, e, req)
	defer cancel()
	pp.out = out
	end := searchcmd.Ending{What: "packing"}
	puzzle, err := searchcmd.Await(ctx, func() (*pentomino.Puzzle, error) { return newPuzzle(c, e) })
	switch {
	case ctx.Err() != nil:
		end.Reading = true
		return searchcmd.End(out, e, searchcmd.Searched(req, exactcover.Stats{Status: exactcover.StoppedBy(ctx.Err())}, end))
	case err != nil:
		return err
	case emit != "":
		if err := specs.Write(out, puzzle.Spec(), emit); err != nil {
			return exitcode.Bad(err)
		}
		return searchcmd.End(out, e, searchcmd.Outcome{Found: true})
	case !puzzle.Possible():
		fmt.Fprintf(e.Stderr, "xcover: the pieces cover %d cells, the board has %d: no packing\n", puzzle.Area(), puzzle.Board().NumCells())
	}

	if wantsCheapest(c) {
		return packCheapest(ctx, c, e, req, pp, puzzle) // pentomino_cost.go
	}
	var visit func(*pentomino.Packing) bool
	if !req.Count {
		visit = pp.packing
	}
	lim := pentomino.Limits{MaxPackings: req.Limit, MaxNodes: req.MaxNodes, Workers: req.Workers(req.Count), Engine: req.Engine}
	lim.Progress, lim.ProgressEvery = searchcmd.SearchProgress(out.Status)
	res, err := puzzle.Solve(ctx, lim, visit)
	if err != nil && ctx.Err() == nil {
		return exitcode.Bad(err)
	}
	if g := puzzle.GroupSize(); g > 1 {
		end.Noun = fmt.Sprintf("%s up to %d symmetries", plural.Of(res.Packings, "packing"), g)
	}
	st := res.Stats
	st.Solutions = res.Packings // the exit code, the count and the summary speak of packings
	end.Record = &report.PackingSummary{Summary: report.New(st), Engine: res.Engine.String(),
		Board: puzzle.Board().Describe(), PieceSet: puzzle.PieceList(), Symmetries: puzzle.GroupSize()}
	if err := searchcmd.End(out, e, searchcmd.Searched(req, st, end)); pp.svg == nil || exitcode.Print(err, io.Discard) == exitcode.BadInput {
		return err
	} else if len(pp.drawn) == 0 {
		fmt.Fprintf(e.Stderr, "xcover: --svg: no packing to draw; %s not written\n", svg)
		return err
	} else if len(pp.drawn) == maxSVGPackings && res.Packings > maxSVGPackings {
		fmt.Fprintf(e.Stderr, "xcover: --svg: drew the first %d packings, the most a sheet holds\n", maxSVGPackings)
	}
	var buf bytes.Buffer
	pentomino.WriteSVG(&buf, pp.drawn) // a bytes.Buffer does not fail
	return cmp.Or(pp.svg.Commit(buf.Bytes()), err)
}

// newPuzzle reads the board and the pieces the flags name and compiles
// the packing problem.
func newPuzzle(c *cli.Context, e *env) (*pentomino.Puzzle, error) {
	board, err := pentomino.ParseBoardSize(c.String("board"))
	if err != nil {
		err = fmt.Errorf("--board: %w", err)
	}
	if file := c.String("board-file"); file != "" {
		name, data, rerr := e.ReadFile(file, pentomino.MaxBoardFile, "a board picture")
		if rerr != nil {
			return nil, rerr
		}
		board, err = pentomino.ParseBoard(name, data)
	}
	if err != nil {
		return nil, exitcode.Bad(err)
	}
	pieces, oneSided := pentomino.Pentominoes(), c.Bool("one-sided")
	if spec := c.String("pieces"); isPieceFile(e, spec) {
		name, data, err := e.ReadFile(spec, pentomino.MaxPieceFile, "a piece file")
		if err != nil {
			return nil, err
		}
		set, err := pentomino.ParsePieces(name, data)
		if err != nil {
			return nil, exitcode.Bad(err)
		}
		pieces, oneSided = set.Pieces, oneSided || set.OneSided
	} else if c.IsSet("pieces") { // '' too: it names no piece
		if pieces, err = pentomino.ParseLetters("--pieces", spec); err != nil {
			return nil, exitcode.Bad(err)
		}
	}
	puzzle, err := pentomino.New(board, pieces, pentomino.Options{OneSided: oneSided, Symmetry: c.Bool("symmetry")})
	if err != nil {
		return nil, exitcode.Bad(err)
	}
	return puzzle, weigh(c, puzzle) // pentomino_cost.go
}

// isPieceFile tells a piece file from a list of letters: "-", a YAML
// extension (.gz aside), a path separator, or an existing file.
func isPieceFile(e *env, s string) bool {
	ext := strings.ToLower(filepath.Ext(strings.TrimSuffix(s, ".gz")))
	if _, err := os.Stat(e.Path(s)); err == nil || s == "-" || ext == ".yaml" || ext == ".yml" {
		return s != ""
	}
	return strings.ContainsRune(s, filepath.Separator)
}

// packingPrinter prints packings as they are found, as letter grids
// (colored blocks with color) or JSON, and keeps the first maxSVGPackings
// for --svg.
type packingPrinter struct {
	out   *searchcmd.Writer
	color bool
	svg   *iostreams.OutputFile
	n     int64
	drawn []*pentomino.Packing
	cost  *int64 // the cost of the packing printed next (--min-cost, --best)
}

func (pp *packingPrinter) packing(k *pentomino.Packing) bool {
	pp.n++
	head := ""
	if pp.cost != nil {
		head = fmt.Sprintf("cost %d\n", *pp.cost)
	}
	switch {
	case pp.out.JSON:
		rec := k.Record(pp.n)
		rec.Cost = pp.cost
		pp.out.Object(rec)
	case pp.color:
		pp.out.Text([]byte(head+k.ANSI()), true)
	default:
		pp.out.Text([]byte(head+k.String()+"\n"), true)
	}
	if pp.svg != nil && len(pp.drawn) < maxSVGPackings {
		pp.drawn = append(pp.drawn, k)
	}
	return pp.out.Tick()
}
