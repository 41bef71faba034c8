package memo

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkDomino counts the domino tilings of n×n boards.
func BenchmarkDomino(b *testing.B) {
	for _, n := range []int{8, 12, 16, 20} {
		p := domino(n, n)
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			var st Stats
			for b.Loop() {
				c := New(p, Config{})
				if err := c.Run(context.Background(), 0); err != nil {
					b.Fatal(err)
				}
				st = c.Stats()
			}
			b.ReportMetric(float64(st.States), "states")
			b.ReportMetric(float64(st.PeakBytes)/(1<<20), "MiB")
		})
	}
}
