package sudoku

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// ErrFull: a grid with no empty cell has nothing to encode.
var ErrFull = errors.New("the grid has no empty cell")

// Encode writes the open part of g as a named exact-cover problem, the form
// "xcover sudoku --emit-spec" prints. The primary items are
//
//	r3c7  cell (3,7), still empty, gets a value
//	r3#5  row 3 gets a 5     (only when no given in row 3 is 5)
//	c7#5  column 7 gets a 5  (likewise)
//	b6#5  box 6 gets a 5     (boxes numbered row by row from 1)
//
// and each value v not excluded by a given in cell (r,c)'s row, column or
// box is the option "r<r>c<c>=<v>" covering r<r>c<c>, r<r>#v, c<c>#v and
// b<b>#v. Rows, columns, boxes and values count from 1. Unlike [Solver],
// Encode places no singles: the problem is the puzzle, pruned only by the
// givens. Conflicting givens give a *ConflictError.
func Encode(g *Grid) (*exactcover.Problem, error) {
	if err := g.validShape(); err != nil {
		return nil, err
	}
	s := NewSolver()
	s.setup(g)
	if err := s.placeGivens(g); err != nil {
		return nil, err
	}
	if len(s.open) == 0 {
		return nil, ErrFull
	}
	geo := s.geom
	n := geo.n
	p := &exactcover.Problem{}
	for _, i := range s.open {
		p.Primary = append(p.Primary, cellName(int(i), n))
	}
	for kind, used := range [3][]uint64{s.rowU, s.colU, s.boxU} {
		for u, m := range used {
			for d := 0; d < n; d++ {
				if m&(1<<d) == 0 {
					p.Primary = append(p.Primary, unitItemName(kind, u, d+1))
				}
			}
		}
	}
	for _, i := range s.open {
		r, c, b := int(geo.row[i]), int(geo.col[i]), int(geo.boxOf[i])
		for m := s.cand[i]; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m) + 1
			p.Options = append(p.Options, exactcover.Option{
				Label: cellName(int(i), n) + "=" + strconv.Itoa(v),
				Items: []exactcover.ItemRef{
					{Name: cellName(int(i), n)},
					{Name: unitItemName(0, r, v)},
					{Name: unitItemName(1, c, v)},
					{Name: unitItemName(2, b, v)},
				},
			})
		}
	}
	return p, nil
}

// Spec returns Encode of the batch's one puzzle as a spec, with a name and
// a description that says how the puzzle is encoded and where it comes
// from; "xcover sudoku --emit-spec" writes it. Errors name the input.
func (b *Batch) Spec() (*specs.Spec, error) {
	if len(b.Puzzles) != 1 {
		return nil, &SyntaxError{File: b.name, Line: 1, Err: fmt.Errorf("%w: a spec takes one puzzle, the input has %d", ErrSyntax, len(b.Puzzles))}
	}
	g, line := b.Puzzles[0].Grid, b.Puzzles[0].Line
	p, err := Encode(g)
	if err != nil {
		return nil, &SyntaxError{File: b.name, Line: line, Err: err}
	}
	n, source := g.Size(), fmt.Sprintf("line %d of %s", line, b.name)
	desc := fmt.Sprintf("The %d×%d Sudoku on %s as exact cover: items r<row>c<col> (an empty cell),\n"+
		"r<row>#<v>, c<col>#<v>, b<box>#<v> (a unit still missing value v); option r<row>c<col>=<v> puts v in the cell.\n"+
		"Only values no given excludes are options.", n, n, source)
	return &specs.Spec{Name: fmt.Sprintf("sudoku-%dx%d", n, n), Description: desc, Problem: *p}, nil
}

// unitItemName names the item "unit u (0-based) of kind (0 row, 1 column,
// 2 box) gets value v".
func unitItemName(kind, u, v int) string {
	return string("rcb"[kind]) + strconv.Itoa(u+1) + "#" + strconv.Itoa(v)
}

// Apply fills a copy of g with the options of a solution of Encode(g),
// given by their labels ("r3c7=5"), and returns it.
func Apply(g *Grid, labels []string) (*Grid, error) {
	out := g.Clone()
	n := g.Size()
	for _, l := range labels {
		var r, c, v int
		if k, err := fmt.Sscanf(l, "r%dc%d=%d", &r, &c, &v); err != nil || k != 3 ||
			r < 1 || r > n || c < 1 || c > n || v < 1 || v > n || cellName((r-1)*n+c-1, n)+"="+strconv.Itoa(v) != l {
			return nil, fmt.Errorf("option %q is not r<row>c<column>=<value> of a %d×%d grid", l, n, n)
		}
		out.Set(r-1, c-1, v)
	}
	return out, nil
}
