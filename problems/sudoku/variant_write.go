package sudoku

import (
	"strconv"
	"strings"
)

// nameSymbols name regions and cages in the maps a variant puzzle is
// written with, one character each while they last.
const nameSymbols = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// sumsPerLine is how many NAME=SUM words a line of killer sums holds.
const sumsPerLine = 12

// AppendVariant appends g with rules r in the form [ReadVariant] reads
// for r.Variant: classic and X-Sudoku puzzles as one line of N² symbols;
// jigsaw and killer puzzles one row per line, the row's givens then its
// map, and killer sums after the grid. Regions are named A, B, …; cages
// keep their names. Every puzzle ends with a newline; puzzles with a map
// are separated by a blank line, which the caller writes.
func AppendVariant(dst []byte, g *Grid, r *Rules) []byte {
	if r.Variant != Jigsaw && r.Variant != Killer {
		return AppendGrid(dst, g, Line, standardAlphabet)
	}
	n := g.Size()
	names := make([]string, n*n)
	switch r.Variant {
	case Jigsaw:
		for i := range names {
			k := r.regionOf(i, g.Box)
			if n <= len(nameSymbols) {
				names[i] = nameSymbols[k : k+1]
			} else {
				names[i] = "R" + strconv.Itoa(k+1)
			}
		}
	case Killer:
		for i := range names {
			names[i] = "."
		}
		for _, c := range r.Cages {
			for _, i := range c.Cells {
				names[i] = c.Name
			}
		}
	}
	width := 0
	for _, s := range names {
		width = max(width, len(s))
	}
	for row := range n {
		for c := range n {
			v := g.Cells[row*n+c]
			if v == 0 {
				dst = append(dst, '.')
			} else {
				dst = append(dst, standardAlphabet.Symbol(int(v)))
			}
		}
		dst = append(dst, ' ')
		for c := range n {
			s := names[row*n+c]
			if width > 1 && c > 0 {
				dst = append(dst, ' ')
			}
			dst = append(dst, s...)
			if width > 1 && c < n-1 {
				dst = append(dst, strings.Repeat(" ", width-len(s))...)
			}
		}
		dst = append(dst, '\n')
	}
	for k, c := range r.Cages {
		if k > 0 {
			if k%sumsPerLine == 0 {
				dst = append(dst, '\n')
			} else {
				dst = append(dst, ' ')
			}
		}
		dst = append(dst, c.Name...)
		dst = append(dst, '=')
		dst = strconv.AppendInt(dst, int64(c.Sum), 10)
	}
	if len(r.Cages) > 0 {
		dst = append(dst, '\n')
	}
	return dst
}

// cageName names cage k of count cages: a letter while nameSymbols last,
// else k1, k2, ….
func cageName(k, count int) string {
	if count <= len(nameSymbols) {
		return nameSymbols[k : k+1]
	}
	return "k" + strconv.Itoa(k+1)
}
