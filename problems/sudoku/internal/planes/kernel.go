package planes

import (
	"context"
	"math/bits"

	"github.com/xcover/xcover/exactcover"
)

// words is a bit set of cells, one bit per cell, sized to the shape: the
// kernel is compiled once per size, so the loops over a set's words have a
// constant bound (two words for a 9×9 grid's 81 cells).
type words interface {
	[2]uint64 | [4]uint64 | [10]uint64 | [21]uint64 | [38]uint64 | [64]uint64
}

// Limits bound one search.
type Limits struct {
	// MaxSolutions stops the search at this many solutions (0: no limit).
	MaxSolutions int64
	// MaxNodes stops it once this many nodes were explored (0: no limit).
	MaxNodes int64
}

// Result says how one search ended.
type Result struct {
	Solutions int64
	// Nodes is the number of options tried at branch points: one per
	// value tried in the cell branched on. Placements that propagation
	// forced are not nodes; a puzzle it settles takes none.
	Nodes int64
	// Status is exactcover.Complete, SolutionLimit, Stopped (the visitor
	// returned false), NodeLimit, Timeout or Interrupted.
	Status exactcover.Status
}

// Solver searches puzzles of one Shape, reusing its memory: once warm it
// allocates nothing per puzzle. It is not safe for concurrent use.
type Solver struct {
	sh *Shape
	k  searcher
}

type searcher interface {
	solve(ctx context.Context, givens []uint8, lim Limits, visit func([]uint8) bool) (Result, error)
}

// NewSolver returns a Solver for sh.
func NewSolver(sh *Shape) *Solver {
	s := &Solver{sh: sh}
	switch w := (sh.cells + 63) / 64; {
	case w <= 2:
		s.k = newKernel[[2]uint64](sh)
	case w <= 4:
		s.k = newKernel[[4]uint64](sh)
	case w <= 10:
		s.k = newKernel[[10]uint64](sh)
	case w <= 21:
		s.k = newKernel[[21]uint64](sh)
	case w <= 38:
		s.k = newKernel[[38]uint64](sh)
	default:
		s.k = newKernel[[64]uint64](sh)
	}
	return s
}

// Shape returns the shape the Solver was made for.
func (s *Solver) Shape() *Shape { return s.sh }

// Solve places the givens (one per cell, 0 for an open cell and 1…Values
// for a value) and searches for the ways to fill the open cells, calling
// visit (if not nil) with each solution, one value per cell; the slice is
// reused and valid only until visit returns, and returning false stops the
// search (Status Stopped). Givens that clash leave no solution. When ctx
// stops the search, Solve returns ctx.Err() with the result so far.
func (s *Solver) Solve(ctx context.Context, givens []uint8, lim Limits, visit func([]uint8) bool) (Result, error) {
	if len(givens) != s.sh.cells {
		panic("planes: givens do not match the shape") // the caller's bug
	}
	return s.k.solve(ctx, givens, lim, visit)
}

// pollEvery is how many nodes pass between two looks at the context: a
// node copies a few hundred bytes and propagates, so a thousand take well
// under a millisecond on a 9×9 grid.
const pollEvery = 1024

// kernel is the search over bit sets of one size. A level of the search
// holds n+1 sets, the placed cells and then for each value the cells where
// it is still possible (its plane, placed cells included), and the number
// of options left to each item: first to each cell, then to each (unit,
// value) pair. A branch copies its parent's level and changes the copy.
type kernel[B words] struct {
	n, cells int
	all      B           // every cell
	units    []B         // the cells of each unit
	peers    []B         // the cells sharing a unit with each cell, itself excluded
	itemsOf  []cellItems // the unit items through each cell
	sets     []B         // the levels' sets, n+1 each
	counts   []uint8     // the levels' counts, nCounts each
	nCounts  int
	queue    []int32 // the counts that fell to one: their items may be singles
	out      []uint8

	ctx   context.Context
	lim   Limits
	visit func([]uint8) bool
	res   Result
	err   error
}

// cellItems lists where the counts of (u, value 0) are for the units u
// through a cell: at[:n].
type cellItems struct {
	n  int32
	at [MaxUnitsPerCell]int32
}

func newKernel[B words](sh *Shape) *kernel[B] {
	k := &kernel[B]{n: sh.values, cells: sh.cells, out: make([]uint8, sh.cells)}
	for c := 0; c < sh.cells; c++ {
		k.all[c>>6] |= 1 << (c & 63)
	}
	k.units = make([]B, len(sh.units))
	k.peers = make([]B, sh.cells)
	through := make([][]int32, sh.cells)
	for u, unit := range sh.units {
		for _, c := range unit {
			k.units[u][c>>6] |= 1 << (c & 63)
			through[c] = append(through[c], int32(sh.cells+u*sh.values))
		}
		for _, c := range unit {
			for i := 0; i < len(k.peers[c]); i++ {
				k.peers[c][i] |= k.units[u][i]
			}
		}
	}
	k.itemsOf = make([]cellItems, sh.cells)
	for c := 0; c < sh.cells; c++ {
		k.peers[c][c>>6] &^= 1 << (c & 63)
		k.itemsOf[c].n = int32(copy(k.itemsOf[c].at[:], through[c]))
	}
	k.nCounts = sh.cells + len(sh.units)*sh.values
	return k
}

// level returns the sets and counts of search depth d, growing the stacks
// as needed.
func (k *kernel[B]) level(d int) ([]B, []uint8) {
	stride := k.n + 1
	for len(k.sets) < (d+1)*stride {
		k.sets = append(k.sets, make([]B, stride)...)
		k.counts = append(k.counts, make([]uint8, k.nCounts)...)
	}
	return k.sets[d*stride : (d+1)*stride : (d+1)*stride], k.counts[d*k.nCounts : (d+1)*k.nCounts : (d+1)*k.nCounts]
}

func (k *kernel[B]) solve(ctx context.Context, givens []uint8, lim Limits, visit func([]uint8) bool) (Result, error) {
	k.ctx, k.lim, k.visit = ctx, lim, visit
	k.res, k.err = Result{Status: exactcover.Complete}, nil
	defer func() { k.ctx, k.visit = nil, nil }()
	lvl, cnt := k.level(0)
	var none B
	lvl[0] = none
	for d := 1; d <= k.n; d++ {
		lvl[d] = k.all
	}
	for i := range cnt {
		cnt[i] = uint8(k.n)
	}
	k.queue = k.queue[:0]
	for c, v := range givens {
		if v != 0 && !k.place(lvl, cnt, c, int(v)-1) {
			return k.res, nil
		}
	}
	if k.propagate(lvl, cnt) {
		k.search(0)
	}
	return k.res, k.err
}

// done is the count of an item a placement covered: far above any count
// of options the item's peers can still take away, so it never falls to 1.
const done = 2 * MaxValues

// place puts value d (0-based) in open cell c: c leaves every other plane
// and c's peers leave d's. Each option removed takes one from the counts
// of its items; an item left with one option is queued, and place returns
// false when one is left with none, or when d was no longer possible in c.
func (k *kernel[B]) place(lvl []B, cnt []uint8, c, d int) bool {
	w, m := c>>6, uint64(1)<<(c&63)
	p := &lvl[1+d]
	if (*p)[w]&m == 0 {
		return false
	}
	lvl[0][w] |= m
	queue := k.queue // a local, which the writes to cnt cannot alias
	ci := &k.itemsOf[c]
	items := ci.at[:ci.n]
	// The options (c, e) for the other values e.
	for vals := valuesOf(lvl, c) &^ (1 << d); vals != 0; vals &= vals - 1 {
		e := bits.TrailingZeros64(vals)
		lvl[1+e][w] &^= m
		for _, at := range items {
			i := int(at) + e
			x := cnt[i] - 1
			cnt[i] = x
			if x <= 1 {
				if x == 0 {
					k.queue = queue
					return false
				}
				queue = append(queue, int32(i))
			}
		}
	}
	cnt[c] = done
	for _, at := range items {
		cnt[int(at)+d] = done
	}
	// The options (q, d) for the peers q of c.
	peers := &k.peers[c]
	for i := 0; i < len(*p); i++ {
		gone := (*p)[i] & (*peers)[i]
		(*p)[i] &^= gone
		for ; gone != 0; gone &= gone - 1 {
			q := i<<6 | bits.TrailingZeros64(gone)
			qi := &k.itemsOf[q]
			for _, at := range qi.at[:qi.n] {
				j := int(at) + d
				x := cnt[j] - 1
				cnt[j] = x
				if x <= 1 {
					if x == 0 {
						k.queue = queue
						return false
					}
					queue = append(queue, int32(j))
				}
			}
			x := cnt[q] - 1
			cnt[q] = x
			if x <= 1 {
				if x == 0 {
					k.queue = queue
					return false
				}
				queue = append(queue, int32(q))
			}
		}
	}
	k.queue = queue
	return true
}

// propagate places singles until none is left: naked singles (a cell item
// with one option left) and hidden singles (a (unit, value) item with one
// option left, a unit meeting the value's plane in one open cell). It
// returns false when some item has no option left.
func (k *kernel[B]) propagate(lvl []B, cnt []uint8) bool {
	solved := &lvl[0]
	for len(k.queue) > 0 {
		it := int(k.queue[len(k.queue)-1])
		k.queue = k.queue[:len(k.queue)-1]
		if it < k.cells {
			c := it
			if (*solved)[c>>6]&(1<<(c&63)) != 0 {
				continue
			}
			if !k.place(lvl, cnt, c, valueOf(lvl, c)) {
				k.queue = k.queue[:0]
				return false
			}
			continue
		}
		u, d := (it-k.cells)/k.n, (it-k.cells)%k.n
		p, unit := &lvl[1+d], &k.units[u]
		var y B
		for i := 0; i < len(y); i++ {
			y[i] = (*p)[i] & (*unit)[i] &^ (*solved)[i]
		}
		if c := single(&y); c >= 0 {
			if !k.place(lvl, cnt, c, d) {
				k.queue = k.queue[:0]
				return false
			}
		}
	}
	return true
}

// valueOf returns the value (0-based) of the one plane that holds cell c,
// -1 if none does.
func valueOf[B words](lvl []B, c int) int {
	w, m := c>>6, uint64(1)<<(c&63)
	for d := 1; d < len(lvl); d++ {
		if lvl[d][w]&m != 0 {
			return d - 1
		}
	}
	return -1
}

// single returns the cell of y when y holds exactly one, -1 otherwise.
func single[B words](y *B) int {
	c := -1
	for i := 0; i < len(*y); i++ {
		if w := (*y)[i]; w != 0 {
			if c >= 0 || w&(w-1) != 0 {
				return -1
			}
			c = i<<6 | bits.TrailingZeros64(w)
		}
	}
	return c
}

// choose returns an open cell with the fewest values left (a cell item
// with the fewest options, Knuth's MRV restricted to cells), the first
// such cell when several tie, and its values as a mask.
func (k *kernel[B]) choose(lvl []B, cnt []uint8) (int, uint64) {
	solved := &lvl[0]
	best, bestKey, bestN := -1, 1<<30, 1<<8
	for i := 0; i < len(*solved); i++ {
		for open := k.all[i] &^ (*solved)[i]; open != 0; open &= open - 1 {
			c := i<<6 | bits.TrailingZeros64(open)
			n := int(cnt[c])
			if n > bestN {
				continue
			}
			key := n << 16
			peers := &k.peers[c]
			for j := 0; j < len(*peers); j++ {
				key -= bits.OnesCount64((*peers)[j] &^ (*solved)[j])
			}
			if key < bestKey {
				best, bestKey, bestN = c, key, n
			}
		}
	}
	return best, valuesOf(lvl, best)
}

// valuesOf returns the values still possible in cell c as a mask.
func valuesOf[B words](lvl []B, c int) uint64 {
	w, sh := c>>6, uint(c&63)
	var m uint64
	for d := 1; d < len(lvl); d++ {
		m |= (lvl[d][w] >> sh & 1) << (d - 1)
	}
	return m
}

// search explores the propagated level at depth: a solution when every
// cell is placed, else a branch on each value of the chosen cell. It
// returns false when the search must stop (k.res.Status says why).
func (k *kernel[B]) search(depth int) bool {
	lvl, cnt := k.level(depth)
	if lvl[0] == k.all {
		return k.solution(lvl)
	}
	c, vals := k.choose(lvl, cnt)
	for ; vals != 0; vals &= vals - 1 {
		if k.lim.MaxNodes > 0 && k.res.Nodes >= k.lim.MaxNodes {
			k.res.Status = exactcover.NodeLimit
			return false
		}
		if k.res.Nodes%pollEvery == 0 {
			if err := k.ctx.Err(); err != nil {
				k.err = err
				k.res.Status = exactcover.StoppedBy(err)
				return false
			}
		}
		k.res.Nodes++
		next, nextCnt := k.level(depth + 1)
		lvl, cnt = k.level(depth) // the stacks may have grown
		copy(next, lvl)
		copy(nextCnt, cnt)
		if k.place(next, nextCnt, c, bits.TrailingZeros64(vals)) && k.propagate(next, nextCnt) {
			if !k.search(depth + 1) {
				return false
			}
		}
		k.queue = k.queue[:0]
	}
	return true
}

// solution reports the full level lvl.
func (k *kernel[B]) solution(lvl []B) bool {
	k.res.Solutions++
	if k.visit != nil {
		for d := 1; d < len(lvl); d++ {
			p := &lvl[d]
			for i := 0; i < len(*p); i++ {
				for s := (*p)[i]; s != 0; s &= s - 1 {
					k.out[i<<6|bits.TrailingZeros64(s)] = uint8(d)
				}
			}
		}
		if !k.visit(k.out) {
			k.res.Status = exactcover.Stopped
			return false
		}
	}
	if k.lim.MaxSolutions > 0 && k.res.Solutions >= k.lim.MaxSolutions {
		k.res.Status = exactcover.SolutionLimit
		return false
	}
	return true
}
