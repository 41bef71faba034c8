package drive

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// The split of a search into shards, computed identically by every shard:
//
//  1. The tree is expanded breadth-first from its root (core.Engine.Expand)
//     until there are at least splitUnitsPerShard·N units. Children are
//     taken in the order of their options, whatever order the engine's
//     lists happen to be in.
//  2. Each unit's size is estimated by Knuth's estimator ("Estimating the
//     efficiency of backtrack programs", Math. Comp. 29, 1975): random
//     walks down from the unit, each giving 1 + d₁ + d₁d₂ + … for the
//     branching degrees dᵢ met. The walks are seeded by the problem's hash
//     with a generator of our own, so every machine draws the same.
//  3. While some unit is estimated at more than 1/(splitRefine·N) of the
//     total, it is expanded in turn and its children estimated. The walks
//     of steps 2 and 3 together make at most splitProbeBudget Expand
//     calls (each unit has at least one), which bounds the split's cost:
//     a second or two on the pentomino instances, whatever N. Of the
//     children of a node wider than splitSampleSiblings, only that many,
//     evenly spaced, are walked from, and the others are given their
//     mean: a walk from a child enters the node again, walking its list,
//     so that walks from each of n siblings would cost n² steps.
//  4. Units are dealt out largest first, each to the shard with the
//     smallest estimated load so far (Graham's LPT rule); a shard then
//     searches its units in the tree's order.
//
// The nodes entered by the expansion (and its solutions) belong to shard
// 1, so that every node is counted by exactly one shard. The digest of the
// split (its units and their shards) goes into every shard's summary, and
// merging refuses shards whose splits differ: a different version of
// xcover or a different engine would split differently.
const (
	splitUnitsPerShard = 32
	splitProbes        = 8       // walks per unit, at most
	splitProbeBudget   = 1 << 16 // Expand calls for every walk together
	splitRefine        = 4
	// splitSampleSiblings is the most children of one node walked from:
	// enough for a mean over siblings good to a few per cent, and
	// 256 replays of a node cost little even when it is wide.
	splitSampleSiblings = 256
)

// shardSplit is a split: what the expansion counted, and the units of
// each shard.
type shardSplit struct {
	above     core.Counters
	profile   []int64
	solutions [][]int // found by the expansion, in the tree's order
	parts     [][]piece
	digest    string
}

// estimated is a unit of the split with its estimated size.
type estimated struct {
	piece
	est    float64
	probes int
}

// splitOf computes the split of the subtree below root into n shards,
// its random walks seeded by seed.
func splitOf(eng core.Engine, root []core.Step, n int, seed uint64) (*shardSplit, error) {
	eng.ResetWeights() // Knuth's rule: the split must not depend on history
	sp := &shardSplit{profile: make([]int64, eng.MaxDepth()+2)}
	var buf []core.Unit
	expand := func(p piece) ([]piece, error) {
		var err error
		var sol bool
		before := sp.above.Nodes
		buf, sol, err = eng.Expand(p.Unit, &sp.above, buf[:0])
		if err != nil {
			return nil, err
		}
		sortCanonical(buf)
		if sp.above.Nodes > before { // else a choice abandoned on entering it (sparse)
			sp.profile[len(p.Unit.Path)]++
		}
		if sol {
			sp.solutions = append(sp.solutions, solutionOf(p.Unit.Path))
		}
		kids := make([]piece, len(buf))
		w := (p.End - p.Lo) / float64(len(buf))
		for i, u := range buf {
			lo := p.Lo + float64(i)*w
			kids[i] = piece{Unit: u, Lo: lo, Hi: lo + w, End: lo + w}
		}
		return kids, nil
	}

	// 1. Breadth-first.
	queue := []piece{{Unit: core.Unit{Path: root}, Lo: 0, Hi: 1, End: 1}}
	target := splitUnitsPerShard * n
	for len(queue) > 0 && len(queue) < target {
		kids, err := expand(queue[0])
		if err != nil {
			return nil, err
		}
		queue = append(queue[1:], kids...)
	}

	// 2. Estimates.
	rng := splitmix(seed)
	units := make([]estimated, len(queue))
	for i, p := range queue {
		units[i] = estimated{piece: p}
	}
	budget := splitProbeBudget
	var walk []core.Unit
	estimate := func(u *estimated, probes int) error {
		for range probes {
			if budget <= 0 && u.probes > 0 {
				return nil
			}
			e, calls, err := knuthEstimate(eng, u.Unit, &rng, &walk)
			if err != nil {
				return err
			}
			budget -= calls
			u.est = float64(u.est + e)
			u.probes++
		}
		return nil
	}
	mean := func(u *estimated) float64 { return float64(u.est / float64(u.probes)) }
	for range splitProbes {
		for _, g := range siblingGroups(units) {
			for _, i := range sampled(len(g)) {
				if err := estimate(&g[i], 1); err != nil {
					return nil, err
				}
			}
		}
	}
	for _, g := range siblingGroups(units) {
		shareSample(g, mean)
	}

	// 3. Refinement of the big units, while the budget lasts (estimates
	// from single walks would only refine noise).
	for range target {
		if budget <= 0 {
			break
		}
		total, big := 0.0, -1
		for i := range units {
			m := mean(&units[i])
			total = float64(total + m)
			if big < 0 || m > mean(&units[big]) {
				big = i
			}
		}
		if big < 0 || mean(&units[big]) <= total/float64(splitRefine*n) {
			break
		}
		kids, err := expand(units[big].piece)
		if err != nil {
			return nil, err
		}
		more := make([]estimated, len(kids))
		for i, p := range kids {
			more[i] = estimated{piece: p}
		}
		for _, i := range sampled(len(more)) {
			if err := estimate(&more[i], splitProbes); err != nil {
				return nil, err
			}
		}
		shareSample(more, mean)
		units = slices.Replace(units, big, big+1, more...)
	}

	// 4. Largest first, to the lightest shard.
	order := make([]int, len(units))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(mean(&units[b]), mean(&units[a])) })
	load := make([]float64, n)
	shardOf := make([]int, len(units))
	for _, i := range order {
		k := 0
		for j := range load {
			if load[j] < load[k] {
				k = j
			}
		}
		shardOf[i] = k
		load[k] = float64(load[k] + mean(&units[i]))
	}
	sp.parts = make([][]piece, n)
	h := sha256.New()
	fmt.Fprintf(h, "xcover split 1\n%d %d\n", n, len(units))
	for i, u := range units { // in the tree's order
		sp.parts[shardOf[i]] = append(sp.parts[shardOf[i]], u.piece)
		fmt.Fprintf(h, "%d %t", shardOf[i], u.Unit.CountLast)
		for _, st := range u.Unit.Path {
			fmt.Fprintf(h, " %d:%d:%t", st.Item, st.Option, st.Exclude)
		}
		h.Write([]byte{'\n'})
	}
	sp.digest = hex.EncodeToString(h.Sum(nil)[:8])
	return sp, nil
}

// siblingGroups returns units cut into runs of children of one node
// (units whose paths differ in their last step only).
func siblingGroups(units []estimated) [][]estimated {
	var groups [][]estimated
	for i := 0; i < len(units); {
		j := i + 1
		for j < len(units) && sameParent(&units[i].Unit, &units[j].Unit) {
			j++
		}
		groups = append(groups, units[i:j])
		i = j
	}
	return groups
}

// sameParent reports whether a and b are children of one node.
func sameParent(a, b *core.Unit) bool {
	n := len(a.Path)
	return n > 0 && !a.After && !b.After && len(b.Path) == n && core.CommonPrefix(a.Path[:n-1], b.Path[:n-1]) == n-1
}

// sampled returns the indices of the n siblings that are walked from:
// all of them, or splitSampleSiblings evenly spaced.
func sampled(n int) []int {
	k := min(n, splitSampleSiblings)
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i * n / k
	}
	return idx
}

// shareSample gives the siblings of g that were not walked from the mean
// estimate of those that were (nothing to do when all were).
func shareSample(g []estimated, mean func(*estimated) float64) {
	idx := sampled(len(g))
	if len(idx) == len(g) {
		return
	}
	total := 0.0
	for _, i := range idx {
		total = float64(total + mean(&g[i]))
	}
	m := float64(total / float64(len(idx)))
	for i := range g {
		if g[i].probes == 0 {
			g[i].est, g[i].probes = m, 1
		}
	}
}

// knuthEstimate walks down from u along random branches (Probe, in the
// canonical order) and returns Knuth's estimate of the number of nodes
// below u, with the number of Expand calls it made. The sums are float64
// operations written out one by one: no fused multiply-add, the same
// figures on every machine.
func knuthEstimate(eng core.Engine, u core.Unit, rng *splitmix, buf *[]core.Unit) (est float64, calls int, err error) {
	weight := 1.0
	pick := func(n int) int { return int(rng.next() % uint64(n)) }
	calls, err = Probe(eng, u, pick, true, buf, func(children int, _ bool) {
		est = float64(est + weight)
		weight = float64(weight * float64(children))
	})
	return est, calls, err
}

// splitmix is Steele, Lea and Flood's SplitMix64 generator: a few lines
// whose output no library release can change.
type splitmix uint64

func (x *splitmix) next() uint64 {
	*x += 0x9e3779b97f4a7c15
	z := uint64(*x)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// solutionOf returns the options a path takes, as the caller's indices:
// the solution, when the path leads to one.
func solutionOf(path []core.Step) []int {
	var sol []int
	for _, st := range path {
		if st.Option >= 0 && !st.Exclude {
			sol = append(sol, int(st.Option))
		}
	}
	return sol
}

// sortCanonical sorts the children of a node by their last step's option (a
// null branch last, a removal after a taking): the order of an engine's
// lists may depend on its history (the sparse engine's sets are permuted
// as it searches), and the split must not.
func sortCanonical(children []core.Unit) {
	slices.SortStableFunc(children, func(a, b core.Unit) int {
		x, y := a.Path[len(a.Path)-1], b.Path[len(b.Path)-1]
		return cmp.Or(
			cmp.Compare(uint32(x.Option), uint32(y.Option)), // core.Null (-1) last
			cmp.Compare(b2i(x.Exclude), b2i(y.Exclude)))
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
