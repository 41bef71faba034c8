package shards_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/shards"
)

// queens is the n-queens problem: rows and columns primary, diagonals
// secondary, one option per square.
func queens(n int) *exactcover.Problem {
	p := &exactcover.Problem{}
	item := func(kind byte, i int) string { return fmt.Sprintf("%c%d", kind, i) }
	for i := range n {
		p.Primary = append(p.Primary, item('r', i), item('c', i))
	}
	for d := range 2*n - 1 {
		p.Secondary = append(p.Secondary, item('a', d), item('b', d))
	}
	for r := range n {
		for c := range n {
			p.Options = append(p.Options, exactcover.NewOption(item('r', r), item('c', c), item('a', r+c), item('b', r-c+n-1)))
		}
	}
	return p
}

// runShards counts every shard of p's search split n ways with the
// dancing links, and returns their results, each from a file named after
// its shard; and the sequential search's statistics.
func runShards(t testing.TB, p *exactcover.Problem, n int) ([]shards.Result, exactcover.Stats) {
	return runShardsOf(t, p, exactcover.Config{Engine: exactcover.EngineDLX}, n)
}

// runShardsOf counts every shard of p's search under base split n ways,
// and returns their results, each from a file named after its shard; and
// the sequential search's statistics.
func runShardsOf(t testing.TB, p *exactcover.Problem, base exactcover.Config, n int) ([]shards.Result, exactcover.Stats) {
	t.Helper()
	s, err := exactcover.New(p)
	if err != nil {
		t.Fatal(err)
	}
	base.Method = exactcover.MethodSearch
	var parts []shards.Result
	for k := 1; k <= n; k++ {
		cfg := base
		cfg.Shard = exactcover.Shard{K: k, N: n}
		res, err := s.Count(context.Background(), cfg)
		if err != nil || res.Status != exactcover.Complete {
			t.Fatalf("shard %d/%d: %v, %v", k, n, res.Status, err)
		}
		parts = append(parts, shards.Result{Problem: s.Hash(), Stats: res.Search, Source: fmt.Sprintf("shard-%d.json", k)})
	}
	whole, err := s.Count(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	return parts, whole.Search
}

// TestMergeRefuses: a shard missing, given twice, of another search or
// unfinished makes Merge fail, naming it.
func TestMergeRefuses(t *testing.T) {
	sums, whole := runShards(t, queens(8), 4)
	otherSums, _ := runShards(t, queens(7), 4)
	otherSums[2].Source = "q7-3.json"
	fiveWay, _ := runShards(t, queens(8), 5)
	fiveWay[0].Source = "five-1.json"
	unfinished := sums[1]
	unfinished.Stats.Status = exactcover.Interrupted

	tests := []struct {
		name  string
		parts []shards.Result
		check func(*shards.MergeError) bool
	}{
		{"missing", []shards.Result{sums[0], sums[1], sums[3]},
			func(e *shards.MergeError) bool { return slices.Equal(e.Missing, []int{3}) }},
		{"duplicate", []shards.Result{sums[0], sums[1], sums[2], sums[3], sums[2]},
			func(e *shards.MergeError) bool { return len(e.Duplicate) == 1 && e.Missing == nil }},
		{"another problem", []shards.Result{sums[0], sums[1], sums[2], sums[3], otherSums[2]},
			func(e *shards.MergeError) bool { return len(e.Foreign) == 1 && e.Missing == nil }},
		{"another split", []shards.Result{sums[0], sums[1], fiveWay[0], sums[2], sums[3]},
			func(e *shards.MergeError) bool { return len(e.Foreign) == 1 }},
		{"unfinished", []shards.Result{sums[0], unfinished, sums[2], sums[3]},
			func(e *shards.MergeError) bool { return len(e.Unfinished) == 1 }},
		{"a problem's shard in place of another's", []shards.Result{sums[0], sums[1], otherSums[2], sums[3]},
			func(e *shards.MergeError) bool { return slices.Equal(e.Missing, []int{3}) && len(e.Foreign) == 1 }},
	}
	for _, tt := range tests {
		_, err := shards.Merge(tt.parts)
		var me *shards.MergeError
		if !errors.Is(err, shards.ErrMerge) || !errors.As(err, &me) || !tt.check(me) {
			t.Errorf("%s: %v (%+v)", tt.name, err, me)
		} else {
			t.Logf("%s: %v", tt.name, err)
		}
	}
	total, err := shards.Merge(sums)
	if err != nil || total.Solutions.Int64() != 92 || total.Nodes.Int64() != whole.Nodes || total.Updates.Int64() != whole.Updates {
		t.Fatalf("all four: %+v, %v; the search alone %+v", total, err, whole)
	}
}

// TestMergePartial merges the shards of searches from a partial
// solution, whose root, and so shard 1's first node, lies as many levels
// down as the partial solution has options: each engine's shards add up
// to its search from the same partial solution. (Merge refused them all:
// it looked for the root at level 0.)
func TestMergePartial(t *testing.T) {
	for _, engine := range []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineSparse} {
		for _, partial := range [][]int{{3}, {3, 9}} {
			parts, whole := runShardsOf(t, queens(8), exactcover.Config{Engine: engine, Partial: partial}, 3)
			total, err := shards.Merge(parts)
			if err != nil {
				t.Fatalf("%v, partial %v: %v", engine, partial, err)
			}
			if total.Solutions.Int64() != whole.Solutions || total.Nodes.Int64() != whole.Nodes || total.Updates.Int64() != whole.Updates {
				t.Errorf("%v, partial %v: merged %v solutions, %v nodes, %v updates; the search %v", engine, partial,
					total.Solutions, total.Nodes, total.Updates, whole)
			}
		}
	}
}

// TestResultCheck: every number of a shard's result within what
// Config.Shard and a search can give, and consistent with the others (no
// more solutions than nodes, a profile that adds up to the nodes, the
// root in shard 1's alone), the field named.
func TestResultCheck(t *testing.T) {
	good := shards.Result{Problem: [32]byte{0xab}, Stats: exactcover.Stats{Engine: exactcover.EngineDLX,
		Shard: exactcover.Shard{K: 2, N: 3}, Split: "s", Solutions: 5, Nodes: 9, Updates: 20, Profile: []int64{0, 1, 8},
		Elapsed: 1500 * time.Millisecond}}
	if err := good.Check(); err != nil {
		t.Fatalf("good result: %v", err)
	}
	for _, tt := range []struct {
		name, field string
		change      func(*exactcover.Stats)
	}{
		{"a billion shards", "Shards", func(s *exactcover.Stats) { s.Shard.N = 1e9 }},
		{"one shard too many", "Shards", func(s *exactcover.Stats) { s.Shard = exactcover.Shard{K: 1, N: exactcover.MaxShards + 1} }},
		{"negative shards", "Shards", func(s *exactcover.Stats) { s.Shard.N = -3 }},
		{"not a shard", "Shards", func(s *exactcover.Stats) { s.Shard = exactcover.Shard{} }},
		{"shard 0", "Shard", func(s *exactcover.Stats) { s.Shard.K = 0 }},
		{"shard beyond N", "Shard", func(s *exactcover.Stats) { s.Shard.K = 4 }},
		{"negative solutions", "Solutions", func(s *exactcover.Stats) { s.Solutions = -1 }},
		{"negative nodes", "Nodes", func(s *exactcover.Stats) { s.Nodes = -1 }},
		{"negative updates", "Updates", func(s *exactcover.Stats) { s.Updates = -5 }},
		{"negative cleansings", "Cleansings", func(s *exactcover.Stats) { s.Cleansings = -5 }},
		{"negative profile", "Profile", func(s *exactcover.Stats) { s.Profile = []int64{0, 10, -1} }},
		{"more solutions than nodes", "Solutions", func(s *exactcover.Stats) { s.Solutions = 10 }},
		{"nodes that the profile does not add up to", "Profile", func(s *exactcover.Stats) { s.Solutions, s.Nodes = 1, 1 }},
		{"a profile that adds up to more", "Profile", func(s *exactcover.Stats) { s.Profile = []int64{0, 1, 1 << 62, 1 << 62, 1 << 62} }},
		{"the root in shard 2", "Profile", func(s *exactcover.Stats) { s.Profile = []int64{1, 0, 8} }},
		{"shard 1 with two nodes at its root's level", "Profile", func(s *exactcover.Stats) { s.Shard.K, s.Profile = 1, []int64{0, 2, 7} }},
		{"shard 1 complete with no node", "Nodes", func(s *exactcover.Stats) {
			s.Shard.K, s.Solutions, s.Nodes, s.Profile = 1, 0, 0, nil
		}},
		{"negative time", "Elapsed", func(s *exactcover.Stats) { s.Elapsed = -time.Second }},
		{"endless time", "Elapsed", func(s *exactcover.Stats) { s.Elapsed = shards.MaxTime + 1 }},
	} {
		r := good
		tt.change(&r.Stats)
		err := r.Check()
		var se *shards.SummaryError
		if !errors.As(err, &se) || se.Field != tt.field || !errors.Is(err, shards.ErrSummary) {
			t.Errorf("%s: %v, want a *SummaryError on %q", tt.name, err, tt.field)
			continue
		}
		if _, err := shards.Merge([]shards.Result{r}); !errors.Is(err, shards.ErrMerge) {
			t.Errorf("%s: Merge gave %v", tt.name, err)
		}
	}
}

// TestMergeBig adds counts beyond int64 exactly: two shards of 9·10¹⁸
// solutions (and nodes, updates, profile) make 18·10¹⁸, not a negative
// number (the root one of the nodes, at level 0 of shard 1's profile).
func TestMergeBig(t *testing.T) {
	const n = 9_000_000_000_000_000_000
	part := func(k int) shards.Result {
		return shards.Result{Problem: [32]byte{0xab}, Stats: exactcover.Stats{Engine: exactcover.EngineDLX,
			Shard: exactcover.Shard{K: k, N: 2}, Split: "s", Solutions: n, Nodes: n, Updates: n, Cleansings: n,
			Profile: []int64{0, n}, Elapsed: time.Second}}
	}
	first := part(1)
	first.Stats.Profile = []int64{1, n - 1} // the root
	total, err := shards.Merge([]shards.Result{first, part(2)})
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]*big.Int{"solutions": total.Solutions, "nodes": total.Nodes,
		"updates": total.Updates, "cleansings": total.Cleansings, "profile[1] + 1": new(big.Int).Add(total.Profile[1], big.NewInt(1))} {
		if got.String() != "18000000000000000000" {
			t.Errorf("%s: %v, want 18000000000000000000", name, got)
		}
	}
	if total.Shards != 2 || total.Engine != exactcover.EngineDLX || total.Seconds != 2 {
		t.Errorf("search %+v", total)
	}
}

// TestMergeErrorShort: a set lacking tens of thousands of shards, or
// repeating one thousands of times, is refused in one short line that
// says how many and names the first few.
func TestMergeErrorShort(t *testing.T) {
	part := shards.Result{Problem: [32]byte{0xab}, Source: "x.json",
		Stats: exactcover.Stats{Shard: exactcover.Shard{K: 7, N: exactcover.MaxShards}, Split: "s"}}
	parts := slices.Repeat([]shards.Result{part}, 5000)
	_, err := shards.Merge(parts)
	var me *shards.MergeError
	if !errors.As(err, &me) || len(me.Missing) != exactcover.MaxShards-1 {
		t.Fatalf("%v", err)
	}
	msg := err.Error()
	want := fmt.Sprintf("%d missing shards of %d: 1, 2, 3, 4, 5, and %d more", exactcover.MaxShards-1, exactcover.MaxShards, exactcover.MaxShards-6)
	if len(msg) > 300 || strings.Contains(msg, "\n") || !strings.Contains(msg, want) {
		t.Fatalf("message of %d bytes: %.400s\nwant it to contain %q", len(msg), msg, want)
	}
}
