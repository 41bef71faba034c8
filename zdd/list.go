package zdd

import (
	"errors"
	"iter"
)

// All returns an iterator over the sets of the family, each as its
// variables in the order met from the root. Sets come in the order of a
// depth-first walk that tries each node's hi child before its lo child.
// The yielded slice is reused: it is valid only until the loop body
// returns. The walk keeps a stack as deep as the longest path, nothing
// more, so it can list families far larger than memory.
func (z *ZDD) All() iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if z.root == Bottom {
			return
		}
		var (
			set   []int
			stack []frame
		)
		n := z.root
		for {
			// Go down hi children to Top, remembering where lo is left.
			for n > Top {
				nd := z.nodes[n]
				stack = append(stack, frame{n, len(set)})
				set = append(set, int(nd.v))
				n = Node(nd.hi)
			}
			if n == Top && !yield(set) {
				return
			}
			// Back up to the deepest node whose lo child is not Bottom.
			for {
				if len(stack) == 0 {
					return
				}
				f := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				set = set[:f.depth]
				if n = Node(z.nodes[f.node].lo); n != Bottom {
					break
				}
			}
		}
	}
}

type frame struct {
	node  Node
	depth int
}

// ErrOverflow says that a total weight does not fit in an int64.
var ErrOverflow = errors.New("zdd: total weight overflows int64")

// MinWeight returns the least total weight of a set of the family, where a
// set weighs the sum of weight(v) over its variables, and one set of that
// weight (its variables in the order met from the root); ok is false when
// the family is empty. Ties go to the set met first by [ZDD.All].
func (z *ZDD) MinWeight(weight func(v int) int64) (total int64, set []int, ok bool, err error) {
	return z.optimum(weight, false)
}

// MaxWeight is like [ZDD.MinWeight] for the greatest total weight.
func (z *ZDD) MaxWeight(weight func(v int) int64) (total int64, set []int, ok bool, err error) {
	return z.optimum(weight, true)
}

// optimum computes, bottom up, the best weight below every node and which
// child achieves it (dynamic programming over the DAG), then follows the
// choices down from the root.
func (z *ZDD) optimum(weight func(v int) int64, maximize bool) (int64, []int, bool, error) {
	if z.root == Bottom {
		return 0, nil, false, nil
	}
	best := make([]int64, len(z.nodes))
	takeHi := make([]bool, len(z.nodes))
	better := func(a, b int64) bool { return a < b }
	if maximize {
		better = func(a, b int64) bool { return a > b }
	}
	for i := 2; i < len(z.nodes); i++ {
		nd := z.nodes[i]
		w := weight(int(nd.v))
		h := best[nd.hi] + w
		if (w > 0 && h < best[nd.hi]) || (w < 0 && h > best[nd.hi]) {
			return 0, nil, false, ErrOverflow
		}
		if nd.lo == int32(Bottom) || !better(best[nd.lo], h) {
			best[i], takeHi[i] = h, true
		} else {
			best[i] = best[nd.lo]
		}
	}
	var set []int
	for n := z.root; n > Top; {
		nd := z.nodes[n]
		if takeHi[n] {
			set = append(set, int(nd.v))
			n = Node(nd.hi)
		} else {
			n = Node(nd.lo)
		}
	}
	return best[z.root], set, true, nil
}
