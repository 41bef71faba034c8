package sparse

import (
	"cmp"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// A CostEngine's mem is laid out as Engine's (nodes, then each item's
// block: a header, then its set), with a header of its own:
const (
	costFirstAt = -4 // the place in sorted at or before the item's first active option
	costLenAt   = -5 // the item's number of options, its set's length
	costClassAt = -7 // a primary item's class for the bound (see choose), or -1
)

// costHeader is the length of a CostEngine's block header: costClassAt,
// stampAt, costLenAt, costFirstAt, itemAt, posAt and sizeAt.
const costHeader = 7

// CostEngine is the search for the cheapest solutions on sparse sets: the
// model of Knuth's DLX5 (taxes, item lists by cost, the K-th best as a
// cut-off) with the sets of the enumerating Engine, and a bound DLX5 does
// not have (see the package documentation, Costs). It is a
// core.CostEngine, not a core.Engine: it answers one question, the K
// cheapest. It is not safe for concurrent use: each worker has its own
// (Clone).
type CostEngine struct {
	p        *core.Problem
	nPrimary int32
	secBase  int32 // blocks below secBase are primary items'
	mem      []int32
	// sorted is parallel to mem's sets: sorted[x:x+len] are the nodes of
	// the item of block x by net cost (ties in option order), and
	// sortedCost their net costs. A search never changes them.
	sorted     []int32
	sortedCost []int64
	ncost      []int64 // per node, its option's net cost
	colors     []int32 // per node, its color (0: none); nil when no option has one
	opt        []int32 // per node, its option
	base       []int32 // per item, its block
	// act[:nAct] are the blocks of the active primary items; a block's
	// place in act is at posAt.
	act   []int32
	nAct  int32
	trail []costWord
	stamp int32
	dead  bool // an active primary item has run out of options

	totalTax int64
	pmax     int64 // the most primary items of an option
	// class is per primary item (by block order, from 0) its class for
	// the bound (see choose), or -1; choose reads it in the item's block
	// header (costClassAt).
	class []int8
	tax   []int64 // per primary item, its tax

	lv       []costLevel
	solution []int
	counters core.Counters
	updates  int64
	pos      []core.Step // where the last search stopped
}

// costWord is an entry of the trail: the word of mem at place at, as it was.
type costWord struct{ at, old int32 }

// costLevel is what the search remembers about one level.
type costLevel struct {
	best int32 // the block of the item branched on
	r    int32 // the place in sorted of the option being tried
	end  int32 // the end of best's set, frozen when it was covered
	mark int32 // the trail's length after best was covered
	nAct int32
	cost int64 // the net cost of the options taken above
}

// NewCostEngine compiles p with its costs, taxed as DLX5 taxes them.
func NewCostEngine(p *core.Problem) *CostEngine {
	e := &CostEngine{p: p, nPrimary: int32(p.NPrimary)}
	nOpt, nItems := p.NumOptions(), p.NItems
	nNodes := 1 + len(p.Items) + nOpt
	// Net costs, after the taxes of the primary items, in order.
	net, tax, total := core.Taxes(p)
	e.tax, e.totalTax = tax, total
	start, opts, _ := p.ItemOptions()
	// The blocks, after the nodes.
	e.base = make([]int32, nItems)
	x := int32(2 * nNodes)
	for i := range nItems {
		x += costHeader
		e.base[i] = x
		x += start[i+1] - start[i]
		if i == p.NPrimary-1 {
			e.secBase = x + 1
		}
	}
	if p.NPrimary == 0 {
		e.secBase = 2*int32(nNodes) + 1
	}
	e.mem = make([]int32, x)
	e.sorted, e.sortedCost = make([]int32, x), make([]int64, x)
	e.ncost, e.opt = make([]int64, nNodes), make([]int32, nNodes)
	if p.Colors != nil {
		e.colors = make([]int32, nNodes)
	}
	fill := slices.Clone(e.base)
	q := int32(1) // node 0 is a spacer that begins nothing
	for k := range nOpt {
		items, colors := p.Option(k)
		for j, it := range items {
			e.mem[2*q] = e.base[it]
			e.sorted[fill[it]] = q
			fill[it]++
			e.ncost[q], e.opt[q] = net[k], int32(k)
			if colors != nil {
				e.colors[q] = colors[j]
			}
			q++
		}
		e.mem[2*q], e.mem[2*q+1] = -int32(len(items)), int32(k)
		q++
	}
	for k := range nOpt {
		items, _ := p.Option(k)
		np := int64(0)
		for _, it := range items {
			if int(it) < p.NPrimary {
				np++
			}
		}
		e.pmax = max(e.pmax, np)
	}
	e.pmax = max(e.pmax, 1)
	e.classes(start, opts)
	for i, x := range e.base {
		n := start[i+1] - start[i]
		e.mem[x+itemAt], e.mem[x+costLenAt], e.mem[x+costClassAt] = int32(i), n, -1
		if i < p.NPrimary {
			e.mem[x+costClassAt] = int32(e.class[i])
		}
		seg := e.sorted[x : x+n]
		slices.SortStableFunc(seg, func(a, b int32) int { return cmp.Compare(e.ncost[a], e.ncost[b]) })
		for j, q := range seg {
			e.sortedCost[x+int32(j)] = e.ncost[q]
		}
	}
	e.act = make([]int32, e.nPrimary)
	e.lv = make([]costLevel, e.nPrimary+1)
	e.solution = make([]int, 0, e.nPrimary+1)
	e.trail = make([]costWord, 0, 256)
	e.reset()
	return e
}

// reset puts every option in its items' sets, in order of cost, and
// every primary item in the active list.
func (e *CostEngine) reset() {
	for _, x := range e.base {
		n := e.mem[x+costLenAt]
		copy(e.mem[x:x+n], e.sorted[x:x+n])
		for j := x; j < x+n; j++ {
			e.mem[2*e.mem[j]+1] = j
		}
		e.mem[x+sizeAt], e.mem[x+stampAt], e.mem[x+costFirstAt] = n, 0, x
	}
	for i := range e.nPrimary {
		e.act[i] = e.base[i]
		e.mem[e.base[i]+posAt] = i
	}
	e.nAct = e.nPrimary
	e.trail = e.trail[:0]
	e.stamp = 1
	e.dead = false
}

var _ core.CostEngine = (*CostEngine)(nil)

// Clone returns an independent engine for the same problem
// (core.CostEngine).
func (e *CostEngine) Clone() core.CostEngine { return NewCostEngine(e.p) }

// TotalTax returns the sum of the taxes, which net costs leave out.
func (e *CostEngine) TotalTax() int64 { return e.totalTax }

// maxClasses bounds the number of classes of primary items for the bound
// (see choose): choose adds up a sum per class at each node.
const maxClasses = 32 // a power of two: choose indexes its sums masked

// classes colors the primary items greedily, in order, so that no option
// holds two items of one class: the first class not used by an item that
// shares an option with it. An item that would need more than maxClasses
// gets none (-1).
func (e *CostEngine) classes(start, opts []int32) {
	p := e.p
	e.class = make([]int8, p.NPrimary)
	var used [maxClasses]bool
	for i := range p.NPrimary {
		used = [maxClasses]bool{}
		for _, k := range opts[start[i]:start[i+1]] {
			items, _ := p.Option(int(k))
			for _, it := range items {
				if int(it) < i {
					if c := e.class[it]; c >= 0 {
						used[c] = true
					}
				}
			}
		}
		e.class[i] = -1
		for c := range used {
			if !used[c] {
				e.class[i] = int8(c)
				break
			}
		}
	}
}
