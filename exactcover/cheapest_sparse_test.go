package exactcover_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
)

// TestSparseCostDLX5 checks the sparse and the bit-set engines' cost
// searches (the latter on the instances it takes) against the
// figures Knuth's DLX5 printed on every instance and K of
// testdata/dlx5/figures.tsv: the K best costs are DLX5's (the solutions
// may differ where costs tie, and the counts are the engine's own), each
// best solution passes the verifier at its cost, and each solution
// reported along the way passes it too and beats the K-th best reported
// before it. With one worker and with three sharing the cut-off.
func TestSparseCostDLX5(t *testing.T) {
	for _, eng := range []exactcover.Engine{exactcover.EngineSparse, exactcover.EngineBits} {
		t.Run(eng.String(), func(t *testing.T) { checkCostDLX5(t, eng) })
	}
}

func checkCostDLX5(t *testing.T, eng exactcover.Engine) {
	rows := readDLX5Figures(t)
	for i, r := range rows {
		if testtier.Short() && r.updates > 1_000_000 {
			continue // the pentominoes: minutes under -race; the rest share the cut-off as they do
		}
		if testtier.Short() && i+1 < len(rows) && rows[i+1].file == r.file {
			continue // under -race, each file's largest K alone
		}
		workers := []int{1, 3}
		if testtier.Short() {
			workers = workers[1:] // one worker is one goroutine: nothing for the race detector
		}
		for _, workers := range workers {
			t.Run(fmt.Sprintf("%s/k%d/j%d", r.file, r.k, workers), func(t *testing.T) {
				p, s := dlx5Solver(t, r)
				var seen []int64
				res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: r.k, Engine: eng, Workers: workers}, func(sol []int, cost int64) bool {
					if err := verify.Solution(p, sol); err != nil {
						t.Fatal(err)
					}
					if c := costOf(p, sol); c != cost {
						t.Fatalf("solution %v reported at cost %d, its options cost %d", sol, cost, c)
					}
					if len(seen) >= r.k && cost >= seen[r.k-1] {
						t.Fatalf("cost %d does not beat the %d-th best %d", cost, r.k, seen[r.k-1])
					}
					seen = append(seen, cost)
					slices.Sort(seen)
					return true
				})
				if eng == exactcover.EngineBits && errors.Is(err, exactcover.ErrEngineUnsupported) {
					t.Skip("colors")
				}
				if err != nil || res.Status != exactcover.Complete || res.Engine != eng {
					t.Fatalf("Cheapest: %v, %v, %v", res.Status, res.Engine, err)
				}
				best := verifiedCosts(t, p, res.Best)
				if !slices.Equal(best, r.best) {
					t.Errorf("best costs %v, DLX5 says %v", best, r.best)
				}
			})
		}
	}
}
