package reduce_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
)

// sharedDir holds the project's shared instances; the benchmarks skip
// without it.
const sharedDir = "/work/shared/data/exactcover"

// benchInstances are dense ones (the pentomino boards, where the
// reduction goes over every option twice and removes 144, and queens) and
// sparse ones (Sudoku, where most of it is struck at once).
var benchInstances = []string{"pent-6x10", "pent-5x12", "pent-3x20", "queens-14", "sudoku-17clue", "sudoku-multi-65k", "sudoku-multi-823k"}

// BenchmarkReduce reduces shared instances whole, as xcover reduce does
// after reading them, with the blocking test Reduce chooses.
func BenchmarkReduce(b *testing.B) {
	for _, name := range benchInstances {
		b.Run(name, func(b *testing.B) { benchReduce(b, loadBench(b, name)) })
	}
}

// BenchmarkBlockTests reduces the same instances with each blocking test,
// to check the choice Reduce makes between them.
func BenchmarkBlockTests(b *testing.B) {
	for _, name := range benchInstances {
		for test, id := range reduce.BlockTests {
			b.Run(name+"/"+test, func(b *testing.B) {
				p := loadBench(b, name)
				defer reduce.SetBlockTest(id)()
				benchReduce(b, p)
			})
		}
	}
}

func loadBench(b *testing.B, name string) *exactcover.Problem {
	data, err := os.ReadFile(filepath.Join(sharedDir, name+".dlx"))
	if err != nil {
		b.Skip("shared instances not here:", err)
	}
	return parse(b, name, data)
}

func benchReduce(b *testing.B, p *exactcover.Problem) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := reduce.Reduce(ctx, p, reduce.Config{}); err != nil {
			b.Fatal(err)
		}
	}
}
