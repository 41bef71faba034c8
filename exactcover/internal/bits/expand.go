package bits

import "github.com/xcover/xcover/exactcover/internal/core"

// Expand enters the node that u names and lists its children
// (core.Engine). It counts exactly what a search entering that node would
// count before trying its first branch: the node, and no updates (those
// belong to the children, whose lists the branches make).
func (e *Engine) Expand(u core.Unit, c *core.Counters, dst []core.Unit) ([]core.Unit, bool, error) {
	if e.err != nil {
		return dst, false, e.err
	}
	if u.After || u.Rest != nil { // not a node
		return dst, false, &core.PathError{Err: core.ErrBadPath}
	}
	e.weighted = false // Knuth's rule, as the other engines expand
	if e.mcc.on {
		base, alive, err := e.replayM(u.Path, u.CountLast, c)
		if err != nil || !alive {
			return dst, false, err
		}
		e.path = u.Path
		c.Nodes++
		dst, sol := e.expandM(c, dst, base)
		return dst, sol, nil
	}
	base, alive, err := e.replay(u.Path, u.CountLast, c)
	if err != nil || !alive {
		return dst, false, err
	}
	e.path = u.Path
	c.Nodes++
	lv := &e.lv[base]
	if lv.best < 0 {
		c.Solutions++
		return dst, true, nil
	}
	lv.blo = lv.hi
	_, lv.bhi = e.split(base, lv.lo, lv.hi, lv.best, lv.known())
	for r := lv.blo; r < lv.bhi; r++ {
		dst = append(dst, core.Unit{Path: append(e.Steps(base), core.Step{Item: lv.best, Option: e.p.Caller[e.stack[r]]}), CountLast: true})
	}
	return dst, false, nil
}
