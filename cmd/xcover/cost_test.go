package main

import (
	"testing"

	"github.com/xcover/xcover/exactcover"
)

// TestCostsText checks the costs a message names: each of a few, the
// range of many (--best takes any k, and the message is one line).
func TestCostsText(t *testing.T) {
	t.Parallel()
	costs := func(cs ...int64) []exactcover.CostSolution {
		var best []exactcover.CostSolution
		for _, c := range cs {
			best = append(best, exactcover.CostSolution{Cost: c})
		}
		return best
	}
	for _, tc := range []struct {
		best []exactcover.CostSolution
		want string
	}{
		{costs(7), "7"},
		{costs(7, 8), "7 and 8"},
		{costs(7, 8, 8), "7, 8 and 8"},
		{costs(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), "1, 2, 3, 4, 5, 6, 7, 8, 9 and 10"},
		{costs(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 31), "1 to 31"},
	} {
		if got := costsText(tc.best); got != tc.want {
			t.Errorf("costsText(%d costs) = %q, want %q", len(tc.best), got, tc.want)
		}
	}
}
