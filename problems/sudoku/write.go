package sudoku

import (
	"strconv"
	"strings"

	"github.com/xcover/xcover/exactcover"
)

// AppendGrid appends g written in format f to dst, ending with a newline,
// and returns the extended slice. a gives the symbols of Line, Block and
// Pretty output (nil: StandardSymbols); an empty cell is '.' in Line and
// Pretty, '-' in Block and 0 in Numeric. Numeric writes the rows only,
// without the box-side line, as the judge's answers do. Separators between
// grids are the caller's.
func AppendGrid(dst []byte, g *Grid, f Format, a *Alphabet) []byte {
	if a == nil || !a.fits(g.Size()) {
		a = standardAlphabet
	}
	n := g.Size()
	sym := func(v uint8, empty byte) byte {
		if v == 0 {
			return empty
		}
		return a.Symbol(int(v))
	}
	switch f {
	case Block:
		for r := 0; r < n; r++ {
			for _, v := range g.Cells[r*n : r*n+n] {
				dst = append(dst, sym(v, '-'))
			}
			dst = append(dst, '\n')
		}
	case Numeric:
		for r := 0; r < n; r++ {
			for c, v := range g.Cells[r*n : r*n+n] {
				if c > 0 {
					dst = append(dst, ' ')
				}
				dst = strconv.AppendInt(dst, int64(v), 10)
			}
			dst = append(dst, '\n')
		}
	case Pretty:
		dst = appendPretty(dst, g, sym)
	default: // Line
		for _, v := range g.Cells {
			dst = append(dst, sym(v, '.'))
		}
		dst = append(dst, '\n')
	}
	return dst
}

// appendPretty draws g with box borders:
//
//	+-------+-------+-------+
//	| 5 3 . | . 7 . | . . . |
func appendPretty(dst []byte, g *Grid, sym func(uint8, byte) byte) []byte {
	n, box := g.Size(), g.Box
	border := func(dst []byte) []byte {
		for b := 0; b < box; b++ {
			dst = append(dst, '+')
			for k := 0; k < 2*box+1; k++ {
				dst = append(dst, '-')
			}
		}
		return append(dst, '+', '\n')
	}
	for r := 0; r < n; r++ {
		if r%box == 0 {
			dst = border(dst)
		}
		for c := 0; c < n; c++ {
			if c%box == 0 {
				dst = append(dst, '|', ' ')
			}
			dst = append(dst, sym(g.Cells[r*n+c], '.'), ' ')
		}
		dst = append(dst, '|', '\n')
	}
	return border(dst)
}

// Listing a puzzle's solutions, the numeric judge format writes each after
// a line of 2N '=' (AppendSeparator), in grid order (Config.InOrder), and
// ends with a total (AppendTotal).

// AppendSeparator appends the line written before each solution of a
// listing of a grid of side size: 2·size '=' signs.
func AppendSeparator(dst []byte, size int) []byte {
	for range 2 * size {
		dst = append(dst, '=')
	}
	return append(dst, '\n')
}

// AppendTotal appends the line that ends a listing of a puzzle's
// solutions: "TOTAL SOLUTION : k" when the search completed with k ≥ 1,
// "NO SOLUTION" when it completed with none. A search that did not
// complete gives a lower bound, "TOTAL SOLUTION : k+", followed by the
// reason in capitals when it was cut short rather than limited:
// "TOTAL SOLUTION : 91+ (NODE-LIMIT)".
func AppendTotal(dst []byte, r Result) []byte {
	if r.Status == exactcover.Complete && r.Solutions == 0 {
		return append(dst, "NO SOLUTION\n"...)
	}
	dst = append(dst, "TOTAL SOLUTION : "...)
	dst = strconv.AppendInt(dst, r.Solutions, 10)
	switch r.Status {
	case exactcover.Complete:
	case exactcover.SolutionLimit:
		dst = append(dst, '+')
	default:
		dst = append(dst, "+ ("...)
		dst = append(dst, strings.ToUpper(r.Status.String())...)
		dst = append(dst, ')')
	}
	return append(dst, '\n')
}

// Mode is what a batch reports of each puzzle, and how AppendAnswer writes
// it as text.
type Mode int

const (
	// ModeFirst: the first solution found, in the output format, or NO SOLUTION.
	ModeFirst Mode = iota
	// ModeUnique: "unique<TAB>solution" in line form, "multiple" or "none";
	// a search cut short says why ("timeout"), followed by a tab and the
	// solution it found, if it found one.
	ModeUnique
	// ModeCount: the number of solutions, "N+" when the search stopped at a
	// limit and "N+ status" when it was cut short.
	ModeCount
	// ModeList: every solution (up to a limit) in grid order, each after
	// AppendSeparator, then AppendTotal: the numeric judge format.
	ModeList
)

// For returns the mode a batch read in format f is solved in when m is
// asked for: the numeric judge format lists every solution, so ModeFirst
// becomes ModeList there.
func (m Mode) For(f Format) Mode {
	if f == Numeric && m == ModeFirst {
		return ModeList
	}
	return m
}

// Config returns the search configuration of mode m, with the given limits
// (for ModeCount and ModeList; 0: none).
func (m Mode) Config(maxSolutions, maxNodes int64) Config {
	switch m {
	case ModeFirst:
		maxSolutions = 1
	case ModeUnique:
		maxSolutions = 2
	}
	return Config{MaxSolutions: maxSolutions, MaxNodes: maxNodes, InOrder: m == ModeList}
}

// AppendAnswer appends the text that reports a puzzle's answer a in mode m
// (after its solutions, in ModeList) and returns the extended slice: the
// solution is a.First (see BatchOptions.KeepFirst), written in format f
// with the batch's symbols for its size. A puzzle that could not be searched is INVALID (invalid
// in ModeUnique and ModeCount), one cut short is named by its status in
// capitals ("NODE-LIMIT"); the numeric format's solution follows its box
// side, so that the output reads back.
func (b *Batch) AppendAnswer(dst []byte, m Mode, a Answer, f Format) []byte {
	v, word, first := a.Verdict(), a.String(), a.First
	var alpha *Alphabet
	if first != nil {
		alpha = b.Alphabet(first.Box)
	}
	switch {
	case m == ModeList && v != Invalid:
		return AppendTotal(dst, a.Result)
	case m == ModeCount && v != Invalid:
		dst = strconv.AppendInt(dst, a.Result.Solutions, 10)
		if a.Result.Status != exactcover.Complete {
			dst = append(dst, '+')
		}
		if v == Stopped {
			dst = append(append(dst, ' '), word...)
		}
	case m == ModeUnique && v == Unique:
		return AppendGrid(append(dst, "unique\t"...), first, Line, alpha)
	case m == ModeUnique && v == Stopped && first != nil: // what was found is kept
		return AppendGrid(append(append(dst, word...), '\t'), first, Line, alpha)
	case m == ModeUnique || m == ModeCount:
		dst = append(dst, word...)
	case first != nil && f == Numeric:
		return AppendGrid(append(strconv.AppendInt(dst, int64(first.Box), 10), '\n'), first, f, alpha)
	case first != nil:
		return AppendGrid(dst, first, f, alpha)
	case v == NoSolution:
		dst = append(dst, "NO SOLUTION"...)
	default:
		dst = append(dst, strings.ToUpper(word)...)
	}
	return append(dst, '\n')
}

// LineOf writes g in line form, without the newline, in the batch's symbols
// for its size.
func (b *Batch) LineOf(g *Grid) string {
	return strings.TrimSuffix(string(AppendGrid(nil, g, Line, b.Alphabet(g.Box))), "\n")
}

// Record is a puzzle's answer as a record for programs (JSON).
type Record struct {
	Index     int    `json:"index"` // of the puzzle in the batch, from 1
	Line      int    `json:"line"`
	Status    string `json:"status"` // Answer.String
	Solutions int64  `json:"solutions"`
	Nodes     int64  `json:"nodes"`
	Conflicts int64  `json:"conflicts,omitempty"` // of the clause-learning engine, when it settled the puzzle
	Solution  string `json:"solution,omitempty"`  // the first found, in line form
	Error     string `json:"error,omitempty"`
}

// Record returns the record of puzzle i's answer a.
func (b *Batch) Record(i int, a Answer) Record {
	r := Record{Index: i + 1, Line: b.Puzzles[i].Line, Status: a.String(), Solutions: a.Result.Solutions, Nodes: a.Result.Nodes,
		Conflicts: a.Result.Learn.Conflicts}
	if a.First != nil {
		r.Solution = b.LineOf(a.First)
	}
	if a.Err != nil {
		r.Error = a.Err.Error()
	}
	return r
}
