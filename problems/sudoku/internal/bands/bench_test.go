package bands_test

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/xcover/xcover/problems/sudoku/internal/bands"
)

// userTime returns the CPU time this process has spent in user mode: on a
// machine shared with other work it varies far less than wall time.
func userTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano())
}

// BenchmarkSolve solves the first 2,000 puzzles of two shared sets and
// proves each unique, reporting the user CPU time and nodes per puzzle.
func BenchmarkSolve(b *testing.B) {
	dir := sharedDir(b)
	for _, set := range []struct{ name, file string }{
		{"17clue", "puzzles2_17_clue.txt"},
		{"hardest1905", "puzzles5_forum_hardest_1905_11+.txt"},
	} {
		puzzles := lines(b, filepath.Join(dir, set.file))[:2000]
		givens := make([][]uint8, len(puzzles))
		for k, p := range puzzles {
			givens[k] = parse(p)
		}
		b.Run(set.name, func(b *testing.B) {
			s := bands.NewSolver()
			ctx := context.Background()
			var nodes int64
			start := userTime()
			for b.Loop() {
				for _, g := range givens {
					r, _ := s.Solve(ctx, g, bands.Limits{MaxSolutions: 2}, nil)
					nodes += r.Nodes
				}
			}
			runs := float64(b.N * len(givens))
			b.ReportMetric(float64(userTime()-start)/runs, "user-ns/puzzle")
			b.ReportMetric(float64(nodes)/runs, "nodes/puzzle")
		})
	}
}
