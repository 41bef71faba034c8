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

	"xcover/exactcover"
	"xcover/explain"
	"xcover/problems/pentomino"
	"xcover/report"
	"xcover/specs"
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
		emitSpecFlag(),
		&cli.StringFlag{Name: "color", Value: "auto",
			Usage: "color the packings: `WHEN` auto (stdout a terminal, NO_COLOR unset, TERM not dumb), always or never"},
		&cli.StringFlag{Name: "svg", Usage: fmt.Sprintf("draw the packings printed in `FILE` as SVG, one or a sheet of up to %d", maxSVGPackings)},
		jobsFlag(jobsUsage, jobsDefault),
	}, searchFlags("packing")...)
}

func pack(c *cli.Context, e *env) error {
	req, err := searchOf(c)
	if err != nil {
		return err
	}
	emit, err := specFormat(c, flagEmitSpec)
	svg, color := c.String("svg"), c.String("color")
	switch {
	case err != nil:
		return err
	case c.NArg() > 0:
		return usage(c, "unexpected argument %q (the board is --board or --board-file)", c.Args().First())
	case c.IsSet("board") && c.IsSet("board-file"):
		return usage(c, "give --board or --board-file, not both")
	case color != "auto" && color != "always" && color != "never":
		return usage(c, "--color %q: expected auto, always or never", color)
	case c.IsSet("svg") && req.count:
		return usage(c, "--svg draws the packings printed: it does not combine with --count")
	}
	for _, f := range []string{flagAll, flagLimit, flagCount, flagJSON, flagStats, flagMaxNodes, "svg"} {
		if emit != "" && c.IsSet(f) {
			return usage(c, "--emit-spec prints the problem without solving it; --%s does not apply", f)
		}
	}
	pp := &packingPrinter{color: colorOK(e, e.stdout, color) && !req.json}
	if c.IsSet("svg") {
		if pp.svg, err = createOutput(e, "--svg", svg); err != nil {
			return err
		}
		defer pp.svg.abort()
	}
	ctx, out, cancel := begin(c, e, req)
	defer cancel()
	pp.out = out
	end := ending{what: "packing"}
	puzzle, err := await(ctx, func() (*pentomino.Puzzle, error) { return newPuzzle(c, e) })
	switch {
	case ctx.Err() != nil:
		return finish(out, e, req, exactcover.Stats{Status: exactcover.StoppedBy(ctx.Err())}, end)
	case err != nil:
		return err
	case emit != "":
		if err := specs.Write(out, puzzle.Spec(), emit); err != nil {
			return badInput(err)
		}
		return out.close()
	case !puzzle.Possible():
		fmt.Fprintf(e.stderr, "xcover: the pieces cover %d cells, the board has %d: no packing\n", puzzle.Area(), puzzle.Board().NumCells())
	}

	var visit func(*pentomino.Packing) bool
	if !req.count {
		visit = pp.packing
	}
	jobs := 0
	if c.IsSet(flagJobs) {
		jobs = int(countOf(c, flagJobs))
	}
	lim := pentomino.Limits{MaxPackings: req.limit, MaxNodes: req.maxNodes, Workers: workers(jobs, req.count), Engine: req.engine}
	lim.Progress, lim.ProgressEvery = searchProgress(out.status)
	res, err := puzzle.Solve(ctx, lim, visit)
	if err != nil && ctx.Err() == nil {
		return badInput(err)
	}
	end.summary = func(s *report.Summary) {
		s.Board, s.PieceSet, s.Symmetries = puzzle.Board().Describe(), puzzle.PieceList(), puzzle.GroupSize()
		s.Engine = res.Engine.String()
	}
	if g := puzzle.GroupSize(); g > 1 {
		end.noun = fmt.Sprintf("%s up to %d symmetries", explain.Plural(res.Packings, "packing"), g)
	}
	st := res.Stats
	st.Solutions = res.Packings // the exit code, the count and the summary speak of packings
	if err := finish(out, e, req, st, end); pp.svg == nil || exitCode(err, io.Discard) == exitBadInput {
		return err
	} else if len(pp.drawn) == 0 {
		fmt.Fprintf(e.stderr, "xcover: --svg: no packing to draw; %s not written\n", svg)
		return err
	} else if len(pp.drawn) == maxSVGPackings && res.Packings > maxSVGPackings {
		fmt.Fprintf(e.stderr, "xcover: --svg: drew the first %d packings, the most a sheet holds\n", maxSVGPackings)
	}
	var buf bytes.Buffer
	pentomino.WriteSVG(&buf, pp.drawn) // a bytes.Buffer does not fail
	return cmp.Or(pp.svg.commit(buf.Bytes()), err)
}

// newPuzzle reads the board and the pieces the flags name and compiles
// the packing problem.
func newPuzzle(c *cli.Context, e *env) (*pentomino.Puzzle, error) {
	board, err := pentomino.ParseBoardSize(c.String("board"))
	if err != nil {
		err = fmt.Errorf("--board: %w", err)
	}
	if file := c.String("board-file"); file != "" {
		name, data, rerr := readFile(e, file, pentomino.MaxBoardFile, "a board picture")
		if rerr != nil {
			return nil, rerr
		}
		board, err = pentomino.ParseBoard(name, data)
	}
	if err != nil {
		return nil, badInput(err)
	}
	pieces, oneSided := pentomino.Pentominoes(), c.Bool("one-sided")
	if spec := c.String("pieces"); isPieceFile(e, spec) {
		name, data, err := readFile(e, spec, pentomino.MaxPieceFile, "a piece file")
		if err != nil {
			return nil, err
		}
		set, err := pentomino.ParsePieces(name, data)
		if err != nil {
			return nil, badInput(err)
		}
		pieces, oneSided = set.Pieces, oneSided || set.OneSided
	} else if spec != "" {
		if pieces, err = pentomino.ParseLetters("--pieces", spec); err != nil {
			return nil, badInput(err)
		}
	}
	puzzle, err := pentomino.New(board, pieces, pentomino.Options{OneSided: oneSided, Symmetry: c.Bool("symmetry")})
	if err != nil {
		return nil, badInput(err)
	}
	return puzzle, nil
}

// isPieceFile tells a piece file from a list of letters: "-", a YAML
// extension (.gz aside), a path separator, or an existing file.
func isPieceFile(e *env, s string) bool {
	ext := strings.ToLower(filepath.Ext(strings.TrimSuffix(s, ".gz")))
	if _, err := os.Stat(e.path(s)); err == nil || s == "-" || ext == ".yaml" || ext == ".yml" {
		return s != ""
	}
	return strings.ContainsRune(s, filepath.Separator)
}

// packingPrinter prints packings as they are found, as letter grids
// (colored blocks with color) or JSON, and keeps the first maxSVGPackings
// for --svg.
type packingPrinter struct {
	out   *writer
	color bool
	svg   *outputFile
	n     int64
	drawn []*pentomino.Packing
}

func (pp *packingPrinter) packing(k *pentomino.Packing) bool {
	pp.n++
	switch {
	case pp.out.JSON:
		pp.out.Object(struct {
			Type   string             `json:"type"`
			Number int64              `json:"number"`
			Rows   []string           `json:"rows"`
			Pieces []pentomino.Placed `json:"pieces"`
		}{"solution", pp.n, k.Rows(), k.Placed})
	case pp.color:
		pp.out.Text([]byte(k.ANSI()), true)
	default:
		pp.out.Text([]byte(k.String()+"\n"), true)
	}
	if pp.svg != nil && len(pp.drawn) < maxSVGPackings {
		pp.drawn = append(pp.drawn, k)
	}
	return pp.out.Tick()
}
