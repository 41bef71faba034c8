package bands

import (
	"strings"
	"testing"
)

// TestPairsAfterPropagation holds the cells with two values that
// propagation leaves for choose (s.pairs) to the level's words, counted
// cell by cell, at each level of a descent that places the first value of
// the first such cell until the grid is full or a branch fails.
func TestPairsAfterPropagation(t *testing.T) {
	for _, puzzle := range []string{
		// The first two puzzles of the shared set of the forum's hardest.
		"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
		"98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
		strings.Repeat(".", Cells),
	} {
		givens := make([]uint8, Cells)
		for c, r := range puzzle {
			if r != '.' {
				givens[c] = uint8(r - '0')
			}
		}
		s := NewSolver()
		st := &s.stack[0]
		if !start(st, givens) {
			t.Fatalf("%s: givens clash", puzzle)
		}
		s.dirtyBands, s.dirtyValues, s.dirtyCells = 1<<27-1, 1<<9-1, true
		for depth := 0; s.propagate(&s.stack[depth]); depth++ {
			st := &s.stack[depth]
			var want [3]uint32
			for b := range 3 {
				for i := range 27 {
					n := 0
					for v := range 9 {
						n += int(st.cand[b][v] >> i & 1)
					}
					if n == 2 && st.placed[b]>>i&1 == 0 {
						want[b] |= 1 << i
					}
				}
			}
			if s.pairs != want {
				t.Fatalf("%s, depth %d: pairs %027b, want %027b", puzzle, depth, s.pairs, want)
			}
			if st.placed == [3]uint32{allCells, allCells, allCells} {
				break
			}
			c, vals := s.choose(st)
			next := &s.stack[depth+1]
			*next = *st
			if !s.place(next, uint(c)/27, uint(c)%27, lowest(vals)) {
				t.Fatalf("%s, depth %d: cell %d's value %b not placed", puzzle, depth, c, vals)
			}
		}
	}
}

// lowest returns the smallest value (0-based) of a mask.
func lowest(vals uint16) int {
	v := 0
	for vals>>v&1 == 0 {
		v++
	}
	return v
}
