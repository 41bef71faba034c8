package exactcover_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
)

// widened returns p with, when n is odd, secondary items that no option
// has, 300 to 1,100 items in all by n: the same problem, in the bit-set
// engine's rows of five words and more, whose lists are sets of options.
func widened(p *exactcover.Problem, n int) *exactcover.Problem {
	if n%2 == 0 {
		return p
	}
	for i := len(p.Primary) + len(p.Secondary); i < 300+n*37%800; i++ {
		p.Secondary = append(p.Secondary, fmt.Sprintf("pad%d", i))
	}
	return p
}

// TestBitsDrivers runs the bit-set engine under every driver on random
// problems, half of them widened: work stealing among 2, 3 and 8 workers
// polling at every node,
// a search stopped at a random node and resumed from its checkpoint with
// other workers, shards merged, and a partial solution (an option of a
// solution taken first). Solutions must be brute force's, each
// once and verified; counters the engine's sequential search's.
func TestBitsDrivers(t *testing.T) {
	defer exactcover.SetPollEvery(1)()
	defer goroutines(t)()
	r := rand.New(rand.NewPCG(22, 23))
	n := 300
	if testtier.Short() {
		n = 60
	}
	bits := exactcover.Config{Engine: exactcover.EngineBits}
	for i := range n {
		p := widened(randomProblem(r), i)
		want := bruteForce(p)
		s := mustNew(t, p)
		seq, err := searchCount(s, context.Background(), bits)
		if err != nil || seq.Engine != exactcover.EngineBits {
			t.Fatalf("problem %d: %v, %v", i, seq, err)
		}
		check := func(way string, st exactcover.Stats, got []string) {
			t.Helper()
			if !slices.Equal(got, want) || !sameCounters(st, seq) {
				t.Fatalf("problem %d, %s: %v %v; sequential %v, brute force %v\n%s", i, way, st, got, seq, want, describe(p))
			}
		}
		for _, j := range []int{2, 3, 8} {
			f := newFound(t, p)
			cfg := bits
			cfg.Workers = j
			st, err := searchOrCount(s, context.Background(), cfg, f.visit)
			if err != nil {
				t.Fatal(err)
			}
			check("workers", st, f.sorted())
		}

		f := newFound(t, p)
		var last *exactcover.Checkpoint
		cfg := bits
		cfg.Workers, cfg.MaxNodes = 1+r.IntN(3), 1+r.Int64N(max(seq.Nodes, 1))
		cfg.Checkpoint = func(ck *exactcover.Checkpoint) error { last = ck; return nil }
		st, err := searchOrCount(s, context.Background(), cfg, f.visit)
		if err != nil {
			t.Fatal(err)
		}
		if st.Status == exactcover.NodeLimit {
			if last == nil {
				t.Fatalf("problem %d: stopped at %d nodes without a checkpoint", i, cfg.MaxNodes)
			}
			resume := exactcover.Config{Workers: 1 + r.IntN(3), Resume: last} // auto keeps the checkpoint's engine
			if st, err = searchOrCount(s, context.Background(), resume, f.visit); err != nil {
				t.Fatal(err)
			}
			if st.Engine != exactcover.EngineBits {
				t.Fatalf("problem %d: resumed with %v", i, st.Engine)
			}
		}
		check("resumed", st, f.sorted())

		shards := 1 + r.IntN(7)
		cfg = bits
		cfg.Workers = 1 + r.IntN(3)
		sums, got := runShardsWith(t, s, p, cfg, shards)
		total, err := merged(t, sums)
		if err != nil {
			t.Fatal(err)
		}
		check("shards", total, got)

		// A partial solution: one option of a solution, taken first (with
		// multiplicities a solution may have none).
		all := slices.DeleteFunc(verify.BruteForce(p), func(sol []int) bool { return len(sol) == 0 })
		if len(all) > 0 {
			partial := all[r.IntN(len(all))][:1]
			var wantPartial []string
			for _, sol := range all {
				if slices.Contains(sol, partial[0]) {
					wantPartial = append(wantPartial, solutionKey(sol))
				}
			}
			slices.Sort(wantPartial)
			f := newFound(t, p)
			cfg = bits
			cfg.Partial, cfg.Workers = partial, 1+r.IntN(3)
			if _, err := searchOrCount(s, context.Background(), cfg, f.visit); err != nil {
				t.Fatal(err)
			}
			if got := f.sorted(); !slices.Equal(got, wantPartial) {
				t.Fatalf("problem %d, partial %v: %v, brute force %v\n%s", i, partial, got, wantPartial, describe(p))
			}
		}
	}
}

// TestBitsShared checks, on the shared instances, that auto picks the
// bit-set engine where it is faster (primary items with 8 options or more
// on average, rows of at most four words), that its counts are the
// published ones with every solution verified, Sudoku's 324 items
// included, and Knuth's example of colors.
func TestBitsShared(t *testing.T) {
	for _, tc := range []struct {
		name string
		auto exactcover.Engine
	}{
		{"knuth-example", exactcover.EngineSparse}, // 16 uses of 7 primary items
		{"queens-8", exactcover.EngineBits},
		{"queens-10", exactcover.EngineBits},
		{"pent-3x20", exactcover.EngineBits},
		{"sudoku-17clue", exactcover.EngineSparse},     // 324 items: the sparse sets are faster
		{"sudoku-inkala2012", exactcover.EngineSparse}, // and on this one, with longer lists
		{"color-example", exactcover.EngineSparse},     // 8 uses of 3 primary items
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := sharedInstance(t, tc.name)
			s := mustNew(t, in.p)
			if got := s.EngineFor(exactcover.EngineAuto); got != tc.auto {
				t.Fatalf("auto picks %v, want %v", got, tc.auto)
			}
			f := newFound(t, in.p)
			st, err := searchOrCount(s, context.Background(), exactcover.Config{Engine: exactcover.EngineBits}, f.visit)
			if err != nil || st.Solutions != in.solutions || int64(len(f.sorted())) != in.solutions {
				t.Fatalf("%v, %v; published %d solutions", st, err, in.solutions)
			}
		})
	}
}
