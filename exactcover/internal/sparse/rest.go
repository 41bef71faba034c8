package sparse

import "github.com/xcover/xcover/exactcover/internal/core"

// A rest unit (core.Unit.Rest) is searched by entering its node once:
// the path is replayed, the item of the rest's branches covered, and a
// restore point made, as the search loop does at a node; then each
// branch takes its option, searches below it (searchSubtree, from the
// level under the node) and goes back to the restore point. A unit per
// branch would replay the node for each, covering the item, which walks
// its options, every time.

// searchRest searches rest unit u (core.Engine's Search).
func (e *Engine) searchRest(u core.Unit, run *core.Run, c *core.Counters) (core.Status, error) {
	if e.mcc { // binary branches: a node has two, and no rest worth one entry
		return core.SearchRest(u, run, c, core.EachBranch(e, u))
	}
	var pt point
	e.save(&pt)
	defer e.unsave(&pt)
	base, alive, err := e.replay(u.Path, false, c)
	if err != nil {
		return core.Complete, err
	}
	if !alive || len(u.Rest) == 0 { // a rest's node was entered: its path is alive
		return core.Complete, &core.PathError{Err: core.ErrInconsistent, Step: base}
	}
	// Every branch's option is checked before the item is covered, which
	// takes the options out of their other items' sets.
	b := &restBranches{e: e, u: u, base: base, nodes: make([]int32, len(u.Rest))}
	for j, st := range u.Rest {
		q, err := e.nodeOf(st)
		if err == nil && (st.Item < 0 || st.Option < 0 || st.Exclude) {
			err = core.ErrBadPath
		}
		if err == nil && j > 0 && e.mem[2*q] != e.mem[2*b.nodes[0]] {
			err = core.ErrInconsistent // branches of one node are for one item
		}
		if err != nil {
			return core.Complete, &core.PathError{Err: err, Step: base, Option: st.Option}
		}
		b.nodes[j] = q
	}
	best := e.mem[2*b.nodes[0]]
	lv := &e.lv[base]
	lv.best, lv.mark = best, -1
	lv.end = best + e.mem[best+sizeAt]
	e.cover(best) // the node's work, counted by the search that entered it
	e.save(&b.at)
	defer e.unsave(&b.at)
	b.path = append(u.Path[:len(u.Path):len(u.Path)], u.Rest[0])
	e.path = b.path
	defer func() { e.rest = core.RestAt{} }()
	return core.SearchRest(u, run, c, b)
}

// restBranches is the core.RestBranches of a search of a rest unit.
type restBranches struct {
	e     *Engine
	u     core.Unit
	base  int     // the level of the rest's node
	nodes []int32 // the node of each branch's option in the item's set
	at    point   // the restore point at the node, its item covered
	path  []core.Step
}

func (b *restBranches) At(j int) {
	b.e.rest = core.RestAt{Level: b.base, Next: j, Of: len(b.u.Rest)}
	b.e.depth = b.base + 1
}

func (b *restBranches) Branch(j int, run *core.Run, c *core.Counters) (core.Status, error) {
	e, q := b.e, b.nodes[j]
	b.path[b.base] = b.u.Rest[j]
	e.path = b.path
	e.lv[b.base].r = e.mem[2*q+1]
	updates, ok := e.take(q)
	c.Updates += updates
	if !ok { // a choice abandoned before it became a node
		e.restore(&b.at)
		return core.Complete, nil
	}
	end := e.searchSubtree(run, c, b.base+1)
	e.restore(&b.at)
	return end, e.err
}
