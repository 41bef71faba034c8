package sparse

import (
	"errors"
	"math"
)

// Counting each open set once (see doc.go, Counts kept).
//
// In a plain count of a problem without secondary items, what is left to
// solve at a node is fixed by its open primary items alone: an option is
// live exactly when all its items are open, since covering an item removes
// every option that holds it. Nodes reached along different paths often
// leave the same items open (in a Sudoku, two digits swapped in a
// rectangle of cells cover the same items), so the counts of the subtree
// of a node with few open items are kept in a table, keyed by those items,
// and a node that finds its items there adds the counts instead of
// searching again.

// CacheItems is the most open primary items a node may have for its
// subtree's counts to be kept and looked up. A node is looked up only
// where its path first comes to at most CacheItems open items: deeper, the
// subtrees are smaller and found less often, so that a look-up (hashing
// the items, a read of the table) costs more than it saves, and looking up
// the first nodes at a larger width as well finds little that the nodes at
// this one do not. Zero turns it off (a variable only so that tests can
// compare both ways).
var CacheItems = cacheWidth

// cacheWidth is the most items a slot of the table holds, and the most
// levels of a subtree whose nodes it keeps.
const cacheWidth = 32

// CacheSlots is the number of slots of an engine's table, small enough
// to stay in a core's own cache. A slot is direct-mapped, overwritten by
// the next node whose items hash to it (losing a count costs only its
// search): the counts found again are mostly those of nodes searched
// shortly before, near in the tree, so a larger table finds more counts
// but reads them from further away, and runs no faster.
const CacheSlots = 1 << 8

// CacheMemory is the most bytes an engine's table takes: for the memory
// budget (exactcover.MemoryNeeded) of a search, one per worker.
const CacheMemory = CacheSlots * int64(slotSize)

// slotSize is the size of a slot in bytes.
const slotSize = 4*8 + 4 + 4 + 4*cacheWidth + 8*cacheWidth

// slot is one subtree's counts: the blocks of its node's open items (0
// past the last: no block is 0) and their hash; its solutions, and the
// updates and the nodes of each level its search made below its node, so
// that a count found in the table adds what searching the subtree again
// would (the counts do not depend on what the table holds). While the
// subtree is searched, count is minus a serial number, which no look-up
// takes for a count, and levels holds the nodes per level before it.
type slot struct {
	hash    uint64
	count   int64
	nodes   int64
	updates int64
	gen     uint32 // the table's generation when it was written
	_       uint32
	blocks  [cacheWidth]int32
	levels  [cacheWidth]int64
}

// subCache is an engine's table of counts.
type subCache struct {
	slots  []slot // nil until a search uses it
	gen    uint32 // slots of another generation are empty
	serial int64  // the serial number of the newest subtree being searched
	hits   int64  // counts found, for tests
}

// invalidate empties the table, for a new problem: its slots are left as
// they are, and read as empty.
func (c *subCache) invalidate() {
	c.gen++
	if c.gen == 0 { // the generations ran out: clear the slots
		clear(c.slots)
		c.gen = 1
	}
}

// caches reports whether a search may keep counts: only in a plain
// count (no solutions visited, no limits), whose counts are all it
// reports, of a problem without secondary items, in which the open
// primary items fix what is left to solve, and under Knuth's rule: the
// Weighted rule learns from the dead ends it meets, so a subtree found in
// the table would leave its weights, and the rest of its tree, other than
// a listing's of the same problem.
func (e *Engine) caches(visits, limits, weighted bool) bool {
	return CacheItems > 0 && !e.mcc && !visits && !limits && !weighted && e.p.NItems == e.p.NPrimary
}

// lookUp looks for the open items of the node at depth, of level lv, in
// the table, t holding the counts so far. When they are there, it returns
// their slot. Otherwise it claims their slot for the counts that the
// node's search will find (see keepCount) and returns nil.
func (e *Engine) lookUp(lv *level, t *tally, depth int) *slot {
	c := &e.cache
	if c.slots == nil {
		c.slots = make([]slot, CacheSlots)
		if c.gen == 0 {
			c.gen = 1
		}
	}
	open := e.list[:e.nAct]
	var h uint64
	for _, x := range open { // a sum, as the order of the list is not the items'
		h += uint64(uint32(x)) * 0x9e3779b97f4a7c15
	}
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 29
	k := int32(h & (CacheSlots - 1))
	s := &c.slots[k]
	if s.hash == h && s.gen == c.gen && s.count >= 0 && e.allOpen(&s.blocks) {
		c.hits++
		return s
	}
	c.serial++
	s.hash, s.gen, s.count = h, c.gen, -c.serial
	n := copy(s.blocks[:], open)
	if n < cacheWidth {
		s.blocks[n] = 0
	}
	copy(s.levels[:n], e.prof[depth+1:])
	lv.slot, lv.serial, lv.t = k, c.serial, *t
	return nil
}

// allOpen reports whether blocks, up to the first 0, are as many as the
// open primary items and all open: then they are the open items, since
// the blocks of a slot are distinct.
func (e *Engine) allOpen(blocks *[cacheWidth]int32) bool {
	mem := viewMem(e.mem)
	n := int32(0)
	for _, x := range blocks {
		if x == 0 {
			break
		}
		if *mem.at(x + sizeAt) < 0 {
			return false
		}
		n++
	}
	return n == e.nAct
}

// keepCount writes to its slot the counts of the node at depth, of level
// lv, whose subtree has been searched, t holding the counts so far,
// unless the slot has been taken by another node since, or the subtree
// was not searched whole (given away in part: whole is false).
func (e *Engine) keepCount(lv *level, t *tally, depth int, whole bool) {
	s := &e.cache.slots[lv.slot]
	lv.slot = -1
	if !whole || s.count != -lv.serial {
		return
	}
	s.count, s.nodes, s.updates = t.sols-lv.t.sols, t.nodes-lv.t.nodes, t.updates-lv.t.updates
	n := 0
	for n < cacheWidth && s.blocks[n] != 0 {
		n++
	}
	for l, before := range s.levels[:n] {
		s.levels[l] = e.prof[depth+1+l] - before
	}
}

// ErrCountOverflow is returned by a count whose number of solutions
// passes 2⁶³−1, the most the search's counters hold: counts found in the
// table make such numbers reachable, and the count would not be exact.
var ErrCountOverflow = errors.New("the number of solutions passes 2⁶³−1, the most a search counts; count by memoizing (--memo)")

// addSlot adds the counts of slot s to t and to the nodes per level below
// depth, as if its subtree had been searched again, or reports false when
// the solutions would pass what an int64 holds.
func (e *Engine) addSlot(t *tally, s *slot, depth int) bool {
	if t.sols < 0 || t.sols > math.MaxInt64-s.count { // t.sols < 0: solutions counted past the most
		return false
	}
	t.sols += s.count
	t.nodes += s.nodes
	t.updates += s.updates
	for l := range cacheWidth {
		if s.blocks[l] == 0 {
			break
		}
		e.prof[depth+1+l] += s.levels[l]
	}
	return true
}
