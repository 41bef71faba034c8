package sudoku

import "fmt"

// Check reports whether solution is a solved grid for puzzle: every row,
// column and box holds each value 1…N exactly once, and every given of
// puzzle is kept. It shares no code with the encoder and solver, so tests
// can trust it to judge them; it is written for clarity, not speed.
func Check(puzzle, solution *Grid) error {
	if puzzle.Box != solution.Box || len(puzzle.Cells) != len(solution.Cells) {
		return fmt.Errorf("solution has box side %d and %d cells, puzzle %d and %d",
			solution.Box, len(solution.Cells), puzzle.Box, len(puzzle.Cells))
	}
	box := solution.Box
	n := box * box
	if len(solution.Cells) != n*n {
		return fmt.Errorf("%d cells, want %d", len(solution.Cells), n*n)
	}
	at := func(r, c int) int { return int(solution.Cells[r*n+c]) }
	for i, v := range puzzle.Cells {
		if v != 0 && solution.Cells[i] != v {
			return fmt.Errorf("cell r%dc%d holds %d, but the puzzle gives %d", i/n+1, i%n+1, solution.Cells[i], v)
		}
	}
	// Each unit is listed as n (row, column) pairs and must be a
	// permutation of 1…n.
	type unit struct {
		name  string
		cells func(k int) (int, int)
	}
	for j := 0; j < n; j++ {
		units := []unit{
			{fmt.Sprintf("row %d", j+1), func(k int) (int, int) { return j, k }},
			{fmt.Sprintf("column %d", j+1), func(k int) (int, int) { return k, j }},
			{fmt.Sprintf("box %d", j+1), func(k int) (int, int) { return j/box*box + k/box, j%box*box + k%box }},
		}
		for _, u := range units {
			seen := make([]bool, n+1)
			for k := 0; k < n; k++ {
				r, c := u.cells(k)
				v := at(r, c)
				if v < 1 || v > n {
					return fmt.Errorf("%s: cell r%dc%d holds %d, want 1…%d", u.name, r+1, c+1, v, n)
				}
				if seen[v] {
					return fmt.Errorf("%s holds %d twice", u.name, v)
				}
				seen[v] = true
			}
		}
	}
	return nil
}

// CheckVariant reports whether solution solves puzzle under rules r: every
// row and column holds each value 1…N once, and so does every box (every
// jigsaw region when r has a region map), each main diagonal when
// r.Diagonals is set, and every cage holds different values adding up to
// its sum. Like Check it shares no code with the solver, and reads the
// rules as they are written, not as the solver's units.
func CheckVariant(puzzle, solution *Grid, r *Rules) error {
	if puzzle.Box != solution.Box || len(puzzle.Cells) != len(solution.Cells) {
		return fmt.Errorf("solution has box side %d and %d cells, puzzle %d and %d",
			solution.Box, len(solution.Cells), puzzle.Box, len(puzzle.Cells))
	}
	box := solution.Box
	n := box * box
	if len(solution.Cells) != n*n {
		return fmt.Errorf("%d cells, want %d", len(solution.Cells), n*n)
	}
	for i, v := range solution.Cells {
		if v < 1 || int(v) > n {
			return fmt.Errorf("cell r%dc%d holds %d, want 1…%d", i/n+1, i%n+1, v, n)
		}
		if puzzle.Cells[i] != 0 && puzzle.Cells[i] != v {
			return fmt.Errorf("cell r%dc%d holds %d, but the puzzle gives %d", i/n+1, i%n+1, v, puzzle.Cells[i])
		}
	}
	// Each group of cells that must hold every value once gets a key;
	// seen[key][value] marks a value met in it.
	seen := map[string][]bool{}
	mark := func(key string, v uint8) error {
		if seen[key] == nil {
			seen[key] = make([]bool, n+1)
		}
		if seen[key][v] {
			return fmt.Errorf("%s holds %d twice", key, v)
		}
		seen[key][v] = true
		return nil
	}
	for i, v := range solution.Cells {
		row, col := i/n, i%n
		keys := []string{fmt.Sprintf("row %d", row+1), fmt.Sprintf("column %d", col+1)}
		if r.Regions != nil {
			if len(r.Regions) != n*n {
				return fmt.Errorf("a region map of %d cells for %d", len(r.Regions), n*n)
			}
			keys = append(keys, fmt.Sprintf("region %d", int(r.Regions[i])+1))
		} else {
			keys = append(keys, fmt.Sprintf("box %d", row/box*box+col/box+1))
		}
		if r.Diagonals && row == col {
			keys = append(keys, "the main diagonal")
		}
		if r.Diagonals && row+col == n-1 {
			keys = append(keys, "the anti-diagonal")
		}
		for _, k := range keys {
			if err := mark(k, v); err != nil {
				return err
			}
		}
	}
	for key, vs := range seen { // a region map may have a region of other than N cells
		for v := 1; v <= n; v++ {
			if !vs[v] {
				return fmt.Errorf("%s lacks %d", key, v)
			}
		}
	}
	for _, c := range r.Cages {
		sum := 0
		vals := map[uint8]bool{}
		for _, i := range c.Cells {
			v := solution.Cells[i]
			if vals[v] {
				return fmt.Errorf("cage %s holds %d twice", c.Name, v)
			}
			vals[v] = true
			sum += int(v)
		}
		if sum != c.Sum {
			return fmt.Errorf("cage %s adds up to %d, not %d", c.Name, sum, c.Sum)
		}
	}
	return nil
}
