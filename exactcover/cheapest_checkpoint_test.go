package exactcover_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// TestCheapestResume stops searches for the cheapest solutions of random
// problems every m nodes (m = 1, 2, 3, … and random), resumes each from its
// checkpoint again and again, with other workers and the other engine,
// and checks that the K best costs at the end are the K smallest costs of
// a brute force, every kept solution verified.
func TestCheapestResume(t *testing.T) {
	if len(checkpointEngines) != 2 {
		t.Fatal("the engines that save checkpoints changed")
	}
	r := rand.New(rand.NewPCG(7, 2026))
	for n := range 600 {
		p := randomProblem(r)
		p.Bounds = nil
		for k := range p.Options {
			p.Options[k].Cost = int64(r.IntN(10))
		}
		all := bruteForceCosts(p)
		s, err := exactcover.New(p)
		if err != nil {
			t.Fatal(err)
		}
		k := 1 + r.IntN(4)
		step := int64(1 + n%5)
		if n%7 == 6 {
			step = 1 + r.Int64N(40)
		}
		var ck *exactcover.Checkpoint
		var res exactcover.CostResult
		for runs := 0; ; runs++ {
			if runs > 10000 {
				t.Fatalf("problem %d: no end after %d resumes", n, runs)
			}
			cfg := exactcover.CostConfig{Best: k, MaxNodes: step, Resume: ck,
				Workers: 1 + r.IntN(3), Engine: checkpointEngines[r.IntN(len(checkpointEngines))]}
			res, err = s.Cheapest(context.Background(), cfg, nil)
			if err != nil {
				t.Fatalf("problem %d, run %d: %v", n, runs, err)
			}
			if res.Status == exactcover.Complete {
				break
			}
			if res.Status != exactcover.NodeLimit || res.Checkpoint == nil {
				t.Fatalf("problem %d, run %d: status %v, checkpoint %v", n, runs, res.Status, res.Checkpoint)
			}
			// Through the file, whose reader checks what it says.
			data, err := res.Checkpoint.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if ck, err = exactcover.ReadCheckpoint(bytes.NewReader(data)); err != nil {
				t.Fatalf("problem %d, run %d: a checkpoint written is refused: %v\n%s", n, runs, err, data)
			}
		}
		got := verifiedCosts(t, p, res.Best)
		if want := all[:min(k, len(all))]; !slices.Equal(got, want) {
			t.Fatalf("problem %d, K=%d, every %d nodes: best costs %v, brute force %v", n, k, step, got, want)
		}
	}
}

// TestCheapestResumeSameCounts checks that a search with one worker on
// DLX5's engine, stopped after every node and resumed, finds the same
// solutions in the same order as one never stopped, with the same number
// of nodes and solutions: a unit takes its path again under the cut-off
// in force, and the node it stood at was counted. (Its updates differ: a
// resumed search covers the items of its path hiding only the options
// below the cut-off in force, lower than when they were first covered;
// an item with more than lenThresh options cheap enough is counted by
// its list's length, which those options then lengthen, so that the
// choice of an item could differ there, not on these problems. The
// sparse engine finds the same costs, but its choice of an item
// counts the options left in place, which a lower cut-off hides: a
// resumed search may branch on another item, and its nodes differ.)
func TestCheapestResumeSameCounts(t *testing.T) {
	checkResumeSameCounts(t, exactcover.EngineDLX)
}

func checkResumeSameCounts(t *testing.T, eng exactcover.Engine) {
	r := rand.New(rand.NewPCG(8, 2026))
	for n := range 1000 {
		p := randomProblem(r)
		p.Bounds = nil
		for k := range p.Options {
			p.Options[k].Cost = int64(r.IntN(10))
		}
		s, err := exactcover.New(p)
		if err != nil {
			t.Fatal(err)
		}
		cfg := exactcover.CostConfig{Best: 1 + r.IntN(3), Engine: eng}
		whole, err := s.Cheapest(context.Background(), cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		cfg.MaxNodes = 1
		var res exactcover.CostResult
		for {
			if res, err = s.Cheapest(context.Background(), cfg, nil); err != nil {
				t.Fatal(err)
			}
			if res.Status == exactcover.Complete {
				break
			}
			cfg.Resume = res.Checkpoint
		}
		if res.Nodes != whole.Nodes || res.Solutions != whole.Solutions || !slices.EqualFunc(res.Best, whole.Best, func(a, b exactcover.CostSolution) bool {
			return a.Cost == b.Cost && slices.Equal(a.Options, b.Options)
		}) {
			t.Fatalf("problem %d: stopped at every node: %d nodes, %d solutions, best %v; never stopped: %d, %d, %v",
				n, res.Nodes, res.Solutions, res.Best, whole.Nodes, whole.Solutions, whole.Best)
		}
	}
}

// TestCheapestResumeRefused checks that a checkpoint of another K or
// problem, or with a solution changed, is refused.
func TestCheapestResumeRefused(t *testing.T) {
	refs := func(names ...string) []exactcover.ItemRef {
		var rs []exactcover.ItemRef
		for _, n := range names {
			rs = append(rs, exactcover.ItemRef{Name: n})
		}
		return rs
	}
	p := &exactcover.Problem{Primary: []string{"a", "b", "c", "d"}, Options: []exactcover.Option{
		{Items: refs("a", "b"), Cost: 3}, {Items: refs("c", "d"), Cost: 1}, {Items: refs("c"), Cost: 2},
		{Items: refs("a"), Cost: 1}, {Items: refs("b", "c"), Cost: 1}, {Items: refs("d"), Cost: 4},
		{Items: refs("b"), Cost: 2}, {Items: refs("a", "c"), Cost: 5}, {Items: refs("b", "d"), Cost: 2},
	}}
	s, err := exactcover.New(p)
	if err != nil {
		t.Fatal(err)
	}
	// The first checkpoint with a solution and two units.
	var ck *exactcover.Checkpoint
	for m := int64(1); ck == nil; m++ {
		res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: 2, MaxNodes: m, Engine: exactcover.EngineDLX}, nil)
		if err != nil || res.Checkpoint == nil {
			t.Fatalf("%d nodes: %v, %+v", m, err, res)
		}
		if len(res.Checkpoint.Solutions) > 0 && res.Checkpoint.Units() > 1 {
			ck = res.Checkpoint
		}
	}
	other, _ := exactcover.New(&exactcover.Problem{Primary: []string{"a"}, Options: []exactcover.Option{{Items: refs("a")}}})
	// The same items and options, one option cheaper: the order of every
	// list and the cut-off depend on the costs, so the search resumed is
	// another one.
	// An option that no kept solution holds, so that the solutions' costs
	// summed again cannot tell.
	cheaper := *p
	cheaper.Options = slices.Clone(p.Options)
	kept := map[int]bool{}
	for _, sol := range ck.Solutions {
		for _, k := range sol.Options {
			kept[k] = true
		}
	}
	for k := range cheaper.Options {
		if !kept[k] && cheaper.Options[k].Cost > 0 {
			cheaper.Options[k].Cost--
			break
		}
	}
	otherCosts, err := exactcover.New(&cheaper)
	if err != nil {
		t.Fatal(err)
	}
	changed := *ck
	changed.Solutions = slices.Clone(ck.Solutions)
	changed.Solutions[0].Cost++
	swapped := *ck
	units := ck.CostUnits()
	slices.Reverse(units)
	swapped.SetCostUnits(units)
	for _, c := range []struct {
		name string
		s    *exactcover.Solver
		k    int
		ck   *exactcover.Checkpoint
		want error
	}{
		{"other K", s, 3, ck, exactcover.ErrCheckpointMismatch},
		{"other problem", other, 2, ck, exactcover.ErrCheckpointMismatch},
		{"other costs", otherCosts, 2, ck, exactcover.ErrCheckpointMismatch},
		{"cost changed", s, 2, &changed, exactcover.ErrCheckpoint},
		{"units out of order", s, 2, &swapped, exactcover.ErrCheckpoint},
	} {
		if _, err := c.s.Cheapest(context.Background(), exactcover.CostConfig{Best: c.k, Resume: c.ck}, nil); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// TestDLX5Resume stops the searches of testdata/dlx5 about ten times each
// and resumes them: with DLX5's engine and one worker, the totals are
// DLX5's (solutions, nodes, best costs); alternating the engines and the
// number of workers, the best costs are DLX5's.
func TestDLX5Resume(t *testing.T) {
	for _, r := range readDLX5Figures(t) {
		if testtier.Short() && r.updates > 100_000 {
			continue // minutes under -race, and one goroutine at a time
		}
		t.Run(fmt.Sprintf("%s/k%d", r.file, r.k), func(t *testing.T) {
			p, s := dlx5Solver(t, r)
			for _, mixed := range []bool{false, true} {
				cfg := exactcover.CostConfig{Best: r.k, Engine: exactcover.EngineDLX, MaxNodes: r.nodes/10 + 1}
				var res exactcover.CostResult
				for run := 0; ; run++ {
					if mixed {
						cfg.Engine, cfg.Workers = checkpointEngines[run%2], 1+run%3
					}
					var err error
					if res, err = s.Cheapest(context.Background(), cfg, nil); err != nil {
						t.Fatal(err)
					}
					if res.Status == exactcover.Complete {
						break
					}
					if res.Checkpoint == nil || run > 1000 {
						t.Fatalf("run %d: %v without a checkpoint or an end", run, res.Status)
					}
					cfg.Resume = res.Checkpoint
				}
				best := verifiedCosts(t, p, res.Best)
				if !slices.Equal(best, r.best) {
					t.Errorf("mixed %v: best costs %v, DLX5 %v", mixed, best, r.best)
				}
				if !mixed && (res.Nodes != r.nodes || res.Solutions != r.solutions) {
					t.Errorf("%d nodes, %d solutions; DLX5 %d, %d", res.Nodes, res.Solutions, r.nodes, r.solutions)
				}
			}
		})
	}
}

// TestCheapestPeriodicCheckpoints searches the 9×9 Sudoku with costs of
// testdata/dlx5 for its 3 cheapest solutions with a checkpoint every
// millisecond: the sink gets running checkpoints, then a final complete
// one holding the best, each of which reads back from its file and passes
// the checks of a resume, and the best costs are DLX5's; resuming the
// final checkpoint searches nothing and answers the same.
func TestCheapestPeriodicCheckpoints(t *testing.T) {
	var row dlx5Row
	for _, r := range readDLX5Figures(t) {
		if r.file == "sudoku-multi-65k-cost.dlx" {
			row = r
		}
	}
	sp := dlx5Instance(t, row.file)
	s, err := exactcover.New(&sp.Problem)
	if err != nil {
		t.Fatal(err)
	}
	engines := checkpointEngines
	if testtier.Short() { // under -race: the workers and the checkpoints are drive's, whichever engine
		engines = engines[len(engines)-1:]
	}
	for _, eng := range engines {
		var cks []*exactcover.Checkpoint
		cfg := exactcover.CostConfig{Best: row.k, Engine: eng, Workers: 2, CheckpointEvery: time.Millisecond,
			Checkpoint: func(ck *exactcover.Checkpoint) error { cks = append(cks, ck); return nil }}
		began := time.Now()
		res, err := s.Cheapest(context.Background(), cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		costs := func(b []exactcover.CostSolution) []int64 {
			var c []int64
			for _, x := range b {
				c = append(c, x.Cost)
			}
			return c
		}
		if got := costs(res.Best); !slices.Equal(got, row.best) || res.Status != exactcover.Complete {
			t.Fatalf("%v: %v, best %v; DLX5 %v", eng, res.Status, got, row.best)
		}
		// Under -short and the race detector, twenty of them and the
		// final: each check costs a walk of the problem, and a search
		// twenty times slower writes a checkpoint every millisecond too.
		step := 1
		if testtier.Short() {
			step = max(1, len(cks)/20)
		}
		for i, ck := range cks { // each as its file reads back, and as a resume checks it
			if i%step != 0 && i != len(cks)-1 {
				continue
			}
			if ck.Written.Before(began) || ck.Written.After(time.Now()) {
				t.Errorf("%v: checkpoint %d of %d was written at %v, not during the search", eng, i+1, len(cks), ck.Written)
			}
			data, err := ck.MarshalBinary()
			if err == nil {
				if _, err = exactcover.ReadCheckpoint(bytes.NewReader(data)); err == nil {
					err = s.CheckCheckpoint(ck)
				}
			}
			if err != nil {
				t.Fatalf("%v: checkpoint %d of %d is refused: %v", eng, i+1, len(cks), err)
			}
		}
		final := cks[len(cks)-1]
		if len(cks) < 2 || !cks[0].Running || final.Running || final.Units() > 0 || !slices.Equal(costs(final.Solutions), row.best) {
			t.Fatalf("%v: %d checkpoints, the final %+v", eng, len(cks), final)
		}
		again, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: row.k, Resume: final}, nil)
		if err != nil || again.Nodes != final.Stats.Nodes || !slices.Equal(costs(again.Best), row.best) {
			t.Fatalf("%v: resumed the final checkpoint: %v, %+v", eng, err, again)
		}
	}
}

// TestCheapestCanceledResume cancels the searches of the 3×20 pentominoes
// with costs (testdata/dlx5) as Ctrl-C does, after the first improving
// solution found, with one worker and with two, with a checkpoint sink
// and the engine auto picks for it (as solve --checkpoint does): the
// final checkpoint holds what was found, and resuming it ends with
// DLX5's best costs. (With one worker the search polls at fixed nodes,
// after the first solution; two may end before either polls.)
func TestCheapestCanceledResume(t *testing.T) {
	instance := "pent-3x20-cost.dlx"
	if testtier.Short() { // the same stops, on a smaller tree, under -race
		instance = "sudoku-multi-65k-cost.dlx"
	}
	for _, r := range readDLX5Figures(t) {
		if r.file != instance || testtier.Short() && r.k != 3 { // one K of three under -race
			continue
		}
		sp := dlx5Instance(t, r.file)
		s := mustNew(t, &sp.Problem)
		for _, workers := range []int{1, 2} {
			ctx, cancel := context.WithCancel(context.Background())
			var final *exactcover.Checkpoint
			cfg := exactcover.CostConfig{Best: r.k, Workers: workers,
				Checkpoint: func(ck *exactcover.Checkpoint) error { final = ck; return nil }}
			res, err := s.Cheapest(ctx, cfg, func([]int, int64) bool { cancel(); return true })
			cancel()
			if workers > 1 && err == nil && res.Status == exactcover.Complete {
				// The workers poll every core.PollInterval nodes each: the
				// search may end before either sees the cancel.
				t.Logf("k%d, %d workers: complete before a poll", r.k, workers)
				continue
			}
			if !errors.Is(err, context.Canceled) || final == nil || final.Running || len(final.Solutions) == 0 || final.Units() == 0 {
				t.Fatalf("k%d, %d workers: %v, %v, checkpoint %+v", r.k, workers, err, res.Status, final)
			}
			cfg.Resume, cfg.Checkpoint = final, nil
			res, err = s.Cheapest(context.Background(), cfg, nil)
			best := verifiedCosts(t, &sp.Problem, res.Best)
			if err != nil || res.Status != exactcover.Complete || !slices.Equal(best, r.best) {
				t.Fatalf("k%d, %d workers, resumed: %v, %v, best %v; DLX5 %v", r.k, workers, err, res.Status, best, r.best)
			}
		}
	}
}

// checkpointEngines are the engines whose checkpoints of a search for the
// cheapest solutions any problem may have (the bit-set engine, which
// takes no colors, has TestCheapestBitsResume).
var checkpointEngines = []exactcover.Engine{exactcover.EngineDLX, exactcover.EngineSparse}

// TestCheapestBitsResume stops searches for the cheapest solutions of
// random problems without colors on the bit-set engine every few nodes,
// resumes each from its checkpoint (through its file) with the bit-set
// engine or another and other workers, and checks that the K best costs
// at the end are those of a brute force, every kept solution verified.
func TestCheapestBitsResume(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 2026))
	engines := []exactcover.Engine{exactcover.EngineBits, exactcover.EngineBits, exactcover.EngineDLX, exactcover.EngineSparse}
	for n := range 400 {
		p := randomProblem(r)
		p.Bounds = nil
		for k := range p.Options {
			p.Options[k].Cost = int64(r.IntN(10))
			for j := range p.Options[k].Items {
				p.Options[k].Items[j].Color = ""
			}
		}
		p = widened(p, n)
		all := bruteForceCosts(p)
		s := mustNew(t, p)
		k := 1 + r.IntN(4)
		step := 1 + r.Int64N(6)
		var ck *exactcover.Checkpoint
		var res exactcover.CostResult
		for runs := 0; ; runs++ {
			if runs > 10000 {
				t.Fatalf("problem %d: no end after %d resumes", n, runs)
			}
			eng := exactcover.EngineBits
			if ck != nil {
				eng = engines[r.IntN(len(engines))]
			}
			var err error
			res, err = s.Cheapest(context.Background(), exactcover.CostConfig{Best: k, MaxNodes: step, Resume: ck, Workers: 1 + r.IntN(3), Engine: eng}, nil)
			if err != nil {
				t.Fatalf("problem %d, run %d: %v", n, runs, err)
			}
			if res.Status == exactcover.Complete {
				break
			}
			if res.Status != exactcover.NodeLimit || res.Checkpoint == nil || res.Checkpoint.Engine != eng {
				t.Fatalf("problem %d, run %d: status %v, checkpoint %+v", n, runs, res.Status, res.Checkpoint)
			}
			data, err := res.Checkpoint.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if ck, err = exactcover.ReadCheckpoint(bytes.NewReader(data)); err != nil {
				t.Fatalf("problem %d, run %d: a checkpoint written is refused: %v\n%s", n, runs, err, data)
			}
		}
		got := verifiedCosts(t, p, res.Best)
		if want := all[:min(k, len(all))]; !slices.Equal(got, want) {
			t.Fatalf("problem %d (%s), K=%d, every %d nodes: best costs %v, brute force %v", n, describe(p), k, step, got, want)
		}
	}
}

// TestCheapestAutoCheckpointEngine checks that auto, which picks the
// bit-set engine for the 3×20 pentominoes with costs, picks another for a
// search with checkpoints (see autoCheapest).
func TestCheapestAutoCheckpointEngine(t *testing.T) {
	sp := dlx5Instance(t, "pent-3x20-cost.dlx")
	s := mustNew(t, &sp.Problem)
	sink := func(*exactcover.Checkpoint) error { return nil }
	if res, err := s.Cheapest(context.Background(), exactcover.CostConfig{MaxNodes: 100}, nil); err != nil || res.Engine != exactcover.EngineBits {
		t.Errorf("auto: %v, engine %v", err, res.Engine)
	}
	res, err := s.Cheapest(context.Background(), exactcover.CostConfig{MaxNodes: 100, Checkpoint: sink}, nil)
	if err != nil || res.Engine == exactcover.EngineBits {
		t.Errorf("auto with a checkpoint: %v, engine %v", err, res.Engine)
	}
}
