package sudoku

import (
	"strconv"
	"strings"

	"xcover/exactcover"
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
