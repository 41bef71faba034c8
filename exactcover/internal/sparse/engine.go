package sparse

import (
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Everything the search changes lives in one array of int32, mem, so that
// the innermost loop needs a single base register:
//
//   - node q, one use of an item by an option, is mem[2q] (x: the base of
//     its item's block) and mem[2q+1] (loc: its place in mem). The nodes
//     of an option are consecutive and followed by a spacer whose first
//     word is minus the option's length (a walk around the option jumps
//     back to its first node) and whose second is the option's compiled
//     index. Node 0 is a spacer that begins nothing.
//   - each item has a block: a header of hdrLen words just below its base
//     x, then its set, mem[x:x+size]: the nodes of its active options, as
//     a sparse set. size is complemented (negative) while the item is
//     covered.
//
// As in Knuth's SSXCC, the size sits right below the set it counts, and
// nodes name their item by its block.
const (
	slackAt = -5 // hi−lo (multiplicities)
	boundAt = -4 // how many more options may cover the item (multiplicities)
	itemAt  = -3 // the item's index
	posAt   = -2 // the block's place in list
	sizeAt  = -1 // the set's size, complemented while the item is covered
	hdrLen  = 5
)

// saved is a block's size at a restore point.
type saved struct {
	x, size int32
}

// level is what the search remembers about one level of the tree.
type level struct {
	best   int32 // the block of the item branched on
	r      int32 // place in mem of the option being tried (multiplicities: the option)
	end    int32 // end of best's set (best is covered, so its set stays put)
	mark   int32 // length of saves at the level's restore point, or -1 for a forced move
	nAct   int32 // number of active primary items at the restore point
	nSec   int32 // number of active secondary items at the restore point
	branch int32 // with multiplicities: the branch taken (see mcc.go)
}

// Engine is a problem compiled into sparse sets, with the scratch state of
// its search. It is not safe for concurrent use (each worker has its own
// Clone).
type Engine struct {
	p        *core.Problem
	nPrimary int32
	mem      []int32
	mem0     []int32 // mem as compiled, for ResetWeights, with list0, nAct0 and nSec0
	list0    []int32
	nAct0    int32
	nSec0    int32
	secBase  int32   // blocks below secBase are primary items'
	base     []int32 // item → the base of its block
	uses     []int32 // Reset's count of each item's uses
	colors   []int32 // colors[q] is node q's color: 0 none, > 0 a color; nil when there are none
	first    []int32 // compiled option → its first node
	// list[:nAct] are the blocks of the active primary items and
	// list[nPrimary:nPrimary+nSec] those of the active secondary ones;
	// mem[x+posAt] is block x's place in list.
	list       []int32
	nAct, nSec int32
	saves      []saved // the sizes of active items at each restore point
	bsaves     []int32 // with multiplicities, their bounds, parallel to saves
	weight     []uint32
	// When track is set (more than TrackShortAbove primary items), short
	// has bit i set while primary item i is active with at most one option
	// left, so that the search finds forced moves and dead ends without a
	// scan; its words are saved at each restore point.
	short      []uint64
	shortSaves []uint64
	shortAt    []int32 // the saves' length at each restore point with words in shortSaves
	track      bool
	// With multiplicities (mcc), blocks hold bounds and slacks.
	mcc bool
	// packedM: fewer than 2^13 primary items, every set shorter than 2^20
	// and every slack below 2^10, so that chooseM's sort key fits 64 bits.
	packedM bool

	lv    []level
	sol   []int
	prof  []int64
	path  []core.Step
	depth int   // the current level, for Branches during a poll
	dead  int32 // the block of the first item found with too few options, or -1
}

var _ core.Engine = (*Engine)(nil)

// Reset compiles p into e, reusing e's memory.
func (e *Engine) Reset(p *core.Problem) {
	e.p = p
	e.nPrimary = int32(p.NPrimary)
	n := p.NItems
	nOptions := p.NumOptions()
	nNodes := 1 + len(p.Items) + nOptions
	// Blocks start after the nodes; sizes count uses first.
	e.base = resize(e.base, n)
	e.uses = resize(e.uses, n)
	uses := e.uses
	clear(uses)
	for _, it := range p.Items {
		uses[it]++
	}
	x := int32(2 * nNodes)
	for i := range n {
		x += hdrLen
		e.base[i] = x
		x += uses[i]
		if i == p.NPrimary-1 {
			e.secBase = x + 1 // past every primary block, below every secondary base
		}
	}
	if p.NPrimary == n {
		e.secBase = x + 1
	}
	e.mem = resize(e.mem, int(x))
	clear(e.mem)
	mem := e.mem
	e.list = resize(e.list, n)
	for i := range n {
		b := e.base[i]
		mem[b+itemAt], mem[b+posAt] = int32(i), int32(i)
		e.list[i] = b
	}
	e.colors = e.colors[:0]
	if p.Colors == nil {
		e.colors = nil
	}
	e.first = resize(e.first, nOptions)
	q := int32(0)
	mem[0] = 0 // node 0: a spacer
	if e.colors != nil || p.Colors != nil {
		e.colors = append(e.colors, 0)
	}
	for k := range nOptions {
		items, colors := p.Option(k)
		e.first[k] = q + 1
		for j, it := range items {
			q++
			b := e.base[it]
			loc := b + mem[b+sizeAt]
			mem[b+sizeAt]++
			mem[loc] = q
			mem[2*q], mem[2*q+1] = b, loc
			if p.Colors != nil {
				e.colors = append(e.colors, colors[j])
			}
		}
		q++
		mem[2*q], mem[2*q+1] = -int32(len(items)), int32(k)
		if p.Colors != nil {
			e.colors = append(e.colors, 0)
		}
	}
	e.nAct, e.nSec = e.nPrimary, int32(n)-e.nPrimary
	e.saves = e.saves[:0]
	e.bsaves = e.bsaves[:0]
	e.weight = resize(e.weight, p.NPrimary)
	e.mcc = p.Multiplicities()
	e.packedM = p.NPrimary < 1<<13
	for i := range p.NPrimary {
		lo, hi := p.Bounds(i)
		b := e.base[i]
		mem[b+boundAt], mem[b+slackAt] = hi, hi-lo
		if hi-lo >= 1<<10 || mem[b+sizeAt] >= 1<<20 {
			e.packedM = false
		}
	}
	e.track = p.NPrimary > TrackShortAbove
	e.short = resize(e.short, p.NPrimary>>6+1)
	clear(e.short)
	for i := range e.nPrimary {
		if mem[e.base[i]+sizeAt] <= 1 {
			e.short[i>>6] |= 1 << (i & 63)
		}
	}
	e.shortSaves = e.shortSaves[:0]
	e.shortAt = e.shortAt[:0]
	if e.mcc { // an item with no option that may stay uncovered is content from the start
		for i := range e.nPrimary {
			if b := e.base[i]; mem[b+sizeAt] == 0 && mem[b+boundAt] <= mem[b+slackAt] {
				e.deactivate(b)
			}
		}
	}
	e.mem0 = append(e.mem0[:0], e.mem...)
	e.list0 = append(e.list0[:0], e.list...)
	e.nAct0, e.nSec0 = e.nAct, e.nSec
	depth := e.MaxDepth() + 2
	e.lv = resize(e.lv, depth)
	e.prof = resize(e.prof, depth+1)
	e.sol = e.sol[:0]
}

// MaxDepth returns the most levels a path can have: each level covers a
// primary item for good, or, with multiplicities, takes or removes an
// option.
func (e *Engine) MaxDepth() int {
	if e.mcc {
		return e.p.NumOptions() + 1
	}
	return e.p.NPrimary
}

func resize[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n)
	}
	return x[:n]
}

// Clone returns an independent engine for the same problem.
// What a search writes lives in memory of the clone's own (core.Private),
// so that clones searching at once do not share cache lines.
func (e *Engine) Clone() core.Engine {
	c := *e
	c.mem = core.Private(e.mem, 0)
	c.mem0 = slices.Clone(e.mem0)
	c.list0 = slices.Clone(e.list0)
	c.list = core.Private(e.list, 0)
	c.saves = nil
	c.bsaves = nil
	c.weight = core.Private[uint32](nil, len(e.weight))
	c.short = core.Private(e.short, 0)
	c.shortSaves = nil
	c.shortAt = nil
	c.lv = core.Private[level](nil, len(e.lv))
	c.sol = nil
	c.prof = core.Private[int64](nil, len(e.prof))
	return core.PrivateValue(c)
}

// ResetWeights forgets what the Weighted rule has learned, and puts every
// set back in its first order: the order in which a search tries options
// is then the same in every search from the start, and so are the weights
// it learns (the Weighted rule's trees depend on that order). It is called
// between searches, when every item is active again.
func (e *Engine) ResetWeights() {
	clear(e.weight)
	copy(e.mem, e.mem0)
	copy(e.list, e.list0)
	e.nAct, e.nSec = e.nAct0, e.nSec0
}

// item returns the index of the item whose block is x.
func (e *Engine) item(x int32) int32 { return e.mem[x+itemAt] }

// option returns the compiled option of node q.
func (e *Engine) option(q int32) int32 {
	for e.mem[2*q] >= 0 {
		q++
	}
	return e.mem[2*q+1]
}
