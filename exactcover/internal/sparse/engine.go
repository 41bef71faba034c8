package sparse

import (
	"slices"

	"xcover/exactcover/internal/core"
)

// node is one use of an item by an option. The nodes of an option are
// consecutive and followed by a spacer whose item is minus the option's
// length (so that a walk around the option jumps back to its first node)
// and whose loc is the option's compiled index.
type node struct {
	item int32 // the item; in a spacer, -(length of the option before)
	loc  int32 // the node's place in set; in a spacer, the option
}

// header is an item's sparse set: set[start:start+size] are the nodes of
// its active options. size is complemented (negative) while the item is
// covered.
type header struct {
	start, size int32
}

// saved is an item's size at a restore point.
type saved struct {
	item, size int32
}

// level is what the search remembers about one level of the tree.
type level struct {
	best  int32 // the item branched on
	r     int32 // place in set of the option being tried
	end   int32 // end of best's set (best is covered, so its set stays put)
	mark  int32 // length of saves at the level's restore point, or -1 for a forced move
	nAct  int32 // number of active primary items at the restore point
	nSec  int32 // number of active secondary items at the restore point
	bound int32 // with multiplicities: the branch taken (see mcc.go)
}

// Engine is a problem compiled into sparse sets, with the scratch state of
// its search. It is not safe for concurrent use (each worker has its own
// Clone).
type Engine struct {
	p        *core.Problem
	nPrimary int32
	nodes    []node
	colors   []int32 // colors[q] is node q's color: 0 none, > 0 a color; nil when there are none
	hdr      []header
	set      []int32
	set0     []int32 // set as compiled, for ResetWeights
	first    []int32 // compiled option → its first node
	// list[:nAct] are the active primary items and
	// list[nPrimary:nPrimary+nSec] the active secondary ones; pos[i] is
	// item i's place in list.
	list, pos  []int32
	nAct, nSec int32
	saves      []saved // the sizes of active items at each restore point
	weight     []uint32
	// When track is set (more than TrackShortAbove primary items), short
	// has bit i set while primary item i is active with at most one option
	// left, so that choose finds forced moves and dead ends without a
	// scan; its words are saved at each restore point.
	short      []uint64
	shortSaves []uint64
	shortAt    []int32 // the saves' length at each restore point with words in shortSaves
	track      bool
	// With multiplicities (mcc): bound[i] is how many more options may
	// cover primary item i, slack[i] = hi−lo.
	mcc          bool
	bound, slack []int32
	// packedM: fewer than 2^13 primary items, every set shorter than 2^20
	// and every slack below 2^10, so that chooseM's sort key fits 64 bits.
	packedM bool
	bsaves  []int32 // bounds saved, parallel to saves

	lv    []level
	sol   []int
	prof  []int64
	path  []core.Step
	depth int     // the current level, for Branches during a poll
	dead  int32   // the first item found with too few options, or -1
	todo  []int32 // the nodes of the option being taken whose items take covers
}

var _ core.Engine = (*Engine)(nil)

// New compiles p.
func New(p *core.Problem) *Engine {
	e := new(Engine)
	e.Reset(p)
	return e
}

// Reset compiles p into e, reusing e's memory.
func (e *Engine) Reset(p *core.Problem) {
	e.p = p
	e.nPrimary = int32(p.NPrimary)
	n := p.NItems
	e.hdr = resize(e.hdr, n)
	clear(e.hdr)
	for _, it := range p.Items {
		e.hdr[it].size++
	}
	start := int32(0)
	for i := range e.hdr {
		e.hdr[i].start = start
		start += e.hdr[i].size
		e.hdr[i].size = 0
	}
	e.set = resize(e.set, int(start))
	e.nodes = append(e.nodes[:0], node{})
	e.colors = e.colors[:0]
	if p.Colors != nil {
		e.colors = append(e.colors, 0)
	} else {
		e.colors = nil
	}
	e.first = resize(e.first, p.NumOptions())
	for k := range p.NumOptions() {
		items, colors := p.Option(k)
		e.first[k] = int32(len(e.nodes))
		for j, it := range items {
			h := &e.hdr[it]
			loc := h.start + h.size
			h.size++
			e.set[loc] = int32(len(e.nodes))
			e.nodes = append(e.nodes, node{item: it, loc: loc})
			if colors != nil {
				e.colors = append(e.colors, colors[j])
			}
		}
		e.nodes = append(e.nodes, node{item: -int32(len(items)), loc: int32(k)})
		if colors != nil {
			e.colors = append(e.colors, 0)
		}
	}
	e.set0 = append(e.set0[:0], e.set...)
	e.list = resize(e.list, n)
	e.pos = resize(e.pos, n)
	for i := range e.list {
		e.list[i], e.pos[i] = int32(i), int32(i)
	}
	e.nAct, e.nSec = e.nPrimary, int32(n)-e.nPrimary
	e.saves = e.saves[:0]
	e.track = p.NPrimary > TrackShortAbove
	e.short = resize(e.short, p.NPrimary>>6+1)
	clear(e.short)
	for i := range e.nPrimary {
		if e.hdr[i].size <= 1 {
			e.short[i>>6] |= 1 << (i & 63)
		}
	}
	e.shortSaves = e.shortSaves[:0]
	e.shortAt = e.shortAt[:0]
	e.weight = resize(e.weight, p.NPrimary)
	e.mcc = p.Multiplicities()
	e.bound = resize(e.bound, p.NPrimary)
	e.slack = resize(e.slack, p.NPrimary)
	e.packedM = p.NPrimary < 1<<13
	for i := range p.NPrimary {
		lo, hi := p.Bounds(i)
		e.bound[i], e.slack[i] = hi, hi-lo
		if hi-lo >= 1<<10 || e.hdr[i].size >= 1<<20 {
			e.packedM = false
		}
	}
	e.bsaves = e.bsaves[:0]
	if e.mcc { // an item with no option that may stay uncovered is content from the start
		for i := range e.nPrimary {
			if e.hdr[i].size == 0 && e.bound[i] <= e.slack[i] {
				e.deactivate(i)
			}
		}
	}
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
func (e *Engine) Clone() core.Engine {
	c := *e
	c.nodes = slices.Clone(e.nodes)
	c.hdr = slices.Clone(e.hdr)
	c.set = slices.Clone(e.set)
	c.set0 = slices.Clone(e.set0)
	c.list = slices.Clone(e.list)
	c.pos = slices.Clone(e.pos)
	c.saves = nil
	c.short = slices.Clone(e.short)
	c.shortSaves = nil
	c.shortAt = nil
	c.weight = make([]uint32, len(e.weight))
	c.bound = slices.Clone(e.bound)
	c.bsaves = nil
	c.lv = make([]level, len(e.lv))
	c.sol = nil
	c.prof = make([]int64, len(e.prof))
	c.todo = nil
	return &c
}

// ResetWeights forgets what the Weighted rule has learned, and puts every
// set back in its first order: the order in which a search tries options
// is then the same in every search from the start, and so are the weights
// it learns (the Weighted rule's trees depend on that order).
func (e *Engine) ResetWeights() {
	clear(e.weight)
	copy(e.set, e.set0)
	for r, q := range e.set {
		e.nodes[q].loc = int32(r)
	}
}

// option returns the compiled option of node q.
func (e *Engine) option(q int32) int32 {
	for e.nodes[q].item >= 0 {
		q++
	}
	return e.nodes[q].loc
}
