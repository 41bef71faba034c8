package bits

import (
	"fmt"
	"unsafe"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// MaxItems is the most items, primary and secondary, that the engine
// takes: rows of up to 64 words, which hold the shared Sudokus up to
// 25×25 (2,500 items; 1,024 at 16×16). A node's fixed work grows with the
// words of a row (its set of open items and, past four words, its
// counters, a word per plane per word of a row, copied from its parent's
// and scanned for the item with the fewest options), and past four words
// the sparse sets are already the faster (PreferItems), so wider rows
// would serve nothing.
const MaxItems = maxWords * 64

// maxWords is the number of 64-bit words in a row at most.
const maxWords = 64

// narrowWords is the widest row the generated filters take (kernel2.go,
// kernel4.go), with a row's words and the counters' planes in registers;
// wider rows keep their lists as sets of options (wideRows, wide.go).
const narrowWords = 4

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

// maxOneStack bounds the stack's entries as MaxStack does where rows of
// one word are filtered as such: an entry then takes 12 bytes with its
// row beside it (Engine.stackRows), so that a third as many fit the same
// bytes. A problem over it is searched in two words.
const maxOneStack = MaxStack / 3

// MaxWideBytes bounds the bytes that rows wider than narrowWords take
// (wideRows): the rows twice, the counters of each level, and the sets of
// options of each item, of each level and of the options that meet each
// option. It bounds as well what colors add to the rows (colorBytes) and
// what multiplicities keep per level (mccBytes), which Memory, given
// only the numbers of items and options, does not count. The engine refuses a problem that may take more than 2²⁸ bytes
// (256 MiB, a sixteenth of exactcover.MemoryBudget, as MaxStack); a 16×16
// Sudoku takes about 8 MiB, a 25×25 one without clues about 80.
const MaxWideBytes = 1 << 28

// Errors for problems the engine does not take; exactcover's auto never
// picks it for them.
var (
	ErrTooManyItems   = fmt.Errorf("%w: more than %d items and colors of secondary items", core.ErrUnsupported, MaxItems)
	ErrTooManyOptions = fmt.Errorf("%w: 2 × options × (primary items + 1) over %d", core.ErrUnsupported, MaxStack)
	ErrWideMemory     = fmt.Errorf("%w: rows of more than 256 items taking over %d bytes", core.ErrUnsupported, MaxWideBytes)
	ErrColorMemory    = fmt.Errorf("%w: colors whose rows take over %d bytes", core.ErrUnsupported, MaxWideBytes)
	ErrMultiplicities = fmt.Errorf("%w: multiplicities whose counters take over %d bytes", core.ErrUnsupported, MaxWideBytes)
)

// Supports returns nil when the engine can search p, else why not. A
// row's bits are p's items and its secondary items' colors (colors.go),
// at most MaxItems.
func Supports(p *core.Problem) error {
	nbits := rowBits(p)
	switch {
	case nbits > MaxItems:
		return ErrTooManyItems
	case 2*int64(p.NumOptions())*int64(p.NPrimary+1) > MaxStack:
		return ErrTooManyOptions
	case colorBytes(p.NumOptions(), p.NItems, nbits) > MaxWideBytes:
		return ErrColorMemory
	case rowWords(nbits) > narrowWords && wideMemory(nbits, p.NPrimary, p.NumOptions()) > MaxWideBytes:
		return ErrWideMemory
	case p.Multiplicities() && int64(p.NumOptions())*int64(p.NumOptions()+3)/2 > MaxStack:
		return ErrTooManyOptions // a path takes or removes an option a level
	case p.Multiplicities() && mccBytes(p, rowWords(nbits)) > MaxWideBytes:
		return ErrMultiplicities
	}
	return nil
}

// set is a set of items, one bit per item in words of 64, as many words
// as the problem's rows (Engine.words).
type set []uint64

func (s set) add(i int32)      { s[i>>6] |= 1 << (i & 63) }
func (s set) has(i int32) bool { return s[i>>6]>>(i&63)&1 != 0 }
func (s set) any() bool {
	for _, x := range s {
		if x != 0 {
			return true
		}
	}
	return false
}
func (s set) meets(t set) bool {
	t = t[:len(s)]
	for w, x := range s {
		if x&t[w] != 0 {
			return true
		}
	}
	return false
}

// minus sets s to t without u: a loop past narrowWords, written out for
// the narrow rows, where it is a good part of a node's fixed work.
func (s set) minus(t, u set) {
	switch len(s) {
	case 2:
		t, u = t[:2], u[:2]
		s[0], s[1] = t[0]&^u[0], t[1]&^u[1]
	case 4:
		t, u = t[:4], u[:4]
		s[0], s[1], s[2], s[3] = t[0]&^u[0], t[1]&^u[1], t[2]&^u[2], t[3]&^u[3]
	default:
		t, u = t[:len(s)], u[:len(s)]
		for w := range s {
			s[w] = t[w] &^ u[w]
		}
	}
}

// union sets s to t with u.
func (s set) union(t, u set) {
	t, u = t[:len(s)], u[:len(s)]
	for w := range s {
		s[w] = t[w] | u[w]
	}
}

// level is what the search remembers about one level of the tree.
type level struct {
	lo, hi   int32 // the node's live options: stack[lo:hi], until split
	rest     int32 // after split: the live options without best, stack[lo:rest] (one-word rows: all, branches1)
	blo, bhi int32 // its branches, the live options that contain best: stack[blo:bhi]
	cur      int32 // the branch being tried: stack[cur]
	opt      int32 // the option taken: stack[cur], or a replayed step's
	best     int32 // the item branched on (-1: a forced step of a partial solution)
	least    int32 // best's options, up to Saturated (multiplicities: its degree less one, -1 for a dead end)
	branch   int32 // multiplicities: the branch being tried (takeBranch, excludeBranch)
	open     set   // the primary items not yet covered (in Engine.opens)
}

// known returns how many branches the level has, its item's options,
// when its count is exact (under Saturated), else -1.
func (lv *level) known() int32 {
	if lv.least < Saturated {
		return lv.least
	}
	return -1
}

// Engine is a problem compiled into bit rows, with the scratch state of its
// search. It is not safe for concurrent use (each worker has its own
// Clone).
type Engine struct {
	p     *core.Problem
	err   error    // why the engine cannot search p (Supports)
	words int      // the words of a row: 2, 4, or more (wide)
	rows  []uint64 // option k → its items, rows[k*words:(k+1)*words]
	rows1 []row1   // the rows again in the filter's layout: one word (one),
	rows2 []row2   // up to 2 words,
	rows4 []row4   // up to 4,
	wide  wideRows // or wider
	// kills, kills1, kills2 and kills4 are what each option covers when
	// taken, laid out as rows, rows1, rows2 and rows4, and the same slices
	// when the problem has no colors (colors.go); killRows, killRows1,
	// killRows2 and killRows4 hold them when it has.
	colored   bool
	kills     []uint64
	kills1    []row1
	kills2    []row2
	kills4    []row4
	killRows  []uint64
	killRows1 []row1
	killRows2 []row2
	killRows4 []row4
	// one: the rows fit one word, and the search without multiplicities
	// filters them as such (kernel1.go), half the work of two words; the
	// rows are also kept in two words, which every other part reads.
	// stackRows then holds, at each place of stack, its option's row, so
	// that the filter reads a list's rows in order rather than looking
	// each up (maxOneStack).
	one       bool
	stackRows []uint64
	prim      set      // the primary items
	mcc       mccState // the bounds, with multiplicities (mcc.go)
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
	opens []uint64 // the levels' open sets, words apiece
	// covered and before are replay's sets of the items covered, none
	// the empty set the cost search's root is filtered by.
	covered, before, none set
	sol                   []int
	prof                  []int64
	path                  []core.Step
	depth                 int         // the current level, for Branches during a poll
	rest                  core.RestAt // where a search of a rest unit stands (rest.go)
	replays               int64       // the paths replayed (units entered), for tests
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
	e.words = rowWords(rowBits(p))
	w := e.words
	e.compileRows(p)
	e.prim = resize(e.prim, w)
	clear(e.prim)
	for i := range int32(p.NPrimary) {
		e.prim.add(i)
	}
	e.rows1, e.rows2, e.rows4 = e.rows1[:0], e.rows2[:0], e.rows4[:0]
	e.killRows1, e.killRows2, e.killRows4 = e.killRows1[:0], e.killRows2[:0], e.killRows4[:0]
	e.one = w == 2 && rowBits(p) <= 64 && !p.Multiplicities() && 2*int64(n)*int64(p.NPrimary+1) <= maxOneStack
	// Each layout is made n rows long at once, not appended to, so that a
	// new array holds what Memory counts and no more.
	switch {
	case w == 2:
		e.rows2 = resize(e.rows2, n)
		if e.colored {
			e.killRows2 = resize(e.killRows2, n)
		}
		if e.one {
			e.rows1 = resize(e.rows1, n)
			if e.colored {
				e.killRows1 = resize(e.killRows1, n)
			}
		}
		for k := range n {
			r, m := e.row(int32(k)), e.kill(int32(k))
			e.rows2[k] = row2{r[0], r[1]}
			if e.colored {
				e.killRows2[k] = row2{m[0], m[1]}
			}
			if e.one {
				e.rows1[k] = row1{r[0]}
				if e.colored {
					e.killRows1[k] = row1{m[0]}
				}
			}
		}
	case w == 4:
		e.rows4 = resize(e.rows4, n)
		if e.colored {
			e.killRows4 = resize(e.killRows4, n)
		}
		for k := range n {
			r, m := e.row(int32(k)), e.kill(int32(k))
			e.rows4[k] = row4{r[0], r[1], r[2], r[3]}
			if e.colored {
				e.killRows4[k] = row4{m[0], m[1], m[2], m[3]}
			}
		}
	default:
		e.wide.reset(e.rows, n, w, p.NPrimary+2)
	}
	e.kills1, e.kills2, e.kills4 = e.rows1, e.rows2, e.rows4
	if e.colored {
		e.kills1, e.kills2, e.kills4 = e.killRows1, e.killRows2, e.killRows4
	}
	e.stack = resize(e.stack, 4*n+64)
	for k := range n {
		e.stack[k] = int32(k)
	}
	e.stackRows = e.stackRows[:0]
	if e.one {
		e.stackRows = resize(e.stackRows, len(e.stack))
		e.rootRows()
	}
	if w > narrowWords {
		e.wide.order(e.rows, e.kills, e.stack[:n])
	}
	e.weight = resize(e.weight, p.NPrimary)
	clear(e.weight)
	e.resetM(p)
	depth := e.MaxDepth() + 2
	e.lv = resize(e.lv, depth)
	e.opens = resize(e.opens, depth*w)
	clear(e.opens) // one-word rows write the first word of each alone (child1)
	e.ties = resize(e.ties, w)
	clear(e.ties) // one-word rows write ties[0] alone
	e.covered, e.before, e.none = resize(e.covered, w), resize(e.before, w), resize(e.none, w)
	clear(e.none)
	e.pointOpens()
	e.prof = resize(e.prof, depth+1)
	e.sol = e.sol[:0]
}

// rootRows writes beside the root's list, stack[:options], its rows, for
// one-word rows: after Reset, and after the cost search orders the list.
func (e *Engine) rootRows() {
	n := e.p.NumOptions()
	for i, k := range e.stack[:n] {
		e.stackRows[i] = e.rows1[k].a
	}
}

// rowWords returns the words of a row for n items: 2 up to 128 items, 4
// up to 256, and as many as n needs beyond.
func rowWords(n int) int {
	switch {
	case n <= 128:
		return 2
	case n <= 256:
		return 4
	}
	return (n + 63) / 64
}

// pointOpens points each level's open set at its words in e.opens.
func (e *Engine) pointOpens() {
	w := e.words
	for l := range e.lv {
		e.lv[l].open = e.opens[l*w : (l+1)*w : (l+1)*w]
	}
}

// row returns option k's items.
func (e *Engine) row(k int32) set {
	w := int32(e.words)
	return e.rows[k*w : (k+1)*w : (k+1)*w]
}

// Memory returns the bytes that the engine takes for a problem with the
// given numbers of items and options, before its stack of lists grows (at
// most to MaxStack entries): the first stack, the levels and their open
// sets, and each option's row twice (as a set and in the filter's
// layout), or for rows wider than narrowWords what they take (at most
// MaxWideBytes). Colors add to it (ColorMemory).
func Memory(items, options int) int64 {
	if items > MaxItems {
		return 0 // refused: nothing is built
	}
	w := rowWords(items)
	m := 4*(4*int64(options)+64) + int64(items+2)*int64(w)*8
	// The levels, with each item's weight and each level's profile count,
	// and the few sets of a word per item.
	m += int64(items+3)*int64(unsafe.Sizeof(level{})+4+8) + 5*int64(w)*8
	if items <= 64 { // the rows in one word, and beside the stack (Engine.stackRows)
		m += 8*int64(options) + 8*(4*int64(options)+64)
	}
	if w > narrowWords {
		return m + min(wideMemory(items, items, options), MaxWideBytes)
	}
	return m + int64(options)*int64(w)*8*2
}

// MaxDepth returns the most levels a path can have: each level covers at
// least one primary item, or with multiplicities takes or removes an
// option.
func (e *Engine) MaxDepth() int {
	if e.p.Multiplicities() {
		return e.p.NumOptions() + 1
	}
	return e.p.NPrimary
}

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
	if e.one {
		c.stackRows = core.Private[uint64](nil, len(e.stack))
		copy(c.stackRows, e.stackRows[:e.p.NumOptions()])
	}
	c.lv = core.Private[level](nil, len(e.lv))
	c.opens = core.Private[uint64](nil, len(e.opens))
	c.pointOpens()
	c.ties = core.Private[uint64](nil, len(e.ties))
	c.covered = core.Private[uint64](nil, len(e.covered))
	c.before = core.Private[uint64](nil, len(e.before))
	c.none = core.Private[uint64](nil, len(e.none))
	c.wide = e.wide.clone()
	c.mcc = e.mcc.clone()
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
