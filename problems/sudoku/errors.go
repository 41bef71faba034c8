package sudoku

import (
	"errors"
	"fmt"

	"github.com/xcover/xcover/internal/located"
)

// Sentinel errors, wrapped by the errors this package returns; test for them
// with errors.Is.
var (
	// ErrSize: a grid or line whose size is not that of a supported grid.
	ErrSize = errors.New("bad grid size")
	// ErrValue: a character or number that is not a value of the grid.
	ErrValue = errors.New("bad value")
	// ErrConflict: two givens with the same value in one row, column or box.
	ErrConflict = errors.New("conflicting givens")
	// ErrSyntax: input that is in none of the formats, or not in the one
	// asked for.
	ErrSyntax = errors.New("syntax error")
	// ErrTooLarge: an input that would take more memory to hold than
	// MaxReadMemory allows.
	ErrTooLarge = errors.New("input too large")
)

// SyntaxError locates a problem in the input: File:Line:Column (1-based;
// Column 0 when the whole line is meant). Err wraps one of the sentinels,
// and its text is the message: "file:line:col: bad value: …".
type SyntaxError = located.Error

// ConflictError names two givens that share a value and a unit. Cells are
// 0-based indices, row by row; the message names them r<row>c<col>, 1-based.
type ConflictError struct {
	Size         int    // side of the grid
	Cell1, Cell2 int    // Cell1 < Cell2
	Value        int    // 1…Size
	Unit         string // "row", "column" or "box"
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%v: %s and %s both hold %d in the same %s",
		ErrConflict, cellName(e.Cell1, e.Size), cellName(e.Cell2, e.Size), e.Value, e.Unit)
}

func (e *ConflictError) Unwrap() error { return ErrConflict }
