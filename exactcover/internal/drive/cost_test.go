package drive_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/sparse"
	"github.com/xcover/xcover/internal/testtier"
)

// costEngines make each cost engine for a problem, nil when it does not
// take it (the bit-set engine: multiplicities, or what bits.Supports refuses).
var costEngines = []struct {
	name string
	make func(*core.Problem) core.CostEngine
}{
	{"dlx", func(p *core.Problem) core.CostEngine { return dlx.NewCostEngine(p) }},
	{"sparse", func(p *core.Problem) core.CostEngine { return sparse.NewCostEngine(p) }},
	{"bits", func(p *core.Problem) core.CostEngine {
		if e, err := bits.NewCostEngine(p); err == nil {
			return e
		}
		return nil
	}},
}

// costProblem returns a random problem with costs from enginetest, without
// multiplicities (the cost search covers each primary item once).
func costProblem(r *rand.Rand) *core.Problem {
	return enginetest.WithCosts(enginetest.Random(r, false), r.Uint64())
}

// bruteCosts returns the costs of p's solutions, found by brute force, in
// increasing order.
func bruteCosts(p *core.Problem) []int64 {
	var costs []int64
	for _, sol := range enginetest.BruteForce(p) {
		var cost int64
		for _, f := range strings.Fields(strings.Trim(sol, "[]")) {
			o, _ := strconv.Atoi(f)
			cost += p.Costs[p.Index[o]]
		}
		costs = append(costs, cost)
	}
	slices.Sort(costs)
	return costs
}

// wrongKept says what is wrong with kept as the k cheapest solutions of
// p, whose solutions cost all: "" when they are k of them (fewer if p has
// fewer), distinct solutions of p costing what they say, whose costs are
// the k smallest of all.
func wrongKept(p *core.Problem, kept []drive.CostSolution, all []int64, k int) string {
	seen := map[string]bool{}
	var costs []int64
	for _, s := range kept {
		chosen := make([]int, len(s.Options))
		var cost int64
		for i, o := range s.Options {
			chosen[i] = int(p.Index[o])
			cost += p.Costs[p.Index[o]]
		}
		if !enginetest.Valid(p, chosen) {
			return fmt.Sprintf("%v is not a solution", s.Options)
		}
		if cost != s.Cost {
			return fmt.Sprintf("%v costs %d, not %d", s.Options, cost, s.Cost)
		}
		key := fmt.Sprint(slices.Sorted(slices.Values(s.Options)))
		if seen[key] {
			return fmt.Sprintf("%v kept twice", s.Options)
		}
		seen[key] = true
		costs = append(costs, s.Cost)
	}
	if want := all[:min(k, len(all))]; !slices.Equal(costs, want) {
		return fmt.Sprintf("costs %v, brute force %v", costs, want)
	}
	return ""
}

// TestCheapestAgainstBruteForce searches random problems with costs for
// their K cheapest solutions with every cost engine and 1 to 4 workers,
// and checks the K kept against a brute force; with one worker, the
// driver counts what the engine searching alone counts.
func TestCheapestAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 1))
	problems := 400
	if testtier.Short() {
		problems = 100
	}
	for n := range problems {
		p := costProblem(r)
		all := bruteCosts(p)
		k := 1 + r.IntN(4)
		for _, ce := range costEngines {
			proto := ce.make(p)
			if proto == nil {
				continue
			}
			var alone core.Counters
			proto.Clone().Search(&core.CostRun{Best: k}, &alone)
			for workers := 1; workers <= 4; workers++ {
				res, err := drive.Cheapest(context.Background(), ce.make(p), drive.CostConfig{Best: k, Workers: workers})
				what := fmt.Sprintf("problem %d, %s, K=%d, %d workers\n%s", n, ce.name, k, workers, enginetest.Describe(p))
				if err != nil || res.Status != core.Complete || res.Position != nil {
					t.Fatalf("%s: %v, %v, position %v", what, res.Status, err, res.Position)
				}
				if why := wrongKept(p, res.Kept, all, k); why != "" {
					t.Fatalf("%s: %s", what, why)
				}
				if workers == 1 && res.Counters != alone {
					t.Fatalf("%s: counted %+v, the engine alone %+v", what, res.Counters, alone)
				}
			}
		}
	}
}

// TestCheapestStopAndResume stops searches of random problems every m
// nodes (1 to 6) and resumes each from its position, again and again, on
// any engine with 1 to 4 workers, every position first checked against
// the problem; the K kept at the end are those of a brute force.
func TestCheapestStopAndResume(t *testing.T) {
	defer drive.SetPollEvery(1)() // every node: stops, pauses and cancels land anywhere
	r := rand.New(rand.NewPCG(35, 2))
	problems := 300
	if testtier.Short() {
		problems = 80
	}
	for n := range problems {
		p := costProblem(r)
		all := bruteCosts(p)
		k := 1 + r.IntN(4)
		step := 1 + r.Int64N(6)
		var pos *drive.CostPosition
		var res drive.CostResult
		for run := 0; ; run++ {
			if run > 10000 {
				t.Fatalf("problem %d: no end after %d resumes", n, run)
			}
			ce := costEngines[r.IntN(len(costEngines))]
			proto := ce.make(p)
			if proto == nil {
				proto = dlx.NewCostEngine(p)
			}
			what := fmt.Sprintf("problem %d, K=%d, every %d nodes, run %d (%s)\n%s", n, k, step, run, ce.name, enginetest.Describe(p))
			if pos != nil {
				if err := drive.CheckCostPosition(p, proto, pos); err != nil {
					t.Fatalf("%s: the position of a stopped search is refused: %v", what, err)
				}
			}
			var err error
			res, err = drive.Cheapest(context.Background(), proto, drive.CostConfig{Best: k, MaxNodes: step, Resume: pos, Workers: 1 + r.IntN(4)})
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if res.Status == core.Complete {
				break
			}
			if res.Status != core.NodeLimit || res.Position == nil {
				t.Fatalf("%s: %v, position %v", what, res.Status, res.Position)
			}
			pos = res.Position
		}
		if why := wrongKept(p, res.Kept, all, k); why != "" {
			t.Fatalf("problem %d, K=%d, every %d nodes: %s\n%s", n, k, step, why, enginetest.Describe(p))
		}
	}
}

// TestCheapestCheckpoints gives random searches a sink that takes a
// checkpoint as often as the clock allows: every position given, running
// or final, passes the checks of a resume and resumes to the K cheapest
// of a brute force, and the final one of a complete search holds them
// with no unit left.
func TestCheapestCheckpoints(t *testing.T) {
	defer drive.SetPollEvery(1)() // every node: stops, pauses and cancels land anywhere
	r := rand.New(rand.NewPCG(35, 3))
	problems := 40
	if testtier.Short() {
		problems = 15
	}
	for n := range problems {
		p := costProblem(r)
		all := bruteCosts(p)
		k := 1 + r.IntN(4)
		for _, ce := range costEngines {
			proto := ce.make(p)
			if proto == nil {
				continue
			}
			var got []*drive.CostPosition
			cfg := drive.CostConfig{Best: k, Workers: 1 + r.IntN(3), CheckpointEvery: time.Microsecond,
				Checkpoint: func(pos *drive.CostPosition) error { got = append(got, pos); return nil }}
			res, err := drive.Cheapest(context.Background(), proto, cfg)
			what := fmt.Sprintf("problem %d, %s, K=%d, %d workers\n%s", n, ce.name, k, cfg.Workers, enginetest.Describe(p))
			if err != nil || res.Status != core.Complete {
				t.Fatalf("%s: %v, %v", what, res.Status, err)
			}
			final := got[len(got)-1]
			if final.Running || len(final.Units) > 0 || final.Status != core.Complete || wrongKept(p, final.Kept, all, k) != "" {
				t.Fatalf("%s: the final checkpoint %+v", what, final)
			}
			running := got[:len(got)-1]
			for i, pos := range running {
				if !pos.Running || pos.Status != core.Interrupted {
					t.Fatalf("%s: checkpoint %d of %d is not a running one: %+v", what, i+1, len(got), pos)
				}
				if err := drive.CheckCostPosition(p, proto, pos); err != nil {
					t.Fatalf("%s: checkpoint %d of %d is refused: %v", what, i+1, len(got), err)
				}
				if i%max(len(running)/4, 1) != 0 {
					continue // every one is checked, four or so resumed
				}
				again, err := drive.Cheapest(context.Background(), ce.make(p), drive.CostConfig{Best: k, Resume: pos, Workers: 1 + i%3})
				if err != nil || again.Status != core.Complete {
					t.Fatalf("%s: checkpoint %d resumed: %v, %v", what, i+1, again.Status, err)
				}
				if why := wrongKept(p, again.Kept, all, k); why != "" {
					t.Fatalf("%s: checkpoint %d resumed: %s", what, i+1, why)
				}
			}
		}
	}
}

// TestCheapestStops checks how a search ends when its visitor declines a
// solution (Stopped, no position: the rest of the worker's unit is
// dropped) and when its context is cancelled (Interrupted, with a
// position from which the search resumes to the K cheapest).
func TestCheapestStops(t *testing.T) {
	defer drive.SetPollEvery(1)() // every node: stops, pauses and cancels land anywhere
	r := rand.New(rand.NewPCG(35, 4))
	tried, cancelled := 0, 0
	for n := 0; tried < 50; n++ {
		p := costProblem(r)
		all := bruteCosts(p)
		if len(all) < 2 {
			continue
		}
		tried++
		for _, ce := range costEngines {
			if ce.make(p) == nil {
				continue
			}
			for workers := 1; workers <= 3; workers++ {
				what := fmt.Sprintf("problem %d, %s, %d workers", n, ce.name, workers)
				res, err := drive.Cheapest(context.Background(), ce.make(p), drive.CostConfig{Best: 3, Workers: workers,
					Visit: func([]int, int64) bool { return false }})
				if err != nil || res.Status != core.Stopped || res.Position != nil || len(res.Kept) != 1 {
					t.Fatalf("%s: declined: %v, %v, position %v, kept %v", what, res.Status, err, res.Position, res.Kept)
				}
				ctx, cancel := context.WithCancel(context.Background())
				var final *drive.CostPosition
				res, err = drive.Cheapest(ctx, ce.make(p), drive.CostConfig{Best: 3, Workers: workers,
					Visit:      func([]int, int64) bool { cancel(); return true },
					Checkpoint: func(pos *drive.CostPosition) error { final = pos; return nil }})
				cancel()
				if res.Status == core.Complete && err == nil {
					continue // no node was entered after the cancel
				}
				cancelled++
				if err != context.Canceled || res.Status != core.Interrupted || res.Position == nil || final == nil || final.Running {
					t.Fatalf("%s: cancelled: %v, %v, position %v, final %v", what, res.Status, err, res.Position, final)
				}
				again, err := drive.Cheapest(context.Background(), ce.make(p), drive.CostConfig{Best: 3, Resume: res.Position, Workers: workers})
				if err != nil || again.Status != core.Complete || wrongKept(p, again.Kept, all, 3) != "" {
					t.Fatalf("%s: resumed after a cancel: %v, %v, kept %v, brute force %v", what, again.Status, err, again.Kept, all)
				}
			}
		}
	}
	if cancelled < tried {
		t.Errorf("only %d searches of %d problems were cancelled before their end", cancelled, tried)
	}
}

// TestCheapestDividesLate searches random problems with costs as a search
// of a wide root does, with 2 to 4 workers: the whole tree by one worker
// until it has entered w² nodes (every root counted wide here, polled at
// every node), then divided at its root where it stands; the K kept are
// those of a brute force.
func TestCheapestDividesLate(t *testing.T) {
	defer drive.SetCostDivideWidth(0)()
	defer drive.SetPollEvery(1)()
	r := rand.New(rand.NewPCG(35, 2))
	problems := 200
	if testtier.Short() {
		problems = 50
	}
	for n := range problems {
		p := costProblem(r)
		all := bruteCosts(p)
		k := 1 + r.IntN(4)
		for _, ce := range costEngines {
			if ce.make(p) == nil {
				continue
			}
			for workers := 2; workers <= 4; workers++ {
				res, err := drive.Cheapest(context.Background(), ce.make(p), drive.CostConfig{Best: k, Workers: workers})
				what := fmt.Sprintf("problem %d, %s, K=%d, %d workers\n%s", n, ce.name, k, workers, enginetest.Describe(p))
				if err != nil || res.Status != core.Complete || res.Position != nil {
					t.Fatalf("%s: %v, %v, position %v", what, res.Status, err, res.Position)
				}
				if why := wrongKept(p, res.Kept, all, k); why != "" {
					t.Fatalf("%s: %s", what, why)
				}
			}
		}
	}
}
