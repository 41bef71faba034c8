package multiword

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// bigOf is the test's own conversion, through the words' bytes.
func bigOf(x []uint64) *big.Int {
	var b []byte
	for i := len(x) - 1; i >= 0; i-- {
		for s := 56; s >= 0; s -= 8 {
			b = append(b, byte(x[i]>>s))
		}
	}
	return new(big.Int).SetBytes(b)
}

// TestAgainstBig checks ToBig, Sum and Add against math/big on random
// words, with all-ones and zero words often, to make long carries.
func TestAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() uint64 {
		switch r.IntN(4) {
		case 0:
			return ^uint64(0)
		case 1:
			return 0
		}
		return r.Uint64()
	}
	for trial := range 3000 {
		w := 1 + trial%3
		a, b := make([]uint64, w), make([]uint64, 1+r.IntN(w))
		for i := range a {
			a[i] = word()
		}
		for i := range b {
			b[i] = word()
		}
		if ToBig(a).Cmp(bigOf(a)) != 0 {
			t.Fatalf("ToBig(%x) = %v, want %v", a, ToBig(a), bigOf(a))
		}
		sum := new(big.Int).Add(bigOf(a), bigOf(b))
		mod := new(big.Int).Lsh(big.NewInt(1), uint(64*w))
		wantCarry := uint64(0)
		if sum.Cmp(mod) >= 0 {
			wantCarry = 1
			sum.Sub(sum, mod)
		}
		dst := make([]uint64, w)
		wide := append(slices.Clone(b), make([]uint64, w-len(b))...)
		if c := Sum(dst, a, wide); c != wantCarry || bigOf(dst).Cmp(sum) != 0 {
			t.Fatalf("Sum(%x, %x) = %x carry %d, want %v carry %d", a, wide, dst, c, sum, wantCarry)
		}
		if c := Add(a, b); c != wantCarry || bigOf(a).Cmp(sum) != 0 {
			t.Fatalf("Add(…, %x) = %x carry %d, want %v carry %d", b, a, c, sum, wantCarry)
		}
	}
}
