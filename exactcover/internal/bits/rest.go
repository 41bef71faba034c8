package bits

import "github.com/xcover/xcover/exactcover/internal/core"

// A rest unit (core.Unit.Rest) is searched by entering its node once:
// the path is replayed, which makes the node's list, and the list is
// split into the branches on the rest's item, as the search loop splits
// it; then each branch is taken from there (take, which makes the
// child's list) and searched below. A unit per branch would replay the
// path for each, filtering every option of the problem each time.

// searchRest searches rest unit u (core.Engine's Search).
func (e *Engine) searchRest(u core.Unit, run *core.Run, c *core.Counters) (core.Status, error) {
	if e.mcc.on || len(u.Rest) == 0 { // binary branches: no rest worth one entry
		return core.SearchRest(u, run, c, core.EachBranch(e, u))
	}
	base, alive, err := e.replay(u.Path, false, c)
	if err != nil {
		return core.Complete, err
	}
	lv := &e.lv[base]
	if !alive {
		return core.Complete, &core.PathError{Err: core.ErrInconsistent, Step: base}
	}
	if lv.best != u.Rest[0].Item {
		// The node branches on another item here than where the rest was
		// made (the Weighted rule chooses otherwise): a branch at a time.
		return core.SearchRest(u, run, c, core.EachBranch(e, u))
	}
	lv.blo = lv.hi
	if e.one {
		lv.rest, lv.bhi = e.branches1(lv.lo, lv.hi, lv.best, lv.known())
	} else {
		lv.rest, lv.bhi = e.splitWords(base, lv.lo, lv.hi, lv.best)
	}
	place := make(map[int32]int32, lv.bhi-lv.blo) // a branch's option → its place in the stack
	for r := lv.blo; r < lv.bhi; r++ {
		place[e.stack[r]] = r
	}
	b := &restBranches{e: e, u: u, base: base, places: make([]int32, len(u.Rest))}
	p := e.p
	for j, st := range u.Rest {
		r, ok := int32(0), false
		if st.Option >= 0 && int(st.Option) < len(p.Index) && p.Index[st.Option] >= 0 && !st.Exclude && st.Item == lv.best {
			r, ok = place[p.Index[st.Option]]
		}
		if !ok { // not an option of the node's item, or not live there
			return core.Complete, &core.PathError{Err: core.ErrBadPath, Step: base, Option: st.Option}
		}
		b.places[j] = r
	}
	b.path = append(u.Path[:len(u.Path):len(u.Path)], u.Rest[0])
	defer func() { e.rest = core.RestAt{} }()
	return core.SearchRest(u, run, c, b)
}

// restBranches is the core.RestBranches of a search of a rest unit.
type restBranches struct {
	e      *Engine
	u      core.Unit
	base   int     // the level of the rest's node
	places []int32 // each branch's place in the stack, among the node's branches
	path   []core.Step
}

func (b *restBranches) At(j int) {
	b.e.rest = core.RestAt{Level: b.base, Next: j, Of: len(b.u.Rest)}
	b.e.depth = b.base + 1
}

func (b *restBranches) Branch(j int, run *core.Run, c *core.Counters) (core.Status, error) {
	e := b.e
	b.path[b.base] = b.u.Rest[j]
	e.path = b.path
	e.lv[b.base].cur = b.places[j]
	var w walk
	alive := e.take(b.base, &w)
	c.Updates += w.updates
	if !alive { // a choice abandoned before it became a node
		return core.Complete, nil
	}
	return e.searchSubtree(run, c, b.base+1), nil
}
