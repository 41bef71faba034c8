package drive_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// TestCheckUnits checks the checks of a position's units that need no
// problem: each unit starts from the partial solution, no unit is named
// twice, none lies in the subtree of another, and no node's rest is given
// twice.
func TestCheckUnits(t *testing.T) {
	a, b, c := core.Step{Item: 0, Option: 1}, core.Step{Item: 1, Option: 4}, core.Step{Item: 1, Option: 5}
	r := core.Step{Item: -1, Option: 7} // a partial solution's step
	node := func(steps ...core.Step) core.Piece { return core.Piece{Unit: core.Unit{Path: steps}} }
	rest := func(steps ...core.Step) core.Piece { return core.Piece{Unit: core.Unit{Path: steps, After: true}} }
	exported := node(a, b) // a unit exported before it was entered
	exported.Unit.CountLast = true
	skipped := rest(a, b)
	skipped.Skip = -1
	d, f := core.Step{Item: 2, Option: 8}, core.Step{Item: 2, Option: 9}
	branches := func(path []core.Step, steps ...core.Step) core.Piece {
		return core.Piece{Unit: core.Unit{Path: path, Rest: steps}}
	}
	excluding := core.Step{Item: 1, Option: 6, Exclude: true}
	counted := branches([]core.Step{a}, b)
	counted.Unit.CountLast = true
	for _, tc := range []struct {
		name   string
		pieces []core.Piece
		root   []core.Step
		want   string // in the error; "" for none
	}{
		{"no units", nil, nil, ""},
		{"the root", []core.Piece{node()}, nil, ""},
		{"siblings", []core.Piece{node(a, b), node(a, c)}, nil, ""},
		{"a node and the rest of its parent's branches", []core.Piece{node(a, b), rest(a, c)}, nil, ""},
		{"rests of two levels", []core.Piece{rest(a, b, c), rest(a, b)}, nil, ""},
		{"below the partial solution", []core.Piece{node(r, a, b), rest(r, a, c)}, []core.Step{r}, ""},
		{"the same unit twice", []core.Piece{node(a, b), exported}, nil, "units 1 and 2 overlap"},
		{"a unit below another", []core.Piece{node(a), node(a, b)}, nil, "unit 2 lies inside unit 1"},
		{"a unit above another", []core.Piece{node(a, b, c), node(a)}, nil, "unit 1 lies inside unit 2"},
		{"a unit below the root's", []core.Piece{node(), node(a)}, nil, "unit 2 lies inside unit 1"},
		{"two rests of one node", []core.Piece{rest(a, b), rest(a, c)}, nil, "units 1 and 2 overlap"},
		{"a rest of a node that is a unit", []core.Piece{node(a), rest(a, b)}, nil, "unit 2 lies inside unit 1"},
		{"a rest below a unit", []core.Piece{rest(a, b, c), node(a)}, nil, "unit 1 lies inside unit 2"},
		{"not from the partial solution", []core.Piece{node(r, a), node(a)}, []core.Step{r}, "unit 2 does not start from the partial solution"},
		{"shorter than the partial solution", []core.Piece{node()}, []core.Step{r}, "unit 1 does not start"},
		{"the rest of the partial solution's node", []core.Piece{rest(r)}, []core.Step{r}, "unit 1 does not start"},
		{"a negative skip", []core.Piece{skipped}, nil, "unit 1: skip -1"},
		{"branches of a node", []core.Piece{branches([]core.Step{a}, b, c)}, nil, ""},
		{"branches and a node beside them", []core.Piece{node(a, b, d), branches([]core.Step{a}, c)}, nil, ""},
		{"branches of two nodes", []core.Piece{branches([]core.Step{a, b}, d), branches([]core.Step{a, c}, d, f)}, nil, ""},
		{"branches of a node, split in two", []core.Piece{branches([]core.Step{a}, b), branches([]core.Step{a}, c)}, nil, ""},
		{"branches of the root", []core.Piece{branches(nil, a)}, nil, ""},
		{"a branch named twice", []core.Piece{branches([]core.Step{a}, b, c, b)}, nil, "unit 1 names the branch to option 4 twice"},
		{"a branch in two units", []core.Piece{branches([]core.Step{a}, b), branches([]core.Step{a}, c, b)}, nil, "units 1 and 2 overlap"},
		{"a branch that is a unit", []core.Piece{node(a, c), branches([]core.Step{a}, b, c)}, nil, "units 1 and 2 overlap"},
		{"a unit below a branch", []core.Piece{branches([]core.Step{a}, b, c), node(a, c, d)}, nil, "unit 2 lies inside unit 1"},
		{"branches below a unit", []core.Piece{node(a), branches([]core.Step{a, b}, d)}, nil, "unit 2 lies inside unit 1"},
		{"branches of a node that is a unit", []core.Piece{branches([]core.Step{a}, b), node(a)}, nil, "unit 1 lies inside unit 2"},
		{"branches for two items", []core.Piece{branches([]core.Step{a}, b, d)}, nil, "unit 1: a rest's branches take options of one item"},
		{"an excluding branch", []core.Piece{branches([]core.Step{a}, excluding)}, nil, "unit 1: a rest's branches take options"},
		{"a null branch", []core.Piece{branches([]core.Step{a}, core.Step{Item: 1, Option: core.Null})}, nil, "unit 1: a rest's branches take options"},
		{"no branches", []core.Piece{branches([]core.Step{a}, []core.Step{}...)}, nil, "unit 1: a rest of 0 branches"},
		{"branches counting their step", []core.Piece{counted}, nil, "unit 1: a rest of 1 branches, after false, count last true"},
		{"branches above the partial solution", []core.Piece{branches(nil, r)}, []core.Step{r}, "unit 1 does not start"},
	} {
		err := drive.CheckUnits(tc.pieces, tc.root)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestCheckUnitsDeep checks the units a search stopped deep in a tree
// exports, a node and a rest per level above it, each sharing the memory
// of the deepest path: they are accepted, and a copy of the node among
// them is refused.
func TestCheckUnitsDeep(t *testing.T) {
	const depth = 20000
	path := make([]core.Step, depth)
	for i := range path {
		path[i] = core.Step{Item: int32(i), Option: int32(2 * i)}
	}
	pieces := []core.Piece{{Unit: core.Unit{Path: path}}}
	for l := depth; l > 0; l-- {
		pieces = append(pieces, core.Piece{Unit: core.Unit{Path: path[:l], After: true}})
	}
	if err := drive.CheckUnits(pieces, nil); err != nil {
		t.Fatal(err)
	}
	pieces = append(pieces, core.Piece{Unit: core.Unit{Path: slices.Clone(path[:depth/2])}})
	if err := drive.CheckUnits(pieces, nil); err == nil || !strings.Contains(err.Error(), "lies inside") {
		t.Errorf("a node above the deepest unit: %v, want it refused", err)
	}
}

// TestResumeRefusesUnfitPositions checks what a search resumed from a
// position checks against the problem (a forged checkpoint has a correct
// digest): a unit must name a node of the tree, the profile fit its depth,
// and a shard's position belong to the same split and to its own part.
// A refused position searches nothing.
func TestResumeRefusesUnfitPositions(t *testing.T) {
	p := dominoes(4, 5) // options 0: cells 0-1, 1: 0-5, 2: 1-2, 3: 1-6, …
	for _, e := range engines {
		var pos *drive.Position
		keep := func(p *drive.Position) error { pos = p; return nil }
		if _, err := drive.Run(context.Background(), e.new(p), drive.Config{MaxNodes: 40, Checkpoint: keep}); err != nil || len(pos.Pieces) == 0 {
			t.Fatalf("%s: %v, %+v", e.name, err, pos)
		}
		good := pos
		var shard1 *drive.Position
		cfg1 := drive.Config{MaxNodes: 40, Checkpoint: keep, Shard: 1, Shards: 2, SplitSeed: 3}
		res1, err := drive.Run(context.Background(), e.new(p), cfg1)
		if err != nil {
			t.Fatal(err)
		}
		shard1 = pos
		forge := func(from *drive.Position, f func(*drive.Position)) *drive.Position {
			q := *from
			q.Pieces = slices.Clone(from.Pieces)
			for i := range q.Pieces {
				q.Pieces[i].Unit.Path = slices.Clone(q.Pieces[i].Unit.Path)
			}
			q.Profile = slices.Clone(from.Profile)
			f(&q)
			return &q
		}
		for _, tc := range []struct {
			name string
			pos  *drive.Position
			cfg  drive.Config
			want error
		}{
			{"an option that does not exist", forge(good, func(q *drive.Position) {
				q.Pieces[0].Unit.Path = append(q.Pieces[0].Unit.Path, core.Step{Item: 0, Option: 999})
			}), drive.Config{}, drive.ErrUnfit},
			{"two options on one cell", forge(good, func(q *drive.Position) {
				q.Pieces[0].Unit.Path = []core.Step{{Item: 0, Option: 0}, {Item: 1, Option: 2}}
			}), drive.Config{}, drive.ErrUnfit},
			{"a profile deeper than any path", forge(good, func(q *drive.Position) {
				q.Profile = append(q.Profile, make([]int64, 30)...)
				q.Profile[len(q.Profile)-1] = 1
			}), drive.Config{}, drive.ErrUnfit},
			{"another split", shard1, drive.Config{Shard: 1, Shards: 2, SplitSeed: 3, Split: "0123456789abcdef"}, drive.ErrOtherSplit},
			{"the other shard's part", shard1, drive.Config{Shard: 2, Shards: 2, SplitSeed: 3, Split: res1.Split}, drive.ErrUnfit},
			{"a position of the whole tree as a shard's", good, drive.Config{Shard: 2, Shards: 2, SplitSeed: 3, Split: res1.Split}, drive.ErrUnfit},
		} {
			visited := false
			tc.cfg.Resume = tc.pos
			tc.cfg.Visit = func([]int) bool { visited = true; return true }
			res, err := drive.Run(context.Background(), e.new(p), tc.cfg)
			if !errors.Is(err, tc.want) || visited || res.Counters != (core.Counters{}) {
				t.Errorf("%s, %s: %v, %+v, visited %v; want %v and nothing searched", e.name, tc.name, err, res.Counters, visited, tc.want)
			}
		}
		// The positions themselves resume.
		for _, tc := range []struct {
			name string
			pos  *drive.Position
			cfg  drive.Config
		}{
			{"the whole tree's", good, drive.Config{}},
			{"shard 1's", shard1, drive.Config{Shard: 1, Shards: 2, SplitSeed: 3, Split: res1.Split}},
		} {
			tc.cfg.Resume = tc.pos
			if res, err := drive.Run(context.Background(), e.new(p), tc.cfg); err != nil || res.Status != core.Complete {
				t.Errorf("%s, %s position: %v, %v", e.name, tc.name, res.Status, err)
			}
		}
	}
}

// TestStoppedBy checks the status of a search its context stopped: a
// deadline, even wrapped, is Timeout; anything else Interrupted.
func TestStoppedBy(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want core.Status
	}{
		{context.DeadlineExceeded, core.Timeout},
		{errors.Join(errors.New("while searching"), context.DeadlineExceeded), core.Timeout},
		{context.Canceled, core.Interrupted},
		{errors.New("other"), core.Interrupted},
	} {
		if got := core.StoppedBy(tc.err); got != tc.want {
			t.Errorf("StoppedBy(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

// TestRootPath checks the path of a partial solution: one step per option,
// outside any item, with indices out of int32's range clamped to ones no
// problem has (never wrapped round onto a real option).
func TestRootPath(t *testing.T) {
	for _, tc := range []struct {
		partial []int
		want    []int32
	}{
		{nil, nil},
		{[]int{0, 5}, []int32{0, 5}},
		{[]int{-1, -7}, []int32{-1, -2}},
		{[]int{1<<32 + 3, 1 << 31}, []int32{1<<31 - 1, 1<<31 - 1}},
	} {
		got := drive.RootPath(tc.partial)
		if len(got) != len(tc.want) {
			t.Fatalf("RootPath(%v) = %v", tc.partial, got)
		}
		for i, st := range got {
			if st != (core.Step{Item: -1, Option: tc.want[i]}) {
				t.Errorf("RootPath(%v)[%d] = %+v, want option %d outside any item", tc.partial, i, st, tc.want[i])
			}
		}
	}
}
