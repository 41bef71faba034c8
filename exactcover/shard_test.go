package exactcover_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// merged merges parts with exactcover.Merge and returns the totals as
// Stats: they must fit in int64.
func merged(t testing.TB, parts []exactcover.ShardResult) (exactcover.Stats, error) {
	t.Helper()
	total, err := exactcover.Merge(parts)
	if err != nil {
		return exactcover.Stats{}, err
	}
	st := exactcover.Stats{Solutions: total.Solutions.Int64(), Nodes: total.Nodes.Int64(), Updates: total.Updates.Int64(),
		Cleansings: total.Cleansings.Int64()}
	for _, n := range total.Profile {
		st.Profile = append(st.Profile, n.Int64())
	}
	for _, n := range append(total.Profile, total.Solutions, total.Nodes, total.Updates, total.Cleansings) {
		if !n.IsInt64() {
			t.Fatalf("totals beyond int64: %+v", total)
		}
	}
	return st, nil
}

// runShards searches every shard of p's search split n ways and returns
// their summaries and the solutions visited (each verified), sorted.
func runShards(t testing.TB, s *exactcover.Solver, p *exactcover.Problem, n, workers int) ([]exactcover.ShardResult, []string) {
	return runShardsWith(t, s, p, exactcover.Config{Workers: workers, Engine: exactcover.EngineDLX}, n)
}

// runShardsWith is runShards with a configuration for every shard.
func runShardsWith(t testing.TB, s *exactcover.Solver, p *exactcover.Problem, base exactcover.Config, n int) ([]exactcover.ShardResult, []string) {
	t.Helper()
	f := newFound(t, p)
	var sums []exactcover.ShardResult
	for k := 1; k <= n; k++ {
		cfg := base
		cfg.Shard = exactcover.Shard{K: k, N: n}
		st, err := searchOrCount(s, context.Background(), cfg, f.visit)
		if err != nil {
			t.Fatalf("shard %d/%d: %v", k, n, err)
		}
		if st.Shard != cfg.Shard || st.Split == "" {
			t.Fatalf("shard %d/%d reports shard %v, split %q", k, n, st.Shard, st.Split)
		}
		sums = append(sums, exactcover.ShardResult{Problem: s.Hash(), Branching: cfg.Branching, Stats: st})
	}
	return sums, f.sorted()
}

// TestShardsRandomAgainstBruteForce splits random searches into 1 to 7
// shards: the shards' solutions together are brute force's, each once, and
// their counters add up to the sequential search's.
func TestShardsRandomAgainstBruteForce(t *testing.T) {
	defer exactcover.SetPollEvery(1)()
	r := rand.New(rand.NewPCG(5, 6))
	n := 300
	if testtier.Short() {
		n = 60
	}
	for i := range n {
		p := randomProblem(r)
		want := bruteForce(p)
		s := mustNew(t, p)
		engine := engines[i%len(engines)]
		seq, _ := searchCount(s, context.Background(), exactcover.Config{Engine: engine})
		shards := 1 + r.IntN(7)
		sums, got := runShardsWith(t, s, p, exactcover.Config{Engine: engine, Workers: 1 + r.IntN(3)}, shards)
		if !slices.Equal(got, want) {
			t.Fatalf("problem %d, %d shards: %v, brute force %v\n%s", i, shards, got, want, describe(p))
		}
		total, err := merged(t, sums)
		if err != nil {
			t.Fatal(err)
		}
		if total.Solutions != seq.Solutions || total.Nodes != seq.Nodes || total.Updates != seq.Updates || total.Cleansings != seq.Cleansings {
			t.Fatalf("problem %d, %d shards: merged %+v, sequential %v\n%s", i, shards, total, seq, describe(p))
		}
	}
}

// TestShardsShared: shards of shared instances merge to the published
// counts, every solution verified and found once; pent-6x10-sym in five
// shards gives 2,339 (not with -short).
func TestShardsShared(t *testing.T) {
	cases := []struct {
		in     instance
		shards int
	}{
		{sharedInstance(t, "queens-10"), 4},
		{sharedInstance(t, "knuth-example"), 3}, // more shards than units
		{mccInstance(t, "mcc-queens2-6"), 3},
	}
	if testtier.Longs() {
		cases = append(cases, struct {
			in     instance
			shards int
		}{sharedInstance(t, "pent-6x10-sym"), 5})
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%d", c.in.name, c.shards), func(t *testing.T) {
			s := mustNew(t, c.in.p)
			sums, sols := runShards(t, s, c.in.p, c.shards, 2)
			distinct(t, sols)
			total, err := merged(t, sums)
			if err != nil {
				t.Fatal(err)
			}
			c.in.matches(t, total)
			if int64(len(sols)) != c.in.solutions {
				t.Fatalf("%d solutions visited, %d counted", len(sols), total.Solutions)
			}
			var sum int64
			for _, n := range total.Profile {
				sum += n
			}
			if sum != total.Nodes {
				t.Errorf("merged profile sums to %d, nodes %d", sum, total.Nodes)
			}
			for _, p := range sums {
				t.Logf("shard %v: %d solutions, %d nodes", p.Stats.Shard, p.Stats.Solutions, p.Stats.Nodes)
			}
		})
	}
}

// TestShardsSparse: shards of the sparse-set engine's search add up to its
// sequential search, and every shard computes the same split even after
// the engine's sets were permuted by other searches.
func TestShardsSparse(t *testing.T) {
	for _, in := range []instance{sharedInstance(t, "queens-10"), mccInstance(t, "mcc-queens2-6")} {
		s := mustNew(t, in.p)
		cfg := exactcover.Config{Engine: exactcover.EngineSparse, Workers: 2}
		seq, err := searchCount(s, context.Background(), exactcover.Config{Engine: exactcover.EngineSparse})
		if err != nil {
			t.Fatal(err)
		}
		sums, sols := runShardsWith(t, s, in.p, cfg, 3)
		distinct(t, sols)
		total, err := merged(t, sums)
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		if total.Solutions != in.solutions || total.Nodes != seq.Nodes || total.Updates != seq.Updates || int64(len(sols)) != in.solutions {
			t.Fatalf("%s: merged %+v, sequential %v, %d solutions visited", in.name, total, seq, len(sols))
		}
		if len(total.Profile) != len(seq.Profile) {
			t.Fatalf("%s: merged profile %v, sequential %v", in.name, total.Profile, seq.Profile)
		}
		for l := range seq.Profile {
			if total.Profile[l] != seq.Profile[l] {
				t.Fatalf("%s: merged profile %v, sequential %v", in.name, total.Profile, seq.Profile)
			}
		}
	}
}

// TestShardResumed: a shard interrupted and resumed from its checkpoint
// ends with the uninterrupted shard's counters.
func TestShardResumed(t *testing.T) {
	p := loadShared(t, "queens-10")
	s := mustNew(t, p)
	sh := exactcover.Shard{K: 2, N: 3}
	whole, err := searchCount(s, context.Background(), exactcover.Config{Shard: sh})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ck")
	st, err := searchCount(s, context.Background(), exactcover.Config{Shard: sh, Checkpoint: toFile(path), MaxNodes: whole.Nodes / 2})
	if err != nil || st.Status != exactcover.NodeLimit {
		t.Fatalf("%v, %v", st, err)
	}
	c, err := readCheckpoint(path)
	if err != nil || c.Shard != sh || c.Split != whole.Split {
		t.Fatalf("%+v, %v", c, err)
	}
	st, err = searchCount(s, context.Background(), exactcover.Config{Workers: 3, Resume: c})
	if err != nil || !sameCounters(st, whole) || st.Shard != sh || st.Split != whole.Split {
		t.Fatalf("resumed %v (%v, %s), uninterrupted %v", st, st.Shard, st.Split, whole)
	}
}

// TestShardSplitDeterministic: every solver of a problem computes the same
// split, whatever the workers; another number of shards, another split.
func TestShardSplitDeterministic(t *testing.T) {
	p := loadShared(t, "queens-10")
	a, b := mustNew(t, p), mustNew(t, loadShared(t, "queens-10"))
	digest := func(s *exactcover.Solver, sh exactcover.Shard, workers int) string {
		st, err := searchCount(s, context.Background(), exactcover.Config{Shard: sh, Workers: workers, MaxNodes: 1})
		if err != nil {
			t.Fatal(err)
		}
		return st.Split
	}
	d := digest(a, exactcover.Shard{K: 1, N: 8}, 1)
	for _, k := range []int{1, 5, 8} {
		if got := digest(b, exactcover.Shard{K: k, N: 8}, 1+k%3); got != d {
			t.Fatalf("shard %d/8 of another solver: split %s, want %s", k, got, d)
		}
	}
	if other := digest(a, exactcover.Shard{K: 1, N: 7}, 1); other == d {
		t.Fatalf("7 and 8 shards split alike (%s)", d)
	}
}

// TestMergeRefuses: a shard missing, given twice, of another search or
// unfinished makes Merge fail, naming it.
func TestMergeRefuses(t *testing.T) {
	p := loadShared(t, "queens-8")
	s := mustNew(t, p)
	sums, _ := runShards(t, s, p, 4, 1)
	for i := range sums {
		sums[i].Source = fmt.Sprintf("shard-%d.json", i+1)
	}
	other := mustNew(t, loadShared(t, "queens-10"))
	otherSums, _ := runShards(t, other, loadShared(t, "queens-10"), 4, 1)
	otherSums[2].Source = "q10-3.json"
	fiveWay, _ := runShards(t, s, p, 5, 1)
	fiveWay[0].Source = "five-1.json"
	unfinished := sums[1]
	unfinished.Stats.Status = exactcover.Interrupted

	tests := []struct {
		name  string
		parts []exactcover.ShardResult
		check func(*exactcover.MergeError) bool
	}{
		{"missing", []exactcover.ShardResult{sums[0], sums[1], sums[3]},
			func(e *exactcover.MergeError) bool { return slices.Equal(e.Missing, []int{3}) }},
		{"duplicate", []exactcover.ShardResult{sums[0], sums[1], sums[2], sums[3], sums[2]},
			func(e *exactcover.MergeError) bool { return len(e.Duplicate) == 1 && e.Missing == nil }},
		{"another problem", []exactcover.ShardResult{sums[0], sums[1], sums[2], sums[3], otherSums[2]},
			func(e *exactcover.MergeError) bool { return len(e.Foreign) == 1 && e.Missing == nil }},
		{"another split", []exactcover.ShardResult{sums[0], sums[1], fiveWay[0], sums[2], sums[3]},
			func(e *exactcover.MergeError) bool { return len(e.Foreign) == 1 }},
		{"unfinished", []exactcover.ShardResult{sums[0], unfinished, sums[2], sums[3]},
			func(e *exactcover.MergeError) bool { return len(e.Unfinished) == 1 }},
		{"a problem's shard in place of another's", []exactcover.ShardResult{sums[0], sums[1], otherSums[2], sums[3]},
			func(e *exactcover.MergeError) bool { return slices.Equal(e.Missing, []int{3}) && len(e.Foreign) == 1 }},
	}
	for _, tt := range tests {
		_, err := exactcover.Merge(tt.parts)
		var me *exactcover.MergeError
		if !errors.Is(err, exactcover.ErrMerge) || !errors.As(err, &me) || !tt.check(me) {
			t.Errorf("%s: %v (%+v)", tt.name, err, me)
		} else {
			t.Logf("%s: %v", tt.name, err)
		}
	}
	if total, err := merged(t, sums); err != nil || total.Solutions != 92 || total.Nodes != 1049 {
		t.Fatalf("all four: %+v, %v", total, err)
	}
}

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want exactcover.Shard
		ok   bool
	}{
		{"1/1", exactcover.Shard{K: 1, N: 1}, true},
		{"3/8", exactcover.Shard{K: 3, N: 8}, true},
		{"0/8", exactcover.Shard{}, false},
		{"9/8", exactcover.Shard{}, false},
		{"8", exactcover.Shard{}, false},
		{"a/b", exactcover.Shard{}, false},
		{fmt.Sprintf("1/%d", exactcover.MaxShards+1), exactcover.Shard{}, false},
	} {
		got, err := exactcover.ParseShard(tt.in)
		if (err == nil) != tt.ok || got != tt.want || err != nil && !errors.Is(err, exactcover.ErrBadShard) {
			t.Errorf("ParseShard(%q) = %v, %v", tt.in, got, err)
		}
	}
}

// TestMergePartial merges the shards of searches from a partial
// solution, whose root, and so shard 1's first node, lies as many levels
// down as the partial solution has options: each engine's shards add up
// to its search from the same partial solution. (Merge refused them all:
// it looked for the root at level 0.)
func TestMergePartial(t *testing.T) {
	s := mustNew(t, queens(8))
	for _, engine := range engines {
		for _, partial := range [][]int{{3}, {3, 9}} {
			cfg := exactcover.Config{Engine: engine, Partial: partial}
			whole, err := s.Search(context.Background(), cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			sums, _ := runShardsWith(t, s, queens(8), cfg, 3)
			total, err := exactcover.Merge(sums)
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

// TestShardResultCheck: every number of a shard's result within what
// Config.Shard and a search can give, and consistent with the others (no
// more solutions than nodes, a profile that adds up to the nodes, the
// root in shard 1's alone), the field named.
func TestShardResultCheck(t *testing.T) {
	good := exactcover.ShardResult{Problem: [32]byte{0xab}, Stats: exactcover.Stats{Engine: exactcover.EngineDLX,
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
		{"endless time", "Elapsed", func(s *exactcover.Stats) { s.Elapsed = exactcover.MaxShardTime + 1 }},
	} {
		r := good
		tt.change(&r.Stats)
		err := r.Check()
		var se *exactcover.SummaryError
		if !errors.As(err, &se) || se.Field != tt.field || !errors.Is(err, exactcover.ErrSummary) {
			t.Errorf("%s: %v, want a *SummaryError on %q", tt.name, err, tt.field)
			continue
		}
		if _, err := exactcover.Merge([]exactcover.ShardResult{r}); !errors.Is(err, exactcover.ErrMerge) {
			t.Errorf("%s: Merge gave %v", tt.name, err)
		}
	}
}

// TestMergeBig adds counts beyond int64 exactly: two shards of 9·10¹⁸
// solutions (and nodes, updates, profile) make 18·10¹⁸, not a negative
// number (the root one of the nodes, at level 0 of shard 1's profile).
func TestMergeBig(t *testing.T) {
	const n = 9_000_000_000_000_000_000
	part := func(k int) exactcover.ShardResult {
		return exactcover.ShardResult{Problem: [32]byte{0xab}, Stats: exactcover.Stats{Engine: exactcover.EngineDLX,
			Shard: exactcover.Shard{K: k, N: 2}, Split: "s", Solutions: n, Nodes: n, Updates: n, Cleansings: n,
			Profile: []int64{0, n}, Elapsed: time.Second}}
	}
	first := part(1)
	first.Stats.Profile = []int64{1, n - 1} // the root
	total, err := exactcover.Merge([]exactcover.ShardResult{first, part(2)})
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
	part := exactcover.ShardResult{Problem: [32]byte{0xab}, Source: "x.json",
		Stats: exactcover.Stats{Shard: exactcover.Shard{K: 7, N: exactcover.MaxShards}, Split: "s"}}
	parts := slices.Repeat([]exactcover.ShardResult{part}, 5000)
	_, err := exactcover.Merge(parts)
	var me *exactcover.MergeError
	if !errors.As(err, &me) || len(me.Missing) != exactcover.MaxShards-1 {
		t.Fatalf("%v", err)
	}
	msg := err.Error()
	want := fmt.Sprintf("%d missing shards of %d: 1, 2, 3, 4, 5, and %d more", exactcover.MaxShards-1, exactcover.MaxShards, exactcover.MaxShards-6)
	if len(msg) > 300 || strings.Contains(msg, "\n") || !strings.Contains(msg, want) {
		t.Fatalf("message of %d bytes: %.400s\nwant it to contain %q", len(msg), msg, want)
	}
}
