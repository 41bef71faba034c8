package exactcover_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
)

// costForgery changes a checkpoint of a search for the cheapest solutions
// as someone forging its file would (the digest is made again when it is
// written); it reports false when it does not apply to ck.
type costForgery struct {
	name  string
	apply func(r *rand.Rand, ck *exactcover.Checkpoint, p *exactcover.Problem) bool
}

// costForgeries are the changes of TestCostCheckpointForgeries: each
// leaves a file that is refused, or that resumes to the true K best.
//
// Left out, because a file cannot tell them from the checkpoint of a
// search that went another way (see exactcover's cheapest_check.go): a
// unit removed (its root option searched to the end), a unit's path cut,
// lengthened or turned to another branch, a solution removed together
// with the count that went with it, a solution replaced by another
// solution of the problem with its cost, and K raised by one in a search
// that had found exactly K solutions.
var costForgeries = []costForgery{
	{"remove a kept solution", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		if len(ck.Solutions) == 0 {
			return false
		}
		i := r.IntN(len(ck.Solutions))
		ck.Solutions = slices.Delete(ck.Solutions, i, i+1)
		return true
	}},
	{"duplicate a kept solution", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		if len(ck.Solutions) == 0 {
			return false
		}
		i := r.IntN(len(ck.Solutions))
		ck.Solutions = slices.Insert(ck.Solutions, i, cloneSolution(ck.Solutions[i]))
		if r.IntN(2) == 0 && len(ck.Solutions) > ck.Best { // the K-th dropped, as the search would
			ck.Solutions = ck.Solutions[:ck.Best]
		}
		return true
	}},
	{"replace an option of a kept solution", func(r *rand.Rand, ck *exactcover.Checkpoint, p *exactcover.Problem) bool {
		if len(ck.Solutions) == 0 {
			return false
		}
		sol := &ck.Solutions[r.IntN(len(ck.Solutions))]
		sol.Options[r.IntN(len(sol.Options))] = r.IntN(len(p.Options)+2) - 1
		return true
	}},
	{"drop an option of a kept solution", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		if len(ck.Solutions) == 0 {
			return false
		}
		sol := &ck.Solutions[r.IntN(len(ck.Solutions))]
		i := r.IntN(len(sol.Options))
		sol.Options = slices.Delete(sol.Options, i, i+1)
		return true
	}},
	{"add an option to a kept solution", func(r *rand.Rand, ck *exactcover.Checkpoint, p *exactcover.Problem) bool {
		if len(ck.Solutions) == 0 {
			return false
		}
		sol := &ck.Solutions[r.IntN(len(ck.Solutions))]
		sol.Options = append(sol.Options, r.IntN(len(p.Options)))
		return true
	}},
	{"reorder a kept solution's options", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		if len(ck.Solutions) == 0 {
			return false
		}
		sol := &ck.Solutions[r.IntN(len(ck.Solutions))]
		r.Shuffle(len(sol.Options), func(i, j int) { sol.Options[i], sol.Options[j] = sol.Options[j], sol.Options[i] })
		return true
	}},
	{"change a kept solution's cost", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		if len(ck.Solutions) == 0 {
			return false
		}
		sol := &ck.Solutions[r.IntN(len(ck.Solutions))]
		sol.Cost += []int64{-5, -1, 1, 5}[r.IntN(4)]
		return true
	}},
	{"swap two kept solutions", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		if len(ck.Solutions) < 2 {
			return false
		}
		i, j := r.IntN(len(ck.Solutions)), r.IntN(len(ck.Solutions))
		ck.Solutions[i], ck.Solutions[j] = ck.Solutions[j], ck.Solutions[i]
		return i != j
	}},
	{"change the count of solutions", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		was := ck.Stats.Solutions
		ck.Stats.Solutions = r.Int64N(2*was + 4)
		ck.Stats.Nodes = max(ck.Stats.Nodes, ck.Stats.Solutions)
		return ck.Stats.Solutions != was
	}},
	{"change the count of nodes", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		was := ck.Stats.Nodes
		ck.Stats.Nodes = r.Int64N(2*was + 4)
		return ck.Stats.Nodes != was
	}},
	{"lower K", func(_ *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		ck.Best--
		return true
	}},
	{"raise K", func(_ *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		if ck.Stats.Solutions == int64(ck.Best) { // left out: see above
			return false
		}
		ck.Best++
		return true
	}},
	{"swap two units", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		units := ck.CostUnits()
		if len(units) < 2 {
			return false
		}
		i := r.IntN(len(units) - 1)
		j := i + 1 + r.IntN(len(units)-i-1)
		units[i], units[j] = units[j], units[i]
		ck.SetCostUnits(units)
		return true
	}},
	{"flip a unit's entered mark", func(r *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		units := ck.CostUnits()
		if len(units) == 0 {
			return false
		}
		u := &units[r.IntN(len(units))]
		u.Entered = !u.Entered
		ck.SetCostUnits(units)
		return true
	}},
	{"branch the root on another item", func(r *rand.Rand, ck *exactcover.Checkpoint, p *exactcover.Problem) bool {
		units := ck.CostUnits()
		if len(units) == 0 || len(p.Primary) < 2 {
			return false
		}
		was := units[0].Path[0].Item
		item := (was + 1 + r.IntN(len(p.Primary)-1)) % len(p.Primary)
		for i := range units {
			units[i].Path[0].Item = item
		}
		ck.SetCostUnits(units)
		return true
	}},
	{"say the search is complete", func(_ *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		ck.Stats.Status, ck.Running = exactcover.Complete, false
		return true
	}},
	{"name the other engine", func(_ *rand.Rand, ck *exactcover.Checkpoint, _ *exactcover.Problem) bool {
		ck.Engine = map[exactcover.Engine]exactcover.Engine{exactcover.EngineDLX: exactcover.EngineSparse, exactcover.EngineSparse: exactcover.EngineDLX}[ck.Engine]
		return true
	}},
}

// TestCostCheckpointForgeries stops searches for the K cheapest solutions
// of random problems, forges their checkpoints every way of costForgeries
// (through the file, the digest made again), and checks that each forged
// file is refused (by the reader, or by the search that resumes it, with
// ErrCheckpoint or ErrCheckpointMismatch) or resumes, with any workers and
// engine, to the K cheapest costs of a brute force, every solution
// verified and none twice.
func TestCostCheckpointForgeries(t *testing.T) {
	problems := 1000
	if testtier.Short() {
		problems = 150
	}
	r := rand.New(rand.NewPCG(34, 2026))
	refused, right, wrong := map[string]int{}, map[string]int{}, map[string]int{}
	example := map[string]string{} // the first wrong answer of each kind
	for n := range problems {
		p := forgeryProblem(r)
		all := bruteForceCosts(p)
		s := mustNew(t, p)
		k := 1 + r.IntN(4)
		// Forge every checkpoint of a search stopped every few nodes.
		var ck *exactcover.Checkpoint
		for run := 0; ; run++ {
			res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: k, MaxNodes: 1 + r.Int64N(4), Resume: ck,
				Workers: 1 + r.IntN(3), Engine: checkpointEngines[r.IntN(2)]}, nil)
			if err != nil {
				t.Fatalf("problem %d, run %d: %v", n, run, err)
			}
			if ck = res.Checkpoint; ck == nil {
				break // complete
			}
			for _, f := range costForgeries {
				forged := cloneCostCheckpoint(ck)
				if !f.apply(r, forged, p) {
					continue
				}
				what := fmt.Sprintf("problem %d (%s), K=%d, run %d", n, describe(p), k, run)
				switch refusedIt, why := checkForged(t, s, p, forged, all, what+", "+f.name); {
				case refusedIt:
					refused[f.name]++
				case why == "":
					right[f.name]++
				default:
					if wrong[f.name]++; wrong[f.name] == 1 {
						example[f.name] = what + ": " + why
					}
				}
			}
		}
	}
	for _, f := range costForgeries {
		t.Logf("%-40s refused %4d, resumed to the right answer %4d", f.name, refused[f.name], right[f.name])
		if wrong[f.name] > 0 {
			t.Errorf("%s: %d forged checkpoints resumed to a wrong answer, the first %s", f.name, wrong[f.name], example[f.name])
		}
	}
}

// checkForged writes ck, forged, to its file and reads it back, and
// resumes it with s: it reports whether the file is refused (by the
// reader or the search), and if not, what is wrong with the answer of the
// search resumed ("" when it ends with the K best of a brute force: all,
// the costs of p's solutions). Any other error fails t.
func checkForged(t *testing.T, s *exactcover.Solver, p *exactcover.Problem, ck *exactcover.Checkpoint, all []int64, what string) (bool, string) {
	t.Helper()
	data, err := ck.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	refusal := func(err error) bool {
		return errors.Is(err, exactcover.ErrCheckpoint) || errors.Is(err, exactcover.ErrCheckpointMismatch)
	}
	read, err := exactcover.ReadCheckpoint(bytes.NewReader(data))
	if err != nil {
		if !refusal(err) {
			t.Fatalf("%s: refused with %v", what, err)
		}
		return true, ""
	}
	cfg := exactcover.CostConfig{Best: read.Best, Resume: read, Workers: 1 + len(data)%3, Engine: checkpointEngines[len(data)/3%2]}
	got, err := s.Cheapest(context.Background(), cfg, nil)
	if refusal(err) {
		return true, ""
	}
	if err != nil || got.Status != exactcover.Complete {
		t.Fatalf("%s: %v, %v", what, got.Status, err)
	}
	return false, wrongBest(p, got.Best, all, read.Best)
}

// forgeryProblem makes a problem with costs for TestCostCheckpointForgeries:
// up to 7 primary and 3 secondary items (colored now and then) and up to
// 30 options, small enough for the brute force, big enough for a search
// to keep solutions before it ends.
func forgeryProblem(r *rand.Rand) *exactcover.Problem {
	p := &exactcover.Problem{}
	nPrimary, nSecondary := 1+r.IntN(7), r.IntN(4)
	for i := range nPrimary {
		p.Primary = append(p.Primary, fmt.Sprintf("p%d", i))
	}
	for i := range nSecondary {
		p.Secondary = append(p.Secondary, fmt.Sprintf("s%d", i))
	}
	all := append(slices.Clone(p.Primary), p.Secondary...)
	for range 8 + r.IntN(23) {
		o := exactcover.Option{Cost: int64(r.IntN(10))}
		for _, i := range r.Perm(len(all))[:1+r.IntN(min(3, len(all)))] {
			ref := exactcover.ItemRef{Name: all[i]}
			if i >= nPrimary && r.IntN(3) > 0 {
				ref.Color = string(rune('a' + r.IntN(2)))
			}
			o.Items = append(o.Items, ref)
		}
		p.Options = append(p.Options, o)
	}
	return p
}

// wrongBest says what is wrong with best as the k cheapest solutions of
// p, whose solutions cost all (sorted), or "" when nothing is.
func wrongBest(p *exactcover.Problem, best []exactcover.CostSolution, all []int64, k int) string {
	var costs []int64
	seen := map[string]bool{}
	for _, b := range best {
		if err := verify.Solution(p, b.Options); err != nil {
			return fmt.Sprintf("%v is not a solution: %v", b.Options, err)
		}
		if c := costOf(p, b.Options); c != b.Cost {
			return fmt.Sprintf("%v costs %d, not %d", b.Options, c, b.Cost)
		}
		key := fmt.Sprint(slices.Sorted(slices.Values(b.Options)))
		if seen[key] {
			return fmt.Sprintf("%v twice", b.Options)
		}
		seen[key] = true
		costs = append(costs, b.Cost)
	}
	if want := all[:min(k, len(all))]; !slices.Equal(costs, want) {
		return fmt.Sprintf("costs %v, brute force %v", costs, want)
	}
	return ""
}

func cloneSolution(s exactcover.CostSolution) exactcover.CostSolution {
	return exactcover.CostSolution{Options: slices.Clone(s.Options), Cost: s.Cost}
}

func cloneCostCheckpoint(ck *exactcover.Checkpoint) *exactcover.Checkpoint {
	c := *ck
	c.Solutions = nil
	for _, s := range ck.Solutions {
		c.Solutions = append(c.Solutions, cloneSolution(s))
	}
	c.SetCostUnits(ck.CostUnits())
	return &c
}
