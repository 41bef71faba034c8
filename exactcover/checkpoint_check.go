package exactcover

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/xcover/xcover/exactcover/internal/drive"
)

// A checkpoint's digest tells a damaged file, not a forged one: anyone can
// compute it again. So what a checkpoint says is checked before a search
// resumes it: first what the file alone can tell (checkContent and
// checkCostContent, when it is read, and again when a search resumes it,
// since a caller may have changed it since), then what needs the problem
// (drive's CheckFits and CheckCostPosition, when a search resumes it or
// Solver.CheckCheckpoint checks it). A checkpoint that passes could have
// been written by a search of the problem; its totals are then exact if
// its units are the work that search had left, which only the digest
// vouches for.

// maxCheckpointCount bounds every counter a checkpoint holds: 2⁶² nodes
// are 146 years of search at a billion nodes a second, so a larger count
// is forged, and the bound leaves a resumed search as much room again
// before its int64 counters overflow.
const maxCheckpointCount = 1 << 62

// checkContent checks that ck's counters and units could be those of a
// search: counts within bounds and consistent (the profile adds up to the
// nodes, with one root at most, solutions are leaves, fewer than the
// goal's limit), and units that are distinct, disjoint and below the
// partial solution.
func (ck *Checkpoint) checkContent() error {
	st := &ck.Stats
	for _, c := range []struct {
		name string
		n    int64
	}{{"solutions", st.Solutions}, {"nodes", st.Nodes}, {"updates", st.Updates}, {"cleansings", st.Cleansings}} {
		if c.n < 0 || c.n > maxCheckpointCount {
			return fmt.Errorf("%s %d: expected 0 to 2^62", c.name, c.n)
		}
	}
	var sum int64
	for l, n := range st.Profile {
		if n < 0 || n > maxCheckpointCount-sum {
			return fmt.Errorf("profile level %d holds %d nodes: the levels must add up to the nodes, %d", l, n, st.Nodes)
		}
		sum += n
	}
	if sum != st.Nodes {
		return fmt.Errorf("the profile adds up to %d nodes, the checkpoint counts %d", sum, st.Nodes)
	}
	root := int64(1) // nodes at level 0: the root, counted once
	if ck.Shard.K > 1 {
		root = 0 // shard 1 counts the nodes above the split
	}
	if len(st.Profile) > 0 && st.Profile[0] > root {
		return fmt.Errorf("the profile holds %d nodes at level 0, more than %d: the search has one root, which shard 1 of a split counts", st.Profile[0], root)
	}
	if st.Solutions > st.Nodes {
		return fmt.Errorf("%d solutions in %d nodes: every solution is a node", st.Solutions, st.Nodes)
	}
	if g := ck.goal(); g.limit < 0 || g.limit > 0 && st.Solutions >= g.limit {
		return fmt.Errorf("%d solutions for a search that %s: it would have stopped", st.Solutions, g)
	}
	for i, k := range ck.Partial {
		if k < 0 {
			return fmt.Errorf("partial solution option %d at place %d", k, i+1)
		}
	}
	return drive.CheckUnits(ck.pieces, drive.RootPath(ck.Partial))
}

// A checkpoint of a search for the cheapest solutions that passes
// checkCostContent and drive.CheckCostPosition could have been written by
// a search of the problem:
//
//   - it keeps min(K, Solutions) solutions: each solution the search counts
//     beat the cut-off when the bound took it, and is kept, unless K were
//     kept already (another worker's, found meanwhile, was cheaper); so
//     either every solution counted was kept, K at most, or K are kept;
//   - they go by increasing cost, are distinct, and each is a solution of
//     the problem whose options cost what it says;
//   - each lies in the part of the tree already searched, not in a unit
//     (a search keeps only what it has found);
//   - the units start at the item the search branches on at its root,
//     with the cut-off not yet known, one unit per root option at most, in
//     the order the search tries them; a unit not entered is a root option
//     not yet started, of one step; every unit is a partial solution, and
//     one entered is not a solution (a search stops at a node it branches
//     from).
//
// What no check of the file can tell is a consistent state of another
// search: a unit removed, a solution removed along with the count that
// went with it, K raised by one in a search that had found exactly K
// solutions. Their totals are wrong as a count checkpoint's would be; only
// the digest vouches for them, as it does for a count checkpoint's units.

// checkCostContent checks what a search for the cheapest solutions' ck
// says that can be checked without the problem: the solutions kept
// against K and the counts, their order and distinctness, and the shape
// of the units.
func (ck *Checkpoint) checkCostContent() error {
	st := &ck.Stats
	if st.Solutions > st.Nodes {
		return fmt.Errorf("%d solutions in %d nodes: every solution is a node", st.Solutions, st.Nodes)
	}
	if want := min(int64(ck.Best), st.Solutions); int64(len(ck.Solutions)) != want {
		return fmt.Errorf("it keeps %d solutions, but a search for %s that has found %d keeps %d",
			len(ck.Solutions), cheapestText(ck.Best), st.Solutions, want)
	}
	seen := make(map[string]int, len(ck.Solutions))
	for i, sol := range ck.Solutions {
		if len(sol.Options) == 0 {
			return fmt.Errorf("solution %d has no options", i+1)
		}
		if sol.Cost < 0 {
			return fmt.Errorf("solution %d costs %d: costs are 0 or more", i+1, sol.Cost)
		}
		if i > 0 && sol.Cost < ck.Solutions[i-1].Cost {
			return fmt.Errorf("solution %d costs %d, less than solution %d before it (%d): the solutions kept go by increasing cost",
				i+1, sol.Cost, i, ck.Solutions[i-1].Cost)
		}
		key := optionSet(sol.Options)
		if j, ok := seen[key]; ok {
			return fmt.Errorf("solutions %d and %d are the same options", j+1, i+1)
		}
		seen[key] = i
	}
	if st.Status == Complete && len(ck.costUnits) > 0 {
		return fmt.Errorf("a complete search with %d units left", len(ck.costUnits))
	}
	for i, u := range ck.costUnits {
		if len(u.Path) == 0 {
			return fmt.Errorf("unit %d is empty", i+1)
		}
		if !u.Entered && len(u.Path) > 1 {
			return fmt.Errorf("unit %d has %d steps but was not entered: a unit not entered is a root option not yet started, one step", i+1, len(u.Path))
		}
		if u.Path[0].Item != ck.costUnits[0].Path[0].Item {
			return fmt.Errorf("unit %d branches at the root on item %d, unit 1 on item %d: the root branches on one item", i+1, u.Path[0].Item, ck.costUnits[0].Path[0].Item)
		}
	}
	return nil
}

// optionSet returns a key that two lists of the same options, in any
// order, share.
func optionSet(options []int) string {
	sorted := slices.Sorted(slices.Values(options))
	var b strings.Builder
	for _, o := range sorted {
		b.WriteString(strconv.Itoa(o))
		b.WriteByte(' ')
	}
	return b.String()
}
