package drive

import (
	"fmt"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// A checkpoint's digest tells a damaged file, not a forged one: anyone can
// recompute it. So what a checkpoint says is checked too, before a search
// resumes it: first what can be checked in the file alone (exactcover's
// checkContent, with CheckUnits, when it is read), then what needs the
// problem (CheckFits, when a search resumes it). A checkpoint that passes could have been written by a
// search of the problem; its totals are then exact if its units are the
// work that search had left, which only the digest vouches for.

// CheckUnits checks that the units are distinct and disjoint and all
// below root. A unit is the subtree of the node its path names, or (After)
// the branches of the node above that come after its last step's, or
// (Rest) the subtrees of the branches it names, which are checked as the
// units for each would be. Two units overlap when one's node lies in the
// subtree of another's that is a node (or is that node), or when two are
// rests of one node after a branch. (A rest after a branch and a node
// below one of the branches it covers also overlap; telling which
// branches come after which needs the engine's order, and is left to the
// digest.)
func CheckUnits(pieces []core.Piece, root []core.Step) error {
	// The units' paths go into a trie, each from where it parts from the
	// one before: units exported together share all but their last steps,
	// so that a search stopped thousands of levels deep, with a unit a
	// level, is checked in time proportional to its file, not to the
	// square of its depth.
	t := newPathTrie()
	var prev []core.Step
	at := []int32{0}                    // the trie's nodes along prev
	where := make([]int32, len(pieces)) // each unit's node
	for i, p := range pieces {
		u := &p.Unit
		if p.Skip < 0 {
			return fmt.Errorf("unit %d: skip %d", i+1, p.Skip)
		}
		if len(u.Path) < len(root) || !slices.Equal(u.Path[:len(root)], root) || u.After && len(u.Path) == len(root) {
			return fmt.Errorf("unit %d does not start from the partial solution", i+1)
		}
		if err := u.CheckRest(); err != nil {
			return fmt.Errorf("unit %d: %v", i+1, err)
		}
		at = at[:core.CommonPrefix(prev, u.Path)+1]
		for _, st := range u.Path[len(at)-1:] {
			at = append(at, t.child(at[len(at)-1], st))
		}
		prev = u.Path
		if u.Rest != nil { // a node unit for each branch
			node := at[len(u.Path)]
			for _, st := range u.Rest {
				c := t.child(node, st)
				if j := t.node[c]; j == int32(i) {
					return fmt.Errorf("unit %d names the branch to option %d twice", i+1, st.Option)
				} else if j >= 0 {
					return fmt.Errorf("units %d and %d overlap (the same work twice)", j+1, i+1)
				}
				t.node[c] = int32(i)
			}
			where[i] = node
			continue
		}
		seen, node := t.node, at[len(u.Path)]
		if u.After {
			seen, node = t.rest, at[len(u.Path)-1]
		}
		if j := seen[node]; j >= 0 {
			return fmt.Errorf("units %d and %d overlap (the same work twice)", j+1, i+1)
		}
		seen[node], where[i] = int32(i), node
	}
	// below[n]: a node unit at n or above it. A unit lies inside another
	// when its node is strictly below a node unit's, or, for a rest, at
	// it.
	below := make([]int32, len(t.parent))
	for n, up := range t.parent { // a parent comes before its children
		below[n] = t.node[n]
		if below[n] < 0 && n > 0 {
			below[n] = below[up]
		}
	}
	for i, p := range pieces {
		n, j := where[i], int32(-1)
		switch {
		case p.Unit.After, p.Unit.Rest != nil:
			j = below[n]
		case n > 0:
			j = below[t.parent[n]]
		}
		if j >= 0 {
			return fmt.Errorf("unit %d lies inside unit %d (the same work twice)", i+1, j+1)
		}
	}
	return nil
}

// pathTrie holds paths by their steps: node 0 is the empty path, and each
// other node is its parent's path and one step more.
type pathTrie struct {
	children map[trieEdge]int32
	parent   []int32
	node     []int32 // the node unit whose path ends here, or -1
	rest     []int32 // the rest unit whose node this is, or -1
}

type trieEdge struct {
	from int32
	step core.Step
}

func newPathTrie() *pathTrie {
	return &pathTrie{children: map[trieEdge]int32{}, parent: []int32{0}, node: []int32{-1}, rest: []int32{-1}}
}

// child returns the node one step below n, adding it when new.
func (t *pathTrie) child(n int32, st core.Step) int32 {
	e := trieEdge{n, st}
	if c, ok := t.children[e]; ok {
		return c
	}
	c := int32(len(t.parent))
	t.children[e] = c
	t.parent = append(t.parent, n)
	t.node = append(t.node, -1)
	t.rest = append(t.rest, -1)
	return c
}

// CheckFits checks what of pos needs the problem: that its profile fits
// the depth of eng's paths, that every unit's path names a node of the
// search tree (its options exist and are compatible), and for shard k of
// n, that the split of the tree below root is the one whose digest is
// split, and that every unit lies in part k of it. Errors wrap ErrUnfit,
// or ErrOtherSplit.
func CheckFits(eng core.Engine, pos *Position, root []core.Step, k, n int, seed uint64, split string) error {
	if depth := eng.MaxDepth() + 2; len(pos.Profile) > depth {
		return fmt.Errorf("%w: its profile has %d levels, the problem at most %d", ErrUnfit, len(pos.Profile), depth)
	}
	proto := eng
	if len(pos.Pieces) > 0 {
		eng = eng.Clone() // which a panic may leave in disarray
	}
	var sib siblings
	for i := range pos.Pieces {
		if err := sib.names(eng, pos.Pieces, i); err != nil {
			// %v: a second %w would make the error a list, which callers
			// take for the errors of several workers.
			return fmt.Errorf("%w: unit %d names no node of the search tree: %v", ErrUnfit, i+1, err)
		}
	}
	if n == 0 {
		return nil
	}
	sp, err := splitOf(proto, root, n, seed)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnfit, err)
	}
	if sp.digest != split {
		return fmt.Errorf("%w: its split into %d shards is %s, this problem's is %s", ErrOtherSplit, n, split, sp.digest)
	}
	// The tops of the part's pieces go into a trie, so that each unit is
	// looked for along its path, not in every piece of the part.
	tops := newPathTrie()
	for j := range sp.parts[k-1] {
		at := int32(0)
		for _, st := range nodePath(&sp.parts[k-1][j].Unit) {
			at = tops.child(at, st)
		}
		tops.node[at] = int32(j)
	}
	for i := range pos.Pieces {
		if !tops.holdsUnit(&pos.Pieces[i].Unit) {
			return fmt.Errorf("%w: unit %d is not in shard %d/%d", ErrUnfit, i+1, k, n)
		}
	}
	return nil
}

// siblings is what CheckFits knows of the node whose children the units
// it checks last named: its path, and its children's last steps as the
// engine lists them.
type siblings struct {
	parent []core.Step
	steps  map[core.Step]bool
	buf    []core.Unit
}

// names checks that the path of pieces[i] names a node of the search
// tree. A unit whose node is a child of the node the unit before or after
// it branches from (the siblings an export or a donation gives, a unit
// each) is looked up among that node's children, which the engine lists
// once, instead of entering it again: every unit's replay walks the lists
// of the nodes above it, and a node's n siblings would cost n times its
// width. A unit not found there (a rest, or a branch on another item, as
// the Weighted rule may take) is entered as it stands.
func (s *siblings) names(eng core.Engine, pieces []core.Piece, i int) error {
	u := &pieces[i].Unit
	if u.Rest != nil {
		return s.namesRest(eng, u)
	}
	if u.After || len(u.Path) == 0 {
		return names(eng, u.Path, &s.buf)
	}
	parent, last := u.Path[:len(u.Path)-1], u.Path[len(u.Path)-1]
	if !s.isParent(parent) && i+1 < len(pieces) && branchesFrom(&pieces[i+1].Unit, parent) {
		s.parent, s.steps = parent, nil
		if err := names(eng, parent, &s.buf); err == nil {
			s.steps = make(map[core.Step]bool, len(s.buf))
			for _, c := range s.buf {
				s.steps[c.Path[len(c.Path)-1]] = true
			}
		}
	}
	if s.isParent(parent) && s.steps[last] {
		return nil
	}
	return names(eng, u.Path, &s.buf)
}

// namesRest checks that every branch of rest unit u is a child of its
// node: the node is entered once and its children listed, and each
// branch looked up among them. A branch not found there (the Weighted
// rule may branch on another item than the engine's Expand, which takes
// Knuth's) is entered as it stands, as a unit of its own would be.
func (s *siblings) namesRest(eng core.Engine, u *core.Unit) error {
	s.parent, s.steps = u.Path, nil
	if err := names(eng, u.Path, &s.buf); err != nil {
		return err
	}
	s.steps = make(map[core.Step]bool, len(s.buf))
	for _, c := range s.buf {
		s.steps[c.Path[len(c.Path)-1]] = true
	}
	path := slices.Clip(u.Path)
	for _, st := range u.Rest {
		if !s.steps[st] {
			if err := names(eng, append(path, st), &s.buf); err != nil {
				return fmt.Errorf("branch to option %d: %v", st.Option, err)
			}
		}
	}
	return nil
}

// isParent reports whether path is the node whose children s holds.
func (s *siblings) isParent(path []core.Step) bool {
	return s.parent != nil && slices.Equal(path, s.parent)
}

// branchesFrom reports whether u is a unit for a child of the node that
// parent names.
func branchesFrom(u *core.Unit, parent []core.Step) bool {
	return !u.After && len(u.Path) == len(parent)+1 && core.CommonPrefix(u.Path, parent) == len(parent)
}

// nodePath returns the path of the node whose subtree u is, or whose
// branches u continues (a rest).
func nodePath(u *core.Unit) []core.Step {
	if u.After {
		return u.Path[:len(u.Path)-1]
	}
	return u.Path
}

// holdsUnit reports whether the work of u lies in the subtrees of nodes
// of t that a unit's top was marked on: its node's (or, for a rest, each
// of its branches') path is such a node or lies below one.
func (t *pathTrie) holdsUnit(u *core.Unit) bool {
	at, in := t.walk(nodePath(u))
	if in || at < 0 || u.Rest == nil {
		return in
	}
	for _, st := range u.Rest {
		c, ok := t.children[trieEdge{at, st}]
		if !ok || t.node[c] < 0 {
			return false
		}
	}
	return true
}

// walk follows path down t and reports whether it meets a node that a
// unit's top was marked on; if not, it returns the node path leads to,
// or -1 when t has no such node.
func (t *pathTrie) walk(path []core.Step) (at int32, marked bool) {
	if t.node[at] >= 0 {
		return at, true
	}
	for _, st := range path {
		next, ok := t.children[trieEdge{at, st}]
		if !ok {
			return -1, false
		}
		if at = next; t.node[at] >= 0 {
			return at, true
		}
	}
	return at, false
}

// names checks that path names a node of the search tree, by entering it
// with eng (a panic, which a path the engine's checks missed could cause,
// is an error too: the file is not trusted).
func names(eng core.Engine, path []core.Step, buf *[]core.Unit) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	var scratch core.Counters
	*buf, _, err = eng.Expand(core.Unit{Path: path}, &scratch, (*buf)[:0])
	return err
}
