package dlx

import "github.com/xcover/xcover/exactcover/internal/core"

// A rest unit (core.Unit.Rest) is searched by entering its node once:
// the path is replayed and the item of the rest's branches covered, as
// dance does at a node; then each branch covers the other items of its
// option, dances below it and uncovers them. A unit per branch would
// replay the path for each, covering the item, which walks its list,
// every time.

// searchRest searches rest unit u (core.Engine's Search).
func (e *Engine) searchRest(u core.Unit, run *core.Run, c *core.Counters) (core.Status, error) {
	if e.mcc || len(u.Rest) == 0 { // binary branches: no rest worth one entry
		return core.SearchRest(u, run, c, core.EachBranch(e, u))
	}
	base, err := e.replay(u.Path, false, c)
	if err != nil {
		return core.Complete, err
	}
	defer e.unreplay(base)
	// Every branch's option is checked before the item is covered, which
	// hides the options from their other items' lists.
	b := &restBranches{e: e, u: u, base: base, nodes: make([]int32, len(u.Rest))}
	for j, st := range u.Rest {
		q, err := e.nodeOf(st)
		if err == nil && (st.Item < 0 || e.nodes[q].top != e.nodes[b.nodes[0]].top && j > 0) {
			err = core.ErrInconsistent // branches of one node are for one item
		}
		if err != nil {
			return core.Complete, &core.PathError{Err: err, Step: base, Option: st.Option}
		}
		b.nodes[j] = q
	}
	item := e.nodes[b.nodes[0]].top
	e.cover(item) // the node's work, counted by the search that entered it
	defer e.uncover(item)
	b.path = append(u.Path[:len(u.Path):len(u.Path)], u.Rest[0])
	defer func() { e.rest = core.RestAt{} }()
	return core.SearchRest(u, run, c, b)
}

// restBranches is the core.RestBranches of a search of a rest unit.
type restBranches struct {
	e     *Engine
	u     core.Unit
	base  int     // the level of the rest's node
	nodes []int32 // the node of each branch's option in the item's list
	path  []core.Step
}

func (b *restBranches) At(j int) {
	b.e.rest = core.RestAt{Level: b.base, Next: j, Of: len(b.u.Rest)}
	b.e.level = b.base + 1
	if j < len(b.nodes) {
		b.e.choice[b.base] = b.nodes[j] // for Branches, which names the item from it
	}
}

func (b *restBranches) Branch(j int, run *core.Run, c *core.Counters) (core.Status, error) {
	e, q := b.e, b.nodes[j]
	b.path[b.base] = b.u.Rest[j]
	e.path = b.path
	e.choice[b.base] = q
	updates, cleansings := e.coverOthers(q)
	c.Updates += updates
	c.Cleansings += cleansings
	end := e.dance(run, c, b.base+1, 0)
	e.uncoverOthers(q)
	return end, nil
}
