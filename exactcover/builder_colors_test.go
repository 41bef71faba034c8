package exactcover

import (
	"math/rand/v2"
	"testing"
)

// TestColorBits checks the builder's bound on the colors of its secondary
// items, which budgets the bit-set engine's rows, against the distinct
// (item, color) pairs of random options counted with a map.
func TestColorBits(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 7))
	for trial := range 300 {
		var b Builder
		primary, secondary := 1+r.IntN(5), 1+r.IntN(6)
		b.Reset(primary, secondary)
		colors := 1 + r.IntN(5)
		pairs := map[[2]int32]bool{}
		for range r.IntN(40) {
			item := int32(primary + r.IntN(secondary))
			c := int32(r.IntN(colors+1)) - int32(r.IntN(2)*(trial%3/2)*colors) // negative colors too
			b.AddColoredOption([]int32{int32(r.IntN(primary)), item}, []int32{0, c})
			if c != 0 {
				pairs[[2]int32{item, c}] = true
			}
		}
		if got := b.colorBits(); got < len(pairs) {
			t.Fatalf("trial %d: colorBits = %d, the options use %d colors of items", trial, got, len(pairs))
		}
	}
}
