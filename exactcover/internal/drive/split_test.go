package drive_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/internal/testtier"
)

// TestShardsAddUp checks the shard split: its parts are disjoint
// (drive.CheckUnits over all of them) and the same however the engine was
// used before (the sparse engine's lists change order as it searches),
// and the shards searched one by one add up to the whole search: counters
// and profile exactly the sequential search's, each solution found by one
// shard only, and every shard names the same split.
func TestShardsAddUp(t *testing.T) {
	type instance struct {
		name    string
		p       *core.Problem
		partial []int
		want    []string // the solutions, nil when known only by count
	}
	instances := []instance{
		{"dominoes 4x6", dominoes(4, 6), nil, nil},
		{"queens 7 from a queen", queens(7), []int{3}, nil},
	}
	shards := []int{1, 2, 5}
	random := 20
	if testtier.Short() { // the race detector makes each split seconds long
		instances, shards, random = []instance{{"dominoes 4x5", dominoes(4, 5), nil, nil}}, []int{2}, 5
	} else {
		instances = append(instances, instance{"dominoes 5x6", dominoes(5, 6), nil, nil}, instance{"queens 8", queens(8), nil, nil})
	}
	for _, p := range randomProblems(random, 6) {
		instances = append(instances, instance{"random", p, nil, enginetest.BruteForce(p)})
	}
	for _, e := range engines {
		for i, in := range instances {
			root := drive.RootPath(in.partial)
			whole := sequential(t, e.new(in.p), root)
			seed := uint64(i) + 0x9e37
			for _, n := range shards {
				parts, _, digest, err := drive.SplitOf(e.new(in.p), root, n, seed)
				if err != nil {
					t.Fatal(err)
				}
				used := e.new(in.p) // an engine with a history
				sequential(t, used, root)
				parts2, _, digest2, err := drive.SplitOf(used, root, n, seed)
				if err != nil || digest2 != digest || !reflect.DeepEqual(parts, parts2) {
					t.Fatalf("%s, %s, %d shards: the split of a used engine differs (%s, %s), %v", e.name, in.name, n, digest, digest2, err)
				}
				if err := drive.CheckUnits(slices.Concat(parts...), root); err != nil {
					t.Fatalf("%s, %s, %d shards: parts overlap: %v", e.name, in.name, n, err)
				}
				var total core.Counters
				var profile []int64
				var got collector
				for k := 1; k <= n; k++ {
					res, err := drive.Run(context.Background(), e.new(in.p), drive.Config{
						Workers: 1 + k%2, Root: root, Shard: k, Shards: n, SplitSeed: seed, Visit: got.visit})
					if err != nil || res.Status != core.Complete || res.Split != digest {
						t.Fatalf("%s, %s, shard %d/%d: %+v, %v; split %s", e.name, in.name, k, n, res, err, digest)
					}
					// The nodes above the split, the root first, are shard 1's.
					top := int64(0) // nodes at the root's level
					if len(res.Profile) > len(root) {
						top = res.Profile[len(root)]
					}
					if k == 1 && top != 1 || k > 1 && top != 0 {
						t.Fatalf("%s, %s, shard %d/%d: %d nodes at the root's level", e.name, in.name, k, n, top)
					}
					total.Add(res.Counters)
					for len(profile) < len(res.Profile) {
						profile = append(profile, 0)
					}
					for l, c := range res.Profile {
						profile[l] += c
					}
				}
				if total != whole.Counters || !slices.Equal(profile, whole.Profile) {
					t.Fatalf("%s, %s, %d shards: %+v, profile %v; whole %+v, profile %v", e.name, in.name, n, total, profile, whole.Counters, whole.Profile)
				}
				sols := got.sorted()
				if int64(len(sols)) != whole.Counters.Solutions || int64(len(slices.Compact(slices.Clone(sols)))) != whole.Counters.Solutions {
					t.Fatalf("%s, %s, %d shards: %d solutions, %d distinct, want %d", e.name, in.name, n, len(got.sols), len(slices.Compact(sols)), whole.Counters.Solutions)
				}
				if in.want != nil && !slices.Equal(sols, in.want) {
					t.Fatalf("%s, %s, %d shards: solutions %v, brute force %v", e.name, in.name, n, sols, in.want)
				}
			}
		}
	}
}

// TestShardSplitsBigTrees checks that the split divides a tree too big to
// expand whole into as many parts as shards, none of them empty, with
// shares that stay within the tree's.
func TestShardSplitsBigTrees(t *testing.T) {
	p, shards := dominoes(4, 6), []int{2, 4, 7}
	if testtier.Short() {
		p, shards = dominoes(4, 5), []int{2}
	}
	for _, e := range engines {
		for _, n := range shards {
			parts, above, _, err := drive.SplitOf(e.new(p), nil, n, 1)
			if err != nil {
				t.Fatal(err)
			}
			share := 0.0
			for k, part := range parts {
				if len(part) == 0 {
					t.Errorf("%s, %d shards: part %d is empty", e.name, n, k+1)
				}
				for _, pc := range part {
					share += pc.Hi - pc.Lo
				}
			}
			if above.Nodes == 0 || share <= 0 || share > 1+1e-9 {
				t.Errorf("%s, %d shards: %d nodes above the split, parts' shares add up to %g", e.name, n, above.Nodes, share)
			}
		}
	}
}
