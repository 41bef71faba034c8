package shards_test

import (
	"context"
	"fmt"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/shards"
)

// Shards for N machines: each searches its part; Merge adds up their
// summaries, and refuses a set with a shard missing.
func ExampleMerge() {
	s, _ := exactcover.New(queens(10))
	var parts []shards.Result
	for k := 1; k <= 3; k++ {
		cfg := exactcover.Config{Shard: exactcover.Shard{K: k, N: 3}}
		res, _ := s.Count(context.Background(), cfg)
		parts = append(parts, shards.Result{Problem: s.Hash(), Stats: res.Search})
	}
	total, _ := shards.Merge(parts)
	fmt.Println(total.Solutions, total.Shards)
	_, err := shards.Merge(parts[:2])
	fmt.Println(err)
	// Output:
	// 724 3
	// the shards do not make up one search: missing shard 3 of 3
}
