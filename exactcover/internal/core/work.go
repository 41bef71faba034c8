package core

// Step is one branch on a path from the root of a search tree: the primary
// item branched on and the caller's index of the option taken to cover it.
// Option is [Null] for the branch of Knuth's Algorithm M that gives the item
// no further option (allowed when its lower bound is already met). Exclude
// marks the other branch of a binary choice (the sparse engine's branching
// for multiplicities): Option is removed from the problem instead of taken.
// Item is -1 in a step that forces an option outside any search (a
// partial solution given by the caller).
type Step struct {
	Item    int32
	Option  int32
	Exclude bool
}

// Null is the Option of a step that covers its item no further.
const Null = -1

// Unit is a piece of a search: the subtree below the node that Path leads
// to. When CountLast is set, the last step's updates are counted by
// whoever searches the unit (it was exported by a search that had not yet
// taken it); otherwise the whole path is replayed silently and only the
// node it leads to, and what lies below, are counted.
//
// When After is set, the unit is instead the rest of a node that another
// search has entered and counted: the branches of the node reached by
// Path[:len(Path)-1] that come after the last step's, in the order of the
// engine that made the unit (only that engine can search it).
//
// When Rest is set, the unit is instead branches of the node that Path
// leads to, named: the node was entered and counted by another search,
// and the unit is the subtrees of the branches Rest, in that order, each
// searched and counted as the unit of Path and that step with CountLast
// would be (CountLast and After are unset). The branches take options
// (none is Null or Exclude) for one item. Unlike After, any engine can
// search it, and it enters the node once for all its branches, where a
// unit per branch would enter it once per branch, walking the item's
// options each time: on a node of n branches, n steps instead of n².
// See [SearchRest].
type Unit struct {
	Path      []Step
	CountLast bool
	After     bool
	Rest      []Step
}

// Level returns the level of the node u's work hangs from: the node that
// Path leads to, or for a rest of either kind, the node whose branches
// it holds. (Its branches are at the next level.)
func (u *Unit) Level() int {
	if u.After {
		return len(u.Path) - 1
	}
	return len(u.Path)
}

// Counters are the totals a search keeps, as Knuth's programs keep them.
type Counters struct {
	Solutions  int64
	Nodes      int64
	Updates    int64
	Cleansings int64
}

// Add adds c2 to c.
func (c *Counters) Add(c2 Counters) {
	c.Solutions += c2.Solutions
	c.Nodes += c2.Nodes
	c.Updates += c2.Updates
	c.Cleansings += c2.Cleansings
}

// Branch is one level of the current path, for progress reports: the K-th
// (1-based) of the D branches of item Item.
type Branch struct {
	Item int
	K, D int
}

// CommonPrefix returns how many steps a and b begin with alike; for
// prefixes of one array (as a stopped search exports its units, and as
// the file format shares them) without comparing them.
func CommonPrefix(a, b []Step) int {
	n := min(len(a), len(b))
	if n > 0 && &a[0] == &b[0] {
		return n
	}
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// A Piece is a unit of work as the drivers keep it and a checkpoint holds
// it: the unit, and its share of the search tree for progress reports.
// The share is an interval [Lo, Hi) of [0, 1), the whole tree, laid out
// as Knuth's progress estimate lays it out: the tree is taken as uniform
// below every node, so the K-th of a node's D branches gets the K-th D-th
// of the node's interval. Intervals of the pieces that divide a search
// partition the search's interval, however the division went, so that
// "done" is the total less what the pieces not yet finished still hold.
// Shares are estimates for progress only: no count depends on them.
type Piece struct {
	Unit   Unit
	Lo, Hi float64
	// End is Hi as the piece was made: its subtree is laid out over
	// [Lo, End) even after donations have cut Hi back.
	End float64
	// Skip, for a unit that continues a node after a branch (After), is
	// that branch's place K among the node's branches: the unit's share is
	// the node's branches K+1…D.
	Skip int32
}
