package reduce

import "math/bits"

// The tests on bit sets. Option r blocks when, the options using r's
// first item c (uncolored) being hidden, with those clashing with r on its
// other items, some primary item outside r has all its options hidden; c
// is implied by a primary item all of whose options use c. Both are
// questions about sets: is some item's set of options inside the union of
// the hidden ones? With each item's live options kept as a row of bits,
// the union costs a few rows of OR and each item's answer an AND NOT that
// stops at the first word with an option left, where hiding option by
// option (hide, blocks) lowers a count for every item of every hidden
// option. On dense problems, where each item is in hundreds of options of
// a few thousand (pentominoes), the rows do a test in a small fraction of
// the time; on sparse ones (Sudoku: an item in a handful of options),
// looking at every primary item costs more than the few options hidden,
// and the counts stay. chooseRows picks one from the problem's shape.

// optionRows holds, for each item, the set of its live options as a row
// of bits.
type optionRows struct {
	words int      // words in a row: one bit per option
	rows  []uint64 // item i's row is rows[i*words:(i+1)*words]
	base  []uint64 // a step's hidden options: those using its item uncolored
	test  []uint64 // a test's hidden options: base and the clashing ones
	// witness[i] is the word of item i's row where its last test found
	// an option not hidden: tests that follow one another hide much the
	// same options, so that word is read first.
	witness []int32
}

// maxRowBytes bounds the memory of the rows, a bit per item and option,
// which the counts do without: past it (a million options over 512 items,
// say) the counts are used whatever the shape, so that the rows never add
// more than this to what the problem and its index take.
const maxRowBytes = 64 << 20

// rowWordsPerItem is how many words of an item's row the test reads on
// average before finding an option not hidden: counted, 4.3 on pent-6x10,
// 3.2 on pent-3x20, 1.5 on queens-14, 4.4 on a 9×9 Sudoku and 14 on a
// 25×25 one (where the counts are chosen by far).
const rowWordsPerItem = 4

// chooseRows returns the rows of m if the tests on bit sets should do m's
// reduction, else nil. It compares the work of a pass of each, a
// word of a row counting as much as a count lowered (a word is loaded,
// combined and tested where a count is loaded, lowered, stored and
// tested; rows are read in order where counts are hit at random): the
// counts lower, for each option r and each of its items, the items of
// every option using that item; the rows OR one row per item of r and
// read a few words of every primary item's row. On the shared instances
// and the benchmark script's 25×25 Sudoku (BenchmarkBlockTests), the form
// with the smaller estimate is the faster one, by a wide margin but on
// queens, on every instance but the smallest (four options, where both
// take microseconds and making the rows is most of it).
func chooseRows(m *matrix) *optionRows {
	n := len(m.origin)
	words := (n + 63) / 64
	if m.nItems*words*8 > maxRowBytes {
		return nil
	}
	// Hiding the options that use item i lowers size counts; the tests
	// of the options using i hide them all.
	counts := 0.0
	for i := range int32(m.nItems) {
		size := 0
		for _, u := range m.usesOf(i) {
			size += int(m.begin[u.opt+1] - m.begin[u.opt])
		}
		counts += float64(len(m.usesOf(i))) * float64(size)
	}
	rowsCost := float64(len(m.items))*float64(words) + float64(n)*float64(m.nPrimary)*rowWordsPerItem
	if rowsCost >= counts {
		return nil
	}
	return newRows(m)
}

// newRows returns the rows of m's items.
func newRows(m *matrix) *optionRows {
	n := len(m.origin)
	words := (n + 63) / 64
	o := &optionRows{words: words, rows: make([]uint64, m.nItems*words),
		base: make([]uint64, words), test: make([]uint64, words), witness: make([]int32, m.nItems)}
	for k := range int32(n) {
		for j := m.begin[k]; j < m.begin[k+1]; j++ {
			o.rows[int(m.items[j])*words+int(k>>6)] |= 1 << (k & 63)
		}
	}
	return o
}

// row returns item i's row.
func (o *optionRows) row(i int32) []uint64 {
	return o.rows[int(i)*o.words : int(i+1)*o.words]
}

// drop takes option k out of item i's row.
func (o *optionRows) drop(i, k int32) {
	o.rows[int(i)*o.words+int(k>>6)] &^= 1 << (k & 63)
}

// setBase makes the step's hidden options those using c uncolored.
func (o *optionRows) setBase(m *matrix, c int32) {
	clear(o.base)
	for _, u := range m.usesOf(c) {
		if m.optLive[u.opt] && u.color == 0 {
			o.base[u.opt>>6] |= 1 << (u.opt & 63)
		}
	}
}

// impliedRows is matrix.hide on rows: it returns the primary item that hide
// would name as implied by c (all its options in o.base), or noItem. Hide
// names the last item whose count it brings to zero, visiting c's options
// in order and each from the item after c round to the one before; an
// item's count reaches zero at its last option, so the item named is the
// one whose last option comes latest, and of several, the one visited
// last in that option.
func (m *matrix) impliedRows(c int32) int32 {
	o := m.rows
	best, bestOpt, bestRank := int32(noItem), int32(-1), int32(-1)
	for i := range int32(m.nPrimary) {
		if i == c || !m.itemLive[i] || !o.inside(i, o.base) {
			continue
		}
		k := o.last(i)
		if k < 0 || k < bestOpt { // k < 0: no option, which a pass never leaves
			continue
		}
		lo, hi := m.begin[k], m.begin[k+1]
		rank := (m.position(k, i) - m.position(k, c) + (hi - lo)) % (hi - lo)
		if k > bestOpt || rank > bestRank {
			best, bestOpt, bestRank = i, k, rank
		}
	}
	return best
}

// blocks is matrix.blocks on rows: it reports whether option r, whose
// first item is at position jc and whose options are in o.base, leaves
// some primary item outside r with all its options hidden.
func (o *optionRows) blocks(m *matrix, r, jc int32) bool {
	test := o.test
	copy(test, o.base)
	t := m.next()
	lo, hi := m.begin[r], m.begin[r+1]
	for j := lo; j < hi; j++ {
		cc, x := m.items[j], m.colors[j]
		m.stamp[cc] = t
		switch {
		case j == jc || !m.itemLive[cc]:
		case x == 0: // every option using cc clashes with r
			for w, b := range o.row(cc) {
				test[w] |= b
			}
		default: // those giving cc another color or none
			for _, u := range m.usesOf(cc) {
				if m.optLive[u.opt] && u.color != x {
					test[u.opt>>6] |= 1 << (u.opt & 63)
				}
			}
		}
	}
	for i := range int32(m.nPrimary) {
		if m.stamp[i] != t && m.itemLive[i] && o.inside(i, test) {
			return true
		}
	}
	return false
}

// inside reports whether set holds every option in item i's row, reading
// the word of i's witness first.
func (o *optionRows) inside(i int32, set []uint64) bool {
	row, set := o.row(i), set[:o.words]
	if w := o.witness[i]; row[w]&^set[w] != 0 {
		return false
	}
	for w, x := range row {
		if x&^set[w] != 0 {
			o.witness[i] = int32(w)
			return false
		}
	}
	return true
}

// last returns the last option in item i's row, or -1 if it is empty.
func (o *optionRows) last(i int32) int32 {
	row := o.row(i)
	for w := len(row) - 1; w >= 0; w-- {
		if row[w] != 0 {
			return int32(w*64 + 63 - bits.LeadingZeros64(row[w]))
		}
	}
	return -1
}
