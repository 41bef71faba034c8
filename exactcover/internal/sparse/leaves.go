package sparse

import "math/bits"

// Tags of the nodes for countForcedFinish (Engine.finishTag): whether
// the node's option uses a secondary item, and whether the node is the
// option's first.
const (
	tagSecondary = 0
	tagPrimary   = 2
	tagFirst     = 1
)

// LeafItems is the most open primary items a node may have for a plain
// count to look for a forced finish there (countForcedFinish): near the
// leaves of a Sudoku the last dozen items are each left with one option,
// and the three forced moves that end there are a quarter of a count's
// nodes. With more items open the finish is rare and looking for it (a
// count of the short items) costs more than it saves: at 32 a Sudoku
// count ran more instructions than at 16, at 64 more than without.
// Zero turns it off (a variable only so that tests can compare both
// ways).
var LeafItems = 16

// finishes reports whether a search under run may count forced finishes
// at once: only in a plain count, whose counts are all it reports, and
// where the set of short items says cheaply when every open item is
// forced.
func (e *Engine) finishes(visits, limits bool) bool {
	return LeafItems > 0 && e.track && !e.mcc && !visits && !limits
}

// countForcedFinish counts at once the forced finish of the node at
// depth, when it has one: every open primary item has exactly one
// option left, and those options use no secondary item. The options are
// then distinct for distinct items or shared whole, so pairwise disjoint
// (an item in two of them would have two options), and the search would
// take them one after the other as forced moves, in whatever order its
// rule picks, each a node whose items all keep their option, the last a
// solution. Taking an option of L items whose every item has it alone
// makes 2L−1 updates (a forced move: the item branched on, then each other
// item leaving its set and covered, with nothing left in their sets), so
// the k moves make 2·n−k updates for n open items. countForcedFinish adds
// the k nodes, one per level below depth, the solution and those updates,
// and reports true; false, having counted nothing, when the node has no
// forced finish. Each open item's one option is read from its set, and the
// node's tag says whether the option is all primary and whether the node
// is its first, so that each counts once: a read per item, without walking
// the options.
func (e *Engine) countForcedFinish(depth int, w *walk) bool {
	short := 0
	for _, m := range e.short {
		short += bits.OnesCount64(m)
	}
	if short != int(e.nAct) { // some open item has two options or more
		return false
	}
	mem, tags := e.mem, e.finishTag
	k := 0
	for _, x := range e.list[:e.nAct] {
		if mem[x+sizeAt] != 1 { // none: a dead end (at a unit's first node)
			return false
		}
		t := tags[mem[x]]
		if t == tagSecondary {
			return false
		}
		k += int(t & tagFirst) // each option counted at its first node
	}
	e.finished++
	w.t.nodes += int64(k)
	w.t.sols++
	w.t.updates += 2*int64(e.nAct) - int64(k)
	for d := depth + 1; d <= depth+k; d++ {
		e.prof[d]++
	}
	return true
}
