package planes

import (
	"errors"
	"fmt"
)

// Limits on the shapes the kernel takes.
const (
	// MaxValues is the most values a shape may have: the values of a cell
	// are the bits of a uint64 where the kernel hands them out, as the
	// sudoku package's candidate masks are (64 for the 64×64 grid).
	MaxValues = 64
	// MaxCells is the most cells: a 64×64 grid's 4,096, the largest grid
	// of the sudoku package. A value's plane then takes 64 words.
	MaxCells = 4096
	// MaxUnitsPerCell is the most units a cell may lie in: a fixed array
	// per cell keeps the kernel's inner loop free of a second lookup.
	// Sudoku's cells lie in 3 (row, column, box), a diagonal Sudoku's
	// centre in 5.
	MaxUnitsPerCell = 8
)

// ErrShape is wrapped by every error NewShape returns.
var ErrShape = errors.New("planes: bad shape")

// Shape is the exact-cover structure of a puzzle: cells 0…Cells-1 that
// each take one of Values values, and units, lists of exactly Values cells
// each of which holds every value once. Its items are the cells and the
// (unit, value) pairs; its options the (cell, value) pairs, each covering
// its cell and (u, value) for every unit u through the cell.
type Shape struct {
	cells, values int
	units         [][]int16
}

// NewShape checks units against cells and values and returns the shape.
// A unit must list Values distinct cells in range; a cell may lie in any
// number of units, none included.
func NewShape(cells, values int, units [][]int16) (*Shape, error) {
	if cells < 1 || cells > MaxCells {
		return nil, fmt.Errorf("%w: %d cells, want 1…%d", ErrShape, cells, MaxCells)
	}
	if values < 1 || values > MaxValues {
		return nil, fmt.Errorf("%w: %d values, want 1…%d", ErrShape, values, MaxValues)
	}
	seen := make([]int, cells)
	through := make([]int, cells)
	for u, unit := range units {
		if len(unit) != values {
			return nil, fmt.Errorf("%w: unit %d has %d cells, want %d (one per value)", ErrShape, u, len(unit), values)
		}
		for _, c := range unit {
			if c < 0 || int(c) >= cells {
				return nil, fmt.Errorf("%w: unit %d names cell %d, want 0…%d", ErrShape, u, c, cells-1)
			}
			if seen[c] == u+1 {
				return nil, fmt.Errorf("%w: unit %d names cell %d twice", ErrShape, u, c)
			}
			seen[c] = u + 1
			if through[c]++; through[c] > MaxUnitsPerCell {
				return nil, fmt.Errorf("%w: cell %d lies in more than %d units", ErrShape, c, MaxUnitsPerCell)
			}
		}
	}
	sh := &Shape{cells: cells, values: values, units: make([][]int16, len(units))}
	for u, unit := range units {
		sh.units[u] = append([]int16(nil), unit...)
	}
	return sh, nil
}

// Cells returns the number of cells.
func (sh *Shape) Cells() int { return sh.cells }

// Values returns the number of values.
func (sh *Shape) Values() int { return sh.values }
