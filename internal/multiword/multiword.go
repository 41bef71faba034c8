// Package multiword holds unsigned integers wider than 64 bits as slices of
// uint64 words, least significant first, the fixed-width counters of the
// memoized counts and of the ZDDs: one flat []uint64 holds a table of them
// without an allocation per entry, and math/big takes over only to print or
// combine the final figures.
package multiword

import (
	"math/big"
	"math/bits"
)

// Add adds b to a in place (len(b) ≤ len(a)) and returns the carry out of
// a's top word: 0 when the sum fits in len(a) words.
func Add(a, b []uint64) (carry uint64) {
	i := 0
	for ; i < len(b); i++ {
		a[i], carry = bits.Add64(a[i], b[i], carry)
	}
	for ; carry != 0 && i < len(a); i++ {
		a[i], carry = bits.Add64(a[i], 0, carry)
	}
	return carry
}

// Sum sets dst to a + b (all of one length) and returns the carry out of
// the top word.
func Sum(dst, a, b []uint64) (carry uint64) {
	for k := range dst {
		dst[k], carry = bits.Add64(a[k], b[k], carry)
	}
	return carry
}

// ToBig returns x as a big.Int.
func ToBig(x []uint64) *big.Int {
	words := make([]big.Word, 0, len(x)*64/bits.UintSize)
	for _, v := range x {
		if bits.UintSize == 64 {
			words = append(words, big.Word(v))
		} else {
			words = append(words, big.Word(uint32(v)), big.Word(v>>32))
		}
	}
	return new(big.Int).SetBits(words)
}
