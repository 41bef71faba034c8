package sudoku

import (
	"fmt"
	"strconv"
	"strings"
)

// Format is a way of writing Sudoku grids as text.
type Format int

const (
	// Auto detects the format of an input (see [Read]); it is not a format
	// for output.
	Auto Format = iota
	// Line: one puzzle per line, row by row, Size()² characters; an empty
	// cell is '.', '0' or '-'; a line "end" ends the input (POJ 3074).
	Line
	// Block: Size() lines of Size() characters per puzzle, puzzles separated
	// by one blank line (POJ 3076 / LA 2659, letters A–P and '-').
	Block
	// Numeric: a line with the box side n, then n² lines of n² integers
	// separated by spaces, 0 for empty; puzzles follow one another.
	Numeric
	// Pretty: a board with box borders, for people (output only).
	Pretty
)

var formatNames = [...]string{"auto", "line", "block", "numeric", "pretty"}

// String returns the name used by --format, for example "line".
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ParseFormat returns the format named s ("auto", "line", "block",
// "numeric" or "pretty").
func ParseFormat(s string) (Format, error) {
	for f, name := range formatNames {
		if s == name {
			return Format(f), nil
		}
	}
	return Auto, fmt.Errorf("unknown Sudoku format %q (want %s)", s, strings.Join(formatNames[:], ", "))
}

// Symbol sets. A grid of side N uses the first N symbols of one of them for
// the values 1…N, unless an alphabet is given explicitly.
const (
	// StandardSymbols: 1–9, then A–Z, then a–z (the shared puzzle sets'
	// alphabet: 10 is A, 16 is G, 36 is a), then @ # % for 62–64 so that a
	// 64×64 grid can be written in Line form too.
	StandardSymbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#%"
	// LetterSymbols: the judges' letters, A–P for 16×16 and A–Y for 25×25.
	LetterSymbols = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	// EmptySymbols mark an empty cell in Line and Block input; output uses
	// the first, '.' (Block output uses '-', as the judge format does).
	EmptySymbols = ".0-"
)

// Alphabet maps values 1…N to symbols and back.
type Alphabet struct {
	symbols string
	index   [256]uint8 // symbol → value, 0 when not a symbol
}

// NewAlphabet returns the alphabet whose symbols (single bytes, printable
// ASCII, none of them an empty-cell mark or repeated) stand for 1, 2, ….
func NewAlphabet(symbols string) (*Alphabet, error) {
	if len(symbols) < MinBox*MinBox || len(symbols) > MaxSize {
		return nil, fmt.Errorf("alphabet %q: %d symbols, want %d…%d", symbols, len(symbols), MinBox*MinBox, MaxSize)
	}
	a := &Alphabet{symbols: symbols}
	for i := 0; i < len(symbols); i++ {
		ch := symbols[i]
		switch {
		case ch <= ' ' || ch >= 0x7f:
			return nil, fmt.Errorf("alphabet %q: symbol %d is not printable ASCII", symbols, i+1)
		case strings.IndexByte(EmptySymbols, ch) >= 0:
			return nil, fmt.Errorf("alphabet %q: %q marks an empty cell", symbols, ch)
		case a.index[ch] != 0:
			return nil, fmt.Errorf("alphabet %q: %q appears twice", symbols, ch)
		}
		a.index[ch] = uint8(i + 1)
	}
	return a, nil
}

// mustAlphabet is NewAlphabet for the package's own constant symbol sets.
func mustAlphabet(symbols string) *Alphabet {
	a, err := NewAlphabet(symbols)
	if err != nil {
		panic(err)
	}
	return a
}

var (
	standardAlphabet = mustAlphabet(StandardSymbols)
	letterAlphabet   = mustAlphabet(LetterSymbols)
)

// Symbols returns the alphabet's symbols, value 1 first.
func (a *Alphabet) Symbols() string { return a.symbols }

// Value returns the value of symbol ch, 0 if ch is not one of the first n
// symbols.
func (a *Alphabet) Value(ch byte, n int) int {
	v := int(a.index[ch])
	if v > n {
		return 0
	}
	return v
}

// Symbol returns the symbol of value v (1…len(Symbols())).
func (a *Alphabet) Symbol(v int) byte { return a.symbols[v-1] }

// fits reports whether a has at least n symbols.
func (a *Alphabet) fits(n int) bool { return len(a.symbols) >= n }

// builtin reports whether a is one of the package's own alphabets, which
// serve grids of every size with their first N symbols.
func (a *Alphabet) builtin() bool { return a == standardAlphabet || a == letterAlphabet }

// sizeOfSide returns the box side of a grid of side n, 0 if n is not a
// supported side.
func sizeOfSide(n int) int {
	for box := MinBox; box <= MaxBox; box++ {
		if box*box == n {
			return box
		}
	}
	return 0
}

// sizeOfLine returns the box side of a grid of l cells, 0 if none.
func sizeOfLine(l int) int {
	for box := MinBox; box <= MaxBox; box++ {
		if box*box*box*box == l {
			return box
		}
	}
	return 0
}
