package report

import (
	"bytes"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
)

func TestStatsLine(t *testing.T) {
	for _, tc := range []struct {
		st    exactcover.Stats
		noun  string
		limit int64
		want  string
	}{
		{exactcover.Stats{Updates: 37, Nodes: 7, Elapsed: 1500 * time.Microsecond, Status: exactcover.Complete}, "1 solution", 0,
			"Altogether 1 solution, 37 updates, 7 nodes, 0.002s; complete"},
		{exactcover.Stats{Updates: 9, Cleansings: 2, Nodes: 3, Elapsed: 90 * time.Second, Status: exactcover.SolutionLimit}, "1 solution", 1,
			"Altogether 1 solution, 9 updates, 2 cleansings, 3 nodes, 1m30s; stopped at the first solution (the default; --all for every one)"},
		{exactcover.Stats{Status: exactcover.SolutionLimit}, "5 solutions", 5, "Altogether 5 solutions, 0 updates, 0 nodes, 0.000s; stopped at --limit 5"},
	} {
		if got := StatsLine(tc.st, tc.noun, tc.limit); got != tc.want {
			t.Errorf("\n got %s\nwant %s", got, tc.want)
		}
	}
}

func TestUnfinished(t *testing.T) {
	st := exactcover.Stats{Solutions: 1, Nodes: 1000, Elapsed: 2 * time.Second, Status: exactcover.NodeLimit}
	if got, want := Unfinished(st, 0, "packing"), "stopped at --max-nodes after 2.000s and 1000 nodes: 1 packing found before the search could finish"; got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}

func TestCountStatsLine(t *testing.T) {
	res := exactcover.CountResult{Solutions: big.NewInt(2339), Method: exactcover.MethodMemo, Why: "asked for", Elapsed: time.Second, Status: exactcover.Complete,
		Memo: exactcover.MemoStats{Level: 9, Levels: 9, States: 1, Widest: 4, KeyBits: 64, PeakBytes: 2048}}
	want := "Altogether 2339 solutions, counted by memo (asked for); memo: 9 of 9 options, 1 state (widest level 4, keys of 64 bits), peak 2KiB; 1.000s; complete"
	if got := CountStatsLine(res); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	// The ZDD made by the search: its nodes and its memo of residual problems.
	res = exactcover.CountResult{Solutions: big.NewInt(8), Method: exactcover.MethodSearch, Why: "it finished first", Elapsed: time.Second, Status: exactcover.Complete,
		Search: exactcover.Stats{Nodes: 18164}, Memo: exactcover.MemoStats{States: 5160, PeakBytes: 2048, ZDDNodes: 74}}
	want = "Altogether 8 solutions, counted by search (it finished first); search: 18164 nodes; memo: 5160 residual problems, peak 2KiB, 74 ZDD nodes; 1.000s; complete"
	if got := CountStatsLine(res); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	res = exactcover.CountResult{Method: exactcover.MethodMemo, Why: "asked for", Status: exactcover.Timeout}
	want = "Altogether an unknown number of solutions, counted by memo (asked for); 0.000s; timeout"
	if got := CountStatsLine(res); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}

func TestEstimateText(t *testing.T) {
	m := exactcover.MagnitudeOf
	est := exactcover.Estimate{Nodes: m(1.5e9), NodesErr: m(1.5e8), Solutions: m(0), SolutionsErr: m(2), Probes: 1000, Seed: 7, MaxDepth: 12,
		NodesPerSecond: 1e7, Seconds: m(150)}
	want := "Estimate of the sparse search tree from 1000 random probes (seed 7), ± one standard error:\n" +
		"  nodes      1.5e+09 ± 10%\n  solutions  0 ± 2\n  depth      up to 12 levels seen\n" +
		"  time       about 2.5 minutes at 1e+07 nodes/s (measured on a short search)\n"
	if got := EstimateText(est, exactcover.EngineSparse, exactcover.Complete); got != want {
		t.Errorf("\n got %q\nwant %q", got, want)
	}
	exact := exactcover.Estimate{Nodes: m(7), Solutions: m(1), Seconds: m(1e-6), Exact: true}
	want = "The dlx search explored the whole tree while measuring its speed:\n  nodes      7 (exact)\n  solutions  1 (exact)\n  time       1e-06 s\n"
	if got := EstimateText(exact, exactcover.EngineDLX, exactcover.Complete); got != want {
		t.Errorf("\n got %q\nwant %q", got, want)
	}
	// Beyond float64: 2·10³³¹ nodes, in figures, never Inf or NaN; and
	// stopped early, the heading says so.
	huge := m(2e300).Mul(1e31)
	deep := exactcover.Estimate{Nodes: huge, NodesErr: huge.Mul(0.25), Solutions: huge.Mul(0.5), Probes: 40, MaxDepth: 1100,
		NodesPerSecond: 1e6, Seconds: huge.Mul(1e-6)}
	want = "Estimate of the sparse search tree from 40 random probes (seed 0; stopped by --timeout), ± one standard error:\n" +
		"  nodes      2e+331 ± 25%\n  solutions  1e+331 ± 0%\n  depth      up to 1100 levels seen\n" +
		"  time       about 6.34e+317 years at 1e+06 nodes/s (measured on a short search)\n"
	if got := EstimateText(deep, exactcover.EngineSparse, exactcover.Timeout); got != want {
		t.Errorf("\n got %q\nwant %q", got, want)
	}
	// Stopped after its first probe, one probe.
	deep.Probes = 1
	if got := EstimateText(deep, exactcover.EngineSparse, exactcover.Timeout); !strings.HasPrefix(got, "Estimate of the sparse search tree from 1 random probe (seed 0;") {
		t.Errorf("one probe: got %q", got)
	}
}

// TestEstimateJSON: the record of an estimate beyond float64's range
// marshals (JSON has no Inf): the figures beyond it are null, their
// logarithms tell their size.
func TestEstimateJSON(t *testing.T) {
	m := exactcover.MagnitudeOf
	huge := m(2e300).Mul(1e31)
	for _, tc := range []struct {
		est    exactcover.Estimate
		status exactcover.Status
		want   string
	}{
		{exactcover.Estimate{Nodes: huge, NodesErr: huge.Mul(0.25), Probes: 40, MaxDepth: 1100, NodesPerSecond: 1e6, Seconds: huge.Mul(1e-6)}, exactcover.Interrupted,
			`{"nodes":null,"nodes_stderr":null,"nodes_log10":331.30103,"solutions":0,"solutions_stderr":0,"solutions_log10":null,` +
				`"probes":40,"seed":0,"engine":"dlx","max_depth":1100,"nodes_per_second":1000000,"seconds":null,"exact":false,"status":"interrupted"}`},
		{exactcover.Estimate{Nodes: m(1000), NodesErr: m(10), Solutions: m(100), SolutionsErr: m(1), Probes: 9, Seed: 2, MaxDepth: 4, NodesPerSecond: 1e4, Seconds: m(0.1)}, exactcover.Complete,
			`{"nodes":1000,"nodes_stderr":10,"nodes_log10":3,"solutions":100,"solutions_stderr":1,"solutions_log10":2,` +
				`"probes":9,"seed":2,"engine":"dlx","max_depth":4,"nodes_per_second":10000,"seconds":0.1,"exact":false,"status":"complete"}`},
	} {
		var buf bytes.Buffer
		if got := strings.TrimSpace(string(Marshal(&buf, EstimateOf(tc.est, exactcover.EngineDLX, tc.status)))); got != tc.want {
			t.Errorf("\n got %s\nwant %s", got, tc.want)
		}
	}
}

func TestHumanSeconds(t *testing.T) {
	for _, tc := range []struct {
		s    float64
		want string
	}{{1.5, "1.5 s"}, {119, "119 s"}, {120, "2 minutes"}, {7200, "2 hours"}, {3 * 86400, "3 days"}, {3 * 365.25 * 86400, "3 years"}} {
		if got := humanSeconds(exactcover.MagnitudeOf(tc.s)); got != tc.want {
			t.Errorf("humanSeconds(%g) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
