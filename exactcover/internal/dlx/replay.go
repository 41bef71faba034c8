package dlx

import "github.com/xcover/xcover/exactcover/internal/core"

// forcedLevel marks, in Engine.tweak, a level whose option was forced by a
// path step without an item (a partial solution) in a problem with
// multiplicities.
const forcedLevel = -1

// replay takes the steps of path as levels 0…len(path)-1, silently except
// that the last step's updates go to c when countLast is set, and returns
// the depth reached. On error nothing is left changed.
func (e *Engine) replay(path []core.Step, countLast bool, c *core.Counters) (int, error) {
	e.replays++
	for level, st := range path {
		u, cl, err := e.take(level, st)
		if err != nil {
			e.unreplay(level)
			return 0, &core.PathError{Err: err, Step: level, Option: st.Option}
		}
		if countLast && level == len(path)-1 {
			c.Updates += u
			c.Cleansings += cl
		}
	}
	return len(path), nil
}

// unreplay undoes levels depth-1…0, in reverse.
func (e *Engine) unreplay(depth int) {
	for level := depth - 1; level >= 0; level-- {
		if e.mcc {
			e.leaveM(level)
			continue
		}
		p := e.choice[level]
		e.uncoverOthers(p)
		e.uncover(e.nodes[p].top)
	}
}

// nodeOf returns the node of step st's option in the list of st's item (its
// first primary node when the step has no item), after checking that the
// option exists and is still available: each of its primary items active
// and its node still in that item's list (a clash with earlier choices
// always hides a primary node; see links.go).
func (e *Engine) nodeOf(st core.Step) (int32, error) {
	if st.Option < 0 || int(st.Option) >= len(e.p.Index) || e.p.Index[st.Option] < 0 || st.Exclude {
		return 0, core.ErrBadPath
	}
	nd := e.nodes
	first := e.firstNode[e.p.Index[st.Option]]
	var q int32
	for p := first; nd[p].top > 0; p++ {
		it := nd[p].top
		if it > e.nPrimary {
			continue
		}
		if e.active[it>>6]&(1<<(it&63)) == 0 || nd[nd[p].up].down != p {
			return 0, core.ErrInconsistent
		}
		if q == 0 && (st.Item < 0 || it == st.Item+1) {
			q = p
		}
	}
	if q == 0 {
		return 0, core.ErrBadPath // the option does not contain the item
	}
	return q, nil
}

// take makes step st at the given level, returning the updates and
// cleansings of its last part, the part that a search counts for the
// child it leads to.
func (e *Engine) take(level int, st core.Step) (updates, cleansings int64, err error) {
	if e.mcc {
		return e.takeM(level, st)
	}
	q, err := e.nodeOf(st)
	if err != nil {
		return 0, 0, err
	}
	e.cover(e.nodes[q].top)
	e.choice[level] = q
	updates, cleansings = e.coverOthers(q)
	return updates, cleansings, nil
}

// step returns the path step that level l of the current search took.
func (e *Engine) step(l int) core.Step {
	if l < len(e.path) {
		return e.path[l]
	}
	p := e.choice[l]
	if p <= e.nItems { // a null branch (Algorithm M)
		return core.Step{Item: p - 1, Option: core.Null}
	}
	return core.Step{Item: e.nodes[p].top - 1, Option: e.p.Caller[e.option(p)]}
}

// steps returns a fresh path of the steps of levels 0…n-1.
func (e *Engine) steps(n int) []core.Step {
	path := make([]core.Step, n)
	for l := range path {
		path[l] = e.step(l)
	}
	return path
}

// hasRest reports whether level l may have branches not yet taken. A
// covered item's list is left intact below, so for it the answer is exact;
// an item with multiplicities that is being tweaked keeps changing, and a
// unit for its rest may turn out empty.
func (e *Engine) hasRest(l int) bool {
	cur := e.choice[l]
	switch {
	case cur <= e.nItems: // a null branch is a node's last
		return false
	case e.mcc && e.firstTweak[l] != 0:
		return true
	}
	return e.nodes[cur].down != e.nodes[cur].top
}

// export appends to dst every part of the search not yet explored, in the
// order the search would explore them: the node at level, not yet entered
// (the step leading to it was counted), then the rest of each level above,
// deepest first, down to the level after cut. The units' paths are
// prefixes of one path, sharing its memory (capped, so that an append to
// one copies), so that a search stopped deep down exports in memory
// proportional to its depth, not to its square.
func (e *Engine) export(dst []core.Unit, base, level, cut int) []core.Unit {
	path := e.steps(level)
	dst = append(dst, core.Unit{Path: path})
	for l := level - 1; l >= base && l > cut; l-- {
		if e.hasRest(l) {
			dst = append(dst, core.Unit{Path: path[: l+1 : l+1], After: true})
		}
	}
	return dst
}

// donate gives away the rest of the shallowest level that has any,
// appending it to dst as one unit, and returns the new cut: that level,
// whose other branches the search will now leave alone.
func (e *Engine) donate(dst []core.Unit, base, level, cut int) ([]core.Unit, int) {
	for l := max(base, cut+1); l < level; l++ {
		if e.hasRest(l) {
			return append(dst, core.Unit{Path: e.steps(l + 1), After: true}), l
		}
	}
	return dst, cut
}

// resumeAt sets up level l for a unit whose branches come after step st:
// the node is entered again, silently, and the branches up to st's are
// passed over as the search would have passed them. It returns st's node,
// from which the search goes on to the next branch.
func (e *Engine) resumeAt(l int, st core.Step) (int32, error) {
	if e.mcc {
		return e.resumeAtM(l, st)
	}
	if st.Item < 0 {
		return 0, core.ErrBadPath
	}
	q, err := e.nodeOf(st)
	if err != nil {
		return 0, err
	}
	e.cover(e.nodes[q].top)
	e.choice[l] = q
	return q, nil
}

// Branches appends the current path's branches (core.Engine).
func (e *Engine) Branches(dst []core.Branch) []core.Branch {
	nd := e.nodes
	for l := range e.level {
		if k, d, ok := e.rest.Branch(l); ok { // the node of a rest unit
			dst = append(dst, core.Branch{Item: int(nd[e.choice[l]].top - 1), K: k, D: d})
			continue
		}
		cur := e.choice[l]
		item := cur
		if cur > e.nItems {
			item = nd[cur].top
		}
		start := nd[item].down
		if e.mcc && e.firstTweak[l] > 0 {
			start = e.firstTweak[l]
		}
		k := 1
		for q := start; q != cur && q != item; q = nd[q].down {
			k++
		}
		// A covered item's own list is left intact, so its length is the
		// number of options it had when it was chosen.
		dst = append(dst, core.Branch{Item: int(item - 1), K: k, D: max(int(nd[item].top), k)})
	}
	return dst
}
