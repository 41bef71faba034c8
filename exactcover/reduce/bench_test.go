package reduce_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/problems/sudoku"
)

// sharedDir holds the project's shared instances; the benchmarks skip
// without it.
const sharedDir = "/work/shared/data/exactcover"

// gecode25 is the 25×25 Sudoku that the project's benchmark script
// reduces against DLX-PRE: line 9 of the shared gecode set, encoded as
// xcover sudoku --emit-spec writes it.
const gecode25, gecode25Line = "/work/shared/data/sudoku/gecode/gecode_25x25.txt", 9

// benchInstances are dense ones (the pentomino boards, where the
// reduction goes over every option twice and removes 144, and queens) and
// sparse ones (Sudoku, where most of it is struck at once).
var benchInstances = []string{"pent-6x10", "pent-5x12", "pent-3x20", "queens-14", "sudoku-17clue", "sudoku-multi-65k", "sudoku-multi-823k", "gecode-25x25-9"}

// BenchmarkReduce reduces shared instances whole, as xcover reduce does
// after reading them, with the form of the tests Reduce chooses.
func BenchmarkReduce(b *testing.B) {
	for _, name := range benchInstances {
		b.Run(name, func(b *testing.B) { benchReduce(b, loadBench(b, name)) })
	}
}

// BenchmarkBlockTests reduces the same instances with each form of the
// tests, to check the choice Reduce makes between them.
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
	if name == "gecode-25x25-9" {
		return loadGecode25(b)
	}
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

func loadGecode25(b *testing.B) *exactcover.Problem {
	data, err := os.ReadFile(gecode25)
	if err != nil {
		b.Skip("shared instances not here:", err)
	}
	batch, err := sudoku.Read(gecode25, data, sudoku.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	if len(batch.Puzzles) < gecode25Line {
		b.Fatalf("%s: %d puzzles, want line %d", gecode25, len(batch.Puzzles), gecode25Line)
	}
	puzzle := batch.Puzzles[gecode25Line-1]
	if puzzle.Err != nil {
		b.Fatal(puzzle.Err)
	}
	p, err := sudoku.Encode(puzzle.Grid)
	if err != nil {
		b.Fatal(err)
	}
	return p
}
