package bits

import (
	"fmt"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// MaxItems is the most items, primary and secondary, that the engine takes:
// four 64-bit words per option row. Each node tests every live option
// against the option taken, one AND per word, so the cost of a node grows
// with the words of a row while the sparse-set engine's does not; past
// four words (Sudoku's 324 items, say) options touch a small share of the
// items and the sparse sets, which visit only the options an item
// actually has, are faster.
const MaxItems = maxWords * 64

// maxWords is the number of 64-bit words in a row at most.
const maxWords = 4

// Saturated is the count at which the engine stops counting an item's
// options: the counters are six bit planes (planes, gen.go), so counts go
// 0…63 and then stay at Saturated. Items with Saturated options or more
// tie, and the tie goes to the first declared item (see doc.go). Three
// planes (8) made the pent-6x10-sym tree 1.7 times as large; five (32)
// left it the sparse engine's but made pent-6x10's 1.6 times as large
// (its X piece has 32 places, at the root as many as some cells); with
// six every shared instance's tree is the sparse engine's, node for node.
const Saturated = 1 << planes

// MaxStack bounds the entries that the stack of lists may need along a
// path: a level's list and branches take at most twice its parent's
// length, and a path has at most NPrimary+1 levels, so a problem needs at
// most 2·options·(NPrimary+1) entries of 4 bytes. The engine refuses a
// problem whose bound exceeds 2²⁶ entries (256 MiB, a sixteenth of
// exactcover.MemoryBudget); real paths need far less, since lists shrink
// at every level, and the stack grows only as far as they need.
const MaxStack = 1 << 26

// Errors for problems the engine does not take; exactcover's auto never
// picks it for them.
var (
	ErrTooManyItems   = fmt.Errorf("%w: more than %d items", core.ErrUnsupported, MaxItems)
	ErrTooManyOptions = fmt.Errorf("%w: 2 × options × (primary items + 1) over %d", core.ErrUnsupported, MaxStack)
	ErrColors         = fmt.Errorf("%w: colors", core.ErrUnsupported)
	ErrMultiplicities = fmt.Errorf("%w: multiplicities", core.ErrUnsupported)
)

// Supports returns nil when the engine can search p, else why not.
func Supports(p *core.Problem) error {
	switch {
	case p.NItems > MaxItems:
		return ErrTooManyItems
	case 2*int64(p.NumOptions())*int64(p.NPrimary+1) > MaxStack:
		return ErrTooManyOptions
	case p.Multiplicities():
		return ErrMultiplicities
	case slices.ContainsFunc(p.Colors, func(c int32) bool { return c != 0 }):
		return ErrColors
	}
	return nil
}

// set is a set of items, as many words as the widest row.
type set [maxWords]uint64

func (s *set) add(i int32)       { s[i>>6] |= 1 << (i & 63) }
func (s *set) has(i int32) bool  { return s[i>>6]>>(i&63)&1 != 0 }
func (s *set) meets(t *set) bool { return s[0]&t[0]|s[1]&t[1]|s[2]&t[2]|s[3]&t[3] != 0 }
func (s set) minus(t *set) (u set) {
	return set{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]}
}
func (s set) union(t *set) (u set) { return set{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]} }
func (s *set) two() row2           { return row2{s[0], s[1]} }
func (s *set) four() row4          { return row4{s[0], s[1], s[2], s[3]} }

// level is what the search remembers about one level of the tree.
type level struct {
	lo, hi   int32 // the node's live options: stack[lo:hi], until split
	rest     int32 // after split: the live options without best, stack[lo:rest]
	blo, bhi int32 // its branches, the live options that contain best: stack[blo:bhi]
	cur      int32 // the branch being tried: stack[cur]
	opt      int32 // the option taken: stack[cur], or a replayed step's
	best     int32 // the item branched on (-1: a forced step of a partial solution)
	least    int32 // best's options, up to Saturated
	open     set   // the primary items not yet covered
}

// Engine is a problem compiled into bit rows, with the scratch state of its
// search. It is not safe for concurrent use (each worker has its own
// Clone).
type Engine struct {
	p     *core.Problem
	err   error // why the engine cannot search p (Supports)
	words int   // 2 or 4: the words of a row
	rows  []set // option → its items
	rows2 []row2
	rows4 []row4
	prim  set // the primary items
	// Under the Weighted rule (weighted, set by each Search), weight
	// counts the dead ends each item caused, and ties holds filter's
	// items with the fewest options, among which the heaviest is chosen.
	weighted bool
	weight   []uint32
	ties     set
	// stack holds the live options of every level of the current path and
	// their branches, one level after the other; stack[:nOptions] is the
	// root's list, every option.
	stack []int32
	lv    []level
	sol   []int
	prof  []int64
	path  []core.Step
	depth int // the current level, for Branches during a poll
}

var _ core.Engine = (*Engine)(nil)

// Reset compiles p into e, reusing e's memory. A problem the engine does
// not support (see Supports) is kept only to be refused: every search of
// it returns the error.
func (e *Engine) Reset(p *core.Problem) {
	e.p = p
	e.err = Supports(p)
	if e.err != nil {
		return
	}
	n := p.NumOptions()
	e.words = 2
	if p.NItems > 128 {
		e.words = 4
	}
	e.rows = resize(e.rows, n)
	clear(e.rows)
	for k := range n {
		items, _ := p.Option(k)
		for _, it := range items {
			e.rows[k].add(it)
		}
	}
	e.prim = set{}
	for i := range int32(p.NPrimary) {
		e.prim.add(i)
	}
	e.rows2, e.rows4 = e.rows2[:0], e.rows4[:0]
	for k := range e.rows {
		if e.words == 2 {
			e.rows2 = append(e.rows2, e.rows[k].two())
		} else {
			e.rows4 = append(e.rows4, e.rows[k].four())
		}
	}
	e.stack = resize(e.stack, 4*n+64)
	for k := range n {
		e.stack[k] = int32(k)
	}
	e.weight = resize(e.weight, p.NPrimary)
	clear(e.weight)
	depth := e.MaxDepth() + 2
	e.lv = resize(e.lv, depth)
	e.prof = resize(e.prof, depth+1)
	e.sol = e.sol[:0]
}

// Memory returns the bytes that the engine takes for a problem with the
// given number of options, before its stack of lists grows (at most to
// MaxStack entries): each option's row twice (as a set and in the
// filter's width) and the first stack.
func Memory(options int) int64 { return int64(options)*(32+32) + 4*(4*int64(options)+64) }

// MaxDepth returns the most levels a path can have: each level covers at
// least one primary item.
func (e *Engine) MaxDepth() int { return e.p.NPrimary }

// Clone returns an independent engine for the same problem. The rows are
// read-only and shared; what a search writes lives in memory of the
// clone's own (core.Private).
func (e *Engine) Clone() core.Engine {
	c := *e
	if e.err != nil { // nothing to search with: every search refuses
		return &c
	}
	c.stack = core.Private[int32](nil, len(e.stack))
	copy(c.stack, e.stack[:e.p.NumOptions()])
	c.lv = core.Private[level](nil, len(e.lv))
	c.prof = core.Private[int64](nil, len(e.prof))
	c.weight = core.Private[uint32](nil, len(e.weight))
	c.sol = nil
	c.path = nil
	return core.PrivateValue(c)
}

// ResetWeights forgets what the Weighted rule has learned.
func (e *Engine) ResetWeights() { clear(e.weight) }

func resize[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n)
	}
	return x[:n]
}
