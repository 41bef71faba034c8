package zdd

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
)

// Sampler draws sets of a family independently and uniformly at random.
// Making one counts the sets below every node once; each draw then takes
// one random integer below the total and one walk from the root to Top,
// going to the hi child when the integer is below the hi child's count (and
// otherwise subtracting that count and going to the lo child), as Knuth's
// ZDDREAD-RANDOM does. A Sampler is not safe for concurrent use.
type Sampler struct {
	z     *ZDD
	c     counts
	r     []uint64 // the random integer, reduced along the walk
	top   int      // the highest nonzero word of the total
	shift uint     // leading zeros of that word
}

// NewSampler counts z's sets below every node.
func NewSampler(z *ZDD) *Sampler {
	s := &Sampler{z: z, c: countAll(z)}
	s.r = make([]uint64, s.c.w)
	total := s.c.of(z.root)
	for s.top = len(total) - 1; s.top > 0 && total[s.top] == 0; s.top-- {
	}
	s.shift = uint(bits.LeadingZeros64(total[s.top]))
	return s
}

// Count returns the number of sets in the family.
func (s *Sampler) Count() *big.Int { return s.c.bigOf(s.z.root) }

// Sample appends to dst the variables of a set drawn uniformly at random,
// in the order met from the root, and returns the extended slice and true;
// it returns dst and false when the family is empty.
func (s *Sampler) Sample(rng *rand.Rand, dst []int) ([]int, bool) {
	z := s.z
	if z.root == Bottom {
		return dst, false
	}
	total := s.c.of(z.root)
	// Draw r uniformly in [0, total) by rejection: random words below the
	// total's bit length, kept when below the total (at least half the time).
	for {
		clear(s.r)
		for k := 0; k <= s.top; k++ {
			s.r[k] = rng.Uint64()
		}
		s.r[s.top] >>= s.shift
		if less(s.r, total) {
			break
		}
	}
	for n := z.root; n > Top; {
		nd := z.nodes[n]
		hi := s.c.of(Node(nd.hi))
		if less(s.r, hi) {
			dst = append(dst, int(nd.v))
			n = Node(nd.hi)
		} else {
			sub(s.r, hi)
			n = Node(nd.lo)
		}
	}
	return dst, true
}

// less reports whether a < b, both of the same number of words.
func less(a, b []uint64) bool {
	for k := len(a) - 1; k >= 0; k-- {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return false
}

// sub sets a to a − b (b ≤ a).
func sub(a, b []uint64) {
	var borrow uint64
	for k := range a {
		a[k], borrow = bits.Sub64(a[k], b[k], borrow)
	}
}
