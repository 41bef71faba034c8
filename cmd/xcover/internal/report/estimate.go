package report

import (
	"math"

	"github.com/xcover/xcover/exactcover"
)

// Estimate is the record of "xcover estimate --json": [exactcover.Estimate]
// with the name of the engine whose tree it is and how the probing ended.
// A figure beyond float64's range (a tree deeper than about a thousand
// levels) is null, since JSON readers take numbers for float64s;
// nodes_log10 and solutions_log10, the decimal logarithms, tell the size
// of any figure (null for 0 solutions).
type Estimate struct {
	Nodes           *float64 `json:"nodes"`
	NodesStdErr     *float64 `json:"nodes_stderr"`
	NodesLog10      *float64 `json:"nodes_log10"`
	Solutions       *float64 `json:"solutions"`
	SolutionsStdErr *float64 `json:"solutions_stderr"`
	SolutionsLog10  *float64 `json:"solutions_log10"`
	Probes          int      `json:"probes"`
	Seed            uint64   `json:"seed"`
	Engine          string   `json:"engine"`
	MaxDepth        int      `json:"max_depth"`
	NodesPerSecond  float64  `json:"nodes_per_second"`
	Seconds         *float64 `json:"seconds"`
	Exact           bool     `json:"exact"`
	Status          string   `json:"status"` // complete, timeout or interrupted (the probes made so far)
}

// EstimateOf returns the record of est, an estimate of engine's tree that
// ended with status.
func EstimateOf(est exactcover.Estimate, engine exactcover.Engine, status exactcover.Status) Estimate {
	return Estimate{Nodes: finite(est.Nodes), NodesStdErr: finite(est.NodesErr), NodesLog10: log10(est.Nodes),
		Solutions: finite(est.Solutions), SolutionsStdErr: finite(est.SolutionsErr), SolutionsLog10: log10(est.Solutions),
		Probes: est.Probes, Seed: est.Seed, Engine: engine.String(), MaxDepth: est.MaxDepth, NodesPerSecond: est.NodesPerSecond,
		Seconds: finite(est.Seconds), Exact: est.Exact, Status: status.String()}
}

// finite returns m as a float64, or nil beyond its range.
func finite(m exactcover.Magnitude) *float64 {
	if f := m.Float64(); !math.IsInf(f, 0) {
		return &f
	}
	return nil
}

// log10Places is the precision of the logarithms in the record: six
// decimals tell a figure to a millionth of itself, finer than any
// estimate is.
const log10Places = 1e6

// log10 returns the decimal logarithm of m, rounded, or nil for 0.
func log10(m exactcover.Magnitude) *float64 {
	if m.IsZero() {
		return nil
	}
	l := math.Round(m.Log10()*log10Places) / log10Places
	return &l
}
