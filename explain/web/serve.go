package web

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/problems/pentomino"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

// Limits of the playground, which makes traces for whoever reaches it.
const (
	// MaxInputBytes bounds a pasted input: a problem typed or pasted by
	// hand is a few kilobytes (the pentominoes in a 3×20 box, 1,236
	// options, are 40 KB of YAML), a 64×64 Sudoku 4 KB.
	MaxInputBytes = 256 << 10
	// MaxPlaygroundNodes bounds the trace of one request: a trace of a
	// wordy search takes about 5 KB of memory per node while it is made, so
	// twenty thousand nodes stay near 100 MB, and a page of that many nodes
	// is as much as one follows by hand.
	MaxPlaygroundNodes = 20_000
	// playgroundTimeout bounds the time of one trace: 20,000 nodes of the
	// wordiest example take about 3 s on a slow machine.
	playgroundTimeout = 30 * time.Second
)

// Example is an input the playground offers: Kind is "spec", "sudoku" or
// "pentomino" (a board drawn with '.', packed with the 12 pentominoes).
type Example struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// Playground returns the handler of "xcover serve": the page at /, the
// examples at /examples, and at /trace (POST, form fields kind and input)
// the page's data for an input, as {"data": …} or {"error": "…"}, a
// message located in the input. Traces are made one at a time, of at most
// maxNodes nodes (0 or more than MaxPlaygroundNodes: MaxPlaygroundNodes).
func Playground(examples []Example, maxNodes int64) http.Handler {
	if maxNodes <= 0 || maxNodes > MaxPlaygroundNodes {
		maxNodes = MaxPlaygroundNodes
	}
	mux := http.NewServeMux()
	busy := make(chan struct{}, 1)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(render("playground", "playground", "")))
	})
	mux.HandleFunc("GET /examples", func(w http.ResponseWriter, r *http.Request) {
		reply(w, examples)
	})
	mux.HandleFunc("POST /trace", func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, MaxInputBytes+4096)
		if err := r.ParseForm(); err != nil {
			reply(w, map[string]string{"error": fmt.Sprintf("the input is larger than MaxInputBytes = %d bytes, or not a form", MaxInputBytes)})
			return
		}
		select {
		case busy <- struct{}{}:
			defer func() { <-busy }()
		case <-r.Context().Done():
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), playgroundTimeout)
		defer cancel()
		data, err := traceInput(ctx, r.PostForm.Get("kind"), r.PostForm.Get("input"), maxNodes)
		if err != nil {
			reply(w, map[string]string{"error": err.Error()})
			return
		}
		reply(w, map[string]string{"data": data})
	})
	return mux
}

func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// inputName is what messages call the pasted input: "input:3:7: …".
const inputName = "input"

// traceInput makes the page's data for an input of the given kind.
func traceInput(ctx context.Context, kind, input string, maxNodes int64) (string, error) {
	if len(input) > MaxInputBytes {
		return "", fmt.Errorf("the input has %d bytes, more than MaxInputBytes = %d", len(input), MaxInputBytes)
	}
	if strings.TrimSpace(input) == "" {
		return "", errors.New("the input is empty: paste a problem, or choose an example")
	}
	var (
		title string
		p     *exactcover.Problem
		board *Board
		err   error
	)
	switch kind {
	case "spec":
		title, p, err = specInput(input)
	case "sudoku":
		title, p, board, err = sudokuInput(input)
	case "pentomino":
		title, p, err = pentominoInput(input)
	default:
		return "", fmt.Errorf("unknown kind of input %q: expected spec, sudoku or pentomino", kind)
	}
	if err != nil {
		return "", err
	}
	page, err := NewPage(ctx, title, p, explain.TraceLimits{Nodes: maxNodes})
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("the search took longer than %v to trace: try a smaller problem", playgroundTimeout)
		}
		return "", err
	}
	if board != nil {
		page.Board = board
	}
	return Encode(page)
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
// "xcover sudoku --emit-spec" does, with a board that knows its givens.
func sudokuInput(input string) (string, *exactcover.Problem, *Board, error) {
	batch, err := sudoku.Read(inputName, []byte(input), sudoku.ReadOptions{})
	if err != nil {
		return "", nil, nil, err
	}
	pz := batch.Puzzles[0]
	if pz.Err != nil {
		return "", nil, nil, pz.Err
	}
	p, err := sudoku.Encode(pz.Grid)
	if err != nil {
		return "", nil, nil, fmt.Errorf("%s:%d: %v", inputName, pz.Line, err)
	}
	b := sudokuBoard(labeled(p, sudokuLabel), pz.Grid.Size())
	if b != nil {
		b.Cells = make([]int, len(pz.Grid.Cells))
		for i, v := range pz.Grid.Cells {
			b.Cells[i] = int(v)
		}
	}
	n := pz.Grid.Size()
	title := fmt.Sprintf("a %d×%d Sudoku", n, n)
	if len(batch.Puzzles) > 1 {
		title += fmt.Sprintf(" (the first of the input's %d puzzles)", len(batch.Puzzles))
	}
	return title, p, b, nil
}

// pentominoInput packs the 12 pentominoes into a board drawn with '.'.
func pentominoInput(input string) (string, *exactcover.Problem, error) {
	board, err := pentomino.ParseBoard(inputName, []byte(input))
	if err != nil {
		return "", nil, err
	}
	pz, err := pentomino.New(board, pentomino.Pentominoes(), pentomino.Options{})
	if err != nil {
		return "", nil, fmt.Errorf("%s: %v", inputName, err)
	}
	if !pz.Possible() {
		return "", nil, fmt.Errorf("%s: the board has %d cells, more than the 12 pentominoes cover (60)", inputName, board.NumCells())
	}
	return "the 12 pentominoes in " + board.Describe(), pz.Problem(), nil
}
