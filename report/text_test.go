package report

import (
	"math/big"
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
	res := exactcover.CountResult{Solutions: big.NewInt(2339), Method: "memo", Why: "asked for", Elapsed: time.Second, Status: exactcover.Complete,
		Memo: exactcover.MemoStats{Level: 9, Levels: 9, States: 1, Widest: 4, KeyBits: 64, PeakBytes: 2048}}
	want := "Altogether 2339 solutions, counted by memo (asked for); memo: 9 of 9 options, 1 state (widest level 4, keys of 64 bits), peak 2KiB; 1.000s; complete"
	if got := CountStatsLine(res); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	res = exactcover.CountResult{Method: "memo", Why: "asked for", Status: exactcover.Timeout}
	want = "Altogether an unknown number of solutions, counted by memo (asked for); 0.000s; timeout"
	if got := CountStatsLine(res); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}

func TestEstimateText(t *testing.T) {
	est := exactcover.Estimate{Nodes: 1.5e9, NodesErr: 1.5e8, Solutions: 0, SolutionsErr: 2, Probes: 1000, Seed: 7, MaxDepth: 12,
		NodesPerSecond: 1e7, Seconds: 150}
	want := "Estimate of the sparse search tree from 1000 random probes (seed 7), ± one standard error:\n" +
		"  nodes      1.5e+09 ± 10%\n  solutions  0 ± 2\n  depth      up to 12 levels seen\n" +
		"  time       about 2.5 minutes at 1e+07 nodes/s (measured on a short search)\n"
	if got := EstimateText(est, exactcover.EngineSparse); got != want {
		t.Errorf("\n got %q\nwant %q", got, want)
	}
	exact := exactcover.Estimate{Nodes: 7, Solutions: 1, Seconds: 1e-6, Exact: true}
	want = "The dlx search explored the whole tree while measuring its speed:\n  nodes      7 (exact)\n  solutions  1 (exact)\n  time       1e-06 s\n"
	if got := EstimateText(exact, exactcover.EngineDLX); got != want {
		t.Errorf("\n got %q\nwant %q", got, want)
	}
}

func TestHumanSeconds(t *testing.T) {
	for _, tc := range []struct {
		s    float64
		want string
	}{{1.5, "1.5 s"}, {119, "119 s"}, {120, "2 minutes"}, {7200, "2 hours"}, {3 * 86400, "3 days"}, {3 * 365.25 * 86400, "3 years"}} {
		if got := humanSeconds(tc.s); got != tc.want {
			t.Errorf("humanSeconds(%g) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
