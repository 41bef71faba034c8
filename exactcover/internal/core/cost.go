package core

import "math"

// Minimum-cost search (Knuth's DLX5). Options have costs ≥ 0, in
// Problem.Costs; a search looks for the K cheapest solutions, and prunes
// every branch that cannot beat the K-th cheapest found so far.

// NoCost is the cut-off before K solutions are known: no solution costs
// as much (costs are bounded so that sums stay far below it).
const NoCost = math.MaxInt64

// CostRun is what a driver gives a minimum-cost search.
type CostRun struct {
	// Best is K, the number of cheapest solutions wanted (at least 1).
	Best int
	// Visit receives each solution found that is cheaper than the K-th
	// cheapest found before it (DLX5 finds no other: the cut-off prunes
	// them), as the caller's option indices in the order chosen, in a
	// buffer valid until it returns, with its cost; returning false stops
	// the search (End Visited).
	Visit func(solution []int, cost int64) bool
	// MaxNodes, when positive, stops the search after that many nodes.
	MaxNodes int64
	// Poll, when set, is called every PollInterval nodes with the
	// counters so far; returning false stops the search (End Polled).
	Poll func(c *Counters) bool
}

// Best keeps the K smallest costs seen, in increasing order; its cut-off
// is the K-th, or NoCost while fewer than K are known. A solution must
// cost strictly less than the cut-off to be kept: of solutions of equal
// cost, the first found wins, as in DLX5.
type Best struct {
	K     int
	Costs []int64
}

// Cutoff returns the cost a new solution must beat.
func (b *Best) Cutoff() int64 {
	if len(b.Costs) < b.K {
		return NoCost
	}
	return b.Costs[b.K-1]
}

// Add records cost, which must be below Cutoff, dropping the K+1-th.
func (b *Best) Add(cost int64) {
	i := len(b.Costs)
	if i == b.K {
		i--
	} else {
		b.Costs = append(b.Costs, 0)
	}
	for ; i > 0 && b.Costs[i-1] > cost; i-- {
		b.Costs[i] = b.Costs[i-1]
	}
	b.Costs[i] = cost
}
