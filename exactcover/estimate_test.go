package exactcover_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// deepChain returns n items, each covered by two options of its own: the
// search tree is a complete binary tree of depth n, with 2ⁿ⁺¹−1 nodes and
// 2ⁿ solutions, and every probe of Knuth's estimator walks a path that
// gives exactly those figures.
func deepChain(n int) *exactcover.Problem {
	p := &exactcover.Problem{}
	for i := range n {
		item := fmt.Sprintf("i%d", i)
		p.Primary = append(p.Primary, item)
		p.Options = append(p.Options, exactcover.NewOption(item), exactcover.NewOption(item))
	}
	return p
}

// TestEstimateBeyondFloat64: a tree of 1,100 levels has more nodes than a
// float64 holds (2¹¹⁰¹ > 1.8·10³⁰⁸); the estimate is still exact, finite
// and printable, never Inf or NaN.
func TestEstimateBeyondFloat64(t *testing.T) {
	const n = 1100
	testtier.Slow(t) // a probe of 1,100 levels takes seconds under -race
	s := newSolver(t, deepChain(n))
	const probes = 20
	est, err := s.Estimate(context.Background(), exactcover.EstimateConfig{Probes: probes, SkipRate: true})
	if err != nil {
		t.Fatal(err)
	}
	one := big.NewInt(1)
	nodes := new(big.Int).Sub(new(big.Int).Lsh(one, n+1), one)
	sols := new(big.Int).Lsh(one, n)
	for _, c := range []struct {
		what     string
		got, err exactcover.Magnitude
		truth    *big.Int
	}{
		{"nodes", est.Nodes, est.NodesErr, nodes},
		{"solutions", est.Solutions, est.SolutionsErr, sols},
	} {
		want := new(big.Float).SetInt(c.truth)
		if got, want := fmt.Sprintf("%.4g", c.got), want.Text('g', 4); got != want {
			t.Errorf("%s: %s, want %s", c.what, got, want)
		}
		mant := new(big.Float)
		exp := want.MantExp(mant) // truth = mant·2^exp, mant in [½, 1)
		m, _ := mant.Float64()
		if wantLog := math.Log10(m) + float64(exp)*math.Log10(2); math.Abs(c.got.Log10()-wantLog) > 1e-9 {
			t.Errorf("%s: log10 %v, want %v", c.what, c.got.Log10(), wantLog)
		}
		if !math.IsInf(c.got.Float64(), 1) {
			t.Errorf("%s: Float64 %v, want +Inf (beyond float64)", c.what, c.got.Float64())
		}
		if !c.err.IsZero() { // every probe gives the same figures
			t.Errorf("%s: standard error %v, want 0", c.what, c.err)
		}
	}
	if est.MaxDepth != n {
		t.Errorf("depth %d, want %d", est.MaxDepth, n)
	}
}

// TestEstimateStopped: stopped midway, Estimate returns the estimate of
// the probes made so far with the context's error.
func TestEstimateStopped(t *testing.T) {
	s := newSolver(t, deepChain(200))
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	est, err := s.Estimate(ctx, exactcover.EstimateConfig{Probes: 1 << 40, SkipRate: true})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want the deadline", err)
	}
	if est.Probes <= 0 || est.Probes >= 1<<40 {
		t.Fatalf("%d probes, want those made before the deadline", est.Probes)
	}
	if want := 201 * math.Log10(2); math.Abs(est.Nodes.Log10()-want) > 1e-9 {
		t.Errorf("nodes %v, want 2^201-1 from the probes made", est.Nodes)
	}
}

// TestMagnitude checks the arithmetic and the printing of numbers beyond
// float64, against math/big.
func TestMagnitude(t *testing.T) {
	for _, tc := range []struct {
		format string
		m      exactcover.Magnitude
		want   string
	}{
		{"%.4g", exactcover.MagnitudeOf(1.5e9), "1.5e+09"},
		{"%.0f", exactcover.MagnitudeOf(1049), "1049"},
		{"%.3g", exactcover.MagnitudeOf(0), "0"},
		{"%.4g", exactcover.MagnitudeOf(1e300).Mul(1e300), "1e+600"},
		{"%.4g", exactcover.MagnitudeOf(9.9996e300).Mul(1e10), "1e+311"},
		{"%.3g", exactcover.MagnitudeOf(2.5e200).Mul(4e200), "1e+401"},
		{"%.0f", exactcover.MagnitudeOf(1e300).Mul(1e300), "1e+600"},
	} {
		if got := fmt.Sprintf(tc.format, tc.m); got != tc.want {
			t.Errorf("%s of %v·2^… = %q, want %q", tc.format, tc.m.Log10(), got, tc.want)
		}
	}
	big := exactcover.MagnitudeOf(1e300).Mul(1e300)
	if r := big.Add(big).Quo(big); r != 2 {
		t.Errorf("(x+x)/x = %v", r)
	}
}

// TestEstimateRateBounded: in a run with a deadline, the speed measurement
// before the probes takes at most RateShare of the time left, so that the
// run still has probes to report (a million nodes of pentomino 6×10 took
// the whole of a 2-second --timeout, which then reported no estimate),
// here on a tree no measurement finishes (2⁶¹ nodes). A machine too
// loaded to reach a poll before the deadline leaves no probe either: the
// deadline then doubles, up to 9.6 s, which a measurement left unbounded
// would take whole every time.
func TestEstimateRateBounded(t *testing.T) {
	if testtier.Short() {
		t.Skip("a deadline of 600 ms: under the race detector, polls come too seldom to keep it")
	}
	s := mustNew(t, deepChain(60))
	for deadline := 600 * time.Millisecond; ; deadline *= 2 {
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		est, err := s.Estimate(ctx, exactcover.EstimateConfig{Probes: 1 << 40, RateNodes: 1 << 40})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%v, want the deadline", err)
		}
		if est.Probes > 0 && est.NodesPerSecond > 0 {
			return
		}
		if deadline >= 9600*time.Millisecond {
			t.Fatalf("%d probes at %g nodes/s within %v; want some probes and a speed", est.Probes, est.NodesPerSecond, deadline)
		}
		t.Logf("%d probes at %g nodes/s within %v: again with twice the time", est.Probes, est.NodesPerSecond, deadline)
	}
}
