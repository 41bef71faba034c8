package pentomino

import (
	"fmt"
	"slices"
	"strings"
)

// Cell is a square of the plane, addressed by row (growing downwards) and
// column (growing to the right), as in a picture.
type Cell struct{ Row, Col int }

// MarshalJSON writes c as [row, column], 0-based.
func (c Cell) MarshalJSON() ([]byte, error) { return fmt.Appendf(nil, "[%d,%d]", c.Row, c.Col), nil }

func (a Cell) less(b Cell) bool { return a.Row < b.Row || a.Row == b.Row && a.Col < b.Col }

// compareCells orders cells row by row, the reading order of a picture.
func compareCells(a, b Cell) int {
	switch {
	case a.less(b):
		return -1
	case b.less(a):
		return 1
	}
	return 0
}

// Shape is a set of cells in normal form: translated so that its smallest
// row and smallest column are 0, and sorted row by row. Two shapes are equal
// as sets exactly when they are equal as slices.
type Shape []Cell

// normalize returns cells translated to the origin and sorted, as a Shape.
// It sorts cells in place.
func normalize(cells []Cell) Shape {
	if len(cells) == 0 {
		return Shape{}
	}
	r0, c0 := cells[0].Row, cells[0].Col
	for _, c := range cells {
		r0, c0 = min(r0, c.Row), min(c0, c.Col)
	}
	for i := range cells {
		cells[i].Row -= r0
		cells[i].Col -= c0
	}
	slices.SortFunc(cells, compareCells)
	return Shape(cells)
}

// Size returns the height and width of the shape's bounding box.
func (s Shape) Size() (height, width int) {
	for _, c := range s {
		height, width = max(height, c.Row+1), max(width, c.Col+1)
	}
	return height, width
}

// String draws the shape as rows of '#' and '.', separated by newlines.
func (s Shape) String() string {
	h, w := s.Size()
	grid := make([][]byte, h)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", w))
	}
	for _, c := range s {
		grid[c.Row][c.Col] = '#'
	}
	var b strings.Builder
	for r, row := range grid {
		if r > 0 {
			b.WriteByte('\n')
		}
		b.Write(row)
	}
	return b.String()
}

// A transform is one of the eight symmetries of the square (the dihedral
// group D4): t&4 says "mirror left to right first", t&3 is the number of
// quarter turns clockwise after that. Transforms 0…3 are the rotations.
type transform uint8

const numTransforms = 8

// isRotation reports whether t keeps orientation (no mirror).
func (t transform) isRotation() bool { return t&4 == 0 }

// apply maps a cell; the result is normalized by the caller.
func (t transform) apply(c Cell) Cell {
	if t&4 != 0 {
		c.Col = -c.Col
	}
	for range t & 3 {
		c = Cell{c.Col, -c.Row} // a quarter turn clockwise
	}
	return c
}

// transformShape returns the image of s under t, normalized.
func transformShape(s Shape, t transform) Shape {
	out := make([]Cell, len(s))
	for i, c := range s {
		out[i] = t.apply(c)
	}
	return normalize(out)
}

// orientations returns the distinct images of s under the rotations, and
// also under the reflections unless oneSided, in the order: s itself, its
// quarter turns clockwise, then its mirror image and the mirror's quarter
// turns, each kept at its first appearance. This is the order of Knuth's
// pentomino data (and of the shared pent-*.dlx files).
func orientations(s Shape, oneSided bool) []Shape {
	n := transform(numTransforms)
	if oneSided {
		n = 4
	}
	var out []Shape
	for t := transform(0); t < n; t++ {
		img := transformShape(s, t)
		if !slices.ContainsFunc(out, func(o Shape) bool { return slices.Equal(o, img) }) {
			out = append(out, img)
		}
	}
	return out
}

// congruent reports whether b is an image of a under a rotation, or under a
// rotation or reflection unless oneSided.
func congruent(a, b Shape, oneSided bool) bool {
	for _, o := range orientations(a, oneSided) {
		if slices.Equal(o, b) {
			return true
		}
	}
	return false
}

// connected reports whether the cells of s form one piece, joined edge to
// edge.
func connected(s Shape) bool {
	if len(s) == 0 {
		return false
	}
	in := make(map[Cell]bool, len(s))
	for _, c := range s {
		in[c] = true
	}
	seen := map[Cell]bool{s[0]: true}
	stack := []Cell{s[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [4]Cell{{c.Row - 1, c.Col}, {c.Row + 1, c.Col}, {c.Row, c.Col - 1}, {c.Row, c.Col + 1}} {
			if in[d] && !seen[d] {
				seen[d] = true
				stack = append(stack, d)
			}
		}
	}
	return len(seen) == len(s)
}
