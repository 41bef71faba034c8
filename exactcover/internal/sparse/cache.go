package sparse

import (
	"errors"
	"math"
	"unsafe"

	"github.com/xcover/xcover/exactcover/internal/core"
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
// subtree's counts to be kept and looked up (every other level of those
// nodes is, see cacheLooks), each finding its hash from its parent's in
// constant time (see below). With more items open the same items are
// met again too rarely to pay for keeping them: on a Sudoku, looking up
// every other level up to 64 open items found more counts but took more
// time, in writing the slots, than up to 48, and up to 32 found too few.
// Zero turns it off (a variable only so that tests can compare both
// ways).
var CacheItems = cacheWidth

// cacheWidth is the most items a slot of the table holds. It is below
// 64, so that the open items of every node looked up are a bit of a word
// (cacheLooks): the constant below does not compile otherwise.
const cacheWidth = 48

const _ = uint64(1) << (63 - cacheWidth)

// cacheLevels is the most levels of a subtree whose nodes a slot keeps:
// a node is looked up only when the options still to take below it, each
// of at least minLen of its open items, are at most that many. A
// Sudoku's options have four items, so its nodes of up to 48 open items
// have subtrees of at most 12 levels.
const cacheLevels = 12

// CacheSlots is the number of slots of an engine's table: about as many
// as stay, with their hashes, in a core's own cache (half a MiB). Nearly
// every node looked up writes a slot when its search ends, so that a
// table larger than that cache finds more counts but spends about as
// much time waiting for memory as it saves.
const CacheSlots = 1 << 11

// CacheMemory is the most bytes an engine's table takes: for the memory
// budget (exactcover.MemoryNeeded) of a search, one per worker.
const CacheMemory = CacheSlots*slotSize + (cacheWidth+1)*cacheLevels*8

// slotSize is the size of a slot in bytes, with its hash.
const slotSize = 8 + int64(unsafe.Sizeof(slot{}))

// slot is one subtree's counts: its node's open items (n blocks); its
// solutions, and the nodes and updates its search made below its node,
// with the nodes of each of its depth levels when the search keeps a
// profile, so that a count found in the table adds what searching the
// subtree again would (the counts do not depend on what the table holds).
// It is laid out small, the levels last, since keeping a count writes it:
// a subtree of more than 2³²−1 nodes is not kept, so that the nodes of
// its levels fit 32 bits.
type slot struct {
	count   int64
	nodes   int64
	updates int64
	n       uint16 // the open items
	depth   uint16 // the levels kept
	_       uint32
	blocks  [cacheWidth]int32
	levels  [cacheLevels]uint32
}

// subCache is an engine's table of counts. A slot is written when its
// node's subtree has been searched, over what it held (direct-mapped);
// its hash is kept apart, with the others, so that a look-up that finds
// nothing reads only the hashes, which stay in a core's own cache. A
// hash of 0 marks an empty slot (a node whose items hash to 0 is never
// kept).
type subCache struct {
	hashes []uint64 // nil until a search uses the table
	slots  []slot
	// before holds, for each node of the path being searched whose count
	// is to be kept, the nodes per level below it before its search: at
	// before[open*cacheLevels:], open being the node's open items, which
	// are fewer at each level of a path.
	before []int64
	// hits counts the counts found, by the open items of their nodes,
	// for tests.
	hits [cacheWidth + 1]int64
	// levelsFor[n] is the most levels below a node of n open items that
	// a slot keeps (keptLevels).
	levelsFor [cacheWidth + 1]uint8
	// profiles is set when the search keeps its nodes per level (a
	// profile), and with it the slots their subtrees' (see keepProfiles).
	profiles bool
}

// invalidate empties the table, for a new problem.
func (c *subCache) invalidate() {
	clear(c.hashes)
}

// keepProfiles readies the table for a search that keeps its nodes per
// level (a profile) or not. Without one, slots keep no levels: noting and
// keeping a subtree's nodes per level would cost as much as the rest of
// its counts. Slots kept without levels are no use to a search that
// needs them, so the table is emptied when that changes.
func (c *subCache) keepProfiles(profiles bool) {
	if profiles != c.profiles {
		c.invalidate()
		c.profiles = profiles
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

// cacheReach returns the most open items of a node looked up: CacheItems,
// but no more than cacheLevels options of minLen items cover.
func (e *Engine) cacheReach() int32 {
	return int32(min(CacheItems, cacheWidth, cacheLevels*int(e.minLen)))
}

// cacheLooks returns which nodes a search looks up, as a mask whose bit n
// is set when nodes of n open items are: those of at most cacheReach,
// every other level of them, a level being minLen items. Nearly every
// node looked up and not found writes its slot, and a subtree missed at
// one level is found as often at the next level looked up, two below:
// the paths that meet again at a node mostly meet at its children too
// (two options swapped in the same items). Looking up every other level
// writes half the slots, so that they are overwritten half as often, for
// a few more nodes searched; on a Sudoku it took fewer instructions than
// looking up every level, or every third.
func (e *Engine) cacheLooks() uint64 {
	reach := int(e.cacheReach())
	var m uint64
	for n := 1; n <= reach; n++ {
		if (reach-n)/int(e.minLen)%2 == 0 {
			m |= 1 << n
		}
	}
	return m
}

// The hash of a node's open items is the sum modulo 2 (xor) of a
// pseudo-random word per item (Zobrist hashing): a child's is its
// parent's less its option's items (they were open, and are covered),
// whose sum is made for each node when the engine is built, so that a
// node finds its hash from its parent's with two reads, whatever the
// number of items open. Only the search's first node sums its open items.

// mix returns a pseudo-random word for x (SplitMix64's finalizer).
func mix(x uint64) uint64 {
	x *= 0x9e3779b97f4a7c15
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// hashItems makes the items' words of p, and each node's sum of its
// option's.
func (e *Engine) hashItems(p *core.Problem) {
	e.itemHash = resize(e.itemHash, p.NItems)
	for i := range e.itemHash {
		e.itemHash[i] = mix(uint64(i))
	}
	e.optionHash = resize(e.optionHash, len(e.finishTag))
	for k := range p.NumOptions() {
		items, _ := p.Option(k)
		var h uint64
		for _, it := range items {
			h ^= e.itemHash[it]
		}
		for j := range items {
			e.optionHash[int(e.first[k])+j] = h
		}
	}
}

// openHash returns the hash of the open primary items.
func (e *Engine) openHash() uint64 {
	var h uint64
	for _, x := range e.list[:e.nAct] {
		h ^= e.itemHash[e.mem[x+itemAt]]
	}
	return h
}

// lookUp looks for the open items of the node at depth, of level lv, in
// the table, t holding the counts so far. When they are there, it returns
// their slot. Otherwise it notes in lv the counts before the node's
// search, for keepCount to keep those of its subtree, and returns nil.
func (e *Engine) lookUp(lv *level, t *tally, depth int) *slot {
	c := &e.cache
	if c.hashes == nil {
		c.hashes = make([]uint64, CacheSlots)
		c.slots = make([]slot, CacheSlots)
		c.before = make([]int64, (cacheWidth+1)*cacheLevels)
	}
	h := lv.hash
	k := int32(h & (CacheSlots - 1))
	if h != 0 && c.hashes[k] == h {
		if s := &c.slots[k]; e.allOpen(s) {
			c.hits[e.nAct]++
			return s
		}
	}
	if c.profiles {
		n := int(e.nAct)
		copy(c.before[n*cacheLevels:][:e.keptLevels(n, depth)], e.prof[depth+1:])
	}
	lv.slot, lv.t = k, *t
	return nil
}

// keptLevels returns the levels below a node at depth with n open items
// (at most cacheWidth) that its subtree may have: each takes an option of
// at least minLen of them.
func (e *Engine) keptLevels(n, depth int) int {
	return min(int(e.cache.levelsFor[n]), len(e.prof)-depth-1)
}

// countLevels fills the table of keptLevels: n/minLen levels at most
// below a node of n open items, and at most cacheLevels. It is a table
// because a division costs tens of cycles, twice for each slot written.
func (e *Engine) countLevels() {
	for n := range e.cache.levelsFor {
		e.cache.levelsFor[n] = uint8(min(n/int(e.minLen), cacheLevels))
	}
}

// allOpen reports whether the blocks of s are as many as the open
// primary items and all open: then they are the open items, since the
// blocks of a slot are distinct.
func (e *Engine) allOpen(s *slot) bool {
	if int32(s.n) != e.nAct {
		return false
	}
	mem := viewMem(e.mem)
	for _, x := range s.blocks[:s.n] {
		if *mem.at(x + sizeAt) < 0 {
			return false
		}
	}
	return true
}

// keepCount writes to its slot the counts of the node at depth, of level
// lv, whose subtree has been searched, t holding the counts so far,
// unless the subtree was not searched whole (given away in part: whole is
// false). The node's open items are list[:lv.open] still: below the node,
// items leave the list and come back only by moves inside that part of
// it.
func (e *Engine) keepCount(lv *level, t *tally, depth int, whole bool) {
	k := lv.slot
	lv.slot = -1
	nodes := t.nodes - lv.t.nodes
	if !whole || lv.hash == 0 || nodes > math.MaxUint32 {
		return
	}
	c := &e.cache
	s := &c.slots[k]
	c.hashes[k] = lv.hash
	s.count, s.nodes, s.updates = t.sols-lv.t.sols, nodes, t.updates-lv.t.updates
	n := int(lv.open)
	s.n, s.depth = uint16(n), 0
	if c.profiles {
		d := e.keptLevels(n, depth)
		s.depth = uint16(d)
		levels, before := s.levels[:d], c.before[n*cacheLevels:][:d]
		prof := e.prof[depth+1:][:d]
		for l := range levels {
			levels[l] = uint32(prof[l] - before[l])
		}
	}
	copy(s.blocks[:n], e.list[:n])
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
	levels := s.levels[:s.depth]
	prof := e.prof[depth+1:][:len(levels)]
	for l := range levels {
		prof[l] += int64(levels[l])
	}
	return true
}
