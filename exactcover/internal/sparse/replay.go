package sparse

import "github.com/xcover/xcover/exactcover/internal/core"

// replay takes the steps of path as levels 0…len(path)-1, silently except
// that the last step's updates go to c when countLast is set. It returns
// the depth reached and whether the node there is alive: a step that
// leaves a primary item without options ends the unit (a choice abandoned
// before it became a node). The caller's restore point undoes it all.
func (e *Engine) replay(path []core.Step, countLast bool, c *core.Counters) (depth int, alive bool, err error) {
	e.replays++
	for l, st := range path {
		u, ok, err := e.step(l, st)
		if err != nil {
			return 0, false, &core.PathError{Err: err, Step: l, Option: st.Option}
		}
		if countLast && l == len(path)-1 {
			c.Updates += u
		}
		if !ok {
			return l, false, nil
		}
	}
	return len(path), true, nil
}

// step makes path step st at level l and returns its updates.
func (e *Engine) step(l int, st core.Step) (updates int64, ok bool, err error) {
	if e.mcc {
		return e.stepM(l, st)
	}
	q, err := e.nodeOf(st)
	if err != nil {
		return 0, false, err
	}
	best := e.mem[2*q]
	lv := &e.lv[l]
	lv.best, lv.r, lv.mark = best, e.mem[2*q+1], -1
	e.cover(best)
	updates, ok = e.take(q)
	return updates, ok, nil
}

// nodeOf returns the node of step st's option for st's item (its first
// primary item when the step has none), after checking that the option is
// still available: each of its primary items active and the option still
// in that item's set (a clash with earlier choices always removes it from
// a primary item's set).
func (e *Engine) nodeOf(st core.Step) (int32, error) {
	p, mem := e.p, e.mem
	if st.Option < 0 || int(st.Option) >= len(p.Index) || p.Index[st.Option] < 0 || st.Exclude {
		return 0, core.ErrBadPath
	}
	var q int32
	for nn := e.first[p.Index[st.Option]]; mem[2*nn] >= 0; nn++ {
		x := mem[2*nn]
		if x >= e.secBase {
			continue
		}
		if size := mem[x+sizeAt]; size < 0 || mem[2*nn+1] >= x+size {
			return 0, core.ErrInconsistent
		}
		if q == 0 && (st.Item < 0 || mem[x+itemAt] == st.Item) {
			q = nn
		}
	}
	if q == 0 {
		return 0, core.ErrBadPath // the option does not contain the item
	}
	return q, nil
}

// stepAt returns the path step that level l of the current search took.
func (e *Engine) stepAt(l int) core.Step {
	if l < len(e.path) {
		return e.path[l]
	}
	lv := &e.lv[l]
	item := int32(-1)
	if lv.best >= 0 {
		item = e.item(lv.best)
	}
	if e.mcc {
		return core.Step{Item: item, Option: e.p.Caller[lv.r], Exclude: lv.branch == excludeBranch}
	}
	return core.Step{Item: item, Option: e.p.Caller[e.option(e.mem[lv.r])]}
}

// Steps returns a fresh path of the steps of levels 0…n-1, with room for
// one more.
func (e *Engine) Steps(n int) []core.Step {
	path := make([]core.Step, n, n+1)
	for l := range path {
		path[l] = e.stepAt(l)
	}
	return path
}

// Siblings appends to dst, as units, the branches of level l not yet
// taken.
func (e *Engine) Siblings(dst []core.Unit, l int) []core.Unit {
	lv := &e.lv[l]
	if e.mcc {
		if lv.branch == takeBranch && lv.mark >= 0 { // the exclude branch is left
			return append(dst, core.Unit{Path: append(e.Steps(l), core.Step{Item: e.item(lv.best), Option: e.p.Caller[lv.r], Exclude: true}), CountLast: true})
		}
		return dst
	}
	if lv.mark < 0 {
		return dst
	}
	for r := lv.r + 1; r < lv.end; r++ {
		dst = append(dst, core.Unit{Path: append(e.Steps(l), core.Step{Item: e.item(lv.best), Option: e.p.Caller[e.option(e.mem[r])]}), CountLast: true})
	}
	return dst
}

// Branches appends the current path's branches (core.Engine).
func (e *Engine) Branches(dst []core.Branch) []core.Branch {
	for l := range e.depth {
		lv := &e.lv[l]
		item := -1
		if lv.best >= 0 {
			item = int(e.item(lv.best))
		}
		if e.mcc {
			k := 1
			if lv.branch != takeBranch {
				k = 2
			}
			dst = append(dst, core.Branch{Item: item, K: k, D: 2})
			continue
		}
		if k, d, ok := e.rest.Branch(l); ok { // the node of a rest unit
			dst = append(dst, core.Branch{Item: item, K: k, D: d})
			continue
		}
		d := lv.end - lv.best
		if l < len(e.path) {
			d = lv.r - lv.best + 1
		}
		dst = append(dst, core.Branch{Item: item, K: int(lv.r-lv.best) + 1, D: int(d)})
	}
	return dst
}
