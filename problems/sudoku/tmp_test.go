package sudoku

import (
	"context"
	"testing"
	"time"
)

func TestTmpOrders(t *testing.T) {
	puzzles := loadSet(t, "9x9/puzzles5_forum_hardest_1905_11+.txt")[:3000]
	for _, v := range []struct {
		order [4]int
		nPrim int
	}{{[4]int{3, 0, 1, 2}, 3}, {[4]int{0, 3, 1, 2}, 3}, {[4]int{3, 1, 0, 2}, 3}, {[4]int{0, 1, 3, 2}, 3}, {[4]int{3, 0, 2, 1}, 3}} {
		s := NewSolver()
		s.order, s.nPrim, s.probing = v.order, v.nPrim, true
		var nodes int64
		st := time.Now()
		for _, p := range puzzles {
			r, _ := s.Solve(context.Background(), p.grid, Config{MaxSolutions: 2}, nil)
			nodes += r.Nodes
		}
		t.Logf("%v/%d: %.1f nodes, %.0f/s", v.order, v.nPrim, float64(nodes)/float64(len(puzzles)), float64(len(puzzles))/time.Since(st).Seconds())
	}
}
