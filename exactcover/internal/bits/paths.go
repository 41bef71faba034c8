package bits

import "github.com/xcover/xcover/exactcover/internal/core"

// replay takes the steps of path as levels 0…len(path)-1, silently except
// that the last step's updates go to c when countLast is set, and makes
// the list of the node reached as level len(path). It returns that depth
// and whether the node is alive: the root always is (a search enters it
// and finds an item without options there); a step that leaves a
// primary item without options ends the unit (a choice abandoned before it became a
// node; options only ever leave lists, so such an item stays without).
//
// The state a path leads to is only the items it covers: the live options
// are those that meet none of them. So replay checks each step against
// the items covered before it, then filters the root's list twice: by the
// items covered before the last step, and by the last step's option, to
// count the last step's updates as the search that took it counted them.
func (e *Engine) replay(path []core.Step, countLast bool, c *core.Counters) (depth int, alive bool, err error) {
	e.replays++
	covered, before := e.covered, e.before
	clear(covered)
	for l, st := range path {
		k, err := e.optionOf(st, covered)
		if err != nil {
			return 0, false, &core.PathError{Err: err, Step: l, Option: st.Option}
		}
		lv := &e.lv[l]
		lv.best, lv.opt, lv.cur, lv.bhi = st.Item, k, 0, 0 // no siblings
		copy(before, covered)
		covered.union(covered, e.kill(k))
	}
	n := int32(e.p.NumOptions())
	lv := &e.lv[len(path)]
	lv.open.minus(e.prim, covered)
	lv.lo = n
	if len(path) > 0 && countLast {
		open := e.lv[len(path)+1].open // free until the search goes below
		open.minus(e.prim, before)
		m, _, _ := e.filter(0, n, n, before, open, len(path)+1)
		lv.lo = n + int32(m)
		last := e.lv[len(path)-1].opt
		k, best, least := e.filter(n, lv.lo, lv.lo, e.kill(last), lv.open, len(path))
		c.Updates += int64(m - k)
		lv.hi, lv.best, lv.least = lv.lo+int32(k), best, least
	} else {
		m, best, least := e.filter(0, n, n, covered, lv.open, len(path))
		lv.hi, lv.best, lv.least = n+int32(m), best, least
	}
	return len(path), len(path) == 0 || lv.best < 0 || lv.least > 0, nil
}

// optionOf returns the compiled option of step st, after checking that it
// exists, contains st's item (when the step has one) and meets none of the
// items covered.
func (e *Engine) optionOf(st core.Step, covered set) (int32, error) {
	p := e.p
	if st.Option < 0 || int(st.Option) >= len(p.Index) || p.Index[st.Option] < 0 || st.Exclude {
		return 0, core.ErrBadPath
	}
	k := p.Index[st.Option]
	row := e.row(k)
	if st.Item >= 0 && (int(st.Item) >= p.NPrimary || !row.has(st.Item)) {
		return 0, core.ErrBadPath // the option does not contain the item
	}
	if row.meets(covered) {
		return 0, core.ErrInconsistent
	}
	return k, nil
}

// stepAt returns the path step that level l of the current search took.
func (e *Engine) stepAt(l int) core.Step {
	if l < len(e.path) {
		return e.path[l]
	}
	lv := &e.lv[l]
	if e.mcc.on {
		return core.Step{Item: lv.best, Option: e.p.Caller[lv.opt], Exclude: lv.branch == excludeBranch}
	}
	return core.Step{Item: lv.best, Option: e.p.Caller[e.stack[lv.cur]]}
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
	if e.mcc.on {
		if lv.branch == takeBranch && lv.least > 0 { // the right branch is left
			st := core.Step{Item: lv.best, Option: e.p.Caller[lv.opt], Exclude: true}
			return append(dst, core.Unit{Path: append(e.Steps(l), st), CountLast: true})
		}
		return dst
	}
	if lv.cur+1 >= lv.bhi {
		return dst
	}
	prefix := e.Steps(l)
	for r := lv.cur + 1; r < lv.bhi; r++ {
		path := append(prefix[:l:l], core.Step{Item: lv.best, Option: e.p.Caller[e.stack[r]]})
		dst = append(dst, core.Unit{Path: path, CountLast: true})
	}
	return dst
}

// Branches appends the current path's branches (core.Engine): for a
// replayed level, the one branch taken.
func (e *Engine) Branches(dst []core.Branch) []core.Branch {
	for l := range e.depth {
		lv := &e.lv[l]
		if e.mcc.on {
			k := 1
			if lv.branch != takeBranch {
				k = 2
			}
			dst = append(dst, core.Branch{Item: int(lv.best), K: k, D: 2})
			continue
		}
		if k, d, ok := e.rest.Branch(l); ok { // the node of a rest unit
			dst = append(dst, core.Branch{Item: int(lv.best), K: k, D: d})
			continue
		}
		if l < len(e.path) {
			dst = append(dst, core.Branch{Item: int(lv.best), K: 1, D: 1})
			continue
		}
		dst = append(dst, core.Branch{Item: int(lv.best), K: int(lv.cur-lv.blo) + 1, D: int(lv.bhi - lv.blo)})
	}
	return dst
}
