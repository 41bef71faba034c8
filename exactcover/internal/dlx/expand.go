package dlx

import "github.com/xcover/xcover/exactcover/internal/core"

// Expand enters the node that u names and lists its children
// (core.Engine). It counts exactly what a search entering that node would
// count before trying its first branch.
func (e *Engine) Expand(u core.Unit, c *core.Counters, dst []core.Unit) ([]core.Unit, bool, error) {
	if u.After || u.Rest != nil {
		return dst, false, &core.PathError{Err: core.ErrBadPath} // not a node
	}
	base, err := e.replay(u.Path, u.CountLast, c)
	if err != nil {
		return dst, false, err
	}
	e.path = u.Path
	defer e.unreplay(base)
	c.Nodes++
	if e.mcc {
		best, score := e.chooseM()
		if best == 0 {
			c.Solutions++
			return dst, true, nil
		}
		if score <= 0 {
			return dst, false, nil
		}
		c.Updates += e.enterM(base, best)
		dst = e.childrenM(dst, base, best)
		e.restoreM(base, best)
		return dst, false, nil
	}
	if e.nActive == 0 {
		c.Solutions++
		return dst, true, nil
	}
	best := e.choose()
	c.Updates += e.cover(best)
	for q := e.nodes[best].down; q != best; q = e.nodes[q].down {
		dst = append(dst, core.Unit{Path: append(e.steps(base), core.Step{Item: best - 1, Option: e.p.Caller[e.option(q)]}), CountLast: true})
	}
	e.uncover(best)
	return dst, false, nil
}
