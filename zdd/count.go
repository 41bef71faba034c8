package zdd

import (
	"math/big"

	"github.com/xcover/xcover/internal/multiword"
)

// counts holds the number of sets below every node as fixed-width
// multiword integers: node n's count is c[n*w : n*w+w], least significant
// word first. A count never exceeds the root's (each set below a node
// reachable from the root extends, by the variables taken on the way down,
// to a distinct set of the root), so one width serves every node.
type counts struct {
	w int
	c []uint64
}

// countAll counts the sets below every node, bottom up. The width starts at
// one word and doubles whenever a sum overflows it.
func countAll(z *ZDD) counts {
	for w := 1; ; w *= 2 {
		if c, ok := countWidth(z, w); ok {
			return counts{w: w, c: c}
		}
	}
}

func countWidth(z *ZDD, w int) ([]uint64, bool) {
	c := make([]uint64, len(z.nodes)*w)
	c[w] = 1 // Top
	for i := 2; i < len(z.nodes); i++ {
		n := z.nodes[i]
		dst, a, b := c[i*w:i*w+w], c[int(n.lo)*w:int(n.lo)*w+w], c[int(n.hi)*w:int(n.hi)*w+w]
		if multiword.Sum(dst, a, b) != 0 {
			return nil, false
		}
	}
	return c, true
}

// of returns node n's count.
func (c *counts) of(n Node) []uint64 { return c.c[int(n)*c.w : int(n)*c.w+c.w] }

// bigOf returns node n's count as a big.Int.
func (c *counts) bigOf(n Node) *big.Int { return multiword.ToBig(c.of(n)) }

// Count returns the number of sets in the family. It takes time linear in
// the number of nodes times the length of the count in words.
func (z *ZDD) Count() *big.Int {
	c := countAll(z)
	return c.bigOf(z.root)
}
