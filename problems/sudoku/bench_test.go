package sudoku

import (
	"context"
	"testing"
)

// benchSets are the files BenchmarkSolveFile solves, whole, proving
// uniqueness (MaxSolutions 2) as the targets are stated.
var benchSets = []struct{ name, file string }{
	{"17clue", "9x9/puzzles2_17_clue.txt"},
	{"hardest1905", "9x9/puzzles5_forum_hardest_1905_11+.txt"},
	{"top95", "9x9/norvig_top95.txt"},
	{"magic1465", "9x9/puzzles3_magictour_top1465.txt"},
	{"gecode16", "gecode/gecode_16x16.txt"},
}

// BenchmarkSolveFile solves every puzzle of a shared set and proves it
// unique, on one core; puzzles/s is the figure the targets name.
func BenchmarkSolveFile(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			puzzles := loadSet(b, set.file)
			s := NewSolver()
			ctx := context.Background()
			cfg := Config{MaxSolutions: 2}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N { // b.Loop needs go1.24; go.mod says go1.23
				for _, g := range puzzles {
					if _, err := s.Solve(ctx, g.grid, cfg, nil); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(len(puzzles))*float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
