package reduce

import "context"

// The reductions themselves, in DLX-PRE's order (see doc.go). Each step
// works on one item c; its counts are restored before it ends, except for
// what it deletes.

// noItem marks "no item" where an item index is expected.
const noItem = -1

// pass goes once over the items, reducing each, and reports whether it
// changed anything. It stops at a primary item left without options, which
// it records in m.infeasible, and when ctx is done (polled every
// pollItems steps).
func (m *matrix) pass(ctx context.Context, st *state) bool {
	changed := false
	for c := int32(0); int(c) < m.nItems && m.infeasible == noItem; c++ {
		if m.count[c] == 0 {
			continue
		}
		if c%pollItems == 0 && ctx.Err() != nil {
			return false
		}
		if m.step(c, st) {
			changed = true
		}
	}
	return changed
}

// pollItems is how many items a pass reduces between two looks at its
// context: a step costs at most the options it hides, microseconds on
// the problems people solve.
const pollItems = 64

// state is the scratch of the steps, reused from one to the next.
type state struct {
	marked []int32 // options found blocking, in the order found
	hid    []int32 // options a test hid, whose counts it restores
	// removedOptions and removedItems count what the reduction took away.
	removedOptions, removedItems int
}

// step reduces around item c: strikes c if some primary item implies it,
// else deletes the options whose first item is c and that block a primary
// item.
func (m *matrix) step(c int32, st *state) bool {
	if m.rows != nil {
		return m.stepRows(c, st)
	}
	h := m.next()
	implied := m.hide(c, h)
	if implied != noItem {
		m.unhide(c)
		m.strike(c, implied, st)
		return true
	}
	st.marked = st.marked[:0]
	for _, u := range m.usesOf(c) {
		if m.optLive[u.opt] && u.color == 0 && m.isFirst(u.opt, u.pos) && m.blocks(u.opt, u.pos, h, st) {
			st.marked = append(st.marked, u.opt)
		}
	}
	m.unhide(c)
	m.deleteMarked(c, st)
	return len(st.marked) > 0
}

// stepRows is step with the tests done on m.rows: the same strikes and
// deletions, the counts left alone.
func (m *matrix) stepRows(c int32, st *state) bool {
	m.rows.setBase(m, c)
	if implied := m.impliedRows(c); implied != noItem {
		m.strike(c, implied, st)
		return true
	}
	st.marked = st.marked[:0]
	for _, u := range m.usesOf(c) {
		if m.optLive[u.opt] && u.color == 0 && m.isFirst(u.opt, u.pos) && m.rows.blocks(m, u.opt, u.pos) {
			st.marked = append(st.marked, u.opt)
		}
	}
	m.deleteMarked(c, st)
	return len(st.marked) > 0
}

// deleteMarked deletes the options a step found blocking. DLX-PRE stacks
// them and deletes the last found first; the order decides which item is
// named if one runs out.
func (m *matrix) deleteMarked(c int32, st *state) {
	for i := len(st.marked) - 1; i >= 0 && m.infeasible == noItem; i-- {
		k := st.marked[i]
		m.delete(k, m.position(k, c), true, st)
	}
}

// hide hides the options that use c uncolored (stamping them h) and
// returns the last primary item whose count dropped to zero, or noItem.
// Each option's items are visited from the one after c round to the one
// before, as Knuth's programs visit them: the order decides which item is
// named when several run out.
func (m *matrix) hide(c int32, h uint32) int32 {
	emptied := int32(noItem)
	for _, u := range m.usesOf(c) {
		if !m.optLive[u.opt] || u.color != 0 {
			continue
		}
		m.hidden[u.opt] = h
		for q := u.pos + 1; q < m.begin[u.opt+1]; q++ {
			if i := m.lower(q); i != noItem {
				emptied = i
			}
		}
		for q := m.begin[u.opt]; q < u.pos; q++ {
			if i := m.lower(q); i != noItem {
				emptied = i
			}
		}
	}
	return emptied
}

// lower lowers the count of the item at position q, if not struck, and
// returns it if it is primary and has no option left, else noItem.
func (m *matrix) lower(q int32) int32 {
	i := m.items[q]
	if !m.itemLive[i] {
		return noItem
	}
	if m.count[i]--; m.count[i] == 0 && int(i) < m.nPrimary {
		return i
	}
	return noItem
}

// unhide restores the counts hide lowered.
func (m *matrix) unhide(c int32) {
	for _, u := range m.usesOf(c) {
		if !m.optLive[u.opt] || u.color != 0 {
			continue
		}
		m.hidden[u.opt] = 0
		for j := m.begin[u.opt]; j < m.begin[u.opt+1]; j++ {
			if i := m.items[j]; i != c && m.itemLive[i] {
				m.count[i]++
			}
		}
	}
}

// blocks reports whether option r, whose first item is c at position jc,
// leaves some primary item outside r without options once the options
// using c (stamped h) and those clashing with r on its other items are
// hidden.
//
// The answer does not depend on the order in which options are hidden
// (it is whether the hidden options hold all of some item's), so this
// test, where nearly all of a reduction's time goes, visits everything in
// array order and lowers the counts of all the items of a hidden option,
// struck ones included: a struck item's count is 0 outside the tests, so
// it goes below zero here and is never taken for an item run out.
func (m *matrix) blocks(r, jc int32, h uint32, st *state) bool {
	t := m.next()
	lo, hi := m.begin[r], m.begin[r+1]
	for j := lo; j < hi; j++ {
		m.stamp[m.items[j]] = t
	}
	st.hid = st.hid[:0]
	blocked := false
	for j := lo; j < hi && !blocked; j++ {
		cc, x := m.items[j], m.colors[j]
		if j == jc || !m.itemLive[cc] {
			continue
		}
		for _, u := range m.usesOf(cc) {
			p := u.opt
			if hp := m.hidden[p]; hp == h || hp == t || !m.optLive[p] || x != 0 && u.color == x {
				continue
			}
			m.hidden[p] = t
			st.hid = append(st.hid, p)
			for q := m.begin[p]; q < m.begin[p+1]; q++ {
				i := m.items[q]
				if m.count[i]--; m.count[i] == 0 && int(i) < m.nPrimary && m.stamp[i] != t {
					blocked = true
				}
			}
			if blocked {
				break
			}
		}
	}
	for _, p := range st.hid {
		for q := m.begin[p]; q < m.begin[p+1]; q++ {
			m.count[m.items[q]]++
		}
	}
	return blocked
}

// strike removes item c, which primary item p implies: the options using
// c without p are deleted, the others lose c.
func (m *matrix) strike(c, p int32, st *state) {
	for _, u := range m.usesOf(c) {
		if m.infeasible != noItem {
			return
		}
		if !m.optLive[u.opt] || m.position(u.opt, p) >= 0 {
			continue
		}
		m.delete(u.opt, u.pos, false, st)
	}
	m.itemLive[c], m.count[c], m.useEnd[c] = false, 0, m.useBegin[c]
	st.removedItems++
}

// delete deletes option k, visiting its items from after position j round
// to j (included when withJ is set), and notes the items left without
// options: a secondary one is gone, a primary one proves the problem
// infeasible.
func (m *matrix) delete(k, j int32, withJ bool, st *state) {
	m.optLive[k] = false
	st.removedOptions++
	lo, hi := m.begin[k], m.begin[k+1]
	if m.rows != nil {
		for q := lo; q < hi; q++ {
			m.rows.drop(m.items[q], k)
		}
	}
	for q := j + 1; ; q++ {
		if q == hi {
			q = lo
		}
		if q == j && !withJ {
			return
		}
		if i := m.items[q]; m.itemLive[i] && !m.drop(i, m.items[j], st) {
			return
		}
		if q == j {
			return
		}
	}
}

// drop notes that item i has lost an option of its list, deleted while
// item from was being reduced, and reports false when i is a primary item
// left without options.
func (m *matrix) drop(i, from int32, st *state) bool {
	m.stale[i]++
	if m.count[i]--; m.count[i] == 0 {
		if int(i) < m.nPrimary {
			m.infeasible = i
			return false
		}
		st.removedItems++
	}
	if m.stale[i] > minCompact && 2*m.stale[i] > m.useEnd[i]-m.useBegin[i] && i != from {
		m.compact(i)
	}
	return true
}

// minCompact is the number of deleted entries below which an item's list
// is not worth compacting.
const minCompact = 16

// compact drops the deleted options from item i's list, in place.
func (m *matrix) compact(i int32) {
	kept := m.uses[m.useBegin[i]:m.useBegin[i]]
	for _, u := range m.usesOf(i) {
		if m.optLive[u.opt] {
			kept = append(kept, u)
		}
	}
	m.useEnd[i], m.stale[i] = m.useBegin[i]+int32(len(kept)), 0
}
