package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
	"xcover/problems/pentomino"
	"xcover/specs"
)

// Flags of "xcover pentomino", read by name in pentominoAction.
var (
	pentBoardFlag = &cli.StringFlag{
		Name:        "board",
		Usage:       "pack a `WxH` rectangle: W columns, H rows",
		DefaultText: "10x6",
	}
	pentBoardFileFlag = &cli.StringFlag{
		Name:  "board-file",
		Usage: "pack the board drawn in `FILE`: '.' a cell, '#' or space none",
	}
	pentPiecesFlag = &cli.StringFlag{
		Name:        "pieces",
		Usage:       "pentomino `LETTERS` (a letter k times: k pieces), or a YAML piece FILE (.yaml/.yml)",
		DefaultText: pentomino.PentominoLetters,
	}
	pentOneSidedFlag = &cli.BoolFlag{
		Name:  "one-sided",
		Usage: "pieces may be turned but not flipped over",
	}
	pentAllFlag = &cli.BoolFlag{
		Name:        "all",
		Usage:       "print every packing",
		DefaultText: "the first one only",
	}
	pentLimitFlag = &cli.Int64Flag{
		Name:        "limit",
		Usage:       "stop after `N` packings",
		DefaultText: "1; all with --all or --count",
	}
	pentCountFlag = &cli.BoolFlag{
		Name:  "count",
		Usage: "count all packings without printing them; print the count",
	}
	pentSymmetryFlag = &cli.BoolFlag{
		Name:  "symmetry",
		Usage: "report each packing once up to the board's rotations and reflections",
	}
	pentJSONFlag = &cli.BoolFlag{
		Name:  "json",
		Usage: "print one JSON object per line: one per packing, then a summary",
	}
	pentStatsFlag = &cli.BoolFlag{
		Name:  "stats",
		Usage: "print a summary line on stderr: packings, updates, nodes, time, status",
	}
	pentEmitFlag = &cli.StringFlag{
		Name:  "emit-spec",
		Usage: "print the exact-cover problem as `FORMAT` (yaml or dlx) instead of solving it",
	}
	pentColorFlag = &cli.StringFlag{
		Name:  "color",
		Usage: "draw packings as colored blocks: `WHEN` auto (when stdout is a terminal), always or never",
		Value: "auto",
	}
	pentSVGFlag = &cli.StringFlag{
		Name:  "svg",
		Usage: fmt.Sprintf("also draw the packings printed in `FILE` as SVG: one packing, or a sheet of up to %d", maxSVGPackings),
	}
	pentMaxNodesFlag = &cli.Int64Flag{
		Name:        "max-nodes",
		Usage:       "stop after `N` search-tree nodes, print what was found, exit 3",
		DefaultText: "no limit",
	}
)

// maxSVGPackings bounds an SVG sheet: 1000 packings of 60 cells already
// make a file of a few megabytes that browsers draw slowly.
const maxSVGPackings = 1000

var pentominoCommand = &cli.Command{
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
   $ xcover pentomino --board-file problems/pentomino/testdata/scott-8x8.txt --symmetry --limit 3
   $ xcover pentomino --board 5x4 --pieces FIPU --all --symmetry
   $ xcover pentomino --board 4x4 --pieces problems/pentomino/testdata/one-sided-tetrominoes.yaml --all --symmetry
   $ xcover pentomino --board 10x6 --emit-spec dlx

--json prints, one object per line,
   {"type":"packing","number":1,"rows":["UUXPPPLLLL",...],"pieces":[{"piece":"F","cells":[[0,1],...]},...]}
and last a summary,
   {"type":"summary","solutions":2339,"nodes":904970,"updates":...,"status":"complete","symmetries":4,...}
where solutions counts packings and status is complete, limit, node-limit,
timeout or interrupted.

` + exitCodeHelp,
	Flags: []cli.Flag{
		pentBoardFlag, pentBoardFileFlag, pentPiecesFlag, pentOneSidedFlag,
		pentAllFlag, pentLimitFlag, pentCountFlag, pentSymmetryFlag,
		pentJSONFlag, pentStatsFlag, pentEmitFlag, pentColorFlag, pentSVGFlag,
		timeoutFlag, pentMaxNodesFlag,
	},
	Action: pentominoAction,
}

// pentRequest is what the flags of one "xcover pentomino" ask for, checked.
type pentRequest struct {
	limit    int64 // packings to find; 0 for all
	count    bool
	json     bool
	stats    bool
	color    bool
	svg      string
	emit     specs.Format
	maxNodes int64
	opt      pentomino.Options
}

// pentFlags checks the flags that need no input: a contradiction is a
// usage error, exit 2.
func pentFlags(c *cli.Context) (*pentRequest, error) {
	r := &pentRequest{
		limit:    1,
		count:    c.Bool(pentCountFlag.Name),
		json:     c.Bool(pentJSONFlag.Name),
		stats:    c.Bool(pentStatsFlag.Name),
		svg:      c.String(pentSVGFlag.Name),
		maxNodes: c.Int64(pentMaxNodesFlag.Name),
		opt: pentomino.Options{
			OneSided: c.Bool(pentOneSidedFlag.Name),
			Symmetry: c.Bool(pentSymmetryFlag.Name),
		},
	}
	fail := func(format string, args ...any) (*pentRequest, error) {
		return nil, badInput(fmt.Errorf("pentomino: "+format, args...))
	}
	if c.NArg() > 0 {
		return fail("unexpected argument %q (the board is --board or --board-file)", c.Args().First())
	}
	all := c.Bool(pentAllFlag.Name)
	switch {
	case all && r.count:
		return fail("--all and --count do not go together")
	case c.IsSet(pentLimitFlag.Name) && (all || r.count):
		return fail("--limit does not go with --all or --count")
	case c.IsSet(pentLimitFlag.Name):
		if r.limit = c.Int64(pentLimitFlag.Name); r.limit < 1 {
			return fail("--limit %d: expected a number of packings, at least 1", r.limit)
		}
	case all || r.count:
		r.limit = 0
	}
	if r.maxNodes < 0 {
		return fail("--max-nodes %d: expected a number of nodes, at least 1", r.maxNodes)
	}
	if r.count && r.svg != "" {
		return fail("--svg draws printed packings; --count prints none")
	}
	if c.IsSet(pentBoardFlag.Name) && c.IsSet(pentBoardFileFlag.Name) {
		return fail("give --board or --board-file, not both")
	}
	switch w := c.String(pentColorFlag.Name); w {
	case "auto":
		r.color = !r.json && isTerminal(c.App.Writer)
	case "always":
		r.color = !r.json
	case "never":
	default:
		return fail("--color %q: expected auto, always or never", w)
	}
	if e := c.String(pentEmitFlag.Name); e != "" {
		switch f := specs.Format(strings.ToLower(e)); f {
		case specs.YAML, specs.DLX:
			r.emit = f
		default:
			return fail("--emit-spec %q: expected yaml or dlx", e)
		}
		for _, f := range []string{pentAllFlag.Name, pentLimitFlag.Name, pentCountFlag.Name, pentJSONFlag.Name, pentSVGFlag.Name, pentStatsFlag.Name} {
			if c.IsSet(f) {
				return fail("--emit-spec prints the problem without solving it; --%s does not apply", f)
			}
		}
	}
	return r, nil
}

// pentInput reads the board and the pieces the flags name.
func pentInput(c *cli.Context, r *pentRequest) (*pentomino.Board, []pentomino.Piece, error) {
	var board *pentomino.Board
	var err error
	if file := c.String(pentBoardFileFlag.Name); file != "" {
		data, rerr := readSmallFile(c, file, pentomino.MaxBoardFile)
		if rerr != nil {
			return nil, nil, rerr
		}
		board, err = pentomino.ParseBoard(file, data)
	} else {
		size := "10x6"
		if c.IsSet(pentBoardFlag.Name) {
			size = c.String(pentBoardFlag.Name)
		}
		board, err = pentomino.ParseBoardSize(size)
		if err != nil {
			err = fmt.Errorf("--board: %w", err)
		}
	}
	if err != nil {
		return nil, nil, badInput(err)
	}
	pieces := pentomino.Pentominoes()
	if spec := c.String(pentPiecesFlag.Name); c.IsSet(pentPiecesFlag.Name) {
		if isPieceFile(spec) {
			data, err := readSmallFile(c, spec, pentomino.MaxPieceFile)
			if err != nil {
				return nil, nil, err
			}
			set, err := pentomino.ParsePieces(spec, data)
			if err != nil {
				return nil, nil, badInput(err)
			}
			pieces = set.Pieces
			r.opt.OneSided = r.opt.OneSided || set.OneSided
		} else if pieces, err = pentomino.ParseLetters("--pieces", spec); err != nil {
			return nil, nil, badInput(err)
		}
	}
	return board, pieces, nil
}

// isPieceFile tells a piece file from a list of letters: a YAML extension,
// a path separator, or an existing file.
func isPieceFile(s string) bool {
	if ext := strings.ToLower(filepath.Ext(s)); ext == ".yaml" || ext == ".yml" || strings.ContainsRune(s, filepath.Separator) || s == "-" {
		return true
	}
	_, err := os.Stat(s)
	return err == nil
}

// readSmallFile reads a board or piece file ("-": stdin) of at most limit
// bytes.
func readSmallFile(c *cli.Context, name string, limit int64) ([]byte, error) {
	var r io.Reader = c.App.Reader
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, badInput(err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, badInput(fmt.Errorf("%s: %v", name, err))
	}
	if int64(len(data)) > limit {
		return nil, badInput(fmt.Errorf("%s: larger than %d bytes", name, limit))
	}
	return data, nil
}

func pentominoAction(c *cli.Context) error {
	req, err := pentFlags(c)
	if err != nil {
		return err
	}
	board, pieces, err := pentInput(c, req)
	if err != nil {
		return err
	}
	puzzle, err := pentomino.New(board, pieces, req.opt)
	if err != nil {
		return badInput(err)
	}
	if req.emit != "" {
		return emitPentomino(c.App.Writer, puzzle, req)
	}
	stderr := c.App.ErrWriter
	if !puzzle.Possible() {
		fmt.Fprintf(stderr, "xcover: the pieces cover %d cells, the board has %d: no packing\n", puzzle.Area(), board.NumCells())
	}

	ctx, stop := searchContext(c)
	defer stop()
	out := &packingWriter{w: bufio.NewWriterSize(c.App.Writer, 64<<10), req: req, lastFlush: time.Now()}
	if req.json {
		out.enc = json.NewEncoder(out.w)
		out.enc.SetEscapeHTML(false)
	}
	var visit func(*pentomino.Packing) bool
	if !req.count {
		visit = out.packing
	}
	res, err := puzzle.Solve(ctx, pentomino.Limits{MaxPackings: req.limit, MaxNodes: req.maxNodes}, visit)
	if err != nil && res.Stats.Status != exactcover.Timeout && res.Stats.Status != exactcover.Interrupted {
		return badInput(err)
	}
	out.summary(res, puzzle)
	if err := out.w.Flush(); err != nil {
		return withCode(exitBadInput, fmt.Errorf("writing the output: %v", err))
	}
	if req.svg != "" && len(out.drawn) > 0 {
		if out.dropped > 0 {
			fmt.Fprintf(stderr, "xcover: %s: drew the first %d packings (maxSVGPackings)\n", req.svg, len(out.drawn))
		}
		if err := writeSVGFile(req.svg, out.drawn); err != nil {
			return badInput(err)
		}
	}
	if req.stats {
		fmt.Fprintln(stderr, pentSummaryLine(res, puzzle))
	}
	st := res.Stats
	st.Solutions = res.Packings // the exit code and message speak of packings
	return searchExit(st, "packing", req.count, req.json)
}

// emitPentomino prints the exact-cover problem instead of solving it.
func emitPentomino(w io.Writer, p *pentomino.Puzzle, req *pentRequest) error {
	b := p.Board()
	var desc strings.Builder
	fmt.Fprintf(&desc, "Pack %s into the board %s", describePieces(p.Pieces(), req.opt.OneSided), b.Describe())
	if !b.IsRectangle() {
		fmt.Fprintf(&desc, ":\n%s\n", b.String())
	} else {
		desc.WriteString(".\n")
	}
	desc.WriteString("Items: the cells, named row then column in base 36 (\"0a\": row 0, column 10), then the pieces")
	if p.Optional() {
		desc.WriteString(" (secondary: the pieces hold more cells than the board)")
	}
	for _, pc := range p.Pieces() {
		if pc.Count > 1 {
			desc.WriteString(", one per copy (L#1, L#2, ...), and secondary order items (L#1<3.12) that keep the copies in one order")
			break
		}
	}
	desc.WriteString(". Options: one per placement of a piece.")
	if req.opt.Symmetry && p.Pivot() != "" {
		fmt.Fprintf(&desc, "\nSymmetry: %s is kept to one placement per orbit of the board's %d symmetries; "+
			"\"xcover pentomino --symmetry\" also filters what this problem alone may still repeat.", p.Pivot(), p.GroupSize())
	}
	name := "pentomino-" + b.Describe()
	if !b.IsRectangle() {
		name = "pentomino-board"
	}
	sp := &specs.Spec{Name: name, Description: desc.String(), Problem: *p.Problem()}
	bw := bufio.NewWriter(w)
	if err := specs.Write(bw, sp, req.emit); err != nil {
		return badInput(err)
	}
	if err := bw.Flush(); err != nil {
		return withCode(exitBadInput, fmt.Errorf("writing the output: %v", err))
	}
	return nil
}

// describePieces lists pieces as "FILNPTUVWXYZ" or "L×2 P×2", and says
// one-sided.
func describePieces(pieces []pentomino.Piece, oneSided bool) string {
	var b strings.Builder
	for _, pc := range pieces {
		b.WriteString(pc.Name)
		if pc.Count > 1 {
			fmt.Fprintf(&b, "×%d ", pc.Count)
		}
	}
	s := strings.TrimSpace(b.String())
	if oneSided {
		s += " (one-sided)"
	}
	return s
}

// packingWriter prints packings as they are found.
type packingWriter struct {
	w         *bufio.Writer
	enc       *json.Encoder
	req       *pentRequest
	n         int64
	lastFlush time.Time
	drawn     []*pentomino.Packing // kept for --svg
	dropped   int64
}

type jsonPlaced struct {
	Piece string   `json:"piece"`
	Cells [][2]int `json:"cells"` // [row, column], 0-based
}

type jsonPacking struct {
	Type   string       `json:"type"` // "packing"
	Number int64        `json:"number"`
	Rows   []string     `json:"rows"`
	Pieces []jsonPlaced `json:"pieces"`
}

// jsonPentSummary is the last object of --json output.
type jsonPentSummary struct {
	Type           string  `json:"type"` // "summary"
	Solutions      int64   `json:"solutions"`
	Nodes          int64   `json:"nodes"`
	Updates        int64   `json:"updates"`
	Status         string  `json:"status"`
	Complete       bool    `json:"complete"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	Board          string  `json:"board"`
	Cells          int     `json:"cells"`
	Pieces         string  `json:"piece_set"`
	OneSided       bool    `json:"one_sided"`
	Symmetry       bool    `json:"symmetry"`
	Symmetries     int     `json:"symmetries"` // the group counted up to; 1 without --symmetry
	Options        int     `json:"options"`
}

// packing prints one packing; it returns false to stop the search when the
// output cannot be written.
func (out *packingWriter) packing(k *pentomino.Packing) bool {
	out.n++
	switch {
	case out.enc != nil:
		jp := jsonPacking{Type: "packing", Number: out.n, Rows: k.Rows()}
		for _, pl := range k.Placed {
			cells := make([][2]int, len(pl.Cells))
			for i, c := range pl.Cells {
				cells[i] = [2]int{c.Row, c.Col}
			}
			jp.Pieces = append(jp.Pieces, jsonPlaced{Piece: pl.Piece, Cells: cells})
		}
		out.enc.Encode(jp)
	case out.req.color:
		if out.n > 1 {
			out.w.WriteByte('\n')
		}
		out.w.WriteString(k.ANSI())
	default:
		if out.n > 1 {
			out.w.WriteByte('\n')
		}
		out.w.WriteString(k.String())
		out.w.WriteByte('\n')
	}
	if out.req.svg != "" {
		if len(out.drawn) < maxSVGPackings {
			out.drawn = append(out.drawn, k)
		} else {
			out.dropped++
		}
	}
	if now := time.Now(); now.Sub(out.lastFlush) >= flushEvery {
		out.lastFlush = now
		if out.w.Flush() != nil {
			return false
		}
	}
	return true
}

// summary prints what follows the packings on stdout: the count with
// --count, the summary object with --json.
func (out *packingWriter) summary(res pentomino.Result, p *pentomino.Puzzle) {
	st := res.Stats
	switch {
	case out.enc != nil:
		out.enc.Encode(jsonPentSummary{
			Type:           "summary",
			Solutions:      res.Packings,
			Nodes:          st.Nodes,
			Updates:        st.Updates,
			Status:         st.Status.String(),
			Complete:       st.Status == exactcover.Complete,
			ElapsedSeconds: st.Elapsed.Seconds(),
			Board:          p.Board().Describe(),
			Cells:          p.Board().NumCells(),
			Pieces:         describePieces(p.Pieces(), out.req.opt.OneSided),
			OneSided:       out.req.opt.OneSided,
			Symmetry:       out.req.opt.Symmetry,
			Symmetries:     p.GroupSize(),
			Options:        p.NumOptions(),
		})
	case out.req.count:
		fmt.Fprintln(out.w, res.Packings)
	}
}

// pentSummaryLine is the --stats line, worded as Knuth's programs end.
func pentSummaryLine(res pentomino.Result, p *pentomino.Puzzle) string {
	st := res.Stats
	what := plural(res.Packings, "packing", "packings")
	if p.GroupSize() > 1 {
		what += fmt.Sprintf(" up to %d symmetries", p.GroupSize())
	}
	return fmt.Sprintf("Altogether %d %s, %d updates, %d nodes, %s; %s",
		res.Packings, what, st.Updates, st.Nodes, elapsed(st.Elapsed), st.Status)
}

// writeSVGFile draws the packings into file.
func writeSVGFile(file string, packings []*pentomino.Packing) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := pentomino.WriteSVG(f, packings); err != nil {
		f.Close()
		return fmt.Errorf("%s: %v", file, err)
	}
	return f.Close()
}
