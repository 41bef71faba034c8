package pentomino

import (
	"errors"
	"fmt"

	"github.com/xcover/xcover/internal/located"
)

// Sentinel errors, wrapped by the errors this package returns; test for them
// with errors.Is.
var (
	// ErrBoard: a board that is empty, too large, or written with characters
	// other than '.', '#' and space.
	ErrBoard = errors.New("bad board")
	// ErrPiece: a piece that is empty, disconnected, too large, badly named
	// or named twice.
	ErrPiece = errors.New("bad piece")
	// ErrLetters: a piece list with a letter that is not one of the twelve
	// pentominoes F I L N P T U V W X Y Z.
	ErrLetters = errors.New("unknown pentomino letter")
	// ErrNoPieces: a piece list with no letter at all.
	ErrNoPieces = errors.New("no pieces")
	// ErrSyntax: a piece file that is not the YAML this package reads.
	ErrSyntax = errors.New("syntax error")
	// ErrTooLarge: a board or piece set beyond this package's limits.
	ErrTooLarge = errors.New("too large")
)

// ParseError locates a problem in a board picture, a piece file or a piece
// list: File:Line:Column, 1-based (Column 0 when the whole line is meant,
// Line 0 when the whole input is). Err wraps one of the sentinels, and its
// text is the message: "file:line:col: bad piece: …".
type ParseError = located.Error

// errorf builds a *ParseError wrapping sentinel with a formatted detail.
func errorf(file string, line, col int, sentinel error, format string, args ...any) error {
	return &ParseError{File: file, Line: line, Column: col, Err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
}
