package reduce_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
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

// benchInstances are the shared instances, dense ones (the pentomino
// boards, where the reduction goes over every option twice, and queens)
// and sparse ones (Sudoku, where most of it is struck at once), and the
// 25×25 Sudoku of the benchmark script; none without the shared data.
func benchInstances() []string {
	files, _ := filepath.Glob(filepath.Join(sharedDir, "*.dlx"))
	if len(files) == 0 {
		return nil
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".dlx"))
	}
	return append(names, gecode25Name)
}

// gecode25Name names the 25×25 Sudoku among benchInstances.
const gecode25Name = "gecode-25x25-9"

// BenchmarkReduce reduces shared instances whole, as xcover reduce does
// after reading them, with the form of the tests Reduce chooses.
func BenchmarkReduce(b *testing.B) {
	names := benchInstances()
	if len(names) == 0 {
		b.Skip("shared instances not here")
	}
	for _, name := range names {
		b.Run(name, func(b *testing.B) { benchReduce(b, loadBench(b, name)) })
	}
}

// BenchmarkBlockTests reduces the same instances with each form of the
// tests, to check the choice Reduce makes between them.
func BenchmarkBlockTests(b *testing.B) {
	names := benchInstances()
	if len(names) == 0 {
		b.Skip("shared instances not here")
	}
	for _, name := range names {
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
	if name == gecode25Name {
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
