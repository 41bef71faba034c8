package bits

import "github.com/xcover/xcover/exactcover/internal/core"

// PreferDensity is the average number of options per primary item (uses
// of primary items by options, over primary items) from which Prefer
// picks this engine. Measured side by side in one process, one thread,
// counting all solutions (search time, median of 5, this engine's over
// the sparse-set engine's): Latin squares of order 5 (5 options per
// item) 1.79; queens-12 and queens-13 (12 and 13) 0.72 and 0.81;
// Langford pairs n=11 (15) 0.74; the Soma cube (97) 0.30; pent-3x20
// (103) 0.63; pent-6x10-sym (169) 0.34. Where items have few options the
// lists are short and most of a node's work is fixed (split, the
// counters' planes), which the sparse sets do not pay; the more options
// an item has, the more a sparse-set update costs against a bit test.
const PreferDensity = 8

// PreferItems is the most items for which Prefer picks this engine: rows
// of at most narrowWords words, the generated filters'. On wider rows the
// engine keeps its lists as sets of options and counts by what a list
// loses, with the sparse-set engine's tree, but takes about three times
// its time on 9×9 Sudokus (sudoku-multi-65k, CPU time of whole runs): a
// node's work is the sets' words, the counters' planes and the options
// lost, where the sparse sets do the last alone.
const PreferItems = narrowWords * 64

// Prefer reports whether this engine is expected to be faster than the
// sparse-set engine on p: it takes p (Supports), p's rows have at most
// PreferItems bits (items, and colors of secondary items), and either p
// has multiplicities and keeps its lists as sets of options (rows of two
// words, at most MaxSetOptions options: see mccsets.go), or p has none
// and its primary items have PreferDensity options each or more on
// average.
//
// With multiplicities the engine's tree is the sparse-set engine's; with
// the lists as sets a node costs what it changes and one minimum over the
// primary items' keys, less than the sparse sets' updates on two queens
// in every row and column and on tetromino packings. Wider rows or more
// options keep the lists filtered by a pass a node, and the sparse sets
// are faster there.
func Prefer(p *core.Problem) bool {
	if Supports(p) != nil || rowBits(p) > PreferItems {
		return false
	}
	if p.Multiplicities() {
		return usesSets(p, rowWords(rowBits(p)))
	}
	primaryUses := 0
	for _, it := range p.Items {
		if int(it) < p.NPrimary {
			primaryUses++
		}
	}
	return primaryUses >= PreferDensity*p.NPrimary
}
