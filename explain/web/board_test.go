package web_test

import (
	"testing"

	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/problems/sudoku"
)

// DetectBoard recognizes a Sudoku encoded without its givens and finds
// them again from the items left, as the grid has them.
func TestDetectSudokuGivens(t *testing.T) {
	for _, line := range []string{
		".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
		"......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
		"1...............", // 4×4
	} {
		b, err := sudoku.Read("in", []byte(line+"\n"), sudoku.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g := b.Puzzles[0].Grid
		p, err := sudoku.Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		board := web.DetectBoard(p)
		if board == nil || board.Kind != "sudoku" || board.Rows != g.Size() {
			t.Fatalf("%s: board %+v", line, board)
		}
		for x, v := range g.Cells {
			if board.Cells[x] != int(v) {
				t.Errorf("%s: cell %d is %d on the board, %d in the grid", line, x, board.Cells[x], v)
			}
		}
		for k, o := range p.Options {
			if cells := board.Options[k]; len(cells) != 1 || board.Values[k] != o.Label[len(o.Label)-1:] {
				t.Errorf("option %s: cells %v, value %s", o.Label, cells, board.Values[k])
			}
		}
	}
}

// Queens and pentominoes are recognized by their names; a problem of
// other names has no board.
func TestDetectBoardKinds(t *testing.T) {
	for _, tt := range []struct{ file, kind string }{
		{"queens-8.yaml", "queens"}, {"pentomino-3x20.yaml", "pieces"}, {"knuth.yaml", ""}, {"colors.yaml", ""}, {"langford-7.yaml", ""},
	} {
		p := loadExample(t, "../../specs/examples/"+tt.file)
		b := web.DetectBoard(p)
		switch {
		case tt.kind == "" && b != nil:
			t.Errorf("%s: a board of kind %s", tt.file, b.Kind)
		case tt.kind != "" && (b == nil || b.Kind != tt.kind):
			t.Errorf("%s: board %+v, want kind %s", tt.file, b, tt.kind)
		}
	}
}
