package bits

import (
	"cmp"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// CostEngine is the search for the cheapest solutions on bit rows: the
// model of Knuth's DLX5 (taxes, options tried cheapest first, the K-th
// best as a cut-off; see core.Taxes and core.Bound) with the lists of the
// enumerating Engine. It is a core.CostEngine, not a core.Engine: it
// answers one question, the K cheapest, and is not safe for concurrent
// use (each worker has its own, Clone).
//
// # Lists in order of cost
//
// Net costs belong to options, not to an option's use of an item, so one
// order serves every item: the root's list holds the options by
// increasing net cost (ties in the caller's order), and since a child's
// list keeps its parent's order (filter) and a node's branches keep its
// list's (split), every list and every item's branches stay sorted. Two
// things follow. A node's branches are tried cheapest first, and the
// first that would bring the cost to the cut-off ends the node, as in
// DLX5. And a child's list is made only from the prefix of its parent's
// that is cheaper than the room left (the cut-off less the cost so far,
// a binary search away): a dearer option can be in no solution below,
// since costs only add up and the cut-off only falls. So the filter
// never even reads the options DLX5 skips one by one, and the counts by
// which filter chooses the item are DLX5's counts of options cheap
// enough; an item without one is a dead end, found as the enumerating
// engine finds one.
//
// # No bound
//
// The sparse-set CostEngine also cuts a node when the least costs of its
// open items, summed, say it cannot beat the cut-off. Here that sum costs
// a walk down the node's list, and it does not pay: on packings the bound
// (even summed per class of items that share no option, a stronger form)
// cuts almost no node, since the filter's counts already keep only the
// options cheap enough, so the walk is all cost; only problems of few
// options a node, such as queens, cut noticeably fewer nodes, and those
// searches are short.
type CostEngine struct {
	e        Engine
	net      []int64 // per option, its net cost (core.Taxes)
	totalTax int64
	cost     []int64 // per level, the net cost of the options taken above it
	sol      []int
	pos      []core.Step // where the last search stopped
}

// NewCostEngine compiles p with its costs, or says why the engine does
// not take it (Supports).
func NewCostEngine(p *core.Problem) (*CostEngine, error) {
	if err := Supports(p); err != nil {
		return nil, err
	}
	if p.Multiplicities() { // the cost search is DLX5's, for exact covers
		return nil, ErrMultiplicities
	}
	c := &CostEngine{}
	c.e.Reset(p)
	c.net, _, c.totalTax = core.Taxes(p)
	n := p.NumOptions()
	slices.SortStableFunc(c.e.stack[:n], func(a, b int32) int { return cmp.Compare(c.net[a], c.net[b]) })
	if c.e.words > narrowWords {
		c.e.wide.order(c.e.rows, c.e.kills, c.e.stack[:n])
	}
	if c.e.one {
		c.e.rootRows()
	}
	c.cost = make([]int64, len(c.e.lv))
	c.sol = make([]int, 0, p.NPrimary)
	return c, nil
}

var _ core.CostEngine = (*CostEngine)(nil)

// Clone returns an independent engine for the same problem
// (core.CostEngine).
func (c *CostEngine) Clone() core.CostEngine {
	d, _ := NewCostEngine(c.e.p) // c exists: the engine takes the problem
	return d
}

// TotalTax returns the sum of the taxes, which net costs leave out.
func (c *CostEngine) TotalTax() int64 { return c.totalTax }

// cheaper returns the place in stack[lo:hi], a list sorted by net cost,
// of its first option whose net cost is room or more (hi when none is).
func (c *CostEngine) cheaper(lo, hi int32, room int64) int32 {
	if hi == lo || c.net[c.e.stack[hi-1]] < room {
		return hi
	}
	for lo < hi {
		m := int32(uint32(lo+hi) >> 1)
		if c.net[c.e.stack[m]] < room {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
