package sparse

// The set operations of the search, each returning the updates it made.

// deactivate covers item i without touching the other items' sets: its
// size is complemented, and a primary item leaves the active items. The
// caller has checked that i is active.
func (e *Engine) deactivate(i int32) {
	h := &e.hdr[i]
	if h.stamp != e.stamp {
		h.stamp = e.stamp
		e.trail = append(e.trail, saved{i, h.size})
	}
	h.size = ^h.size
	if i < e.nPrimary {
		e.nAct--
		p, last := e.pos[i], e.act[e.nAct]
		e.act[p], e.pos[last] = last, p
		e.act[e.nAct], e.pos[i] = i, e.nAct
	}
}

// hide removes the options in item c's set, but for those giving c the
// given color (when it is not 0), from the sets of their other active
// items. size is c's size before it was covered. An active primary item
// left with no option is noted in e.dead.
func (e *Engine) hide(c, color, size int32) (updates int64) {
	nd, set, hdr := e.nodes, e.set, e.hdr
	stamp := e.stamp
	start := hdr[c].start
	for r := start; r < start+size; r++ {
		tt := set[r]
		if color != 0 && nd[tt].color == color {
			continue
		}
		for nn := tt + 1; nn != tt; {
			x := nd[nn]
			if x.item < 0 { // the spacer: back to the option's first node
				nn += x.item
				continue
			}
			h := &hdr[x.item]
			if s := h.size; s >= 0 {
				if h.stamp != stamp {
					h.stamp = stamp
					e.trail = append(e.trail, saved{x.item, s})
				}
				s--
				end := h.start + s
				last := set[end]
				set[end], set[x.loc] = nn, last
				nd[nn].loc, nd[last].loc = end, x.loc
				h.size = s
				updates++
				if s == 0 && x.item < e.nPrimary && e.mine[x.item] != e.token && e.dead < 0 {
					e.dead = x.item
				}
			}
			nn++
		}
	}
	return updates
}

// cover covers item c: it becomes inactive and its options leave the
// other items' sets.
func (e *Engine) cover(c int32) int64 {
	size := e.hdr[c].size
	e.deactivate(c)
	return 1 + e.hide(c, 0, size)
}

// take takes the option of node cur, whose item has been covered: its
// other active items are covered in turn, in the option's order, each
// before the next is looked at (a colored secondary item keeps the options
// that give it the same color). It reports false, leaving the work for the
// restore point to undo, when covering an item leaves a primary item that
// is not in the option with no option at all; the item being covered is
// always dealt with entirely first, so the work done does not depend on
// the order inside the sets.
func (e *Engine) take(cur int32) (updates int64, ok bool) {
	nd := e.nodes
	e.token++
	for nn := cur + 1; nn != cur; {
		if x := nd[nn]; x.item < 0 {
			nn += x.item
			continue
		} else if x.item < e.nPrimary {
			e.mine[x.item] = e.token
		}
		nn++
	}
	e.dead = -1
	for nn := cur + 1; nn != cur; {
		x := nd[nn]
		if x.item < 0 {
			nn += x.item
			continue
		}
		if size := e.hdr[x.item].size; size >= 0 {
			e.deactivate(x.item)
			updates += 1 + e.hide(x.item, x.color, size)
			if e.dead >= 0 {
				return updates, false
			}
		}
		nn++
	}
	return updates, true
}

// mark makes a restore point and returns the trail's length there.
func (e *Engine) mark() int32 {
	e.stamp++
	return int32(len(e.trail))
}

// restore returns to the restore point whose trail length was m and whose
// number of active primary items was nAct, and makes it current again.
func (e *Engine) restore(m, nAct int32) {
	hdr, trail := e.hdr, e.trail
	for k := len(trail) - 1; k >= int(m); k-- { // newest first: an item may be on it once per restore point
		hdr[trail[k].item].size = trail[k].size
	}
	e.trail = e.trail[:m]
	e.nAct = nAct
	e.stamp++
}
