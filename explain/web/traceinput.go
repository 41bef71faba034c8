package web

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/bytesize"
	"github.com/xcover/xcover/problems/pentomino"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

// The trace of a pasted input, for the playground of "xcover serve"
// (explain/web/playground) and of a folder of "xcover explain --site"
// (explain/web/wasm). It lives here, with no HTTP, so that the engine
// compiled to WebAssembly links no net/http.

// Limits of a playground's trace, whoever asks for it.
const (
	// MaxInputBytes bounds a pasted input, counted as pasted, not as the
	// form encodes it: a problem typed or pasted by hand is a few
	// kilobytes (the pentominoes in a 3×20 box, 1,236 options, are 40 KB
	// of YAML), a 64×64 Sudoku 4 KB.
	MaxInputBytes = 256 << 10
	// MaxPlaygroundNodes bounds the trace of one request: a page of twenty
	// thousand nodes is as much as one follows by hand.
	MaxPlaygroundNodes = 20_000
	// MaxPlaygroundTraceBytes bounds the memory of the trace of one request
	// (see [explain.TraceLimits]): twenty thousand nodes of the pentominoes
	// in a 3×20 box, the wordiest example, take 50 MB; an empty 36×36
	// Sudoku is traced until it stops at the budget; the largest problem an
	// input makes, an empty 64×64 Sudoku (262,144 options), would take
	// 100 MB before its first node, and is refused.
	MaxPlaygroundTraceBytes = 64 << 20
	// PlaygroundTimeout bounds the time of one trace: twenty thousand
	// nodes of the wordiest example take a few seconds on a slow machine.
	// A trace stopped by it is sent as far as it went.
	PlaygroundTimeout = 30 * time.Second
	// MaxReplyBytes bounds the data of one trace: a trace of
	// MaxPlaygroundTraceBytes gzips to a tenth of that or less.
	MaxReplyBytes = MaxPlaygroundTraceBytes / 2
)

// Example is an input the playground offers: Kind is "spec", "sudoku" or
// "pentomino" (a board drawn with '.', packed with the 12 pentominoes).
type Example struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// TraceInput makes the page's data for an input of the given kind
// ("spec", "sudoku" or "pentomino"), within the playground's limits
// (MaxInputBytes, MaxPlaygroundNodes, MaxPlaygroundTraceBytes and
// MaxReplyBytes), or returns the one-line message "xcover serve" sends
// for it. It is the playground of a folder of "xcover explain --site",
// compiled to WebAssembly (see explain/web/wasm); ctx bounds its time, as
// PlaygroundTimeout bounds a request's, and a trace it stops is returned
// as far as it went.
func TraceInput(ctx context.Context, kind, input string) (string, error) {
	data, _, err := traceInput(ctx, kind, input, explain.TraceLimits{Nodes: MaxPlaygroundNodes, Bytes: MaxPlaygroundTraceBytes})
	return data, err
}

// inputName is what messages call the pasted input: "input:3:7: …".
const inputName = "input"

// TraceInputWithin is TraceInput within lim (which the playground's
// limits bound), and returns as well the memory the trace took (or would
// have taken, when it is refused): "xcover serve" hands memory back to the
// system after a large one.
func TraceInputWithin(ctx context.Context, kind, input string, lim explain.TraceLimits) (string, int64, error) {
	if lim.Nodes <= 0 || lim.Nodes > MaxPlaygroundNodes {
		lim.Nodes = MaxPlaygroundNodes
	}
	if lim.Bytes <= 0 || lim.Bytes > MaxPlaygroundTraceBytes {
		lim.Bytes = MaxPlaygroundTraceBytes
	}
	return traceInput(ctx, kind, input, lim)
}

// traceInput makes the page's data for an input of the given kind.
func traceInput(ctx context.Context, kind, input string, lim explain.TraceLimits) (string, int64, error) {
	if len(input) > MaxInputBytes {
		return "", 0, fmt.Errorf("the input has %d bytes, more than MaxInputBytes = %d", len(input), MaxInputBytes)
	}
	if strings.TrimSpace(input) == "" {
		return "", 0, errors.New("the input is empty: paste a problem, or choose an example")
	}
	var (
		title string
		p     *exactcover.Problem
		grid  *sudoku.Grid
		syms  string
		err   error
	)
	switch kind {
	case "spec":
		title, p, err = specInput(input)
	case "sudoku":
		title, p, grid, syms, err = sudokuInput(input)
	case "pentomino":
		title, p, err = pentominoInput(input)
	default:
		return "", 0, fmt.Errorf("unknown kind of input %q: expected spec, sudoku or pentomino", kind)
	}
	if err != nil {
		return "", 0, err
	}
	// A grid's board is made once the problem is traced, not before a
	// problem too big is refused; the grid is rated before the trace, its
	// bytes taken from the trace's budget.
	var board *Board
	if grid == nil {
		board = DetectBoard(p)
	}
	page, err := newPage(ctx, title, p, board, grid, lim)
	var be *explain.BudgetError
	switch {
	case errors.As(err, &be):
		which := "MaxPlaygroundTraceBytes"
		if grid != nil {
			which += " less MaxRatingBytes, kept for the Sudoku's rating"
		}
		return "", be.Bytes, fmt.Errorf("%v (%s); \"xcover explain --html\" traces up to %s",
			err, which, bytesize.Format(explain.MaxTraceBytes))
	case page == nil || len(page.Trace.Nodes) == 0 && ctx.Err() != nil:
		if ctx.Err() != nil {
			return "", 0, fmt.Errorf("the search took longer than %v to start: try a smaller problem", PlaygroundTimeout)
		}
		return "", 0, err
	}
	if grid != nil {
		page.Board = gridBoard(p, grid, syms)
	}
	data, err := encodeAtMost(page, MaxReplyBytes)
	return data, page.Trace.Bytes, err
}

func specInput(input string) (string, *exactcover.Problem, error) {
	sp, err := specs.Load(inputName, []byte(input), "")
	if err == nil {
		_, _, err = sp.Compile() // the located message of an invalid problem
	}
	if err != nil {
		return "", nil, err
	}
	return cmp.Or(sp.Name, "your problem"), &sp.Problem, nil
}

// sudokuInput reads one puzzle (the first of a batch) and encodes it as
// "xcover sudoku --emit-spec" does.
// It returns the puzzle's symbols for the values 1…N as well (letters for
// a letters puzzle), to draw it with them.
func sudokuInput(input string) (string, *exactcover.Problem, *sudoku.Grid, string, error) {
	batch, err := sudoku.Read(inputName, []byte(input), sudoku.ReadOptions{})
	if err != nil {
		return "", nil, nil, "", err
	}
	pz := batch.Puzzles[0]
	if pz.Err != nil {
		return "", nil, nil, "", pz.Err
	}
	p, err := sudoku.Encode(pz.Grid)
	if err != nil {
		return "", nil, nil, "", fmt.Errorf("%s:%d: %v", inputName, pz.Line, err)
	}
	n := pz.Grid.Size()
	title := fmt.Sprintf("a %d×%d Sudoku", n, n)
	if len(batch.Puzzles) > 1 {
		title += fmt.Sprintf(" (the first of the input's %d puzzles)", len(batch.Puzzles))
	}
	symbols := batch.Alphabet(pz.Grid.Box).Symbols()
	if len(symbols) < n {
		symbols = "" // drawn as numbers
	}
	return title, p, pz.Grid, symbols[:min(n, len(symbols))], nil
}

// gridBoard is the board of a Sudoku grid's problem, with its givens; made
// once the problem is traced, not before a problem too big is refused.
func gridBoard(p *exactcover.Problem, g *sudoku.Grid, symbols string) *Board {
	b := sudokuBoard(labeled(p, sudokuLabel()), g.Size())
	if b != nil {
		b.Symbols = symbols
		b.Cells = make([]int, len(g.Cells))
		for i, v := range g.Cells {
			b.Cells[i] = int(v)
		}
	}
	return b
}

// pentominoCells is the area of the 12 pentominoes: a board with more
// cells has no packing, and is refused before its options are made (a
// board of pentomino.MaxBoardCells cells has a million).
const pentominoCells = 60

// pentominoInput packs the 12 pentominoes into a board drawn with '.'.
func pentominoInput(input string) (string, *exactcover.Problem, error) {
	board, err := pentomino.ParseBoard(inputName, []byte(input))
	if err != nil {
		return "", nil, err
	}
	if board.NumCells() > pentominoCells {
		return "", nil, fmt.Errorf("%s: the board has %d cells, more than the 12 pentominoes cover (%d)", inputName, board.NumCells(), pentominoCells)
	}
	pz, err := pentomino.New(board, pentomino.Pentominoes(), pentomino.Options{})
	if err != nil {
		return "", nil, fmt.Errorf("%s: %v", inputName, err)
	}
	return "the 12 pentominoes in " + board.Describe(), pz.Problem(), nil
}

// errReplyTooLarge: the page's data would be larger than a reply may be.
var errReplyTooLarge = errors.New("the page would be too large")

// encodeAtMost returns Encode(p), or an error when it would take more than
// max bytes, found as it is written.
func encodeAtMost(p *Page, max int) (string, error) {
	var buf bytes.Buffer
	if err := encode(&atMost{w: &buf, left: max}, p); err != nil {
		if errors.Is(err, errReplyTooLarge) {
			return "", fmt.Errorf("%w: more than %s; try a smaller problem, or \"xcover explain --html\"", errReplyTooLarge, bytesize.Format(int64(max)))
		}
		return "", err
	}
	return buf.String(), nil
}

// atMost writes to w at most left bytes, and fails past them.
type atMost struct {
	w    io.Writer
	left int
}

func (a *atMost) Write(b []byte) (int, error) {
	if len(b) > a.left {
		return 0, errReplyTooLarge
	}
	a.left -= len(b)
	return a.w.Write(b)
}
