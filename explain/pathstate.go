package explain

import "slices"

// What a [Trace] remembers of the path to the node being recorded, to
// record each node as a difference from its parent. Going down a path only
// takes items and options away and only lowers the counts of the items
// left; going back up gives them back. So one copy of the state serves the
// whole path, however deep, with the changes of each level undone when the
// search leaves it: a 64×64 Sudoku's 262,144 options take 1 MB here, where
// a copy per level would take 1 MB per level of a path 4,096 levels deep.

// scanEveryMember makes a trace look at every member of the sets below for
// each node, rather than at what left play since its parent: the tests
// check the one against the other.
var scanEveryMember = false

// shrinkingSet is a set of indices (items, or options) that loses members
// going down the path and gets them back going up: a sparse set, whose
// members are list[:n]. Removing a member swaps it to the end of the
// members and shortens them; since the levels below a node only swap
// within the node's members, setting n back to what it was at the node
// gives back exactly its members, in another order.
type shrinkingSet struct {
	list   []int32
	pos    []int32 // pos[x]: where x is in list
	sizeAt []int   // sizeAt[level]: the members of the path's node at that level are list[:sizeAt[level]]
}

func newShrinkingSet(n int) *shrinkingSet {
	s := &shrinkingSet{list: make([]int32, n), pos: make([]int32, n)}
	for x := range s.list {
		s.list[x], s.pos[x] = int32(x), int32(x)
	}
	return s
}

// enter records the node entered at level, below the path's node at
// level-1 (none at level 0): of that node's members, those keep rejects
// are removed, and returned in increasing order. Only the members among
// candidates are looked at: they must take in every member that keep
// rejects (a member listed twice is removed once). With no candidates
// (nil), every member is looked at.
func (s *shrinkingSet) enter(level int, candidates []int32, keep func(int) bool) []int32 {
	n := int32(len(s.list))
	if level > 0 {
		n = int32(s.sizeAt[level-1])
	}
	removed := []int32{}
	remove := func(x int32) {
		if s.pos[x] >= n || keep(int(x)) {
			return
		}
		n--
		j, y := s.pos[x], s.list[n]
		s.list[j], s.list[n] = y, x
		s.pos[y], s.pos[x] = j, n
		removed = append(removed, x)
	}
	if candidates == nil {
		for j := n - 1; j >= 0; j-- {
			remove(s.list[j])
		}
	} else {
		for _, x := range candidates {
			remove(x)
		}
	}
	slices.Sort(removed)
	s.sizeAt = append(s.sizeAt[:level], int(n))
	return removed
}

// bytes is the memory s takes, for a trace's budget.
func (s *shrinkingSet) bytes() int64 {
	return 4*int64(cap(s.list)) + 4*int64(cap(s.pos)) + 8*int64(cap(s.sizeAt))
}

// itemCounts remembers the counts of the active primary items at the
// path's node (options left; with multiplicities also bound, need and
// branches: see [ItemSize]), to record a node's items as the ones whose
// counts changed since its parent.
type itemCounts struct {
	width int     // counts per item: 1, or 4 with multiplicities
	cur   []int32 // cur[width*i:][:width]: item i's counts at the path's deepest node
	// undo holds, for each count changed below the root, the item, its
	// counts before, and the level of the change; a node at level L first
	// undoes the changes made at level L and below it.
	undo    []int32
	scratch []int32
}

func newItemCounts(primary int, mcc bool) *itemCounts {
	w := 1
	if mcc {
		w = 4
	}
	return &itemCounts{width: w, cur: make([]int32, w*primary)}
}

// enter records the node entered at level, whose active primary items are
// active, and returns, in their order, those whose counts differ from the
// parent's (every one at the root), each as the item and its counts.
func (c *itemCounts) enter(level int, active []ItemSize) []int32 {
	w := c.width
	for len(c.undo) > 0 && int(c.undo[len(c.undo)-1]) >= level {
		e := c.undo[len(c.undo)-w-2:]
		copy(c.cur[w*int(e[0]):][:w], e[1:1+w])
		c.undo = c.undo[:len(c.undo)-w-2]
	}
	changed := c.scratch[:0]
	counts := make([]int32, w)
	for _, a := range active {
		counts[0] = int32(a.Size)
		if w == 4 {
			counts[1], counts[2], counts[3] = int32(a.Bound), int32(a.Need), int32(a.Degree)
		}
		at := c.cur[w*a.Item:][:w]
		if level > 0 && slices.Equal(at, counts) {
			continue
		}
		if level > 0 {
			c.undo = append(c.undo, int32(a.Item))
			c.undo = append(c.undo, at...)
			c.undo = append(c.undo, int32(level))
		}
		copy(at, counts)
		changed = append(changed, int32(a.Item))
		changed = append(changed, counts...)
	}
	c.scratch = changed
	out := make([]int32, len(changed)) // no longer than it is: the trace keeps it
	copy(out, changed)
	return out
}

// bytes is the memory c takes, for a trace's budget.
func (c *itemCounts) bytes() int64 {
	return 4 * int64(cap(c.cur)+cap(c.undo)+cap(c.scratch))
}
