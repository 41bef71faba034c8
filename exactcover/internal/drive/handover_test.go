package drive_test

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/exactcover/internal/sparse"
	"github.com/xcover/xcover/internal/testtier"
)

// countingEngine counts the units its clones are given to search or
// expand: each is entered by replaying its path, which costs the widths
// of the nodes on it.
type countingEngine struct {
	core.Engine
	searches *atomic.Int64
	expands  *atomic.Int64
}

func (e countingEngine) Expand(u core.Unit, c *core.Counters, dst []core.Unit) ([]core.Unit, bool, error) {
	if e.expands != nil {
		e.expands.Add(1)
	}
	return e.Engine.Expand(u, c, dst)
}

func (e countingEngine) Search(u core.Unit, run *core.Run, c *core.Counters) (core.Status, error) {
	e.searches.Add(1)
	return e.Engine.Search(u, run, c)
}

func (e countingEngine) Clone() core.Engine {
	return countingEngine{e.Engine.Clone(), e.searches, e.expands}
}

// wideNode is items A and B with n options {A} and one {B}: its n
// solutions hang from one node of n branches, each ending at once.
func wideNode(n int) *core.Problem {
	opts := make([][]int32, 0, n+1)
	for range n {
		opts = append(opts, []int32{0})
	}
	return problem(2, 2, append(opts, []int32{1}))
}

// siblingEngines are the engines that hand the rest of a node over as a
// unit per branch.
var siblingEngines = []struct {
	name string
	new  func(*core.Problem) core.Engine
}{
	{"sparse", func(p *core.Problem) core.Engine { return core.New[sparse.Engine](p) }},
	{"bits", func(p *core.Problem) core.Engine { return core.New[bits.Engine](p) }},
}

// restEngines are the engines that search the branches of a node named
// by one unit (core.Unit.Rest), as shards and positions hold them,
// entering the node once: every engine.
var restEngines = append(siblingEngines[:len(siblingEngines):len(siblingEngines)], struct {
	name string
	new  func(*core.Problem) core.Engine
}{"dlx", func(p *core.Problem) core.Engine { return dlx.New(p) }})

// TestRunWideNode checks that several workers share a wide node without
// paying its width for each branch: on a node of n branches that end at
// once, every unit a worker searches replays the node, walking its n
// options, so the units searched, times n, stay within a few times the
// tree's nodes (handing each branch over as a unit of its own would make
// n units, n² steps). Counting and listing, with 2 and 4 workers, each
// count exact.
func TestRunWideNode(t *testing.T) {
	n := 50000
	if testtier.Short() { // a tenth tells one entry from n as well, under the race detector
		n = 5000
	}
	p := wideNode(n)
	for _, e := range siblingEngines {
		for _, workers := range []int{2, 4} {
			for _, listing := range []bool{false, true} {
				var searches atomic.Int64
				var got collector
				cfg := drive.Config{Workers: workers}
				if listing {
					cfg.Visit = got.visit
				}
				res, err := drive.Run(context.Background(), countingEngine{e.new(p), &searches, nil}, cfg)
				if err != nil || res.Status != core.Complete || res.Counters.Solutions != int64(n) || res.Counters.Nodes != int64(n)+2 {
					t.Fatalf("%s, %d workers, listing %t: %+v, %v", e.name, workers, listing, res, err)
				}
				if listing && len(got.sols) != n {
					t.Fatalf("%s, %d workers: %d solutions listed, want %d", e.name, workers, len(got.sols), n)
				}
				if units := searches.Load(); units*int64(n) > 4*res.Counters.Nodes {
					t.Errorf("%s, %d workers, listing %t: %d units searched, each replaying a node of %d branches, for a tree of %d nodes",
						e.name, workers, listing, units, n, res.Counters.Nodes)
				}
			}
		}
	}
}

// countingCostEngine counts the searches its clones make: each enters the
// root again, walking the root item's list.
type countingCostEngine struct {
	core.CostEngine
	searches *atomic.Int64
}

func (e countingCostEngine) Search(run *core.CostRun, c *core.Counters) core.Status {
	e.searches.Add(1)
	return e.CostEngine.Search(run, c)
}

func (e countingCostEngine) Clone() core.CostEngine {
	return countingCostEngine{e.CostEngine.Clone(), e.searches}
}

// TestCheapestWideRoot checks that several workers looking for the
// cheapest solutions do not enter a wide root once per option: item A has
// n options of costs 1 to 7, each a solution, so the 3 cheapest cost 1
// and the cut-off prunes every option after them. A unit per root option
// would make n searches, each walking the root's n options; the searches
// made, times n, stay within a few times the tree's nodes and the root's
// width together.
func TestCheapestWideRoot(t *testing.T) {
	n := 50000
	if testtier.Short() { // a tenth tells one entry from n as well, under the race detector
		n = 5000
	}
	p := problem(1, 1, nil)
	for k := range n {
		p.Items = append(p.Items, 0)
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller = append(p.Caller, int32(k))
		p.Index = append(p.Index, int32(k))
		p.Costs = append(p.Costs, int64(k%7+1))
	}
	for _, ce := range costEngines {
		for _, workers := range []int{2, 4} {
			var searches atomic.Int64
			res, err := drive.Cheapest(context.Background(), countingCostEngine{ce.make(p), &searches}, drive.CostConfig{Best: 3, Workers: workers})
			if err != nil || res.Status != core.Complete || len(res.Kept) != 3 {
				t.Fatalf("%s, %d workers: %+v, %v", ce.name, workers, res, err)
			}
			for _, s := range res.Kept {
				if s.Cost != 1 || len(s.Options) != 1 || s.Options[0]%7 != 0 {
					t.Fatalf("%s, %d workers: kept %v, want three options of cost 1", ce.name, workers, res.Kept)
				}
			}
			if units := searches.Load(); units*int64(n) > 4*(res.Counters.Nodes+int64(n)) {
				t.Errorf("%s, %d workers: %d searches, each entering a root of %d options, for a tree of %d nodes",
					ce.name, workers, units, n, res.Counters.Nodes)
			}
		}
	}
}

// TestResumeWideNode stops a search of two workers in the middle of a
// node of n branches, whose branches left its position holds as one unit
// (core.Unit.Rest, gathered from the unit per branch that the engines
// export), and checks that the position is validated without entering
// that node n times (CheckFits lists the node's children once and looks
// the branches up among them), and that the search resumed from it
// counts what is left, searching a few units, not one per branch: each
// unit searched enters the node, walking its n options, so the units,
// times n, stay within a few times the tree's nodes and the node's width
// together (the workers hand halves of the rest to each other as they
// run dry, as their credit allows).
func TestResumeWideNode(t *testing.T) {
	const n = 4000
	p := wideNode(n)
	for _, e := range siblingEngines {
		var pos *drive.Position
		cfg := drive.Config{Workers: 2, MaxNodes: n / 2, Checkpoint: func(q *drive.Position) error { pos = q; return nil }}
		res, err := drive.Run(context.Background(), e.new(p), cfg)
		if err != nil || res.Status != core.NodeLimit || pos == nil || len(pos.Pieces) == 0 {
			t.Fatalf("%s: stopped: %+v, %v, position %v", e.name, res, err, pos != nil)
		}
		var expands atomic.Int64
		eng := countingEngine{e.new(p), new(atomic.Int64), &expands}
		if err := drive.CheckFits(eng, pos, nil, 0, 0, 0, ""); err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		if got := expands.Load(); got*n > 4*(pos.Counters.Nodes+n) {
			t.Errorf("%s: validating %d units entered %d nodes, each walking a node of %d branches", e.name, len(pos.Pieces), got, n)
		}
		// A sibling whose option is not a branch of the node ({B}, or one
		// out of range) names no node: the position does not fit.
		for _, bad := range []int32{n, n + 1} {
			forged := *pos
			forged.Pieces = slices.Clone(pos.Pieces)
			i := len(forged.Pieces) / 2
			u := &forged.Pieces[i].Unit
			if u.Rest != nil { // the siblings, as one unit
				u.Rest = slices.Clone(u.Rest)
				u.Rest[len(u.Rest)/2].Option = bad
			} else {
				u.Path = slices.Clone(u.Path)
				u.Path[len(u.Path)-1].Option = bad
			}
			if err := drive.CheckFits(e.new(p), &forged, nil, 0, 0, 0, ""); !errors.Is(err, drive.ErrUnfit) {
				t.Errorf("%s: unit %d taking option %d: %v, want ErrUnfit", e.name, i+1, bad, err)
			}
		}
		var searches atomic.Int64
		resumed, err := drive.Run(context.Background(), countingEngine{e.new(p), &searches, nil}, drive.Config{Workers: 2, Resume: pos})
		if err != nil || resumed.Status != core.Complete || resumed.Counters.Solutions != n || resumed.Counters.Nodes != n+2 {
			t.Fatalf("%s: resumed: %+v, %v", e.name, resumed, err)
		}
		if units := searches.Load(); units*n > 4*(resumed.Counters.Nodes+n) {
			t.Errorf("%s: the resumed search searched %d units, each entering a node of %d branches, for a tree of %d nodes",
				e.name, units, n, resumed.Counters.Nodes)
		}
		// Uninterrupted, the same problem counts the same updates.
		whole, err := drive.Run(context.Background(), e.new(p), drive.Config{Workers: 1})
		if err != nil || resumed.Counters != whole.Counters {
			t.Errorf("%s: resumed %+v, uninterrupted %+v, %v", e.name, resumed.Counters, whole.Counters, err)
		}
	}
}

// TestSplitWideNode checks that the shard split walks from a sample of a
// wide node's children, not from each: every walk enters the node again,
// walking its n options, so walks from all n would cost n² steps. The
// shards still partition the tree: their counts add up to the whole. A
// shard searches the children dealt to it as one unit (core.Unit.Rest),
// entering the node once, not once per child: the units it searches,
// times n, stay within a few times the tree's nodes.
func TestSplitWideNode(t *testing.T) {
	testtier.Slow(t) // one worker: the race detector would take half a minute
	const n, shards = 6000, 2
	p := wideNode(n)
	for _, e := range restEngines {
		var expands atomic.Int64
		eng := countingEngine{e.new(p), new(atomic.Int64), &expands}
		parts, _, _, err := drive.SplitOf(eng, nil, shards, 7)
		if err != nil || len(parts) != shards {
			t.Fatalf("%s: %d parts, %v", e.name, len(parts), err)
		}
		if got := expands.Load(); got > n/2 {
			t.Errorf("%s: the split entered %d nodes to divide a node of %d children", e.name, got, n)
		}
		var total core.Counters
		for k := 1; k <= shards; k++ {
			var searches atomic.Int64
			res, err := drive.Run(context.Background(), countingEngine{e.new(p), &searches, nil}, drive.Config{Shard: k, Shards: shards, SplitSeed: 7})
			if err != nil || res.Status != core.Complete {
				t.Fatalf("%s, shard %d/%d: %+v, %v", e.name, k, shards, res, err)
			}
			if units := searches.Load(); units*n > 4*(n+2) {
				t.Errorf("%s, shard %d/%d: searched %d units, each entering a node of %d branches, for a tree of %d nodes",
					e.name, k, shards, units, n, n+2)
			}
			total.Add(res.Counters)
		}
		whole, err := drive.Run(context.Background(), e.new(p), drive.Config{Workers: 1})
		if err != nil || total != whole.Counters || total.Solutions != n || total.Nodes != n+2 {
			t.Errorf("%s: the shards counted %+v together, uninterrupted %+v (%v), want %d solutions in %d nodes", e.name, total, whole.Counters, err, n, n+2)
		}
	}
}

// TestResumeWideShard stops shard 1 of 2 in the middle of a node of n
// branches, whose branches dealt to the shard it holds as one unit,
// resumes it to the totals of the shard searched uninterrupted, and
// checks that a position naming a branch of the other shard's part, or
// one that is not a branch of the node, does not fit.
func TestResumeWideShard(t *testing.T) {
	const n, shards, seed = 600, 2, 7
	p := wideNode(n)
	for _, e := range restEngines {
		whole, err := drive.Run(context.Background(), e.new(p), drive.Config{Shard: 1, Shards: shards, SplitSeed: seed})
		if err != nil || whole.Status != core.Complete {
			t.Fatalf("%s: %+v, %v", e.name, whole, err)
		}
		var pos *drive.Position
		cfg := drive.Config{Workers: 2, Shard: 1, Shards: shards, SplitSeed: seed, MaxNodes: n / 8,
			Checkpoint: func(q *drive.Position) error { pos = q; return nil }}
		res, err := drive.Run(context.Background(), e.new(p), cfg)
		if err != nil || res.Status != core.NodeLimit || pos == nil {
			t.Fatalf("%s: stopped: %+v, %v", e.name, res, err)
		}
		i := slices.IndexFunc(pos.Pieces, func(q core.Piece) bool { return len(q.Unit.Rest) > 1 })
		if i < 0 {
			t.Fatalf("%s: no unit of branches among %d", e.name, len(pos.Pieces))
		}
		for _, bad := range []struct {
			option int32
			want   error
		}{
			{pos.Pieces[i].Unit.Rest[0].Option ^ 1, drive.ErrUnfit}, // the other shard's (dealt alternately)
			{n, drive.ErrUnfit}, // {B}: no branch of the node
		} {
			forged := *pos
			forged.Pieces = slices.Clone(pos.Pieces)
			u := &forged.Pieces[i].Unit
			u.Rest = slices.Clone(u.Rest)
			u.Rest[len(u.Rest)-1].Option = bad.option
			if err := drive.CheckFits(e.new(p), &forged, nil, 1, shards, seed, whole.Split); !errors.Is(err, bad.want) {
				t.Errorf("%s: a branch to option %d: %v, want %v", e.name, bad.option, err, bad.want)
			}
		}
		cfg = drive.Config{Workers: 2, Shard: 1, Shards: shards, SplitSeed: seed, Split: whole.Split, Resume: pos}
		resumed, err := drive.Run(context.Background(), e.new(p), cfg)
		if err != nil || resumed.Status != core.Complete || resumed.Counters != whole.Counters {
			t.Errorf("%s: resumed %+v, %v; uninterrupted %+v", e.name, resumed, err, whole.Counters)
		}
	}
}
