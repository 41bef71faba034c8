package zdd

import (
	"cmp"
	"slices"
)

// repeat finds a node whose variable appears again below it, on a path
// through its child child (Lo or Hi), and reports whether there is one.
// In a diagram without such a node every path names distinct variables, so
// that each path is a set of its own (two paths part at some node, one
// taking its variable and the other not, and the variable comes nowhere
// below), and counting the paths counts the sets. Through a Hi child the
// repeat would list a variable twice in one set; through a Lo child it
// would give one set twice.
//
// An ordered diagram (variables increasing from each node to its
// children, as xcover's memoized search makes them, or decreasing) has no
// repeat, which one pass shows. Others (DLX6's) are checked exactly, 64 variables at a time: for
// the variables of a batch, a pass children first computes the mask of
// those met at or below each node, and a node whose variable is in its
// children's masks is a repeat. The cost is a pass per batch of 64
// variables that label two nodes or more, and a word per node.
func (z *ZDD) repeat() (n, child int32, found bool) {
	increasing, decreasing := true, true
	first := map[int32]int32{} // variable → its first node
	twice := map[int32]bool{}  // variables of two nodes or more
	for i := int32(2); i < int32(len(z.nodes)); i++ {
		nd := z.nodes[i]
		for _, c := range [2]int32{nd.lo, nd.hi} {
			if c > 1 {
				increasing = increasing && z.nodes[c].v > nd.v
				decreasing = decreasing && z.nodes[c].v < nd.v
			}
		}
		if _, ok := first[nd.v]; ok {
			twice[nd.v] = true
		} else {
			first[nd.v] = i
		}
	}
	if increasing || decreasing || len(twice) == 0 {
		return 0, 0, false
	}
	// Batches of variables sorted by their first node: a batch's pass
	// starts there, since no node below holds one of them.
	vars := make([]int32, 0, len(twice))
	for v := range twice {
		vars = append(vars, v)
	}
	slices.SortFunc(vars, func(a, b int32) int { return cmp.Compare(first[a], first[b]) })
	bit := make(map[int32]uint64, 64)
	mask := make([]uint64, len(z.nodes))
	for len(vars) > 0 {
		batch := vars[:min(64, len(vars))]
		vars = vars[len(batch):]
		clear(bit)
		for j, v := range batch {
			bit[v] = 1 << j
		}
		start := first[batch[0]]
		clear(mask)
		for i := start; i < int32(len(z.nodes)); i++ {
			nd := z.nodes[i]
			b := bit[nd.v]
			if b&mask[nd.hi] != 0 {
				return i, nd.hi, true
			}
			if b&mask[nd.lo] != 0 {
				return i, nd.lo, true
			}
			mask[i] = b | mask[nd.lo] | mask[nd.hi]
		}
	}
	return 0, 0, false
}
