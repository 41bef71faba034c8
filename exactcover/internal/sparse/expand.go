package sparse

import "github.com/xcover/xcover/exactcover/internal/core"

// Expand enters the node that u names and lists its children
// (core.Engine). It counts exactly what a search entering that node would
// count before trying its first branch.
func (e *Engine) Expand(u core.Unit, c *core.Counters, dst []core.Unit) ([]core.Unit, bool, error) {
	if u.After || u.Rest != nil { // not a node
		return dst, false, &core.PathError{Err: core.ErrBadPath}
	}
	var pt point
	e.save(&pt)
	defer e.unsave(&pt)
	base, alive, err := e.replay(u.Path, u.CountLast, c)
	if err != nil || !alive {
		return dst, false, err
	}
	e.path = u.Path
	c.Nodes++
	if e.mcc {
		return e.expandM(c, dst, base)
	}
	if e.nAct == 0 {
		c.Solutions++
		return dst, true, nil
	}
	best := e.choose(true, false)
	size := e.mem[best+sizeAt]
	if size == 0 {
		return dst, false, nil
	}
	c.Updates += e.cover(best)
	for r := best; r < best+size; r++ {
		dst = append(dst, core.Unit{Path: append(e.Steps(base), core.Step{Item: e.item(best), Option: e.p.Caller[e.option(e.mem[r])]}), CountLast: true})
	}
	return dst, false, nil
}
