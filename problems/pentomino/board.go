package pentomino

import (
	"fmt"
	"slices"
	"strings"
)

// Board is a set of cells to cover, inside a Height × Width box whose top
// row and left column each hold at least one cell. Cells are numbered row by
// row; that number is the cell's item in the exact-cover problem.
type Board struct {
	Width, Height int
	index         []int32 // Row*Width+Col → cell number, or -1 for no cell
	cells         []Cell  // cell number → Cell
}

// Rectangle returns the full board of the given width and height.
func Rectangle(width, height int) (*Board, error) {
	if width < 1 || height < 1 || width > MaxBoardSide || height > MaxBoardSide || width*height > MaxBoardCells {
		return nil, fmt.Errorf("%w: %dx%d (width and height from 1 to %d, at most %d cells)", ErrBoard, width, height, MaxBoardSide, MaxBoardCells)
	}
	var cells []Cell
	for r := range height {
		for c := range width {
			cells = append(cells, Cell{r, c})
		}
	}
	return newBoard(cells), nil
}

// ParseBoardSize reads a size written WxH (also W×H or W*H), W columns by
// H rows, for example "10x6".
func ParseBoardSize(s string) (*Board, error) {
	t := strings.NewReplacer("×", "x", "X", "x", "*", "x").Replace(strings.TrimSpace(s))
	var w, h int
	var rest string
	if n, _ := fmt.Sscanf(t, "%dx%d%s", &w, &h, &rest); n != 2 {
		return nil, fmt.Errorf("%w: %q: expected WIDTHxHEIGHT, for example 10x6", ErrBoard, s)
	}
	return Rectangle(w, h)
}

// FromCells returns the board made of the given cells (any coordinates;
// duplicates are ignored), translated so that its top row and left column
// are 0.
func FromCells(cells []Cell) (*Board, error) {
	if len(cells) == 0 {
		return nil, fmt.Errorf("%w: no cells", ErrBoard)
	}
	s := normalize(slices.Clone(cells))
	s = slices.Compact(s)
	h, w := s.Size()
	if w > MaxBoardSide || h > MaxBoardSide || len(s) > MaxBoardCells {
		return nil, fmt.Errorf("%w: %dx%d with %d cells (width and height at most %d, at most %d cells)", ErrTooLarge, w, h, len(s), MaxBoardSide, MaxBoardCells)
	}
	return newBoard(s), nil
}

// ParseBoard reads a board drawn as text: '.' is a cell, '#' or space is
// not. Lines may have different lengths; trailing blank lines are ignored.
// Errors are *ParseError values giving file:line:column; file is the name
// used in them.
//
//	..........
//	...##.....
//	..........
func ParseBoard(file string, data []byte) (*Board, error) {
	if len(data) > MaxBoardFile {
		return nil, errorf(file, 0, 0, ErrTooLarge, "larger than MaxBoardFile = %d bytes", MaxBoardFile)
	}
	var cells []Cell
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	for r, line := range lines {
		c := 0
		for _, ch := range line {
			switch ch {
			case '.':
				if len(cells) == MaxBoardCells {
					return nil, errorf(file, r+1, c+1, ErrTooLarge, "more than MaxBoardCells = %d cells", MaxBoardCells)
				}
				if r >= MaxBoardSide || c >= MaxBoardSide {
					return nil, errorf(file, r+1, c+1, ErrTooLarge, "beyond MaxBoardSide = %d", MaxBoardSide)
				}
				cells = append(cells, Cell{r, c})
			case '#', ' ':
			default:
				return nil, errorf(file, r+1, c+1, ErrBoard, "unexpected %q ('.' a cell, '#' or space none)", ch)
			}
			c++
		}
	}
	if len(cells) == 0 {
		return nil, errorf(file, 0, 0, ErrBoard, "no cells (draw cells with '.')")
	}
	b, err := FromCells(cells)
	if err != nil {
		return nil, &ParseError{File: file, Err: err}
	}
	return b, nil
}

// newBoard builds a board from a normalized, duplicate-free cell list.
func newBoard(s Shape) *Board {
	h, w := s.Size()
	b := &Board{Width: w, Height: h, index: make([]int32, w*h), cells: s}
	for i := range b.index {
		b.index[i] = -1
	}
	for i, c := range s {
		b.index[c.Row*w+c.Col] = int32(i)
	}
	return b
}

// NumCells returns the number of cells to cover.
func (b *Board) NumCells() int { return len(b.cells) }

// Cells returns the board's cells in row-by-row order (a fresh slice).
func (b *Board) Cells() []Cell { return slices.Clone(b.cells) }

// Has reports whether c is a cell of the board.
func (b *Board) Has(c Cell) bool { return b.cellIndex(c) >= 0 }

// cellIndex returns the number of cell c, or -1.
func (b *Board) cellIndex(c Cell) int32 {
	if c.Row < 0 || c.Col < 0 || c.Row >= b.Height || c.Col >= b.Width {
		return -1
	}
	return b.index[c.Row*b.Width+c.Col]
}

// IsRectangle reports whether every cell of the bounding box is a cell.
func (b *Board) IsRectangle() bool { return len(b.cells) == b.Width*b.Height }

// String draws the board as ParseBoard reads it, with '#' for holes.
func (b *Board) String() string {
	var sb strings.Builder
	for r := range b.Height {
		if r > 0 {
			sb.WriteByte('\n')
		}
		for c := range b.Width {
			if b.Has(Cell{r, c}) {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('#')
			}
		}
	}
	return sb.String()
}

// Describe names the board briefly: "10x6" for a rectangle, otherwise its
// box and cell count.
func (b *Board) Describe() string {
	if b.IsRectangle() {
		return fmt.Sprintf("%dx%d", b.Width, b.Height)
	}
	return fmt.Sprintf("%dx%d box, %d cells", b.Width, b.Height, len(b.cells))
}

// symmetries returns the transforms that map the board onto itself, as
// permutations of its cell numbers: perm[t][i] is the number of the image
// of cell i. Index 0 is always the identity. A rectangle has 4 (8 when
// square); a drawn board may have any subgroup of the 8.
func (b *Board) symmetries() (ts []transform, perms [][]int32) {
	for t := transform(0); t < numTransforms; t++ {
		img := transformShape(b.cells, t)
		if !slices.Equal(img, b.cells) {
			continue
		}
		// The image of cell c is t(c) translated by the same offset that
		// normalizes the whole board.
		r0, c0 := 0, 0
		first := true
		for _, c := range b.cells {
			d := t.apply(c)
			if first || d.Row < r0 {
				r0 = d.Row
			}
			if first || d.Col < c0 {
				c0 = d.Col
			}
			first = false
		}
		perm := make([]int32, len(b.cells))
		for i, c := range b.cells {
			d := t.apply(c)
			perm[i] = b.cellIndex(Cell{d.Row - r0, d.Col - c0})
		}
		ts = append(ts, t)
		perms = append(perms, perm)
	}
	return ts, perms
}
