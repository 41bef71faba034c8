package exactcover

import (
	"fmt"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// A checkpoint's digest tells a damaged file, not a forged one: anyone can
// recompute it. So what a checkpoint says is checked too, before a search
// resumes it: first what can be checked in the file alone (checkContent,
// when it is read), then what needs the problem (checkFits, when a search
// resumes it). A checkpoint that passes could have been written by a
// search of the problem; its totals are then exact if its units are the
// work that search had left, which only the digest vouches for.

// maxCheckpointCount bounds every counter a checkpoint holds: 2⁶² nodes
// are 146 years of search at a billion nodes a second, so a larger count
// is forged, and the bound leaves a resumed search as much room again
// before its int64 counters overflow.
const maxCheckpointCount = 1 << 62

// checkContent checks that ck's counters and units could be those of a
// search: counts within bounds and consistent (the profile adds up to the
// nodes, solutions are leaves, fewer than the goal's limit), and units
// that are distinct, disjoint and below the partial solution.
func (ck *Checkpoint) checkContent() error {
	st := &ck.Stats
	for _, c := range []struct {
		name string
		n    int64
	}{{"solutions", st.Solutions}, {"nodes", st.Nodes}, {"updates", st.Updates}, {"cleansings", st.Cleansings}} {
		if c.n < 0 || c.n > maxCheckpointCount {
			return fmt.Errorf("%s %d: expected 0 to 2^62", c.name, c.n)
		}
	}
	var sum int64
	for l, n := range st.Profile {
		if n < 0 || n > maxCheckpointCount-sum {
			return fmt.Errorf("profile level %d holds %d nodes: the levels must add up to the nodes, %d", l, n, st.Nodes)
		}
		sum += n
	}
	if sum != st.Nodes {
		return fmt.Errorf("the profile adds up to %d nodes, the checkpoint counts %d", sum, st.Nodes)
	}
	if st.Solutions > st.Nodes {
		return fmt.Errorf("%d solutions in %d nodes: every solution is a node", st.Solutions, st.Nodes)
	}
	if g := ck.Goal; g.Limit < 0 || g.Limit > 0 && st.Solutions >= g.Limit {
		return fmt.Errorf("%d solutions for a search that %s: it would have stopped", st.Solutions, g)
	}
	for i, k := range ck.Partial {
		if k < 0 {
			return fmt.Errorf("partial solution option %d at place %d", k, i+1)
		}
	}
	return checkUnits(ck.pieces, rootPath(ck.Partial))
}

// checkUnits checks that the units are distinct and disjoint and all
// below root. A unit is the subtree of the node its path names, or (After)
// the branches of the node above that come after its last step's. Two
// units overlap when one's node lies in the subtree of another's that is
// a node (or is that node), or when two are rests of one node. (A rest and
// a node below one of the branches it covers also overlap; telling which
// branches come after which needs the engine's order, and is left to the
// digest.)
func checkUnits(pieces []piece, root []core.Step) error {
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
		u := &p.unit
		if p.skip < 0 {
			return fmt.Errorf("unit %d: skip %d", i+1, p.skip)
		}
		if len(u.Path) < len(root) || !slices.Equal(u.Path[:len(root)], root) || u.After && len(u.Path) == len(root) {
			return fmt.Errorf("unit %d does not start from the partial solution", i+1)
		}
		at = at[:core.CommonPrefix(prev, u.Path)+1]
		for _, st := range u.Path[len(at)-1:] {
			at = append(at, t.child(at[len(at)-1], st))
		}
		prev = u.Path
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
		case p.unit.After:
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

// checkFits checks what of ck needs the problem: that its profile fits the
// problem's depth, that every unit's path names a node of the search tree
// (its options exist and are compatible), and for a shard, that the split
// is this problem's and every unit lies in the shard's part of it.
func (d *driver) checkFits(ck *Checkpoint) error {
	if len(ck.Stats.Profile) > d.depth {
		return fmt.Errorf("its profile has %d levels, the problem at most %d", len(ck.Stats.Profile), d.depth)
	}
	var buf []core.Unit
	eng := d.proto
	if len(ck.pieces) > 0 {
		eng = eng.Clone() // which a panic may leave in disarray
	}
	for i, p := range ck.pieces {
		if err := names(eng, p.unit.Path, &buf); err != nil {
			return fmt.Errorf("unit %d names no node of the search tree: %w", i+1, err)
		}
	}
	if ck.Shard.N == 0 {
		return nil
	}
	sp, err := d.s.split(d.proto, rootPath(ck.Partial), ck.Shard.N)
	if err != nil {
		return err
	}
	if sp.digest != ck.Split {
		return fmt.Errorf("%w: its split into %d shards is %s, this problem's is %s", ErrCheckpointMismatch, ck.Shard.N, ck.Split, sp.digest)
	}
	part := sp.parts[ck.Shard.K-1]
	for i, p := range ck.pieces {
		if !slices.ContainsFunc(part, func(q piece) bool { return q.holds(&p.unit) }) {
			return fmt.Errorf("unit %d is not in shard %s", i+1, ck.Shard)
		}
	}
	return nil
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

// holds reports whether u's work lies in p's subtree (the subtree of p's
// node, for a rest).
func (p *piece) holds(u *core.Unit) bool {
	top := p.unit.Path
	if p.unit.After {
		top = top[:len(top)-1]
	}
	node := u.Path
	if u.After {
		node = node[:len(node)-1]
	}
	return len(node) >= len(top) && slices.Equal(node[:len(top)], top)
}
