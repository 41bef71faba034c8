package drive

import "github.com/xcover/xcover/exactcover/internal/core"

// Probe walks one random path down from u, as Knuth's estimator does
// ("Estimating the efficiency of backtrack programs", Math. Comp. 29,
// 1975): it enters u, then a child that pick(d) draws among the d that the
// engine lists, and so on down to a leaf, and calls node at every node it
// enters with the number of the node's children (0 at a leaf) and whether
// it is a solution. A child that the engine lists but abandons on entering
// without counting it (the sparse engine does, when a choice leaves an
// item without options) ends the walk with no call: a leaf counting zero,
// which keeps the estimates unbiased. With canonical, the children are
// taken in the canonical order, so that the walk does not depend on the
// order of the engine's lists (the shard split must not). It returns the
// number of Expand calls, one per node entered or abandoned.
func Probe(eng core.Engine, u core.Unit, pick func(n int) int, canonical bool, buf *[]core.Unit,
	node func(children int, solution bool)) (calls int, err error) {
	var c core.Counters
	for {
		before := c.Nodes
		children, solution, err := eng.Expand(u, &c, (*buf)[:0])
		*buf = children
		calls++
		if err != nil || c.Nodes == before {
			return calls, err
		}
		node(len(children), solution)
		if solution || len(children) == 0 {
			return calls, nil
		}
		if canonical {
			sortCanonical(children)
		}
		u = children[pick(len(children))]
	}
}
