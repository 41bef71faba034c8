package web

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/xcover/xcover/exactcover"
)

// Board is how the page draws a partial solution as a puzzle: a grid of
// Rows × Cols cells, and for each option the cells it fills and what it
// writes there. A nil Board is drawn as the list of the options chosen.
type Board struct {
	// Kind is "sudoku" (a digit per cell; empty cells show their
	// candidates), "queens" (a queen on a square) or "pieces" (a polyomino
	// on its cells, colored by its name).
	Kind string `json:"kind"`
	Rows int    `json:"rows"`
	Cols int    `json:"cols"`
	Box  int    `json:"box,omitempty"` // Sudoku: the side of a box
	// Cells holds, row by row, a Sudoku's givens (0 for an empty cell, -1
	// for a given the problem does not tell); for pieces, 1 for a cell of
	// the board and 0 for a hole.
	Cells []int `json:"cells,omitempty"`
	// Options[k] lists the cells option k fills (row*Cols + col), Values[k]
	// what it writes in them.
	Options [][]int  `json:"options"`
	Values  []string `json:"values"`
	// Symbols, for a Sudoku read from a grid, are the puzzle's own
	// symbols for the values 1…N ("123456789", "ABCDEFGHIJKLMNOP"); empty
	// when the values are drawn as numbers.
	Symbols string `json:"symbols,omitempty"`
}

// The labels of a Sudoku's options and a board's squares, compiled on
// first use: every command of the binary would pay for them at start-up.
var (
	sudokuLabel = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^r([0-9]+)c([0-9]+)=([0-9]+)$`) })
	squareLabel = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^r([0-9]+)c([0-9]+)$`) })
)

// DetectBoard recognizes the problems of xcover's own front ends and
// examples from their names, and returns how to draw them, or nil:
//
//   - a Sudoku as "xcover sudoku --emit-spec" writes it: every option is
//     labeled r<row>c<col>=<value>. The givens are not items; a given is
//     shown where the items left tell its value, the one value that its
//     row, column and box all have already.
//   - n queens: every option is labeled r<row>c<col>.
//   - a polyomino packing as "xcover pentomino --emit-spec" writes it:
//     cells named by row and column in base 36 ("0a"), or r<row>c<col>,
//     and each option one piece (an item of one letter or digit, or
//     "L#2" for a copy) and its cells.
func DetectBoard(p *exactcover.Problem) *Board {
	if len(p.Options) == 0 {
		return nil
	}
	if b := detectSudoku(p); b != nil {
		return b
	}
	if b := detectQueens(p); b != nil {
		return b
	}
	return detectPieces(p)
}

// labeled returns the numbers the labels of p's options hold, or nil when
// an option's label does not match re.
func labeled(p *exactcover.Problem, re *regexp.Regexp) [][]int {
	out := make([][]int, len(p.Options))
	for k, o := range p.Options {
		m := re.FindStringSubmatch(o.Label)
		if m == nil {
			return nil
		}
		for _, s := range m[1:] {
			v, err := strconv.Atoi(s)
			if err != nil || v < 1 || v > maxBoardSide {
				return nil
			}
			out[k] = append(out[k], v)
		}
	}
	return out
}

// maxBoardSide bounds the rows and columns of a board drawn: a 64×64
// Sudoku, xcover's largest, and larger than any polyomino board a page
// can show cell by cell.
const maxBoardSide = 64

func detectSudoku(p *exactcover.Problem) *Board {
	nums := labeled(p, sudokuLabel())
	if nums == nil {
		return nil
	}
	n := 0
	for _, v := range nums {
		n = max(n, v[0], v[1], v[2])
	}
	b := sudokuBoard(nums, n)
	if b == nil {
		return nil
	}
	items := map[string]bool{}
	for i := range p.NumItems() {
		items[p.ItemName(i)] = true
	}
	deduceGivens(b, items)
	return b
}

// deduceGivens fills in b.Cells the givens of a Sudoku encoded without
// them: a cell that is no item is a given, and a value v missing from the
// items of a row (r<row>#v) is a given of that row, likewise for columns
// and boxes. A given takes a value its row, column and box all have among
// their givens; where one value fits a cell, or one cell of a unit fits a
// value, it is placed there, and so on until nothing changes. What stays
// undecided is -1 (shown as "?").
func deduceGivens(b *Board, items map[string]bool) {
	n, box := b.Rows, b.Box
	unitsOf := func(x int) [3]int { r, c := x/n, x%n; return [3]int{r, n + c, 2*n + r/box*box + c/box} }
	has := make([][]bool, 3*n) // has[u][v]: unit u has v among its givens, not yet placed
	for u := range has {
		has[u] = make([]bool, n+1)
		kind, k := "rcb"[u/n:u/n+1], strconv.Itoa(u%n+1)
		for v := 1; v <= n; v++ {
			has[u][v] = !items[kind+k+"#"+strconv.Itoa(v)]
		}
	}
	var open []int // givens not yet decided
	for x := range n * n {
		if !items["r"+strconv.Itoa(x/n+1)+"c"+strconv.Itoa(x%n+1)] {
			b.Cells[x] = -1
			open = append(open, x)
		}
	}
	fits := func(x, v int) bool {
		us := unitsOf(x)
		return b.Cells[x] == -1 && has[us[0]][v] && has[us[1]][v] && has[us[2]][v]
	}
	place := func(x, v int) {
		b.Cells[x] = v
		for _, u := range unitsOf(x) {
			has[u][v] = false
		}
	}
	for changed := true; changed; {
		changed = false
		for _, x := range open {
			only, count := 0, 0 // the value that fits x, if one alone does
			for v := 1; v <= n; v++ {
				if fits(x, v) {
					only, count = v, count+1
				}
			}
			if count == 1 {
				place(x, only)
				changed = true
			}
		}
		for v := 1; v <= n; v++ {
			for u := range has {
				if !has[u][v] {
					continue
				}
				cell, count := 0, 0 // the cell of u that v fits, if one alone does
				for _, x := range open {
					if us := unitsOf(x); (us[0] == u || us[1] == u || us[2] == u) && fits(x, v) {
						cell, count = x, count+1
					}
				}
				if count == 1 {
					place(cell, v)
					changed = true
				}
			}
		}
	}
}

// sudokuBoard is the board of an n×n Sudoku whose options put value
// v[2] in row v[0], column v[1] (from 1), its givens not known; nil when n
// is no square or an option is off the grid.
func sudokuBoard(nums [][]int, n int) *Board {
	box := int(math.Round(math.Sqrt(float64(n))))
	if box*box != n || box < 2 {
		return nil
	}
	b := &Board{Kind: "sudoku", Rows: n, Cols: n, Box: box, Cells: make([]int, n*n)}
	for _, v := range nums {
		if v[0] > n || v[1] > n {
			return nil
		}
		b.Options = append(b.Options, []int{(v[0]-1)*n + v[1] - 1})
		b.Values = append(b.Values, strconv.Itoa(v[2]))
	}
	return b
}

func detectQueens(p *exactcover.Problem) *Board {
	nums := labeled(p, squareLabel())
	if nums == nil {
		return nil
	}
	b := &Board{Kind: "queens"}
	for _, v := range nums {
		b.Rows, b.Cols = max(b.Rows, v[0]), max(b.Cols, v[1])
	}
	for _, v := range nums {
		b.Options = append(b.Options, []int{(v[0]-1)*b.Cols + v[1] - 1})
		b.Values = append(b.Values, "♛")
	}
	return b
}

// cellOf reads a cell's name as the pentomino front end writes it.
func cellOf(name string) (r, c int, ok bool) {
	if m := squareLabel().FindStringSubmatch(name); m != nil {
		r, _ = strconv.Atoi(m[1])
		c, _ = strconv.Atoi(m[2])
		return r, c, r < maxBoardSide && c < maxBoardSide
	}
	if len(name) != 2 {
		return 0, 0, false
	}
	r64, err1 := strconv.ParseInt(name[:1], 36, 0)
	c64, err2 := strconv.ParseInt(name[1:], 36, 0)
	if err1 != nil || err2 != nil || strings.ToLower(name) != name {
		return 0, 0, false
	}
	return int(r64), int(c64), true
}

func detectPieces(p *exactcover.Problem) *Board {
	type cell struct{ r, c int }
	b := &Board{Kind: "pieces"}
	var cells [][]cell
	for _, o := range p.Options {
		piece := ""
		var cs []cell
		for _, ref := range o.Items {
			if r, c, ok := cellOf(ref.Name); ok && ref.Color == "" {
				cs = append(cs, cell{r, c})
				b.Rows, b.Cols = max(b.Rows, r+1), max(b.Cols, c+1)
				continue
			}
			name, _, _ := strings.Cut(ref.Name, "#")
			switch {
			case strings.Contains(ref.Name, "<"): // an order item of copies
			case piece != "" || len([]rune(name)) != 1:
				return nil
			default:
				piece = name
			}
		}
		if piece == "" || len(cs) == 0 {
			return nil
		}
		cells = append(cells, cs)
		b.Values = append(b.Values, piece)
	}
	b.Cells = make([]int, b.Rows*b.Cols)
	for _, cs := range cells {
		var list []int
		for _, c := range cs {
			list = append(list, c.r*b.Cols+c.c)
			b.Cells[c.r*b.Cols+c.c] = 1
		}
		b.Options = append(b.Options, list)
	}
	return b
}
