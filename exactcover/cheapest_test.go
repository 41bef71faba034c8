package exactcover_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
)

// TestCheapestAgainstBruteForce checks on random problems with costs that
// the K best solutions found are K solutions (by the verifier) whose costs
// are the K smallest among all solutions, found by brute force, and that
// the solutions reported along the way each beat the K-th best before
// them. Each engine that searches for the cheapest solutions gets every
// problem.
func TestCheapestAgainstBruteForce(t *testing.T) {
	for _, eng := range costEngines {
		t.Run(eng.String(), func(t *testing.T) { checkCheapestAgainstBruteForce(t, eng) })
	}
}

// costEngines are the engines that search for the cheapest solutions.
var costEngines = []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineSparse, exactcover.EngineBits}

func checkCheapestAgainstBruteForce(t *testing.T, eng exactcover.Engine) {
	r := rand.New(rand.NewPCG(5, 2026))
	problems := 3000
	if testtier.Short() {
		problems = 600 // the first of the same sequence: under -race, each is a few searches with workers
	}
	for n := range problems {
		p := randomProblem(r)
		p.Bounds = nil
		for k := range p.Options {
			p.Options[k].Cost = int64(r.IntN(10))
		}
		if eng == exactcover.EngineBits {
			p = widened(p, n)
		}
		all := bruteForceCosts(p)
		s, err := exactcover.New(p)
		if err != nil {
			t.Fatal(err)
		}
		k, workers := 1+r.IntN(4), 1+r.IntN(3)
		var seen []int64 // the costs found so far, to check each beats the k-th
		res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: k, Workers: workers, Engine: eng}, func(sol []int, cost int64) bool {
			if err := verify.Solution(p, sol); err != nil {
				t.Fatalf("problem %d: %v", n, err)
			}
			if c := costOf(p, sol); c != cost {
				t.Fatalf("problem %d: cost %d reported, %d summed", n, cost, c)
			}
			if len(seen) >= k && cost >= seen[k-1] {
				t.Fatalf("problem %d: cost %d does not beat the %d-th best %d", n, cost, k, seen[k-1])
			}
			seen = append(seen, cost)
			slices.Sort(seen)
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		want := all[:min(k, len(all))]
		got := verifiedCosts(t, p, res.Best)
		if !slices.Equal(got, want) {
			t.Fatalf("problem %d, K=%d, %d workers: best costs %v, brute force %v (all %v)\n%+v", n, k, workers, got, want, all, p)
		}
	}
}

func TestCheapestRefuses(t *testing.T) {
	p := &exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: 0, Hi: 2}}, Options: []exactcover.Option{exactcover.NewOption("A")}}
	s, err := exactcover.New(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Cheapest(context.Background(), exactcover.CostConfig{}, nil); !errors.Is(err, exactcover.ErrCostBounds) {
		t.Errorf("with bounds: %v, want ErrCostBounds", err)
	}
	p = &exactcover.Problem{Primary: []string{"A"}, Options: []exactcover.Option{exactcover.NewOption("A")}}
	if s, err = exactcover.New(p); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: -1}, nil); !errors.Is(err, exactcover.ErrBadBest) {
		t.Errorf("best -1: %v, want ErrBadBest", err)
	}
	if _, err := s.Cheapest(context.Background(), exactcover.CostConfig{Engine: exactcover.EngineLearn}, nil); !errors.Is(err, exactcover.ErrCostEngine) {
		t.Errorf("learn: %v, want ErrCostEngine", err)
	}
	colored := &exactcover.Problem{Primary: []string{"A"}, Secondary: []string{"x"}, Options: []exactcover.Option{exactcover.NewOption("A", "x:red")}}
	if s, err = exactcover.New(colored); err != nil {
		t.Fatal(err)
	}
	if res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Engine: exactcover.EngineBits}, nil); err != nil || len(res.Best) != 1 {
		t.Errorf("bits with colors: %+v, %v, want its one solution", res, err)
	}
	p.Options[0].Cost = -3
	if _, err := exactcover.New(p); !errors.Is(err, exactcover.ErrBadCost) {
		t.Errorf("cost -3: %v, want ErrBadCost", err)
	}
}

// A search stopped by its context or a node limit says so, and keeps what
// it found.
func TestCheapestStops(t *testing.T) {
	for _, eng := range costEngines {
		t.Run(eng.String(), func(t *testing.T) { checkCheapestStops(t, eng) })
	}
}

func checkCheapestStops(t *testing.T, eng exactcover.Engine) {
	p := &exactcover.Problem{Primary: []string{"A", "B"}, Options: []exactcover.Option{
		{Items: exactcover.NewOption("A", "B").Items, Cost: 5},
		{Items: exactcover.NewOption("A").Items, Cost: 1},
		{Items: exactcover.NewOption("B").Items, Cost: 1},
	}}
	s, err := exactcover.New(p)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := s.Cheapest(ctx, exactcover.CostConfig{Engine: eng}, nil); !errors.Is(err, context.Canceled) || res.Status != exactcover.Interrupted {
		t.Errorf("cancelled: %v, %v", res.Status, err)
	}
	res, err := s.Cheapest(context.Background(), exactcover.CostConfig{MaxNodes: 1, Engine: eng}, nil)
	if err != nil || res.Status != exactcover.NodeLimit {
		t.Errorf("one node: %v, %v", res.Status, err)
	}
	res, err = s.Cheapest(context.Background(), exactcover.CostConfig{Engine: eng}, func([]int, int64) bool { return false })
	if err != nil || res.Status != exactcover.Stopped || len(res.Best) != 1 {
		t.Errorf("visitor stops: %v, %v, %v", res.Status, res.Best, err)
	}
	res, err = s.Cheapest(context.Background(), exactcover.CostConfig{Workers: 2, MaxNodes: 1, Engine: eng}, nil)
	if err != nil || res.Status != exactcover.NodeLimit && res.Status != exactcover.Complete {
		t.Errorf("two workers, one node: %v, %v", res.Status, err)
	}
	// The same Solver searches again, from scratch, after each stop.
	res, err = s.Cheapest(context.Background(), exactcover.CostConfig{Engine: eng}, nil)
	if err != nil || res.Status != exactcover.Complete || len(res.Best) != 1 || res.Best[0].Cost != 2 {
		t.Errorf("after stops: %+v, %v", res, err)
	}
}

// A Builder's costs are those of the same problem given by names.
func TestBuilderCosts(t *testing.T) {
	var b exactcover.Builder
	b.Reset(3, 0)
	b.AddOption(0, 1, 2)
	b.SetCost(0, 10)
	b.AddOption(0, 1)
	b.SetCost(1, 4)
	b.AddOption(2)
	b.SetCost(2, 3)
	b.AddOption(0)
	b.SetCost(3, 2)
	b.AddOption(1, 2) // costs 0: not set
	var s exactcover.Solver
	if err := b.Build(&s); err != nil {
		t.Fatal(err)
	}
	res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]int
	var costs []int64
	for _, r := range res.Best {
		sol := slices.Clone(r.Options)
		slices.Sort(sol)
		got, costs = append(got, sol), append(costs, r.Cost)
	}
	// By hand: {3, 4} costs 2, {1, 2} costs 7, {0} costs 10.
	if want := [][]int{{3, 4}, {1, 2}, {0}}; !slices.EqualFunc(got, want, slices.Equal) || !slices.Equal(costs, []int64{2, 7, 10}) {
		t.Errorf("best %v at %v, want %v at [2 7 10]", got, costs, want)
	}
	b.SetCost(4, exactcover.MaxCost+1)
	if err := b.Build(&s); !errors.Is(err, exactcover.ErrBadCost) {
		t.Errorf("cost above MaxCost: %v", err)
	}
}

// With several workers, the best costs are DLX5's on its instances.
func TestCheapestWorkers(t *testing.T) {
	for _, row := range readDLX5Figures(t) {
		if row.updates > maxQuickUpdates && testtier.Short() {
			continue
		}
		if row.k == 1 && !strings.HasPrefix(row.file, "random") || row.k == 3 && strings.HasPrefix(row.file, "random") {
			sp := dlx5Instance(t, row.file)
			s, err := exactcover.New(&sp.Problem)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				w     int
				eng   exactcover.Engine
				short bool // run under -short and the race detector: each engine once
			}{{2, exactcover.EngineDLX, true}, {3, exactcover.EngineDLX, false}, {2, exactcover.EngineSparse, false}, {3, exactcover.EngineSparse, true}, {2, exactcover.EngineBits, true}, {3, exactcover.EngineBits, false}} {
				if testtier.Short() && !c.short {
					continue
				}
				w := c.w
				res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: row.k, Workers: w, Engine: c.eng}, nil)
				if c.eng == exactcover.EngineBits && errors.Is(err, exactcover.ErrEngineUnsupported) {
					continue // colors
				}
				got := verifiedCosts(t, &sp.Problem, res.Best)
				if err != nil || res.Status != exactcover.Complete || !slices.Equal(got, row.best) {
					t.Errorf("%s, K=%d, %d workers, %v: best %v (%v, %v), DLX5 says %v", row.file, row.k, w, c.eng, got, res.Status, err, row.best)
				}
			}
		}
	}
}
