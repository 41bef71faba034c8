package exactcover

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// A checkpoint of a search for the cheapest solutions is checked as a
// count checkpoint is (see Checkpoint.checkContent and the drive package's
// CheckUnits): its digest tells a damaged file, not a forged one, since
// anyone can compute it again. So what it says is checked before a search
// resumes it: first what the file alone can tell (checkContent, when it is
// read), then what needs the problem (checkResume, when a search resumes
// it or a caller shows its solutions). A checkpoint that passes could have
// been written by a search of the problem:
//
//   - it keeps min(K, Solutions) solutions: each solution the search counts
//     beat the cut-off when the bound took it, and is kept, unless K were
//     kept already (another worker's, found meanwhile, was cheaper); so
//     either every solution counted was kept, K at most, or K are kept;
//   - they go by increasing cost, are distinct, and each is a solution of
//     the problem whose options cost what it says;
//   - each lies in the part of the tree already searched, not in a unit
//     (a search keeps only what it has found);
//   - the units start at the item the search branches on at its root,
//     with the cut-off not yet known, one unit per root option at most, in
//     the order the search tries them; a unit not entered is a root option
//     not yet started, of one step; every unit is a partial solution, and
//     one entered is not a solution (a search stops at a node it branches
//     from).
//
// What no check of the file can tell is a consistent state of another
// search: a unit removed, a solution removed along with the count that
// went with it, K raised by one in a search that had found exactly K
// solutions. Their totals are wrong as a count checkpoint's would be; only
// the digest vouches for them, as it does for a count checkpoint's units.

// costOrder is what the checks ask of a cost engine: the order in which
// it tries an item's options, and the item it branches on at the root.
type costOrder interface {
	ListOrder(item int) []int
	RootItem() int
}

// checkContent checks what ck says that can be checked without the
// problem: the solutions kept against K and the counts, their order and
// distinctness, and the shape of the units.
func (ck *CostCheckpoint) checkContent() error {
	st := &ck.Stats
	if st.Solutions > st.Nodes {
		return fmt.Errorf("%d solutions in %d nodes: every solution is a node", st.Solutions, st.Nodes)
	}
	if want := min(int64(ck.Best), st.Solutions); int64(len(ck.Solutions)) != want {
		return fmt.Errorf("it keeps %d solutions, but a search for %s that has found %d keeps %d",
			len(ck.Solutions), cheapestText(ck.Best), st.Solutions, want)
	}
	seen := make(map[string]int, len(ck.Solutions))
	for i, sol := range ck.Solutions {
		if len(sol.Options) == 0 {
			return fmt.Errorf("solution %d has no options", i+1)
		}
		if sol.Cost < 0 {
			return fmt.Errorf("solution %d costs %d: costs are 0 or more", i+1, sol.Cost)
		}
		if i > 0 && sol.Cost < ck.Solutions[i-1].Cost {
			return fmt.Errorf("solution %d costs %d, less than solution %d before it (%d): the solutions kept go by increasing cost",
				i+1, sol.Cost, i, ck.Solutions[i-1].Cost)
		}
		key := optionSet(sol.Options)
		if j, ok := seen[key]; ok {
			return fmt.Errorf("solutions %d and %d are the same options", j+1, i+1)
		}
		seen[key] = i
	}
	if st.Status == Complete && len(ck.Units) > 0 {
		return fmt.Errorf("a complete search with %d units left", len(ck.Units))
	}
	for i, u := range ck.Units {
		if len(u.Path) == 0 {
			return fmt.Errorf("unit %d is empty", i+1)
		}
		if !u.Entered && len(u.Path) > 1 {
			return fmt.Errorf("unit %d has %d steps but was not entered: a unit not entered is a root option not yet started, one step", i+1, len(u.Path))
		}
		if u.Path[0].Item != ck.Units[0].Path[0].Item {
			return fmt.Errorf("unit %d branches at the root on item %d, unit 1 on item %d: the root branches on one item", i+1, u.Path[0].Item, ck.Units[0].Path[0].Item)
		}
	}
	return nil
}

// optionSet returns a key that two lists of the same options, in any
// order, share.
func optionSet(options []int) string {
	sorted := slices.Sorted(slices.Values(options))
	var b strings.Builder
	for _, o := range sorted {
		b.WriteString(strconv.Itoa(o))
		b.WriteByte(' ')
	}
	return b.String()
}

// cheapestText names what a search for the k cheapest solutions looks for.
func cheapestText(k int) string {
	if k == 1 {
		return "the cheapest solution"
	}
	return fmt.Sprintf("the %d cheapest solutions", k)
}

// checkResume checks ck against s and k: the same problem and K, the
// file's own consistency (checkContent), units that are partial solutions
// of the problem from the item eng branches on at the root, one per root
// option in the order of its list, and solutions that are solutions of the
// problem with the costs recorded, in the part of the tree searched. It
// returns the units as the engines take them.
func (s *Solver) checkResume(ck *CostCheckpoint, k int, eng costOrder) ([]core.CostRun, error) {
	if ck.Problem != s.Hash() {
		return nil, fmt.Errorf("%w: the checkpoint is of another problem", ErrCheckpointMismatch)
	}
	if ck.Best != k {
		return nil, fmt.Errorf("%w: the checkpoint's search wants the %d cheapest solutions, not %d: give --best %d", ErrCheckpointMismatch, ck.Best, k, ck.Best)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrCheckpoint}, args...)...)
	}
	if err := ck.checkContent(); err != nil { // a CostCheckpoint made by hand was not read
		return nil, bad("%v", err)
	}
	p := &s.model
	sc := newSolutionCheck(p)
	for i, sol := range ck.Solutions {
		if err := sc.check(sol); err != nil {
			return nil, bad("solution %d: %v", i+1, err)
		}
	}
	units := make([]core.CostRun, len(ck.Units))
	var root []int
	last := -1
	for i, cu := range ck.Units {
		u := cu.Path
		path := make([]core.Step, len(u))
		for j, st := range u {
			if st.Item < 0 || st.Item >= p.NPrimary || st.Option < 0 || st.Option >= len(p.Index) {
				return nil, bad("unit %d, step %d: no item %d or option %d", i+1, j+1, st.Item, st.Option)
			}
			path[j] = core.Step{Item: int32(st.Item), Option: int32(st.Option)}
		}
		if err := core.CheckCostPath(p, path); err != nil {
			return nil, bad("unit %d: %v", i+1, err)
		}
		if cu.Entered && coversAll(p, path) {
			return nil, bad("unit %d was entered at a solution: a search stops at a node it branches from, never at a solution", i+1)
		}
		if root == nil {
			if r := eng.RootItem(); u[0].Item != r {
				return nil, bad("unit %d branches at the root on item %d, but the search branches on item %d there", i+1, u[0].Item, r)
			}
			root = eng.ListOrder(u[0].Item)
		}
		rank := slices.Index(root, u[0].Option)
		if rank <= last {
			return nil, bad("unit %d: its root option is not after the one of the unit before", i+1)
		}
		last, units[i] = rank, core.CostRun{Start: path, Entered: cu.Entered}
	}
	byRoot, ranks := make(map[int]int, len(ck.Units)), make(map[int]map[int]int)
	for j, u := range ck.Units {
		byRoot[u.Path[0].Option] = j
	}
	for i, sol := range ck.Solutions {
		sc.check(sol) // checked above: this fills sc.by
		if j := unitHolding(ck.Units, byRoot, sc.by, eng, ranks); j >= 0 {
			return nil, bad("solution %d lies in unit %d, a part of the search not yet done: a search keeps only what it has found", i+1, j+1)
		}
	}
	return units, nil
}

// unitHolding returns the index of the unit whose work holds a solution,
// or -1 when it lies in the part of the tree already searched; by gives
// the option of the solution that covers each primary item. A unit holds
// the subtree of the node its path leads to and, at each level above it,
// the options of that level's item after the one its path takes there, in
// the order eng tries them. byRoot gives the unit of each root option that
// has one; ranks keeps each item's order met so far.
func unitHolding(units []CostUnit, byRoot map[int]int, by []int32, eng costOrder, ranks map[int]map[int]int) int {
	if len(units) == 0 {
		return -1
	}
	rank := func(it, o int) int {
		r, ok := ranks[it]
		if !ok {
			r = make(map[int]int)
			for i, x := range eng.ListOrder(it) {
				r[x] = i
			}
			ranks[it] = r
		}
		return r[o]
	}
	j, ok := byRoot[int(by[units[0].Path[0].Item])]
	if !ok {
		return -1 // its root option was searched to the end
	}
	for _, st := range units[j].Path[1:] {
		o := int(by[st.Item])
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
