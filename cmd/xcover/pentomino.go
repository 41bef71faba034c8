package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/explain"
	"xcover/problems/pentomino"
	"xcover/specs"
)

// maxSVGPackings bounds an SVG sheet: 1000 packings of 60 cells already
// make a file of a few megabytes that browsers draw slowly.
const maxSVGPackings = 1000

func pentominoCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "pentomino",
		Usage: "pack pentominoes or other polyominoes into a board",
		Description: `Packs pieces into a board, every cell covered once, each piece used once (or
as many times as it is listed), by turning the packing into exact cover: one
primary item per cell and per piece, one option per placement of a piece. When
the pieces hold more cells than the board, their items are secondary and some
pieces stay unused. Prints the first packing as a letter grid (colored blocks
in a terminal); --all or --limit print more, separated by blank lines.

The board is --board WxH (W columns, H rows; default 10x6) or --board-file, a
picture: '.' a cell, '#' or space none. The pieces are the twelve pentominoes
F I L N P T U V W X Y Z, or --pieces with some of their letters ("LLPP": two
L and two P), or a YAML file:
   one-sided: false          # optional
   pieces:
     - name: L               # one letter or digit
       count: 2              # optional, default 1
       shape: |
         #.
         #.
         ##

--symmetry counts and prints each packing once up to the symmetries of the
board (4 for a rectangle, 8 for a square, whatever a drawn board has); for
one-sided pieces, reflections count only when the set holds every piece's
mirror image. For example "xcover pentomino --count --symmetry" prints 2339,
the 6x10 packings; without --symmetry it prints 9356.

Examples:
   $ xcover pentomino --board 20x3
   $ xcover pentomino --board 20x3 --all --symmetry --stats
   $ xcover pentomino --board 15x4 --count --symmetry --timeout 1m
   $ xcover pentomino --board 10x6 --count --max-nodes 1000   # stops early: exit 3
   $ xcover examples scott-8x8.txt | xcover pentomino --board-file - --symmetry --limit 3
   $ xcover pentomino --board 5x4 --pieces FIPU --all --symmetry
   $ xcover examples one-sided-tetrominoes.yaml | xcover pentomino --board 4x4 --pieces - --all --symmetry
   $ xcover pentomino --board 10x6 --emit-spec dlx

--json prints, one object per line,
   {"type":"solution","number":1,"rows":["UUXPPPLLLL",...],"pieces":[{"piece":"F","cells":[[0,1],...]},...]}
and last a summary,
   {"type":"summary","solutions":2339,"nodes":904970,...,"status":"complete","board":"10x6","symmetries":4,...}
where solutions counts packings and status is complete, limit, node-limit,
timeout or interrupted.

` + exitCodeHelp,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "board", Usage: "pack a `WxH` rectangle: W columns, H rows", DefaultText: "10x6"},
			&cli.StringFlag{Name: "board-file", Usage: "pack the board drawn in `FILE` ('.' a cell, '#' or space none; - for stdin)"},
			&cli.StringFlag{Name: "pieces", Usage: "pentomino `LETTERS` (a letter k times: k pieces), or a YAML piece file (.yaml/.yml; - for stdin)",
				DefaultText: pentomino.PentominoLetters},
			&cli.BoolFlag{Name: "one-sided", Usage: "pieces may be turned but not flipped over"},
			&cli.BoolFlag{Name: "symmetry", Usage: "report each packing once up to the board's rotations and reflections"},
			emitSpecFlag(), colorFlag(),
			&cli.StringFlag{Name: "svg", Usage: fmt.Sprintf("draw the packings printed in `FILE` as SVG, one or a sheet of up to %d; - for stdout, in place of the letter grids", maxSVGPackings)},
		}, searchFlags("packing")...),
		Action: func(c *cli.Context) error { return pack(c, e) },
	}
}

func pack(c *cli.Context, e *env) error {
	req, err := searchOf(c, e)
	if err != nil {
		return err
	}
	emit, err := specFormat(c, flagEmitSpec)
	if err != nil {
		return err
	}
	svg := c.String("svg")
	color := c.String(flagColor)
	switch {
	case c.NArg() > 0:
		return usage(c, "unexpected argument %q (the board is --board or --board-file)", c.Args().First())
	case c.IsSet("board") && c.IsSet("board-file"):
		return usage(c, "give --board or --board-file, not both")
	case color != "auto" && color != "always" && color != "never":
		return usage(c, "--color %q: expected auto, always or never", color)
	case c.IsSet("svg") && req.count:
		return usage(c, "--svg draws the packings printed; --count prints none")
	case svg == "-" && req.json:
		return usage(c, "--svg - draws on stdout in place of the packings: it does not combine with --json")
	}
	if emit != "" {
		for _, f := range []string{flagAll, flagLimit, flagCount, flagJSON, flagStats, "svg", flagMaxNodes} {
			if c.IsSet(f) {
				return usage(c, "--emit-spec prints the problem without solving it; --%s does not apply", f)
			}
		}
	}
	var drawing *outputFile
	if c.IsSet("svg") {
		if drawing, err = createOutput(e, "--svg", svg); err != nil {
			return err
		}
		defer drawing.abort()
	}
	ctx, cancel := withTimeout(c.Context, req.timeout)
	defer cancel()
	status := newProgress(e, req)
	out := newWriter(e.stdout, req.json, status)
	puzzle, err := await(ctx, func() (*pentomino.Puzzle, error) { return newPuzzle(c, e) })
	if isStop(err) {
		return finish(out, e, req, pentominoStats(pentomino.Result{}, stoppedStatus(err)), ending{what: "packing"})
	} else if err != nil {
		return err
	}
	if emit != "" {
		name, desc := puzzle.Describe()
		if err := specs.Write(out.w, &specs.Spec{Name: name, Description: desc, Problem: *puzzle.Problem()}, emit); err != nil {
			return badInput(err)
		}
		return out.close()
	}
	if !puzzle.Possible() {
		fmt.Fprintf(e.stderr, "xcover: the pieces cover %d cells, the board has %d: no packing\n", puzzle.Area(), puzzle.Board().NumCells())
	}

	pp := &packingPrinter{out: out, color: colorOK(e, e.stdout, color) && !req.json, keep: drawing != nil, quiet: drawing != nil && drawing.stdout != nil}
	var visit func(*pentomino.Packing) bool
	if !req.count {
		visit = pp.packing
	}
	lim := pentomino.Limits{MaxPackings: req.limit, MaxNodes: req.maxNodes}
	lim.Progress, lim.ProgressEvery = status.callback()
	res, err := puzzle.Solve(ctx, lim, visit)
	if err != nil && !isStop(err) {
		return badInput(err)
	}
	status.stop()
	end := ending{what: "packing", summary: func(s *summary) {
		s.Board, s.PieceSet, s.Symmetries = puzzle.Board().Describe(), puzzle.PieceList(), puzzle.GroupSize()
	}}
	if g := puzzle.GroupSize(); g > 1 {
		end.noun = fmt.Sprintf("%s up to %d symmetries", explain.Plural(res.Packings, "packing"), g)
	}
	err = finish(out, e, req, pentominoStats(res, res.Stats.Status), end)
	if drawing != nil && exitCode(err, io.Discard) != exitBadInput {
		if len(pp.drawn) == 0 {
			fmt.Fprintf(e.stderr, "xcover: --svg: no packing to draw; %s not written\n", svg)
		} else {
			if pp.dropped > 0 {
				fmt.Fprintf(e.stderr, "xcover: --svg: drew the first %d packings (maxSVGPackings)\n", len(pp.drawn))
			}
			if werr := drawing.commit(func(w io.Writer) error { return pentomino.WriteSVG(w, pp.drawn) }); werr != nil {
				return werr
			}
		}
	}
	return err
}

// newPuzzle reads the board and the pieces the flags name and compiles
// the packing problem.
func newPuzzle(c *cli.Context, e *env) (*pentomino.Puzzle, error) {
	var board *pentomino.Board
	var err error
	if file := c.String("board-file"); file != "" {
		name, data, rerr := readFile(e, file, pentomino.MaxBoardFile, "pentomino.MaxBoardFile")
		if rerr != nil {
			return nil, rerr
		}
		board, err = pentomino.ParseBoard(name, data)
	} else {
		size := "10x6"
		if c.IsSet("board") {
			size = c.String("board")
		}
		if board, err = pentomino.ParseBoardSize(size); err != nil {
			err = fmt.Errorf("--board: %w", err)
		}
	}
	if err != nil {
		return nil, badInput(err)
	}
	pieces := pentomino.Pentominoes()
	oneSided := c.Bool("one-sided")
	if spec := c.String("pieces"); c.IsSet("pieces") {
		if isPieceFile(e, spec) {
			name, data, err := readFile(e, spec, pentomino.MaxPieceFile, "pentomino.MaxPieceFile")
			if err != nil {
				return nil, err
			}
			set, err := pentomino.ParsePieces(name, data)
			if err != nil {
				return nil, badInput(err)
			}
			pieces, oneSided = set.Pieces, oneSided || set.OneSided
		} else if pieces, err = pentomino.ParseLetters("--pieces", spec); err != nil {
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
// extension, a path separator, or an existing file.
func isPieceFile(e *env, s string) bool {
	if ext := strings.ToLower(filepath.Ext(strings.TrimSuffix(s, ".gz"))); s == "-" || ext == ".yaml" || ext == ".yml" || strings.ContainsRune(s, filepath.Separator) {
		return true
	}
	_, err := os.Stat(e.path(s))
	return err == nil
}

// pentominoStats is the search's statistics with packings as solutions:
// the exit code, the count and the summary speak of packings.
func pentominoStats(res pentomino.Result, status exactcover.Status) exactcover.Stats {
	st := res.Stats
	st.Solutions, st.Status = res.Packings, status
	return st
}

// packingPrinter prints packings as they are found, and keeps the first
// maxSVGPackings for --svg.
type packingPrinter struct {
	out     *writer
	color   bool
	keep    bool // for --svg
	quiet   bool // --svg -: the drawing takes the place of the letter grids
	n       int64
	drawn   []*pentomino.Packing
	dropped int64
}

// jsonPacking is a packing in --json output.
type jsonPacking struct {
	Type   string       `json:"type"` // "solution"
	Number int64        `json:"number"`
	Rows   []string     `json:"rows"`
	Pieces []jsonPlaced `json:"pieces"`
}

type jsonPlaced struct {
	Piece string   `json:"piece"`
	Cells [][2]int `json:"cells"` // [row, column], 0-based
}

// packing prints one packing; it returns false to stop the search when the
// output cannot be written.
func (pp *packingPrinter) packing(k *pentomino.Packing) bool {
	pp.n++
	switch {
	case pp.quiet:
	case pp.out.json:
		jp := jsonPacking{Type: "solution", Number: pp.n, Rows: k.Rows()}
		for _, pl := range k.Placed {
			cells := make([][2]int, len(pl.Cells))
			for i, c := range pl.Cells {
				cells[i] = [2]int{c.Row, c.Col}
			}
			jp.Pieces = append(jp.Pieces, jsonPlaced{Piece: pl.Piece, Cells: cells})
		}
		pp.out.object(jp)
	case pp.color:
		pp.out.text([]byte(k.ANSI()), true)
	default:
		pp.out.text([]byte(k.String()+"\n"), true)
	}
	if pp.keep {
		if len(pp.drawn) < maxSVGPackings {
			pp.drawn = append(pp.drawn, k)
		} else {
			pp.dropped++
		}
	}
	return pp.out.tick()
}
