package drive

import "github.com/xcover/xcover/exactcover/internal/core"

// SplitOf exposes the shard split to the tests: the parts of the subtree
// below root for n shards, what the expansion above them counted, and
// the split's digest.
func SplitOf(eng core.Engine, root []core.Step, n int, seed uint64) (parts [][]core.Piece, above core.Counters, digest string, err error) {
	sp, err := splitOf(eng, root, n, seed)
	if err != nil {
		return nil, core.Counters{}, "", err
	}
	return sp.parts, sp.above, sp.digest, nil
}

// KnuthEstimates returns the estimates of n random walks down from u
// (knuthEstimate), drawn by one generator seeded with seed.
func KnuthEstimates(eng core.Engine, u core.Unit, seed uint64, n int) ([]float64, error) {
	rng := splitmix(seed)
	var buf []core.Unit
	est := make([]float64, n)
	for i := range est {
		e, _, err := knuthEstimate(eng, u, &rng, &buf)
		if err != nil {
			return nil, err
		}
		est[i] = e
	}
	return est, nil
}

// SetCostDivideWidth sets the widest root that Cheapest divides at once,
// and returns the function that restores it. Not safe while a search runs.
func SetCostDivideWidth(w int) (restore func()) {
	old := costDivideWidth
	costDivideWidth = w
	return func() { costDivideWidth = old }
}
