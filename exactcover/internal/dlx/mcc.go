package dlx

import "github.com/xcover/xcover/exactcover/internal/core"

// The search of Algorithm M (multiplicities), as Knuth's DLX3 performs it;
// see the package documentation. A level's item keeps its bound in
// e.bound; when the item has slack or a bound above one, the options tried
// at the level are tweaked, and e.firstTweak[level] remembers the node that was
// at the top of its list when the level began, for untweak.

// danceM is the search loop for problems with multiplicities, following
// DLX3's steps and counts one for one. It explores the subtree of the node
// reached by levels 0…base-1, or, when resume is a node, the branches of
// level base after resume's.
func (e *Engine) danceM(run *core.Run, c *core.Counters, base int, resume int32) core.Status {
	nd := e.nodes
	choice, bound, slack := e.choice, e.bound, e.slack
	profile := e.profile(run)
	var (
		level     = base
		best, cur int32
		score, b  int32
		t         = newTally(run, c, base)
		u, cl     int64
		weighted  = run.Weighted
	)
	if resume != 0 {
		cur = resume
		best = nd[cur].top
		goto next
	}

forward:
	if e.enter(&t, profile, level) {
		goto abort
	}
	best, score = e.chooseM()
	if best == 0 { // no active item: a solution
		if e.visit(&t, level) {
			goto abort
		}
		goto backdown
	}
	if score <= 0 { // too few options left for best
		if weighted && e.weight[best] < maxWeight {
			e.weight[best]++
		}
		goto backdown
	}
	t.updates += e.enterM(level, best)
	cur = nd[best].down
	choice[level] = cur

advance: // if cur is off limits, back up; tweak it if need be
	b = bound[best]
	if b == 0 && slack[best] == 0 {
		if cur == best {
			goto backup
		}
	} else if nd[best].top <= b-slack[best] {
		goto backup
	} else if cur != best {
		t.updates += e.tweak(cur, b != 0)
	} else if b != 0 { // the null branch: best gets no further option
		e.deactivate(best)
	}
	if cur > e.nItems {
		u, cl = e.coverOthers(cur)
		t.updates += u
		t.cleansings += cl
	}
	level++
	goto forward

backup:
	e.restoreM(level, best)
backdown:
	if level == base {
		goto finish
	}
	level--
	cur = choice[level]
	if cur <= e.nItems { // back from a null branch, the level's last
		best = cur
		if bound[best] != 0 {
			e.activate(best)
		}
		goto backup
	}
	best = nd[cur].top
	e.uncoverOthers(cur)
	if level <= t.cut { // its other branches were given away
		goto backup
	}
next:
	cur = nd[cur].down
	choice[level] = cur
	goto advance

abort: // undo the levels below the current one
	for level > base {
		level--
		e.leaveM(level)
	}

finish:
	*c = t.add()
	run.AddProfile(e.prof)
	return t.end
}

// deactivate and activate take primary item i out of the active items and
// put it back, without touching its options (DLX3's null branch).
func (e *Engine) deactivate(i int32) {
	e.active[i>>6] &^= 1 << (i & 63)
	e.nActive--
}

func (e *Engine) activate(i int32) {
	e.active[i>>6] |= 1 << (i & 63)
	e.nActive++
}

// enterM begins a level that branches on item best: its bound goes down by
// one; it is covered at once when that leaves no room (bound zero), and
// otherwise its options will be tweaked as they are tried. It returns the
// updates made.
func (e *Engine) enterM(level int, best int32) (updates int64) {
	e.bound[best]--
	if e.bound[best] == 0 && e.slack[best] == 0 {
		e.firstTweak[level] = 0
		return e.cover(best)
	}
	e.firstTweak[level] = e.nodes[best].down
	if e.bound[best] == 0 {
		updates = e.cover(best)
	}
	return updates
}

// restoreM undoes enterM and the tweaks made at the level since.
func (e *Engine) restoreM(level int, best int32) {
	if e.bound[best] == 0 && e.slack[best] == 0 {
		e.uncover(best)
	} else {
		e.untweak(best, e.firstTweak[level], e.bound[best] != 0)
	}
	e.bound[best]++
}

// leaveM undoes level l entirely: the branch it took, then the level.
func (e *Engine) leaveM(l int) {
	cur := e.choice[l]
	if e.firstTweak[l] == forcedLevel {
		e.unforceM(cur)
		return
	}
	best := cur
	if cur <= e.nItems {
		if e.bound[best] != 0 {
			e.activate(best)
		}
	} else {
		best = e.nodes[cur].top
		e.uncoverOthers(cur)
	}
	e.restoreM(l, best)
}

// walkM passes over the branches of level l, which branches on item i,
// as the search would, up to the one that takes option (a caller's index,
// or core.Null), and returns its node (i itself for the null branch) with
// the updates of that branch's tweak. On error level l is left as
// enterM made it.
func (e *Engine) walkM(i int32, option int32) (cur int32, updates int64, err error) {
	nd := e.nodes
	for cur = nd[i].down; ; cur = nd[cur].down {
		b := e.bound[i]
		var tw int64
		if b == 0 && e.slack[i] == 0 {
			if cur == i {
				return 0, 0, core.ErrInconsistent
			}
		} else if nd[i].top <= b-e.slack[i] {
			return 0, 0, core.ErrInconsistent
		} else if cur != i {
			tw = e.tweak(cur, b != 0)
		} else if option != core.Null {
			return 0, 0, core.ErrInconsistent
		} else {
			if b != 0 {
				e.deactivate(i)
			}
			return i, 0, nil
		}
		if cur != i && e.p.Caller[e.option(cur)] == option {
			return cur, tw, nil
		}
	}
}

// takeM makes step st at level l of a problem with multiplicities (see
// take).
func (e *Engine) takeM(l int, st core.Step) (updates, cleansings int64, err error) {
	if st.Item < 0 {
		return 0, 0, e.forceM(l, st)
	}
	if st.Exclude || st.Option < core.Null || int(st.Option) >= len(e.p.Index) || st.Option >= 0 && e.p.Index[st.Option] < 0 {
		return 0, 0, core.ErrBadPath
	}
	i := st.Item + 1
	if st.Item >= e.nPrimary || e.active[i>>6]&(1<<(i&63)) == 0 {
		return 0, 0, core.ErrInconsistent
	}
	e.enterM(l, i)
	cur, tw, err := e.walkM(i, st.Option)
	if err != nil {
		e.restoreM(l, i)
		return 0, 0, err
	}
	e.choice[l] = cur
	if cur > e.nItems {
		updates, cleansings = e.coverOthers(cur)
	}
	return updates + tw, cleansings, nil
}

// resumeAtM is resumeAt for a problem with multiplicities.
func (e *Engine) resumeAtM(l int, st core.Step) (int32, error) {
	if st.Item < 0 || st.Option < 0 || st.Exclude || int(st.Option) >= len(e.p.Index) || e.p.Index[st.Option] < 0 {
		return 0, core.ErrBadPath
	}
	i := st.Item + 1
	if st.Item >= e.nPrimary || e.active[i>>6]&(1<<(i&63)) == 0 {
		return 0, core.ErrInconsistent
	}
	e.enterM(l, i)
	cur, _, err := e.walkM(i, st.Option)
	if err != nil {
		e.restoreM(l, i)
		return 0, err
	}
	e.choice[l] = cur
	return cur, nil
}

// forceM takes an option outside any branching (a partial solution): the
// option leaves every list, so that nothing can take it again, and then
// counts for each of its items, as coverOthers does.
func (e *Engine) forceM(l int, st core.Step) error {
	q, err := e.nodeOf(st)
	if err != nil {
		return err
	}
	e.tweak(q, true)
	if it := e.nodes[q].top; e.bound[it]-1 == 0 {
		e.bound[it] = 0
		e.cover(it)
	} else {
		e.bound[it]--
	}
	e.coverOthers(q)
	e.choice[l], e.firstTweak[l] = q, forcedLevel
	return nil
}

// unforceM undoes forceM for the option of node q, in reverse.
func (e *Engine) unforceM(q int32) {
	nd := e.nodes
	e.uncoverOthers(q)
	it := nd[q].top
	if e.bound[it] == 0 {
		e.uncover(it)
	}
	e.bound[it]++
	// tweak(q, true) hid q's option, then took q out of its list: q goes
	// back first, then the option.
	x := nd[q]
	nd[x.up].down, nd[x.down].up = q, q
	nd[it].top++
	e.unhideOptions(q, x.up)
}

// childrenM appends the children of the node just entered at level l
// (enterM done, nothing tweaked yet) to dst, in the order the search would
// take them: the options of the level's item while enough remain, then the
// null branch when the item's lower bound allows it.
func (e *Engine) childrenM(dst []core.Unit, l int, best int32) []core.Unit {
	nd := e.nodes
	b, s := e.bound[best], e.slack[best]
	length := nd[best].top
	for cur := nd[best].down; ; cur = nd[cur].down {
		if b == 0 && s == 0 {
			if cur == best {
				return dst
			}
		} else if length <= b-s {
			return dst
		} else if cur != best {
			length--
		}
		option := int32(core.Null)
		if cur != best {
			option = e.p.Caller[e.option(cur)]
		}
		dst = append(dst, core.Unit{Path: append(e.steps(l), core.Step{Item: best - 1, Option: option}), CountLast: true})
		if cur == best {
			return dst
		}
	}
}
