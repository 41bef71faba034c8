package sudoku

import (
	"fmt"
	"sync"
)

// Limits on the grids this package handles.
const (
	// MinBox is the smallest box side: 2 gives the 4×4 grid; a box of side 1
	// would be a single cell.
	MinBox = 2
	// MaxBox is the largest box side: 8 gives the 64×64 grid, whose 64
	// values are the most a uint64 candidate mask can hold. (Its 4096 cells
	// and 4·4096 items are far inside exactcover.MaxItems.)
	MaxBox = 8
	// MaxSize is the side of the largest grid, MaxBox².
	MaxSize = MaxBox * MaxBox
)

// Grid is a Sudoku grid with boxes of side Box: Size() = Box² rows, columns,
// boxes and values. Cells holds the cells row by row, 0 for an empty cell and
// 1…Size() for a value.
type Grid struct {
	Box   int
	Cells []uint8
}

// NewGrid returns an empty grid with boxes of side box (MinBox…MaxBox).
func NewGrid(box int) (*Grid, error) {
	if box < MinBox || box > MaxBox {
		return nil, fmt.Errorf("%w: box side %d, want %d…%d", ErrSize, box, MinBox, MaxBox)
	}
	n := box * box
	return &Grid{Box: box, Cells: make([]uint8, n*n)}, nil
}

// Size returns the side of the grid, Box².
func (g *Grid) Size() int { return g.Box * g.Box }

// At returns the value in row r, column c (0-based), 0 if empty.
func (g *Grid) At(r, c int) int { return int(g.Cells[r*g.Size()+c]) }

// Set puts value v (0 clears) in row r, column c (0-based).
func (g *Grid) Set(r, c, v int) { g.Cells[r*g.Size()+c] = uint8(v) }

// Clone returns a copy of g.
func (g *Grid) Clone() *Grid {
	return &Grid{Box: g.Box, Cells: append([]uint8(nil), g.Cells...)}
}

// validShape reports whether g has a supported box side and the matching
// number of cells with values in range.
func (g *Grid) validShape() error {
	if g == nil || g.Box < MinBox || g.Box > MaxBox {
		box := 0
		if g != nil {
			box = g.Box
		}
		return fmt.Errorf("%w: box side %d, want %d…%d", ErrSize, box, MinBox, MaxBox)
	}
	n := g.Size()
	if len(g.Cells) != n*n {
		return fmt.Errorf("%w: %d cells for a %d×%d grid", ErrSize, len(g.Cells), n, n)
	}
	for i, v := range g.Cells {
		if int(v) > n {
			return fmt.Errorf("%w: value %d in cell %s of a %d×%d grid", ErrValue, v, cellName(i, n), n, n)
		}
	}
	return nil
}

// cellName names cell i of a grid of side n as r<row>c<column>, 1-based.
func cellName(i, n int) string { return fmt.Sprintf("r%dc%d", i/n+1, i%n+1) }

// geometry lists, for one box side, the units (rows, columns, boxes) as cell
// indices and each cell's row, column and box.
type geometry struct {
	box, n   int
	all      uint64    // the mask of every value, bits 0…n-1
	row, col []uint8   // of each cell
	boxOf    []uint8   // of each cell
	units    [][]int16 // rows 0…n-1, columns n…2n-1, boxes 2n…3n-1
	peers    []int16   // the cells sharing a unit with cell i: peers[i*np:(i+1)*np]
	np       int       // peers per cell: 2(n-1) + (box-1)²
}

// peersOf returns the cells other than i in i's row, column and box.
func (g *geometry) peersOf(i int) []int16 { return g.peers[i*g.np : (i+1)*g.np] }

var (
	geomOnce [MaxBox + 1]sync.Once
	geoms    [MaxBox + 1]*geometry
)

// geometryOf returns the shared, read-only geometry of box side box.
func geometryOf(box int) *geometry {
	geomOnce[box].Do(func() {
		n := box * box
		g := &geometry{box: box, n: n, row: make([]uint8, n*n), col: make([]uint8, n*n), boxOf: make([]uint8, n*n)}
		if n == 64 {
			g.all = ^uint64(0)
		} else {
			g.all = 1<<uint(n) - 1
		}
		g.units = make([][]int16, 3*n)
		for i := 0; i < n*n; i++ {
			r, c := i/n, i%n
			b := r/box*box + c/box
			g.row[i], g.col[i], g.boxOf[i] = uint8(r), uint8(c), uint8(b)
			g.units[r] = append(g.units[r], int16(i))
			g.units[n+c] = append(g.units[n+c], int16(i))
			g.units[2*n+b] = append(g.units[2*n+b], int16(i))
		}
		g.np = 2*(n-1) + (box-1)*(box-1)
		g.peers = make([]int16, 0, n*n*g.np)
		for i := 0; i < n*n; i++ {
			for j := 0; j < n*n; j++ {
				if j != i && (g.row[j] == g.row[i] || g.col[j] == g.col[i] || g.boxOf[j] == g.boxOf[i]) {
					g.peers = append(g.peers, int16(j))
				}
			}
		}
		geoms[box] = g
	})
	return geoms[box]
}
