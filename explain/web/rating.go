package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/problems/sudoku"
)

// A Sudoku's page shows, beside the search, how a person would solve it:
// the puzzle's rating (the hardest technique its human path needs, as
// "xcover sudoku --rate" names it, and its level) and the path itself,
// step by step, in the players' words and in items and options, each step
// with the cells and candidates it marks on a board of its own.

// MaxRatingSteps bounds the steps of the human path a page carries: a 9×9
// path places at most 81 values and rules candidates out a few dozen
// times, a 16×16 one places at most 256; a step takes about 250 bytes of
// the page's data, so the path is at most half a megabyte, and no one
// steps through more by hand. A longer path (a large grid) is cut there,
// and the page says how many steps it has in all.
const MaxRatingSteps = 2000

// MaxRatingBytes is what a page keeps of the trace's budget of memory for
// the rating: MaxRatingSteps steps of about 250 bytes each, twice over
// for the wordiest (a swordfish's items and the candidates it rules out).
// It is taken from the trace's budget before the trace is made, so that a
// problem too large for the budget is still refused before its first
// node, and the rating (made once the trace is) never takes more; a path
// that would is cut at the step that would pass it.
const MaxRatingBytes = 1 << 20

// rateNodes bounds the engines' search when the techniques stall (Rate
// settles a puzzle rated beyond with them): the page's own trace is that
// search, so the rating does not wait for it.
const rateNodes = 1

// Rating is a Sudoku's rating and human solving path, as a page shows it.
type Rating struct {
	// Hardest is the hardest technique the path needs ("hidden single",
	// "x-wing", "beyond" when the techniques stall), Level its level
	// ("simple", "easy", "intermediate", "expert"; beyond is expert).
	Hardest string `json:"hardest"`
	Level   string `json:"level,omitempty"`
	// Steps are the path's first MaxRatingSteps steps; Total counts them all.
	Steps []RatingStep `json:"steps"`
	Total int          `json:"total"`
	// Open is the number of cells the techniques leave empty: 0 when they
	// solve the puzzle, the cells the search settles when rated beyond.
	Open int `json:"open"`
	// Dead: the path reached a cell or a unit with no candidate left (the
	// puzzle has no solution).
	Dead bool `json:"dead,omitempty"`
	// Bytes is what the rating takes of the page's data, counted in the
	// trace's budget of memory (the trace is allowed that much less).
	Bytes int64 `json:"bytes"`
}

// RatingStep is one step of the human path.
type RatingStep struct {
	Technique string `json:"technique"`
	Say       string `json:"say"`   // in the players' words (sudoku.Step.Say)
	Items     string `json:"items"` // in items and options (sudoku.Step.Items)
	// Cells are the cells the step's pattern lies in, row by row from 0:
	// the cell of a single, the cells of a pair or triple, the places of
	// the value in the base units of locked candidates or a fish.
	Cells []int `json:"cells"`
	// Placed is the cell and value a single places (nil for the others);
	// Removed the candidates the step rules out, each cell and value.
	Placed  []int   `json:"placed,omitempty"`
	Removed [][]int `json:"removed,omitempty"`
}

// rateGrid rates g for its page, its path cut at keep steps
// (MaxRatingSteps) or before its data passes maxBytes (MaxRatingBytes):
// nil when g cannot be rated (a conflict among its givens) or ctx stopped
// the rating.
func rateGrid(ctx context.Context, g *sudoku.Grid, keep int, maxBytes int64) *Rating {
	rt, err := sudoku.NewSolver().Rate(ctx, g, sudoku.Config{MaxNodes: rateNodes})
	if rt == nil || ctx.Err() != nil || err != nil && rt.Hardest != sudoku.Beyond {
		return nil
	}
	n := g.Size()
	out := &Rating{Hardest: rt.Hardest.String(), Level: rt.Hardest.Level(), Total: len(rt.Steps)}
	for _, v := range rt.Stalled.Cells {
		if v == 0 {
			out.Open++
		}
	}
	cand := newCandidates(g)
	size := int64(ratingHeadBytes)
	for k, st := range rt.Steps {
		if k == keep {
			break
		}
		s := RatingStep{Technique: st.Technique.String(), Say: st.Say(n), Items: st.Items(n), Cells: cand.patternCells(&st)}
		if st.Placed.Value > 0 {
			s.Placed = []int{st.Placed.Cell, st.Placed.Value}
		}
		for _, c := range st.Removed {
			s.Removed = append(s.Removed, []int{c.Cell, c.Value})
		}
		b, err := json.Marshal(&s)
		if err != nil {
			return nil
		}
		if size += int64(len(b)) + 1; size > maxBytes {
			break
		}
		out.Steps = append(out.Steps, s)
		cand.apply(&st)
	}
	// Dead is the techniques' own finding, not the engines' (which may
	// prove there is no solution as well, by search).
	out.Dead = len(out.Steps) == out.Total && cand.dead()
	b, err := json.Marshal(out)
	if err != nil {
		return nil
	}
	out.Bytes = int64(len(b))
	if out.Bytes > maxBytes {
		return nil // cannot be: the steps are counted, and the rest is ratingHeadBytes at most
	}
	return out
}

// ratingHeadBytes bounds the data of a rating but its steps: its names,
// counts and keys.
const ratingHeadBytes = 256

// candidates are the values each empty cell may still take along the
// path, as a person pencils them in: those no given or placed peer holds,
// less those a step ruled out.
type candidates struct {
	n, box int
	has    [][]bool // has[cell][v]: v may go in cell (v from 1); nil once filled
	val    []int    // the value of each filled cell, 0 for an empty one
}

func newCandidates(g *sudoku.Grid) *candidates {
	n := g.Size()
	c := &candidates{n: n, box: g.Box, has: make([][]bool, n*n), val: make([]int, n*n)}
	for x, v := range g.Cells {
		if v == 0 {
			c.has[x] = make([]bool, n+1)
			for w := 1; w <= n; w++ {
				c.has[x][w] = true
			}
		}
	}
	for x, v := range g.Cells {
		if v != 0 {
			c.place(x, int(v))
		}
	}
	return c
}

// unitCells returns the cells of unit u: rows 0…n−1, columns n…2n−1,
// boxes 2n…3n−1, as the Solver's geometry numbers them.
func (c *candidates) unitCells(u int) []int {
	n, box := c.n, c.box
	cells := make([]int, 0, n)
	for k := range n {
		switch {
		case u < n:
			cells = append(cells, u*n+k)
		case u < 2*n:
			cells = append(cells, k*n+u-n)
		default:
			b := u - 2*n
			cells = append(cells, (b/box*box+k/box)*n+b%box*box+k%box)
		}
	}
	return cells
}

// place fills cell x with v and rules v out of its row, column and box.
func (c *candidates) place(x, v int) {
	c.has[x], c.val[x] = nil, v
	r, col := x/c.n, x%c.n
	for _, u := range []int{r, c.n + col, 2*c.n + r/c.box*c.box + col/c.box} {
		for _, y := range c.unitCells(u) {
			if c.has[y] != nil {
				c.has[y][v] = false
			}
		}
	}
}

func (c *candidates) apply(st *sudoku.Step) {
	for _, r := range st.Removed {
		if c.has[r.Cell] != nil {
			c.has[r.Cell][r.Value] = false
		}
	}
	if st.Placed.Value > 0 {
		c.place(st.Placed.Cell, st.Placed.Value)
	}
}

// dead says whether an empty cell has no candidate left, or a unit no
// place left for a value it lacks.
func (c *candidates) dead() bool {
	for u := range 3 * c.n {
		cells := c.unitCells(u)
		for v := 1; v <= c.n; v++ {
			placed, places := false, 0
			for _, x := range cells {
				switch {
				case c.has[x] == nil:
					placed = placed || c.val[x] == v
				case c.has[x][v]:
					places++
				}
			}
			if !placed && places == 0 {
				return true
			}
		}
		for _, x := range cells {
			if c.has[x] != nil && !slices.Contains(c.has[x][1:], true) {
				return true
			}
		}
	}
	return false
}

// patternCells returns the cells of st's pattern, before st: the single's
// cell, the subset's cells, or the places of the value in the base units
// of locked candidates (the box of pointing, the line of claiming) and of
// a fish (its base lines).
func (c *candidates) patternCells(st *sudoku.Step) []int {
	switch {
	case st.Placed.Value > 0:
		return []int{st.Placed.Cell}
	case len(st.Cells) > 0:
		return append([]int(nil), st.Cells...)
	case len(st.Values) == 0 || len(st.Units) == 0:
		return []int{}
	}
	base := st.Units[:1]
	if st.Technique == sudoku.XWing || st.Technique == sudoku.Swordfish {
		base = st.Units[:len(st.Units)/2]
	}
	v, seen := st.Values[0], map[int]bool{}
	cells := []int{}
	for _, u := range base {
		for _, x := range c.unitCells(u) {
			if c.has[x] != nil && c.has[x][v] && !seen[x] {
				seen[x] = true
				cells = append(cells, x)
			}
		}
	}
	return cells
}

// maxGivenTries bounds the search for givens the board leaves undecided:
// deduceGivens decides all but a few, which fit as a handful of
// interchangeable pairs; a grid that needs more tries is not rated.
const maxGivenTries = 10_000

// ratingGrid returns the grid of a Sudoku board to rate: its givens, and
// for those the items leave undecided ("?" on the board) one way to place
// them that the items allow. Any such way makes the same problem (the
// givens are no items), so the same human path. Nil when b is no Sudoku,
// or no way is found within maxGivenTries.
func ratingGrid(b *Board, p *exactcover.Problem) *sudoku.Grid {
	g := b.gridOf()
	if g == nil || !slices.Contains(b.Cells, -1) {
		return g
	}
	n, box := b.Rows, b.Box
	items := map[string]bool{}
	for i := range p.NumItems() {
		items[p.ItemName(i)] = true
	}
	unitsOf := func(x int) [3]int { r, c := x/n, x%n; return [3]int{r, n + c, 2*n + r/box*box + c/box} }
	free := make([][]bool, 3*n) // free[u][v]: v is a given of unit u not yet placed
	for u := range free {
		free[u] = make([]bool, n+1)
		kind, k := "rcb"[u/n:u/n+1], strconv.Itoa(u%n+1)
		for v := 1; v <= n; v++ {
			free[u][v] = !items[kind+k+"#"+strconv.Itoa(v)]
		}
	}
	var open []int
	for x, v := range b.Cells {
		switch {
		case v == -1:
			open = append(open, x)
		case v > 0:
			for _, u := range unitsOf(x) {
				free[u][v] = false
			}
		}
	}
	tries := 0
	var fill func(k int) bool
	fill = func(k int) bool {
		if k == len(open) {
			return true
		}
		x := open[k]
		us := unitsOf(x)
		for v := 1; v <= n; v++ {
			if tries++; tries > maxGivenTries {
				return false
			}
			if free[us[0]][v] && free[us[1]][v] && free[us[2]][v] {
				for _, u := range us {
					free[u][v] = false
				}
				g.Cells[x] = uint8(v)
				if fill(k + 1) {
					return true
				}
				for _, u := range us {
					free[u][v] = true
				}
			}
		}
		return false
	}
	if !fill(0) {
		return nil
	}
	return g
}

// gridOf returns the grid of a Sudoku board, its undecided givens 0, or
// nil.
func (b *Board) gridOf() *sudoku.Grid {
	if b == nil || b.Kind != "sudoku" || b.Box < sudoku.MinBox || b.Box > sudoku.MaxBox || len(b.Cells) != b.Rows*b.Cols || b.Rows != b.Box*b.Box {
		return nil
	}
	g := &sudoku.Grid{Box: b.Box, Cells: make([]uint8, len(b.Cells))}
	for x, v := range b.Cells {
		if v < -1 || v > b.Rows {
			return nil
		}
		g.Cells[x] = uint8(max(v, 0))
	}
	return g
}

// checkRating checks a rating read back against its board: every cell on
// the board, every value one of its values, no more steps than
// MaxRatingSteps.
func checkRating(rt *Rating, b *Board) error {
	if b == nil || b.Kind != "sudoku" {
		return fmt.Errorf("the page's data: a rating with no Sudoku board")
	}
	if len(rt.Steps) > MaxRatingSteps || rt.Total < len(rt.Steps) {
		return fmt.Errorf("the page's data: a rating of %d steps of %d (MaxRatingSteps = %d)", len(rt.Steps), rt.Total, MaxRatingSteps)
	}
	if _, err := sudoku.ParseTechnique(rt.Hardest); err != nil {
		return fmt.Errorf("the page's data: the rating: %v", err)
	}
	n := b.Rows
	cell := func(x int) bool { return x >= 0 && x < n*n }
	pair := func(p []int) bool { return len(p) == 2 && cell(p[0]) && p[1] >= 1 && p[1] <= n }
	for k, s := range rt.Steps {
		ok := s.Placed == nil || pair(s.Placed)
		for _, x := range s.Cells {
			ok = ok && cell(x)
		}
		for _, p := range s.Removed {
			ok = ok && pair(p)
		}
		if _, err := sudoku.ParseTechnique(s.Technique); err != nil || !ok {
			return fmt.Errorf("the page's data: the rating's step %d is not a step of a %d×%d Sudoku", k+1, n, n)
		}
	}
	return nil
}
