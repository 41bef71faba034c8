package exactcover_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/shards"
	"github.com/xcover/xcover/internal/testtier"
)

// merged merges parts with shards.Merge and returns the totals as
// Stats: they must fit in int64.
func merged(t testing.TB, parts []shards.Result) (exactcover.Stats, error) {
	t.Helper()
	total, err := shards.Merge(parts)
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
func runShards(t testing.TB, s *exactcover.Solver, p *exactcover.Problem, n, workers int) ([]shards.Result, []string) {
	return runShardsWith(t, s, p, exactcover.Config{Workers: workers, Engine: exactcover.EngineDLX}, n)
}

// runShardsWith is runShards with a configuration for every shard.
func runShardsWith(t testing.TB, s *exactcover.Solver, p *exactcover.Problem, base exactcover.Config, n int) ([]shards.Result, []string) {
	t.Helper()
	f := newFound(t, p)
	var sums []shards.Result
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
		sums = append(sums, shards.Result{Problem: s.Hash(), Branching: cfg.Branching, Stats: st})
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

// shardQueens names the queens instance the shard tests divide: ten
// queens, or eight where slow tests are skipped (the race detector makes
// each of a shard's nodes many times dearer, and eight queens still
// divide into more units than shards).
func shardQueens() string {
	if testtier.Short() {
		return "queens-8"
	}
	return "queens-10"
}

// shards gives 2,339 (not with -short).
func TestShardsShared(t *testing.T) {
	cases := []struct {
		in     instance
		shards int
	}{
		{sharedInstance(t, shardQueens()), 4},
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
	for _, in := range []instance{sharedInstance(t, shardQueens()), mccInstance(t, "mcc-queens2-6")} {
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
