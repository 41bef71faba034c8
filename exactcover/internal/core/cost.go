package core

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
)

// Minimum-cost search (Knuth's DLX5). Options have costs ≥ 0, in
// Problem.Costs; a search looks for the K cheapest solutions, and prunes
// every branch that cannot beat the K-th cheapest found so far.

// NoCost is the cut-off before K solutions are known: no solution costs
// as much (costs are bounded so that sums stay far below it).
const NoCost = math.MaxInt64

// CostRun is what a driver gives a minimum-cost search.
type CostRun struct {
	// Best is K, the number of cheapest solutions wanted (at least 1).
	Best int
	// Visit receives each solution found that is cheaper than the K-th
	// cheapest found before it (DLX5 finds no other: the cut-off prunes
	// them), as the caller's option indices in the order chosen, in a
	// buffer valid until it returns, with its cost; returning false stops
	// the search (Stopped).
	Visit func(solution []int, cost int64) bool
	// MaxNodes, when positive, stops the search after that many nodes.
	MaxNodes int64
	// Poll, when set, is called every PollEvery nodes (PollInterval when
	// zero) with the counters so far; returning false stops the search
	// (Interrupted).
	Poll      func(c *Counters) bool
	PollEvery int64
	// Trace, when set, is told every step of the search, for teaching.
	Trace func(CostStep)
	// Bound, when set, is the cut-off shared with other workers; nil: the
	// search keeps its own.
	Bound *Bound
	// Start, when not empty, makes the search one unit of a divided
	// search (a resumed one, or one with several workers): the subtree of the root option Start[0] from the position
	// Start (its steps, an item and the caller's option each, taken at
	// levels 0…len(Start)-1; the node below them entered and counted when
	// Entered is set, else Start's last step not yet tried) to the end of
	// that subtree in depth-first order: at each level, the options after
	// the one Start takes there, in the order the engine tries them
	// (ListOrder). A step whose option the cut-off now prunes prunes the
	// options after it too: the search goes on at the level above. The
	// caller checks that the steps make a partial solution (see
	// CheckCostPath).
	Start   []Step
	Entered bool
}

// CostEngine is a compiled problem with costs and the state of a search
// for its cheapest solutions (Knuth's DLX5 and its kin): the engines'
// side of the cost driver (package drive's Cheapest), as Engine is of
// the counting drivers. It is not safe for concurrent use: every worker
// has its own, made by Clone.
//
// Its units are its own: a unit is the subtree of one option of the root
// item, from a position in it (CostRun.Start), not a core.Unit, because
// the cut-off changes what a search visits while it runs: a position is a
// path, the same partial solution to every engine, and what is left
// after it is what a depth-first search in the order of ListOrder has
// still to do.
type CostEngine interface {
	// Search looks for the run.Best cheapest solutions in the whole tree,
	// or in the unit run.Start names, adding what it counts to *c, and
	// returns how it ended: Complete, Stopped (Visit said stop), NodeLimit
	// or Interrupted (Poll said stop). However it ends, the engine is
	// ready for another search.
	Search(run *CostRun, c *Counters) Status
	// Position returns where the last search stopped, when it ended by
	// its node limit or its poll: the steps (item, caller's option) taken
	// above the node it had just entered and counted, which a resumed
	// search takes again (CostRun.Start with Entered); empty when it
	// stopped at the root. Valid until the next search.
	Position() []Step
	// RootItem returns the item the root branches on before the cut-off
	// is known, or -1 when the problem has no primary item: the item of
	// every unit of a divided search.
	RootItem() int
	// ListOrder returns the options of item (the caller's indices) in the
	// order the search tries them: by net cost, ties in input order.
	ListOrder(item int) []int
	// TotalTax returns the sum of DLX5's taxes (see Taxes), which the net
	// cost of every solution leaves out.
	TotalTax() int64
	// Clone returns an independent engine for the same problem.
	Clone() CostEngine
}

// PollEveryOr returns how many nodes a search polls after:
// r.PollEvery, or PollInterval when it is zero.
func (r *CostRun) PollEveryOr() int64 {
	if r.PollEvery > 0 {
		return r.PollEvery
	}
	return PollInterval
}

// Bound is the cut-off of one search, which its workers share: the K
// smallest net costs any of them found. A solution counts only if it
// still beats the cut-off when offered.
type Bound struct {
	mu   sync.Mutex
	best Best
	cut  atomic.Int64
}

// NewBound returns the bound of a search for the k cheapest solutions.
func NewBound(k int) *Bound {
	// The costs have room for K (up to a few thousand): a search then
	// allocates nothing as it finds them.
	b := &Bound{best: Best{K: k, Costs: make([]int64, 0, min(k, 1<<12))}}
	b.cut.Store(NoCost)
	return b
}

// Cutoff returns the net cost a solution must beat.
func (b *Bound) Cutoff() int64 { return b.cut.Load() }

// Offer records a solution of net cost cost if it beats the cut-off, and
// reports whether it did.
func (b *Bound) Offer(cost int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if cost >= b.best.Cutoff() {
		return false
	}
	b.best.Add(cost)
	b.cut.Store(b.best.Cutoff())
	return true
}

// Costs returns the best costs, in increasing order (a copy): the net
// costs the bound holds, each plus tax, the total of the taxes the search
// took off.
func (b *Bound) Costs(tax int64) []int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	costs := append([]int64(nil), b.best.Costs...)
	for i := range costs {
		costs[i] += tax
	}
	return costs
}

// CostStepKind says what a CostStep tells.
type CostStepKind int

// The steps of a minimum-cost search.
const (
	// CostTax: primary item Item is taxed Net (before the search).
	CostTax CostStepKind = iota
	// CostBranch: the node at Level branches on Item, which has Choices
	// options cheap enough, the cheapest of net cost Net.
	CostBranch
	// CostDeadEnd: Item has no option cheap enough (Net is its cheapest
	// option's net cost, NoCost when it has none left).
	CostDeadEnd
	// CostTry: Level takes Option, which brings the net cost to Net.
	CostTry
	// CostCut: Option, and every option after it in the item's list (sorted
	// by cost), would bring the net cost to Net or more, not below Cutoff.
	CostCut
	// CostSolution: the options taken make a solution of net cost Net; Cutoff
	// is the cut-off from now on.
	CostSolution
)

// CostStep is one step of a minimum-cost search, for Trace. Net costs
// leave out the taxes, whose total is the sum of the CostTax steps.
type CostStep struct {
	Kind        CostStepKind
	Level       int
	Item        int   // item index, primary first
	Option      int   // the caller's option index
	Choices     int   // CostBranch
	Net, Cutoff int64 // see the kinds
}

// Best keeps the K smallest costs seen, in increasing order; its cut-off
// is the K-th, or NoCost while fewer than K are known. A solution must
// cost strictly less than the cut-off to be kept: of solutions of equal
// cost, the first found wins, as in DLX5.
type Best struct {
	K     int
	Costs []int64
}

// Cutoff returns the cost a new solution must beat.
func (b *Best) Cutoff() int64 {
	if len(b.Costs) < b.K {
		return NoCost
	}
	return b.Costs[b.K-1]
}

// Add records cost, which must be below Cutoff, dropping the K+1-th.
func (b *Best) Add(cost int64) {
	i := len(b.Costs)
	if i == b.K {
		i--
	} else {
		b.Costs = append(b.Costs, 0)
	}
	for ; i > 0 && b.Costs[i-1] > cost; i-- {
		b.Costs[i] = b.Costs[i-1]
	}
	b.Costs[i] = cost
}

// CheckCostPath reports whether path is a partial solution of p that a
// minimum-cost search could stand at: each step's option exists and
// contains its step's primary item, no primary item is covered twice, and
// the colors of the secondary items agree.
func CheckCostPath(p *Problem, path []Step) error {
	covered := make(map[int32]bool)
	color := make(map[int32]int32)
	for i, st := range path {
		if st.Exclude || st.Option < 0 || int(st.Option) >= len(p.Index) || p.Index[st.Option] < 0 || st.Item < 0 || int(st.Item) >= p.NPrimary {
			return fmt.Errorf("step %d: no option %d with primary item %d", i+1, st.Option, st.Item)
		}
		items, colors := p.Option(int(p.Index[st.Option]))
		has := false
		for j, it := range items {
			has = has || it == st.Item
			if int(it) < p.NPrimary {
				if covered[it] {
					return fmt.Errorf("step %d: option %d covers item %d again", i+1, st.Option, it)
				}
				covered[it] = true
				continue
			}
			c := int32(0)
			if colors != nil {
				c = colors[j]
			}
			if old, ok := color[it]; ok && (old == 0 || c == 0 || old != c) {
				return fmt.Errorf("step %d: option %d clashes on secondary item %d", i+1, st.Option, it)
			}
			color[it] = c
		}
		if !has {
			return fmt.Errorf("step %d: option %d does not contain item %d", i+1, st.Option, st.Item)
		}
	}
	return nil
}

// Taxes returns DLX5's net costs of p's options and the taxes of its
// primary items: each primary item in turn is taxed the least net cost of
// its options (0 when it has none), which is subtracted from each of
// them. Net costs stay ≥ 0 (each tax is a least net cost, taken after the
// taxes before it), every solution's cost drops by the same total, and
// the cheapest options of every item cost nothing.
func Taxes(p *Problem) (net, tax []int64, total int64) {
	net = make([]int64, p.NumOptions())
	if p.Costs != nil {
		copy(net, p.Costs)
	}
	start, opts, _ := p.ItemOptions()
	tax = make([]int64, p.NPrimary)
	for i := range p.NPrimary {
		list := opts[start[i]:start[i+1]]
		if len(list) == 0 {
			continue // no solution: a search ends at its first node
		}
		t := int64(NoCost)
		for _, k := range list {
			t = min(t, net[k])
		}
		for _, k := range list {
			net[k] -= t
		}
		tax[i], total = t, total+t
	}
	return net, tax, total
}
