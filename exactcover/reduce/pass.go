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
	marked  []int32 // options found blocking, in the order found
	touched []int32 // items whose counts a test lowered
	// removedOptions and removedItems count what the reduction took away.
	removedOptions, removedItems int
}

// step reduces around item c: strikes c if some primary item implies it,
// else deletes the options whose first item is c and that block a primary
// item.
func (m *matrix) step(c int32, st *state) bool {
	h := m.next()
	implied := m.hide(c, h)
	if implied != noItem {
		m.unhide(c)
		m.strike(c, implied, st)
		return true
	}
	st.marked = st.marked[:0]
	for _, u := range m.uses[c] {
		if m.optLive[u.opt] && u.color == 0 && m.first(u.opt) == c && m.blocks(u.opt, c, h, st) {
			st.marked = append(st.marked, u.opt)
		}
	}
	m.unhide(c)
	// DLX-PRE stacks the blocking options and deletes the last found
	// first; the order decides which item is named if one runs out.
	for i := len(st.marked) - 1; i >= 0 && m.infeasible == noItem; i-- {
		k := st.marked[i]
		m.delete(k, m.position(k, c), true, st)
	}
	return len(st.marked) > 0
}

// hide hides the options that use c uncolored (stamping them h) and
// returns the last primary item whose count dropped to zero, or noItem.
func (m *matrix) hide(c int32, h uint32) int32 {
	emptied := int32(noItem)
	for _, u := range m.uses[c] {
		if !m.optLive[u.opt] || u.color != 0 {
			continue
		}
		m.hidden[u.opt] = h
		m.around(u.opt, m.position(u.opt, c), false, func(j int32) bool {
			i := m.items[j]
			if m.count[i]--; m.count[i] == 0 && int(i) < m.nPrimary {
				emptied = i
			}
			return true
		})
	}
	return emptied
}

// unhide restores the counts hide lowered.
func (m *matrix) unhide(c int32) {
	for _, u := range m.uses[c] {
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

// blocks reports whether option r, whose first item is c, leaves some
// primary item outside r without options once the options using c
// (stamped h) and those clashing with r are hidden.
func (m *matrix) blocks(r, c int32, h uint32, st *state) bool {
	t := m.next()
	for j := m.begin[r]; j < m.begin[r+1]; j++ {
		m.stamp[m.items[j]] = t
	}
	st.touched = st.touched[:0]
	blocked := false
	m.around(r, m.position(r, c), false, func(j int32) bool {
		cc, x := m.items[j], m.colors[j]
		for _, u := range m.uses[cc] {
			p := u.opt
			if !m.optLive[p] || m.hidden[p] == h || m.hidden[p] == t || x != 0 && u.color == x {
				continue
			}
			m.hidden[p] = t
			m.around(p, m.position(p, cc), false, func(q int32) bool {
				i := m.items[q]
				m.count[i]--
				st.touched = append(st.touched, i)
				blocked = m.count[i] == 0 && int(i) < m.nPrimary && m.stamp[i] != t
				return !blocked
			})
			if blocked {
				return false
			}
		}
		return true
	})
	for _, i := range st.touched {
		m.count[i]++
	}
	return blocked
}

// strike removes item c, which primary item p implies: the options using
// c without p are deleted, the others lose c.
func (m *matrix) strike(c, p int32, st *state) {
	for _, u := range m.uses[c] {
		if m.infeasible != noItem {
			return
		}
		if !m.optLive[u.opt] || m.position(u.opt, p) >= 0 {
			continue
		}
		m.delete(u.opt, m.position(u.opt, c), false, st)
	}
	m.itemLive[c], m.count[c], m.uses[c] = false, 0, nil
	st.removedItems++
}

// delete deletes option k, visiting its items from after position j round
// to j (included when withJ is set), and notes the items left without
// options: a secondary one is gone, a primary one proves the problem
// infeasible.
func (m *matrix) delete(k, j int32, withJ bool, st *state) {
	m.optLive[k] = false
	st.removedOptions++
	m.around(k, j, withJ, func(q int32) bool {
		i := m.items[q]
		m.stale[i]++
		if m.count[i]--; m.count[i] == 0 {
			if int(i) < m.nPrimary {
				m.infeasible = i
				return false
			}
			st.removedItems++
		}
		if m.stale[i] > minCompact && 2*m.stale[i] > int32(len(m.uses[i])) && i != m.items[j] {
			m.compact(i)
		}
		return true
	})
}

// minCompact is the number of deleted entries below which an item's list
// is not worth compacting.
const minCompact = 16

// compact drops the deleted options from item i's list.
func (m *matrix) compact(i int32) {
	kept := m.uses[i][:0]
	for _, u := range m.uses[i] {
		if m.optLive[u.opt] {
			kept = append(kept, u)
		}
	}
	m.uses[i], m.stale[i] = kept, 0
}
