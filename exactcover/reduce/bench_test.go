package reduce_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/exactcover/reduce"
)

// sharedDir holds the project's shared instances; the benchmarks skip
// without it.
const sharedDir = "/work/shared/data/exactcover"

// BenchmarkReduce reduces shared instances whole, as xcover reduce does
// after reading them: the pentomino boards, where the reduction goes
// over every option twice and removes 144, and Sudoku, where most of it
// is struck at once.
func BenchmarkReduce(b *testing.B) {
	for _, name := range []string{"pent-6x10", "pent-5x12", "pent-3x20", "queens-14", "sudoku-17clue", "sudoku-multi-65k"} {
		b.Run(name, func(b *testing.B) {
			data, err := os.ReadFile(filepath.Join(sharedDir, name+".dlx"))
			if err != nil {
				b.Skip("shared instances not here:", err)
			}
			p := parse(b, name, data)
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := reduce.Reduce(ctx, p, reduce.Config{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
