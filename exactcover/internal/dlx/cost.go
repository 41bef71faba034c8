package dlx

import (
	"cmp"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// CostEngine is Knuth's DLX5 (the minimum-cost form of DLX2, colors
// included), step for step: its solutions, their order, and its counts of
// nodes, updates and cleansings are DLX5's on the same input.
//
// Three things set it apart from the engine that enumerates:
//
//   - Taxes. Each primary item, in order, is taxed the least cost of its
//     options, which is taken off every option that contains it. A
//     solution covers each primary item once, so every solution's cost
//     drops by the same total tax, and the cheapest solutions stay the
//     cheapest; but now every item has an option of net cost 0, and an
//     option's net cost says how much it costs beyond the least that must
//     be paid anyway.
//   - Sorted lists. Every item's list is sorted by net cost (stably), so
//     that the options of an item that are cheap enough to be tried come
//     first, and a scan down a list stops at the first that is too dear.
//   - The cut-off. Once K solutions are known, a branch whose cost so far
//     plus the net cost of the next option reaches the K-th best cannot
//     give a better one, and is not entered. Covering an item hides only
//     the options cheap enough to matter; and the item to branch on is
//     the one with the fewest options cheap enough, ties going to the one
//     whose cheapest option is dearest (that cost must be paid anyway),
//     then to the first.
//
// It is a core.CostEngine, not a core.Engine: it answers one question (the
// K cheapest), each worker with its own (Clone), on units of its own kind
// (core.CostRun.Start).
type CostEngine struct {
	nPrimary, nItems int32
	// n holds the nodes as in DLX5: 0 is the root, 1…nItems the item headers, then
	// each option's nodes followed by a spacer. A header's up and down
	// are its list's ends; a spacer's up is the first node of the option
	// before it, its down the last node of the option after it.
	n    []node  // top is a node's item, a header's length, -1-k in option k's spacer
	cost []int64 // per node, the net cost of its option
	// prev and next link the active primary items, from the root.
	prev, next []int32
	caller     []int32
	totalTax   int64
	tax        []int64 // per primary item header, its tax
	// The search's stack: per level, the node chosen, the cost so far,
	// and the thresholds used to cover (DLX5's coverthresh0 and
	// coverthresh), to uncover alike.
	choice          []int32
	partCost        []int64
	thresh0, thresh []int64
	solution        []int
	dirty           bool // a stopped search left its links changed
	problem         *core.Problem
	lenThresh       int32
	counters        core.Counters
	first           []int32     // per option (compiled), its first node
	pos             []core.Step // where the last search stopped
}

// option returns the option (compiled index) of node x: its spacer, after
// its last node, holds -1 - the option.
func (e *CostEngine) option(x int32) int32 {
	for e.n[x].top > 0 {
		x++
	}
	return -1 - e.n[x].top
}

// lenThresh is DLX5's default for how far down a list the choice of an item
// counts the options cheap enough; beyond it, it takes the list's length.
const lenThresh = 10

// NewCostEngine compiles p, with its costs, as DLX5 reads its input.
func NewCostEngine(p *core.Problem) *CostEngine {
	e := &CostEngine{problem: p, lenThresh: lenThresh}
	e.build()
	return e
}

// build makes the links: options in order, taxes, lists sorted by net
// cost.
func (e *CostEngine) build() {
	p := e.problem
	e.nPrimary, e.nItems = int32(p.NPrimary), int32(p.NItems)
	n := int(e.nItems) + 2 + len(p.Items) + p.NumOptions() // root, headers, spacers, nodes
	e.n, e.cost = make([]node, n), make([]int64, n)
	e.first = make([]int32, p.NumOptions())
	// Net costs, after DLX5's taxes on the primary items, in order.
	net := make([]int64, p.NumOptions())
	if p.Costs != nil {
		copy(net, p.Costs)
	}
	uses := make([][]int32, e.nItems+1) // per item header, its options
	for k := range p.NumOptions() {
		items, _ := p.Option(k)
		for _, it := range items {
			uses[it+1] = append(uses[it+1], int32(k))
		}
	}
	e.totalTax = 0
	e.tax = make([]int64, e.nPrimary+1)
	for c := int32(1); c <= e.nPrimary; c++ {
		if len(uses[c]) == 0 {
			continue // no solution: the search stops at its first node
		}
		tax := int64(core.NoCost)
		for _, k := range uses[c] {
			tax = min(tax, net[k])
		}
		for _, k := range uses[c] {
			net[k] -= tax
		}
		e.totalTax += tax
		e.tax[c] = tax
	}
	// The nodes.
	last := e.nItems + 1 // the first spacer
	e.n[last].top = 0
	for k := range p.NumOptions() {
		items, colors := p.Option(k)
		spacer := last
		e.first[k] = last + 1
		for j, it := range items {
			last++
			e.n[last].top, e.cost[last] = it+1, net[k]
			if colors != nil {
				e.n[last].color = colors[j]
			}
		}
		e.n[spacer].down = last
		last++
		e.n[last].top, e.n[last].up = -int32(k)-1, spacer+1
	}
	// The lists, each sorted stably by net cost.
	nodes := make([][]int32, e.nItems+1)
	for x := e.nItems + 2; x < last; x++ {
		if c := e.n[x].top; c > 0 {
			nodes[c] = append(nodes[c], x)
		}
	}
	for c := int32(1); c <= e.nItems; c++ {
		list := nodes[c]
		slices.SortStableFunc(list, func(a, b int32) int { return cmp.Compare(e.cost[a], e.cost[b]) })
		prev := c
		for _, x := range list {
			e.n[prev].down, e.n[x].up = x, prev
			prev = x
		}
		e.n[prev].down, e.n[c].up = c, prev
		if c <= e.nPrimary {
			e.n[c].top = int32(len(list))
		}
	}
	// The active primary items, from the root.
	e.prev, e.next = make([]int32, e.nPrimary+1), make([]int32, e.nPrimary+1)
	for c := int32(0); c <= e.nPrimary; c++ {
		e.next[c], e.prev[c] = (c+1)%(e.nPrimary+1), (c+e.nPrimary)%(e.nPrimary+1)
	}
	depth := int(e.nPrimary) + 1
	e.choice, e.partCost = make([]int32, depth), make([]int64, depth)
	e.thresh0, e.thresh = make([]int64, depth), make([]int64, depth)
	e.solution = make([]int, 0, depth)
	e.caller = p.Caller
	e.dirty = false
}

var _ core.CostEngine = (*CostEngine)(nil)

// Clone returns an independent engine for the same problem
// (core.CostEngine).
func (e *CostEngine) Clone() core.CostEngine { return NewCostEngine(e.problem) }

// TotalTax returns the sum of the taxes, which the net cost of every
// solution leaves out.
func (e *CostEngine) TotalTax() int64 { return e.totalTax }
