package memo

import (
	"math"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// The order of the primary items decides the frontier: an item is in the
// key from its first option to its last, so the options of an item should
// be decided close together. The declared order is often good (a board
// declared row by row gives a frontier of one row), but not always (a
// 4×40 board declared by rows of 40 has a frontier forty cells wide
// against four by columns). So the plan tries the declared order and two
// bandwidth-reducing ones, Cuthill–McKee and its reverse (Cuthill and
// McKee, 1969; George, 1971), and keeps the one whose bound on the states
// (see plan.bound) is least. Each try costs time linear in the problem's
// size.

// maxOrderBits caps the key bits counted in a bound: 2^1000 is far beyond
// any feasible count and still a float64.
const maxOrderBits = 1000

// bound returns an upper bound on the states the count can make: at each
// level, at most 2^bits states, and at most twice as many as the level
// before (every state has two branches).
func (pl *plan) bound() float64 {
	total, width := 0.0, 1.0
	for _, b := range pl.bits[:len(pl.order)] {
		width = math.Min(2*width, math.Exp2(float64(min(b, maxOrderBits))))
		total += width
	}
	return total
}

// bestPlan returns the plan, among those of the candidate orders, with the
// least bound.
func bestPlan(p *core.Problem) *plan {
	best := newPlan(p, nil)
	if p.NPrimary < 3 {
		return best.finish()
	}
	cm := cuthillMcKee(p)
	rcm := slices.Clone(cm)
	slices.Reverse(rcm)
	for _, order := range [][]int32{cm, rcm} {
		if pl := newPlan(p, rank(order)); pl.bound() < best.bound() {
			best = pl
		}
	}
	return best.finish()
}

// rank returns the position of each item in order.
func rank(order []int32) []int32 {
	r := make([]int32, len(order))
	for i, it := range order {
		r[it] = int32(i)
	}
	return r
}

// cuthillMcKee orders the primary items by breadth-first search in the
// graph where two items are adjacent when an option contains both,
// starting from a pseudo-peripheral item and taking the new neighbours of
// each item by increasing degree (here the number of options, which is
// cheaper than the degree and ranks items alike). Each component starts
// afresh. An option's items are enqueued when the option is first met, so
// the search takes time linear in the problem's size.
func cuthillMcKee(p *core.Problem) []int32 {
	n := p.NPrimary
	// The options of each primary item (the first of every item's).
	start, opts, _ := p.ItemOptions()
	start = start[:n+1]
	degree := func(it int32) int32 { return start[it+1] - start[it] }

	// stamp and optStamp hold the number of the search that last met an
	// item or an option, so that the searches need no clearing.
	stamp := make([]int32, n)
	optStamp := make([]int32, p.NumOptions())
	gen := int32(0)
	var order, fresh []int32
	// bfs appends to out the component of root, breadth first, and returns
	// the first item of its last level.
	bfs := func(root int32, out []int32) ([]int32, int32) {
		gen++
		begin := len(out)
		out = append(out, root)
		stamp[root] = gen
		levelEnd, last := begin+1, root
		for head := begin; head < len(out); head++ {
			if head == levelEnd {
				levelEnd, last = len(out), out[head]
			}
			u := out[head]
			fresh = fresh[:0]
			for _, k := range opts[start[u]:start[u+1]] {
				if optStamp[k] == gen {
					continue
				}
				optStamp[k] = gen
				items, _ := p.Option(int(k))
				for _, it := range items {
					if int(it) < n && stamp[it] != gen {
						stamp[it] = gen
						fresh = append(fresh, it)
					}
				}
			}
			slices.SortStableFunc(fresh, func(a, b int32) int { return int(degree(a) - degree(b)) })
			out = append(out, fresh...)
		}
		return out, last
	}
	placed := make([]bool, n)
	var comp []int32
	for root := int32(0); int(root) < n; root++ {
		if placed[root] {
			continue
		}
		// A pseudo-peripheral start: the far end of a breadth-first
		// search from the far end of one from root (George and Liu, 1979).
		r := root
		for range 2 {
			comp, r = bfs(r, comp[:0])
		}
		order, _ = bfs(r, order)
		for _, it := range order[len(order)-len(comp):] {
			placed[it] = true
		}
	}
	return order
}
