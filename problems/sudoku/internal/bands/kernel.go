package bands

import (
	"context"
	"errors"
	"math/bits"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/problems/sudoku/internal/planes"
)

// Cells is the number of cells of the grid the kernel solves.
const Cells = 81

// Limits bound one search, as they bound the planes kernel's.
type Limits = planes.Limits

// Result says how one search ended, as the planes kernel's does.
type Result = planes.Result

// level is the state of the search at one depth: for each band and value
// the band's cells where the value is still possible (placed cells keep
// their own value only), the placed cells of each band, and for each value
// the columns where it is placed.
type level struct {
	cand   [3][9]uint32
	placed [3]uint32
	cols   [9]uint16
}

// maxDepth bounds the search's depth: each level places at least the cell
// it branches on, so 81 levels below the first fill the grid.
const maxDepth = Cells + 1

// Solver searches 9×9 puzzles, reusing its memory: it allocates nothing
// per puzzle. It is not safe for concurrent use.
type Solver struct {
	stack [maxDepth]level
	out   [Cells]uint8

	// What the placements since the last look changed: bit 3v+b of
	// dirtyBands for value v's word of band b, bit v of dirtyValues for
	// value v's columns, dirtyCells for the cells' counts of values.
	dirtyBands  uint32
	dirtyValues uint16
	dirtyCells  bool

	// The open cells with two values, band by band, as the last look at
	// the cells' counts found them: propagation ends with that look, so
	// they are those of the level it leaves, which choose reads.
	pairs [3]uint32

	ctx   context.Context
	lim   Limits
	visit func([]uint8) bool
	res   Result
	err   error
}

// ErrClash is returned by Solve for givens that clash: two equal values in
// a row, column or box. No search is made.
var ErrClash = errors.New("bands: givens clash")

// NewSolver returns a Solver.
func NewSolver() *Solver { return new(Solver) }

// pollEvery is how many nodes pass between two looks at the context: a
// node copies a level and propagates, so a thousand take well under a
// millisecond.
const pollEvery = 1024

// Solve places the givens (81 cells in rows, 0 for an open cell and 1…9
// for a value) and searches for the ways to fill the open cells, calling
// visit (if not nil) with each solution, one value per cell; the slice is
// reused and valid only until visit returns, and returning false stops the
// search (Status Stopped). Givens that clash give ErrClash and no
// solution. When ctx stops the search, Solve returns ctx.Err() with the
// result so far.
func (s *Solver) Solve(ctx context.Context, givens []uint8, lim Limits, visit func([]uint8) bool) (Result, error) {
	if len(givens) != Cells {
		panic("bands: givens are not 81 cells") // the caller's bug
	}
	s.ctx, s.lim, s.visit = ctx, lim, visit
	s.res, s.err = Result{Status: exactcover.Complete}, nil
	defer func() { s.ctx, s.visit = nil, nil }()
	st := &s.stack[0]
	if !start(st, givens) {
		return s.res, ErrClash
	}
	s.dirtyBands, s.dirtyValues, s.dirtyCells = 1<<27-1, 1<<9-1, true
	if s.propagate(st) {
		s.search(0)
	}
	return s.res, s.err
}

// start fills the first level with the givens at once: each value's
// words lose the cells its givens see and the cells of the other values'
// givens. It returns false when two equal givens see each other.
func start(st *level, givens []uint8) bool {
	*st = level{}
	var seen, given [9][3]uint32 // per value and band, the cells its givens see, and its givens
	for c, v := range givens {
		if v == 0 {
			continue
		}
		if v > 9 {
			panic("bands: a given is not 0…9") // the caller's bug
		}
		m := &peerCells[c]
		w := &seen[v-1]
		w[0] |= m[0]
		w[1] |= m[1]
		w[2] |= m[2]
		given[v-1][c/27] |= 1 << (c % 27)
		st.cols[v-1] |= 1 << (c % 9)
	}
	for b := range 3 {
		for v := range 9 {
			st.placed[b] |= given[v][b]
		}
	}
	for v := range 9 {
		for b := range 3 {
			if given[v][b]&seen[v][b] != 0 {
				return false
			}
			st.cand[b][v] = allCells &^ seen[v][b] &^ (st.placed[b] &^ given[v][b])
		}
	}
	return true
}

// place puts value v (0-based) in cell i of band b: the cell leaves the
// other values' words, and its row, column and box leave v's. It returns
// false when v was no longer possible there, or when the cell was another
// value's last in its row or box: the branch is then dead, and finding it
// here spares the placements a later look would make before it saw. What
// it changed is marked dirty.
func (s *Solver) place(st *level, b, i uint, v int) bool {
	bit := uint32(1) << i
	words := &st.cand[b]
	if words[v]&bit == 0 {
		return false
	}
	if st.placed[b]&bit != 0 {
		return true // placed already, with v: the only value its cell keeps
	}
	st.placed[b] |= bit
	// The values the cell had (as valuesOf finds them, written out here
	// as the compiler does not inline it), and the cell out of their
	// words.
	had := uint32((uint64(words[0]&bit) | uint64(words[1]&bit)<<1 | uint64(words[2]&bit)<<2 |
		uint64(words[3]&bit)<<3 | uint64(words[4]&bit)<<4 | uint64(words[5]&bit)<<5 |
		uint64(words[6]&bit)<<6 | uint64(words[7]&bit)<<7 | uint64(words[8]&bit)<<8) >> (i & 63))
	words[0] &^= bit
	words[1] &^= bit
	words[2] &^= bit
	words[3] &^= bit
	words[4] &^= bit
	words[5] &^= bit
	words[6] &^= bit
	words[7] &^= bit
	words[8] &^= bit
	s.dirtyValues |= uint16(had)
	// Another value's word lost cell i only: the box–line rule can change
	// it only if i's triad emptied, and a single appear only in i's row or
	// box. Any other word band would look at in vain.
	u := &unitsOf[i]
	for h := had &^ (1 << v); h != 0; h &= h - 1 {
		w := bits.TrailingZeros32(h)
		y := words[w]
		row, box := y&u.row, y&u.box
		if row == 0 || box == 0 {
			return false // the cell was w's last in its row or box
		}
		// Without a branch, which a predictor misses often here: bit 31
		// of -x is set when x (below 1<<27) is not zero.
		quiet := -(y & u.triad) & -(row & (row - 1)) & -(box & (box - 1)) >> 31
		s.dirtyBands |= (quiet ^ 1) << (3*uint(w) + b)
	}
	// v's words, each marked only if it lost a cell: its own band's when
	// i's row or box held v elsewhere, the others' when i's column did. A
	// look at a word that lost nothing finds nothing the last look at it
	// did not.
	m := &peerCells[27*b+i]
	g0, g1, g2 := st.cand[0][v]&m[0], st.cand[1][v]&m[1], st.cand[2][v]&m[2]
	st.cand[0][v] &^= g0
	st.cand[1][v] &^= g1
	st.cand[2][v] &^= g2
	changed := uint32(0)
	if g0 != 0 {
		changed |= 1
	}
	if g1 != 0 {
		changed |= 2
	}
	if g2 != 0 {
		changed |= 4
	}
	words[v] |= bit
	st.cols[v] |= columnBit[i]
	s.dirtyBands |= changed << (3 * v)
	s.dirtyCells = true
	return true
}

// propagate looks at what the placements changed until nothing is left to
// look at, placing the options that are the last of an item: the band
// words first, then the values' columns, then the cells. It returns false
// when an item has no option left.
func (s *Solver) propagate(st *level) bool {
	for {
		var j int
		switch {
		case s.dirtyBands != 0:
			j = bits.TrailingZeros32(s.dirtyBands)
		case s.dirtyValues != 0:
			v := bits.TrailingZeros16(s.dirtyValues)
			s.dirtyValues &^= 1 << v
			if !s.columns(st, v) {
				return s.fail()
			}
			continue
		case s.dirtyCells:
			s.dirtyCells = false
			if !s.cells(st) {
				return s.fail()
			}
			continue
		default:
			return true
		}
		s.dirtyBands &^= 1 << j
		w := &wordOf[j]
		b, v := uint(w.band), int(w.value)
		x := st.cand[b][v]
		r0, r1, r2 := uint32(rowInfo[x&0x1ff]), uint32(rowInfo[x>>9&0x1ff]), uint32(rowInfo[x>>18&0x1ff])
		fit := fitCells[r0&7|r1&7<<3|r2&7<<6]
		if fit == 0 {
			return s.fail()
		}
		if x&^fit != 0 {
			x &= fit
			st.cand[b][v] = x
			s.dirtyValues |= 1 << v
			s.dirtyCells = true
			r0, r1, r2 = uint32(rowInfo[x&0x1ff]), uint32(rowInfo[x>>9&0x1ff]), uint32(rowInfo[x>>18&0x1ff])
		}
		last := lastCells(x, r0, r1, r2)
		for last &^= st.placed[b]; last != 0; last &= last - 1 {
			if !s.place(st, b, uint(bits.TrailingZeros32(last)), v) {
				return s.fail()
			}
		}
	}
}

// fail forgets what was left to look at, as the level it was on is
// abandoned, and returns false.
func (s *Solver) fail() bool {
	s.dirtyBands, s.dirtyValues, s.dirtyCells = 0, 0, false
	return false
}

// lastCells returns the cells of a band's word x that are the last of
// their row or box, given rowInfo of its rows r0, r1 and r2: a box's last
// is a triad with one cell in a box whose other triads are empty.
func lastCells(x, r0, r1, r2 uint32) uint32 {
	twice := r0&r1 | r0&r2 | r1&r2 // bits 0–2: the boxes open in two rows or more
	boxes := (r0 | r1 | r2) >> 3 & 7 &^ twice
	rows := r0>>6 | r1>>5&2 | r2>>4&4
	return x & lastCellsOf[rows|boxes<<3]
}

// columns places the hidden singles of value v's columns: a column whose
// cells for v, across the three bands, are one open cell.
func (s *Solver) columns(st *level, v int) bool {
	// For each band, its columns that hold v, as nine bits.
	x0, x1, x2 := st.cand[0][v], st.cand[1][v], st.cand[2][v]
	in0, in1, in2 := fold(x0), fold(x1), fold(x2)
	if in0|in1|in2 != 0x1ff {
		return false
	}
	// The box–column rule, stack by stack: v takes one column piece of
	// each of the stack's boxes and one of each of its columns, a
	// permutation matrix of three bands and three columns. The three
	// stacks' pieces are looked up first: most of the time none goes.
	d0 := unfitTriads[in0&7|in1&7<<3|in2&7<<6]
	d1 := unfitTriads[in0>>3&7|in1>>3&7<<3|in2>>3&7<<6]
	d2 := unfitTriads[in0>>6&7|in1>>6&7<<3|in2>>6&7<<6]
	if d0|d1|d2 != 0 {
		if !s.dropPieces(st, v, uint32(d0), uint32(d1), uint32(d2)) {
			return false
		}
		x0, x1, x2 = st.cand[0][v], st.cand[1][v], st.cand[2][v]
		in0, in1, in2 = fold(x0), fold(x1), fold(x2)
	}
	// The columns that hold v twice or more, within a band or across two.
	many := twice(x0) | twice(x1) | twice(x2) | in0&in1 | in0&in2 | in1&in2
	for one := 0x1ff &^ many &^ uint32(st.cols[v]); one != 0; one &= one - 1 {
		col := bits.TrailingZeros32(one)
		b, x := uint(0), x0
		if in1>>col&1 != 0 {
			b, x = 1, x1
		} else if in2>>col&1 != 0 {
			b, x = 2, x2
		}
		if !s.place(st, b, uint(bits.TrailingZeros32(x&columnCells[col])), v) {
			return false
		}
	}
	return true
}

// dropPieces removes from value v's words the column pieces that no
// permutation matrix of their stack takes: d0, d1 and d2 are unfitTriads
// of the three stacks. It returns false when a stack has no matrix left.
func (s *Solver) dropPieces(st *level, v int, d0, d1, d2 uint32) bool {
	if (d0|d1|d2)&noFitTriads != 0 {
		return false
	}
	// Band by band (bits 9b…9b+8), the columns whose piece goes.
	drop := d0&7 | d0>>3&7<<9 | d0>>6<<18 |
		(d1&7|d1>>3&7<<9|d1>>6<<18)<<3 |
		(d2&7|d2>>3&7<<9|d2>>6<<18)<<6
	for b, x := range [3]*uint32{&st.cand[0][v], &st.cand[1][v], &st.cand[2][v]} {
		if d := columnsCells[drop>>(9*b)&0x1ff]; *x&d != 0 {
			*x &^= d
			s.dirtyBands |= 1 << (3*uint(v) + uint(b))
		}
	}
	s.dirtyCells = true
	return true
}

// fold returns the columns of a band's word that hold a cell, as nine
// bits.
func fold(x uint32) uint32 { return (x | x>>9 | x>>18) & 0x1ff }

// twice returns the columns of a band's word that hold two cells or more,
// as nine bits.
func twice(x uint32) uint32 { return (x&(x>>9) | x&(x>>18) | (x>>9)&(x>>18)) & 0x1ff }

// cells places the naked singles, counting each cell's values across the
// nine words of its band with two bit-sliced counters (one or more, two or
// more): a cell with none ends the branch.
func (s *Solver) cells(st *level) bool {
	for b := range 3 {
		one, two, three := counts(&st.cand[b])
		if one != allCells {
			return false
		}
		s.pairs[b] = two &^ three
		for single := one &^ two &^ st.placed[b]; single != 0; single &= single - 1 {
			i := bits.TrailingZeros32(single)
			v := 0
			for v < 9 && st.cand[b][v]>>i&1 == 0 {
				v++
			}
			if v == 9 || !s.place(st, uint(b), uint(i), v) {
				return false
			}
		}
	}
	return true
}

// counts returns the cells of a band with one value or more, two or more,
// and three or more, from its nine words (unrolled: the loop's counter and
// bounds were a third of its instructions).
func counts(w *[9]uint32) (one, two, three uint32) {
	one = w[0]
	two = one & w[1]
	one |= w[1]
	three = two & w[2]
	two |= one & w[2]
	one |= w[2]
	three |= two & w[3]
	two |= one & w[3]
	one |= w[3]
	three |= two & w[4]
	two |= one & w[4]
	one |= w[4]
	three |= two & w[5]
	two |= one & w[5]
	one |= w[5]
	three |= two & w[6]
	two |= one & w[6]
	one |= w[6]
	three |= two & w[7]
	two |= one & w[7]
	one |= w[7]
	three |= two & w[8]
	two |= one & w[8]
	one |= w[8]
	return one, two, three
}

// choose returns an open cell with the fewest values left, and among
// those one with the most open peers (its placement removes the most
// options), and its values as a mask. Cells with two values, the usual
// case, are those the last look at the cells' counts found (s.pairs).
func (s *Solver) choose(st *level) (int, uint16) {
	best, bestKey := -1, -1
	for b := range 3 {
		for p := s.pairs[b]; p != 0; p &= p - 1 {
			c := 27*b + bits.TrailingZeros32(p)
			if key := openPeers(st, c); key > bestKey {
				best, bestKey = c, key
			}
		}
	}
	if best >= 0 {
		return best, valuesOf(st, best)
	}
	bestN := 10
	for b := range 3 {
		for open := allCells &^ st.placed[b]; open != 0; open &= open - 1 {
			c := 27*b + bits.TrailingZeros32(open)
			n := bits.OnesCount16(valuesOf(st, c))
			if n > bestN {
				continue
			}
			if key := openPeers(st, c); n < bestN || key > bestKey {
				best, bestN, bestKey = c, n, key
			}
		}
	}
	return best, valuesOf(st, best)
}

// openPeers counts the open cells that share a row, column or box with c.
func openPeers(st *level, c int) int {
	m := &peerCells[c]
	return bits.OnesCount32(m[0]&^st.placed[0]) + bits.OnesCount32(m[1]&^st.placed[1]) + bits.OnesCount32(m[2]&^st.placed[2])
}

// valuesOf returns the values still possible in cell c as a mask. Word
// k's bit i goes to bit i+k of 64 bits (no two words land on the same
// bit), and all nine to bits 0–8 with one shift, rather than nine shifts
// by i.
func valuesOf(st *level, c int) uint16 {
	b, i := uint(c)/27, uint(c)%27
	w, bit := &st.cand[b], uint32(1)<<i
	return uint16((uint64(w[0]&bit) | uint64(w[1]&bit)<<1 | uint64(w[2]&bit)<<2 |
		uint64(w[3]&bit)<<3 | uint64(w[4]&bit)<<4 | uint64(w[5]&bit)<<5 |
		uint64(w[6]&bit)<<6 | uint64(w[7]&bit)<<7 | uint64(w[8]&bit)<<8) >> (i & 63))
}

// search explores the propagated level at depth: a solution when every
// cell is placed, else a branch on each value of the chosen cell. It
// returns false when the search must stop (s.res.Status says why).
func (s *Solver) search(depth int) bool {
	st := &s.stack[depth]
	if st.placed == [3]uint32{allCells, allCells, allCells} {
		return s.solution(st)
	}
	c, vals := s.choose(st)
	next := &s.stack[depth+1]
	for ; vals != 0; vals &= vals - 1 {
		if s.lim.MaxNodes > 0 && s.res.Nodes >= s.lim.MaxNodes {
			s.res.Status = exactcover.NodeLimit
			return false
		}
		if s.res.Nodes%pollEvery == 0 {
			if err := s.ctx.Err(); err != nil {
				s.err = err
				s.res.Status = exactcover.StoppedBy(err)
				return false
			}
		}
		s.res.Nodes++
		*next = *st
		s.dirtyBands, s.dirtyValues, s.dirtyCells = 0, 0, false
		if s.place(next, uint(c)/27, uint(c)%27, bits.TrailingZeros16(vals)) && s.propagate(next) {
			if !s.search(depth + 1) {
				return false
			}
		}
	}
	return true
}

// solution reports the full level st.
func (s *Solver) solution(st *level) bool {
	s.res.Solutions++
	if s.visit != nil {
		for b := range st.cand {
			for v, x := range st.cand[b] {
				for ; x != 0; x &= x - 1 {
					s.out[27*b+bits.TrailingZeros32(x)] = uint8(v + 1)
				}
			}
		}
		if !s.visit(s.out[:]) {
			s.res.Status = exactcover.Stopped
			return false
		}
	}
	if s.lim.MaxSolutions > 0 && s.res.Solutions >= s.lim.MaxSolutions {
		s.res.Status = exactcover.SolutionLimit
		return false
	}
	return true
}
