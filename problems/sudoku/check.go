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
