package sudoku

import (
	"context"
	"fmt"
	"testing"
)

func BenchmarkTmpVariants(b *testing.B) {
	for _, set := range []struct{ name, file string }{{"17clue", "9x9/puzzles2_17_clue.txt"}, {"magic1465", "9x9/puzzles3_magictour_top1465.txt"}} {
		puzzles := loadSet(b, set.file)
		for _, v := range []struct {
			nPrim int
			probe bool
		}{{3, false}, {4, false}, {3, true}, {4, true}} {
			b.Run(fmt.Sprintf("%s/prim%d/probe%v", set.name, v.nPrim, v.probe), func(b *testing.B) {
				s := NewSolver()
				s.nPrim, s.probing = v.nPrim, v.probe
				ctx := context.Background()
				cfg := Config{MaxSolutions: 2}
				b.ResetTimer()
				for range b.N {
					for _, g := range puzzles {
						s.Solve(ctx, g.grid, cfg, nil)
					}
				}
				b.ReportMetric(float64(len(puzzles))*float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			})
		}
	}
}
