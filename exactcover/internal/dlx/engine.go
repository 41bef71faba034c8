package dlx

import (
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// node is one cell of the dancing-links structure. Nodes 1…N are the item
// headers: for them top holds the item's current list length (Knuth's LEN)
// and color the color it was last purified with. Every option is a run of
// consecutive nodes followed by a spacer node whose top is ≤ 0: its up
// link points to the first node of the option before it and its down link
// to the last node of the option after it, so a walk around an option never
// needs an explicit "next" link.
type node struct {
	up, down int32
	top      int32 // item of a node; length of a header; -(k+1) in the spacer after option k
	color    int32 // >0 a color, 0 none, -1 known compatible (DLX2's cleansing)
}

// Engine is a problem compiled into dancing links, with the scratch state
// of its search. The search changes the links and restores them before it
// returns, so an Engine can search any number of times; it is not safe for
// concurrent use (each worker has its own Clone).
type Engine struct {
	p        *core.Problem
	nPrimary int32 // items 1…nPrimary are primary
	nItems   int32 // items nPrimary+1…nItems are secondary
	nodes    []node
	// active has bit i set while primary item i is uncovered (Knuth keeps
	// a doubly linked list of them; a bit set gives the same order, and
	// scanning it for the item with the fewest options makes independent
	// loads instead of chasing links, which halves the scan's cost).
	// nActive counts its bits.
	active  []uint64
	nActive int32
	// When track is set (more than TrackShortAbove primary items), short
	// has bit i set while item i's list has at most one option; unlink and
	// relink keep it so, and choose finds a forced move or a dead end by
	// looking at short&active instead of scanning every item. (A covered
	// item's list does not change, so its bit may be stale; active hides
	// it, and hides the secondary items' bits too.)
	short []uint64
	track bool
	// weight counts, for the Weighted rule, how often each item's list was
	// found empty during the current search.
	weight    []uint32
	firstNode []int32 // compiled option → its first node

	// Multiplicities (Algorithm M), used only when mcc is set: bound[i] is
	// how many more options may cover primary item i, slack[i] = hi−lo.
	mcc          bool
	bound, slack []int32
	nBounded     int32 // items 1…nBounded count their bounds: nPrimary when mcc, else 0
	// packedM: every list is shorter than 2^20 and every slack below 2^10,
	// so that chooseM's sort key fits 64 bits.
	packedM bool

	// search scratch
	choice     []int32 // the node chosen at each level (a header for a null branch)
	firstTweak []int32 // Algorithm M: the top of the level's list when it began, or 0
	sol        []int
	prof       []int64     // nodes per level in the current search
	path       []core.Step // the path the current search was given
	level      int         // the current level, for Branches during a poll
	rest       core.RestAt // where a search of a rest unit stands (rest.go)
	replays    int64       // the paths replayed (units entered), for tests
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
	nPrimary, nItems := p.NPrimary, p.NItems
	e.nPrimary, e.nItems = int32(nPrimary), int32(nItems)
	e.nodes = slices.Grow(e.nodes[:0], nItems+2+len(p.Items)+p.NumOptions())[:nItems+1]
	for i := range int32(nItems + 1) {
		e.nodes[i] = node{up: i, down: i}
	}
	e.nodes = append(e.nodes, node{}) // the first spacer
	e.firstNode = resize(e.firstNode, p.NumOptions())
	for k := range p.NumOptions() {
		items, colors := p.Option(k)
		e.appendOption(k, items, colors)
	}
	e.active = resize(e.active, nPrimary>>6+1)
	clear(e.active)
	for i := 1; i <= nPrimary; i++ {
		e.active[i>>6] |= 1 << (i & 63)
	}
	e.nActive = int32(nPrimary)
	e.weight = resize(e.weight, nPrimary+1)
	e.mcc = p.Multiplicities()
	e.nBounded = 0
	if e.mcc {
		e.nBounded = e.nPrimary
	}
	e.track = nPrimary > TrackShortAbove && !e.mcc // Algorithm M chooses by another measure
	e.short = resize(e.short, nItems>>6+1)
	clear(e.short)
	for i := int32(1); i <= e.nItems; i++ {
		if e.nodes[i].top <= 1 {
			e.short[i>>6] |= 1 << (i & 63)
		}
	}
	e.bound = resize(e.bound, nPrimary+1)
	e.slack = resize(e.slack, nPrimary+1)
	e.packedM = true
	for i := range nPrimary {
		lo, hi := p.Bounds(i)
		e.bound[i+1], e.slack[i+1] = hi, hi-lo
		if hi-lo >= 1<<10 || e.nodes[i+1].top >= 1<<20 {
			e.packedM = false
		}
	}
	depth := e.MaxDepth() + 2
	e.choice = resize(e.choice, depth)
	e.firstTweak = resize(e.firstTweak, depth)
	e.prof = resize(e.prof, depth+1)
	e.sol = e.sol[:0]
}

// MaxDepth returns the most levels a path can have: every level covers a
// primary item for good, or, with multiplicities, takes an option or
// deactivates an item.
func (e *Engine) MaxDepth() int {
	if e.p.Multiplicities() {
		return e.p.NumOptions() + e.p.NPrimary
	}
	return e.p.NPrimary
}

func resize[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n)
	}
	return x[:n]
}

// appendOption adds option k at the end of the node array, followed by its
// spacer.
func (e *Engine) appendOption(k int, items, colors []int32) {
	nd := e.nodes
	spacer := int32(len(nd) - 1)
	first := spacer + 1
	e.firstNode[k] = first
	for j, it := range items {
		item := it + 1
		p := int32(len(nd))
		c := int32(0)
		if colors != nil {
			c = colors[j]
		}
		up := nd[item].up // append p at the bottom of item's list
		nd = append(nd, node{up: up, down: item, top: item, color: c})
		nd[up].down = p
		nd[item].up = p
		nd[item].top++
	}
	nd[spacer].down = int32(len(nd) - 1)
	nd = append(nd, node{up: first, top: -int32(k + 1)})
	e.nodes = nd
}

// Clone returns an independent engine for the same problem.
// What a search writes lives in memory of the clone's own (core.Private),
// so that clones searching at once do not share cache lines.
func (e *Engine) Clone() core.Engine {
	c := *e
	c.nodes = core.Private(e.nodes, 0)
	c.active = core.Private(e.active, 0)
	c.short = core.Private(e.short, 0)
	c.weight = core.Private[uint32](nil, len(e.weight))
	c.bound = core.Private(e.bound, 0)
	c.choice = core.Private[int32](nil, len(e.choice))
	c.firstTweak = core.Private[int32](nil, len(e.firstTweak))
	c.prof = core.Private[int64](nil, len(e.prof))
	c.sol = nil
	return core.PrivateValue(c)
}

// option returns the compiled option that node p belongs to.
func (e *Engine) option(p int32) int32 {
	for e.nodes[p].top > 0 {
		p++
	}
	return -e.nodes[p].top - 1
}

// solution returns the caller's indices of the options chosen at levels
// 0…depth-1 (null branches skipped), in a buffer reused from one solution
// to the next.
func (e *Engine) solution(depth int) []int {
	e.sol = e.sol[:0]
	for _, p := range e.choice[:depth] {
		if p > e.nItems {
			e.sol = append(e.sol, int(e.p.Caller[e.option(p)]))
		}
	}
	return e.sol
}
