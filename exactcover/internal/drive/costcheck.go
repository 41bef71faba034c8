package drive

import (
	"fmt"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// A position of a search for the cheapest solutions read back from a
// file is checked as a count's is (see check.go): its digest tells a
// damaged file, not a forged one. What the file alone can tell is
// exactcover's to check when it reads one (the solutions kept against K
// and the counts, their order, the shape of the units); what needs the
// problem is checked here, before a search resumes it. A position that
// passes could have been written by a search of the problem:
//
//   - each solution kept is a solution of the problem whose options cost
//     what it says, and lies in the part of the tree already searched,
//     not in a unit (a search keeps only what it has found);
//   - the units start at the item the search branches on at its root,
//     with the cut-off not yet known, one unit per root option at most,
//     in the order the search tries them; every unit is a partial
//     solution, and one entered is not a solution (a search stops at a
//     node it branches from).
//
// What no check can tell is a consistent state of another search: a unit
// removed, a solution removed along with the count that went with it.
// Their totals are wrong as a count's would be; only the digest vouches
// for them, as it does for a count's units.

// CheckCostPosition checks pos against the problem p that eng (any cost
// engine of p: their orders are alike) searches, as above. Its errors say
// what is wrong in words for people, naming solutions and units from 1.
func CheckCostPosition(p *core.Problem, eng core.CostEngine, pos *CostPosition) error {
	sc := newSolutionCheck(p)
	for i, sol := range pos.Kept {
		if err := sc.check(sol); err != nil {
			return fmt.Errorf("solution %d: %v", i+1, err)
		}
	}
	var root []int
	last := -1
	for i, u := range pos.Units {
		if len(u.Path) == 0 {
			return fmt.Errorf("unit %d is empty", i+1)
		}
		for j, st := range u.Path {
			if st.Item < 0 || int(st.Item) >= p.NPrimary || st.Option < 0 || int(st.Option) >= len(p.Index) {
				return fmt.Errorf("unit %d, step %d: no item %d or option %d", i+1, j+1, st.Item, st.Option)
			}
		}
		if err := core.CheckCostPath(p, u.Path); err != nil {
			return fmt.Errorf("unit %d: %v", i+1, err)
		}
		if u.Entered && coversAll(p, u.Path) {
			return fmt.Errorf("unit %d was entered at a solution: a search stops at a node it branches from, never at a solution", i+1)
		}
		first := u.Path[0]
		if root == nil {
			if r := eng.RootItem(); int(first.Item) != r {
				return fmt.Errorf("unit %d branches at the root on item %d, but the search branches on item %d there", i+1, first.Item, r)
			}
			root = eng.ListOrder(int(first.Item))
		}
		rank := slices.Index(root, int(first.Option))
		if rank <= last {
			return fmt.Errorf("unit %d: its root option is not after the one of the unit before", i+1)
		}
		last = rank
	}
	byRoot, ranks := make(map[int32]int, len(pos.Units)), make(map[int32]map[int32]int)
	for j, u := range pos.Units {
		byRoot[u.Path[0].Option] = j
	}
	for i, sol := range pos.Kept {
		sc.check(sol) // checked above: this fills sc.by
		if j := unitHolding(pos.Units, byRoot, sc.by, eng, ranks); j >= 0 {
			return fmt.Errorf("solution %d lies in unit %d, a part of the search not yet done: a search keeps only what it has found", i+1, j+1)
		}
	}
	return nil
}

// unitHolding returns the index of the unit whose work holds a solution,
// or -1 when it lies in the part of the tree already searched; by gives
// the option of the solution that covers each primary item. A unit holds
// the subtree of the node its path leads to and, at each level above it,
// the options of that level's item after the one its path takes there, in
// the order eng tries them. byRoot gives the unit of each root option that
// has one; ranks keeps each item's order met so far.
func unitHolding(units []CostUnit, byRoot map[int32]int, by []int32, eng core.CostEngine, ranks map[int32]map[int32]int) int {
	if len(units) == 0 {
		return -1
	}
	rank := func(it, o int32) int {
		r, ok := ranks[it]
		if !ok {
			r = make(map[int32]int)
			for i, x := range eng.ListOrder(int(it)) {
				r[int32(x)] = i
			}
			ranks[it] = r
		}
		return r[o]
	}
	j, ok := byRoot[by[units[0].Path[0].Item]]
	if !ok {
		return -1 // its root option was searched to the end
	}
	for _, st := range units[j].Path[1:] {
		o := by[st.Item]
		if o == st.Option {
			continue
		}
		if rank(st.Item, o) < rank(st.Item, st.Option) {
			return -1 // in a branch searched before the unit's
		}
		return j // in a branch after the unit's, still to search
	}
	return j // below the node the unit stands at
}

// coversAll reports whether the options of path, a partial solution of p,
// cover every primary item.
func coversAll(p *core.Problem, path []core.Step) bool {
	covered := 0
	for _, st := range path {
		items, _ := p.Option(int(p.Index[st.Option]))
		for _, it := range items {
			if int(it) < p.NPrimary {
				covered++
			}
		}
	}
	return covered == p.NPrimary
}

// solutionCheck checks solutions of a problem one after another, without
// the engines' code and allocating nothing per solution: each option
// exists and has a primary item, no primary item is covered twice and
// every one is covered, the colors of each secondary item agree, and the
// options cost what the solution says.
type solutionCheck struct {
	p       *core.Problem
	by      []int32 // per primary item, the option (the caller's) that covers it, or -1
	color   []int32 // per secondary item: 0 unused, -1 used without a color, else its color
	touched []int32 // the secondary items used
}

func newSolutionCheck(p *core.Problem) *solutionCheck {
	c := &solutionCheck{p: p, by: make([]int32, p.NPrimary), color: make([]int32, p.NItems-p.NPrimary)}
	for i := range c.by {
		c.by[i] = -1
	}
	return c
}

// check checks sol, leaving c.by filled with its options.
func (c *solutionCheck) check(sol CostSolution) error {
	p := c.p
	for i := range c.by {
		c.by[i] = -1
	}
	for _, it := range c.touched {
		c.color[it] = 0
	}
	c.touched = c.touched[:0]
	var cost int64
	covered := 0
	for _, o := range sol.Options {
		if o < 0 || o >= len(p.Index) || p.Index[o] < 0 {
			return fmt.Errorf("no option %d", o)
		}
		items, colors := p.Option(int(p.Index[o]))
		primary := false
		for j, it := range items {
			if int(it) < p.NPrimary {
				if c.by[it] >= 0 {
					return fmt.Errorf("option %d covers item %d, which option %d covers", o, it, c.by[it])
				}
				c.by[it], primary = int32(o), true
				covered++
				continue
			}
			sec, col := int(it)-p.NPrimary, int32(-1)
			if colors != nil && colors[j] != 0 {
				col = colors[j]
			}
			switch old := c.color[sec]; {
			case old == 0:
				c.color[sec] = col
				c.touched = append(c.touched, int32(sec))
			case old < 0 || col < 0 || old != col:
				return fmt.Errorf("option %d clashes on secondary item %d", o, it)
			}
		}
		if !primary {
			return fmt.Errorf("option %d has no primary item", o)
		}
		if p.Costs != nil {
			cost += p.Costs[p.Index[o]]
		}
	}
	if covered != p.NPrimary {
		return fmt.Errorf("its options cover %d of the %d primary items", covered, p.NPrimary)
	}
	if cost != sol.Cost {
		return fmt.Errorf("its options cost %d, not %d", cost, sol.Cost)
	}
	return nil
}
