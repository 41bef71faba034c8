package web

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/bytesize"
	"github.com/xcover/xcover/problems/pentomino"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

// Limits of the playground, which makes traces for whatever page reaches
// it: every request is bounded in bytes and in time, and none holds for
// long what the others need.
const (
	// MaxInputBytes bounds a pasted input, counted as pasted, not as the
	// form encodes it: a problem typed or pasted by hand is a few
	// kilobytes (the pentominoes in a 3×20 box, 1,236 options, are 40 KB
	// of YAML), a 64×64 Sudoku 4 KB.
	MaxInputBytes = 256 << 10
	// maxBodyBytes bounds a request's body: URL-encoding writes a byte of
	// the input as up to three (%XX), and the other field and a multipart
	// form's framing take a few hundred bytes more.
	maxBodyBytes = 3*MaxInputBytes + 4<<10
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
	// queueTimeout bounds the wait of a request for its turn: traces are
	// made one at a time, and a request that waited this long is told that
	// the playground is busy.
	queueTimeout = 60 * time.Second
	// bodyTimeout bounds the reading of a request's body once its turn
	// has come: at most 800 KB, sent by a browser on the same machine.
	bodyTimeout = 10 * time.Second
	// writeTimeout bounds the writing of one reply: a page of the largest
	// trace, a few MB, takes milliseconds on the loopback; a client that
	// has not read it by then never will, and its connection is closed.
	writeTimeout = 20 * time.Second
	// maxTurns bounds the requests past the queue: each holds its input
	// and then its reply (at most maxReplyBytes) until the reply is
	// written, which writeTimeout bounds; one of them at a time makes its
	// trace.
	maxTurns = 4
	// maxReplyBytes bounds the data of one reply: a trace of
	// MaxPlaygroundTraceBytes gzips to a tenth of that or less.
	maxReplyBytes = MaxPlaygroundTraceBytes / 2
	// maxErrorBytes bounds a message sent back: an error may quote the
	// input (an unknown item's name), and the input is large.
	maxErrorBytes = 2 << 10
	// freeAfterBytes: after a trace of this much memory or more, the
	// playground hands the memory back to the system once the reply is
	// written, so that one large request does not keep it.
	freeAfterBytes = 8 << 20
)

// PlaygroundMemory is what the memory of "xcover serve", its resident set
// (RSS), stays under whatever is posted. What is live at once is bounded:
// one trace within MaxPlaygroundTraceBytes, the problem it traces (the
// largest an input makes, an empty 64×64 Sudoku, is about 60 MB, and is
// refused), and maxTurns inputs and replies; the server's soft memory
// limit (see "xcover serve") keeps the garbage collector's slack within
// this bound. scripts/playground-hostile.sh measures it; between requests
// the memory goes back to a few tens of MB.
const PlaygroundMemory = 512 << 20

// Example is an input the playground offers: Kind is "spec", "sudoku" or
// "pentomino" (a board drawn with '.', packed with the 12 pentominoes).
type Example struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// Playground returns the handler of "xcover serve": the page at /, the
// examples at /examples, and at /trace (POST, form fields kind and input,
// URL-encoded or multipart) the page's data for an input, as
// {"data": …}, or {"error": "…"} with a message located in the input.
// Traces are made one at a time, within lim and the playground's own
// limits (MaxPlaygroundNodes, MaxPlaygroundTraceBytes). The handler
// answers only requests addressed to its own loopback address and port,
// and from its own pages (see guard.go); it is meant for a server made by
// [NewServer].
func Playground(examples []Example, lim explain.TraceLimits) http.Handler {
	if lim.Nodes <= 0 || lim.Nodes > MaxPlaygroundNodes {
		lim.Nodes = MaxPlaygroundNodes
	}
	if lim.Bytes <= 0 || lim.Bytes > MaxPlaygroundTraceBytes {
		lim.Bytes = MaxPlaygroundTraceBytes
	}
	pg := &playground{examples: examples, lim: lim, turns: make(chan struct{}, maxTurns), tracing: make(chan struct{}, 1)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		headers(w, "text/html; charset=utf-8")
		_, _ = io.WriteString(w, render("playground", "playground", ""))
	})
	mux.HandleFunc("GET /examples", func(w http.ResponseWriter, r *http.Request) {
		reply(w, http.StatusOK, examples)
	})
	mux.HandleFunc("POST /trace", pg.trace)
	return guard(mux)
}

// NewServer returns the HTTP server of the playground h, with its time
// limits: a client that sends its request slowly, or never reads its
// reply, or keeps an idle connection, is cut off.
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		// The body of a trace is read once its turn has come (bodyTimeout),
		// and its reply written with a deadline of its own (writeTimeout);
		// these bound everything else and the whole of a request.
		ReadTimeout:    10*time.Second + queueTimeout + bodyTimeout,
		WriteTimeout:   10*time.Second + 2*queueTimeout + bodyTimeout + PlaygroundTimeout + writeTimeout,
		IdleTimeout:    60 * time.Second,
		MaxHeaderBytes: 64 << 10,
	}
}

// playground is the state shared by the requests.
type playground struct {
	examples []Example
	lim      explain.TraceLimits
	turns    chan struct{} // the requests past the queue (maxTurns)
	tracing  chan struct{} // the request making its trace (one)
}

// trace answers a POST /trace.
func (pg *playground) trace(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if !take(ctx, pg.turns) {
		busy(ctx, w)
		return
	}
	defer func() { <-pg.turns }()
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(bodyTimeout))
	kind, input, ferr := readForm(w, r)
	if ferr != nil {
		replyError(w, ferr.status, ferr.msg)
		return
	}
	if !take(ctx, pg.tracing) {
		busy(ctx, w)
		return
	}
	data, bytes, err := pg.traceInput(ctx, kind, input)
	<-pg.tracing // the slot is for tracing, not for writing the reply
	if ctx.Err() != nil {
		return // the client went away
	}
	_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
	if err != nil {
		replyError(w, http.StatusBadRequest, err.Error())
	} else {
		replyData(w, data)
	}
	if bytes >= freeAfterBytes { // the trace, or the problem refused, is garbage now
		debug.FreeOSMemory()
	}
}

// take takes a place in slots, waiting at most queueTimeout; false when
// none came or the request ended.
func take(ctx context.Context, slots chan struct{}) bool {
	t := time.NewTimer(queueTimeout)
	defer t.Stop()
	select {
	case slots <- struct{}{}:
		return true
	case <-ctx.Done():
	case <-t.C:
	}
	return false
}

// busy answers a request that waited too long for its turn.
func busy(ctx context.Context, w http.ResponseWriter) {
	if ctx.Err() == nil {
		w.Header().Set("Retry-After", "10")
		replyError(w, http.StatusServiceUnavailable, fmt.Sprintf("the playground is busy: other traces were made for %v; try again", queueTimeout))
	}
}

// TraceInput makes the page's data for an input of the given kind
// ("spec", "sudoku" or "pentomino"), within the playground's limits
// (MaxInputBytes, MaxPlaygroundNodes, MaxPlaygroundTraceBytes, and the
// size of a reply), or returns the one-line message "xcover serve" sends
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

// traceInput makes the page's data for an input of the given kind, and
// returns it with the memory its trace took (or would have taken, when it
// is refused). A trace stopped by PlaygroundTimeout is sent as far as it
// went.
func (pg *playground) traceInput(ctx context.Context, kind, input string) (string, int64, error) {
	ctx, cancel := context.WithTimeout(ctx, PlaygroundTimeout)
	defer cancel()
	return traceInput(ctx, kind, input, pg.lim)
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
	page, err := NewPage(ctx, title, p, lim)
	var be *explain.BudgetError
	switch {
	case errors.As(err, &be):
		return "", be.Bytes, fmt.Errorf("%v (MaxPlaygroundTraceBytes); \"xcover explain --html\" traces up to %s",
			err, bytesize.Format(explain.MaxTraceBytes))
	case page == nil || len(page.Trace.Nodes) == 0 && ctx.Err() != nil:
		if ctx.Err() != nil {
			return "", 0, fmt.Errorf("the search took longer than %v to start: try a smaller problem", PlaygroundTimeout)
		}
		return "", 0, err
	}
	if grid != nil {
		page.Board = gridBoard(p, grid, syms)
	}
	data, err := encodeAtMost(page, maxReplyBytes)
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
	b := sudokuBoard(labeled(p, sudokuLabel), g.Size())
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
