package searchcmd

import (
	"fmt"

	"github.com/xcover/xcover/problems/pentomino"
	"github.com/xcover/xcover/problems/sudoku"
)

// otherInput says what data is and which command reads it when it is not a
// problem but the input of a front end: a Sudoku puzzle (or a batch of
// them) or a board to pack. A newcomer's first try is often "xcover solve
// puzzle.txt"; as DLX text a puzzle line is one item and no option, which
// solve would answer with "no solution". arg is the input as the command
// line gave it ("-" for stdin). It returns "", "" when data reads as
// neither.
func otherInput(name, arg string, data []byte) (what, command string) {
	if b, err := sudoku.Read(name, data, sudoku.ReadOptions{}); err == nil && len(b.Puzzles) > 0 && len(b.Errors()) == 0 {
		what = "a Sudoku puzzle"
		if len(b.Puzzles) > 1 {
			what = fmt.Sprintf("%d Sudoku puzzles", len(b.Puzzles))
		}
		return what, fmt.Sprintf("xcover sudoku %s solves it", arg)
	}
	if _, err := pentomino.ParseBoard(name, data); err == nil {
		return "a board", fmt.Sprintf("xcover pentomino --board-file %s packs the pentominoes into it", arg)
	}
	return "", ""
}
