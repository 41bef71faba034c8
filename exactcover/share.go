package exactcover

import "github.com/xcover/xcover/exactcover/internal/core"

// A piece is a unit of work as the drivers keep it: the unit, and its
// share of the search tree for progress reports. The share is an interval
// [lo, hi) of [0, 1), the whole tree, laid out as Knuth's progress
// estimate lays it out: the tree is taken as uniform below every node, so
// the K-th of a node's D branches gets the K-th D-th of the node's
// interval. Intervals of the pieces that divide a search partition the
// search's interval, however the division went, so that "done" is the
// total less what the pieces not yet finished still hold. Shares are
// estimates for progress only: no count depends on them.
type piece struct {
	unit   core.Unit
	lo, hi float64
	// end is hi as the piece was made: its subtree is laid out over
	// [lo, end) even after donations have cut hi back.
	end float64
	// skip, for a unit that continues a node after a branch (After), is
	// that branch's place K among the node's branches: the unit's share is
	// the node's branches K+1…D.
	skip int32
}

// base returns the level of the node at the top of p's subtree.
func (p *piece) base() int {
	if p.unit.After {
		return len(p.unit.Path) - 1
	}
	return len(p.unit.Path)
}

// A level is one level of the current path inside a piece, in the piece's
// share: the node at that level has the interval [a, a+w), and the path
// takes its k-th of d branches.
type level struct {
	a, w float64
	k, d int
}

// frame is where a search stands inside its piece: the levels from the
// piece's top down, and the interval of the node it is in.
type frame struct {
	base   int
	levels []level
	a, w   float64 // the current node's interval
	valid  bool
}

// locate computes f from the engine's branches (core.Engine.Branches,
// levels from the root) for a search of p. Branch counts that do not fit
// (a list that changed length, as tweaked lists with multiplicities do)
// are clamped, so that every interval stays inside p's.
func (f *frame) locate(p *piece, branches []core.Branch) {
	f.base = p.base()
	f.levels = f.levels[:0]
	a, w := p.lo, p.end-p.lo
	for l := f.base; l < len(branches); l++ {
		k, d := branches[l].K, branches[l].D
		if l == f.base && p.unit.After {
			k, d = k-int(p.skip), d-int(p.skip)
		}
		d = max(d, 1)
		k = min(max(k, 1), d)
		f.levels = append(f.levels, level{a: a, w: w, k: k, d: d})
		a += float64(k-1) * w / float64(d)
		w /= float64(d)
	}
	f.a, f.w, f.valid = a, w, true
}

// restStart returns where the branches after the current one at level l
// begin, or hi when f cannot tell.
func (f *frame) restStart(l int, hi float64) float64 {
	i := l - f.base
	if !f.valid || i < 0 || i >= len(f.levels) {
		return hi
	}
	lv := f.levels[i]
	return min(lv.a+float64(lv.k)*lv.w/float64(lv.d), hi)
}

// position returns how far the search of p has come, in p's share: the
// middle of the current node, as Progress.Fraction takes it.
func (f *frame) position(p *piece) float64 {
	if !f.valid {
		return p.lo
	}
	return min(max(f.a+f.w/2, p.lo), p.hi)
}

// divide turns units that a search of p gave away into pieces that share
// the interval [from, p.hi) of p's share: the units of an export (the
// node the search was about to enter, then the branches not taken at each
// level above, deepest first: core.Engine's order) or of a donation.
// Each unit is placed where its subtree starts: a node at the current
// node's start, the rest of a level (After) after the level's current
// branch, and several units for the siblings of one level (CountLast,
// as the sparse engine gives them) side by side over the level's rest.
// Without a valid frame (a node limit reached between polls) the interval
// is split evenly.
func (f *frame) divide(p *piece, units []core.Unit, from float64, branches []core.Branch) []piece {
	out := make([]piece, len(units))
	from = min(max(from, p.lo), p.hi)
	for i := 0; i < len(units); {
		u := units[i]
		out[i] = piece{unit: u, lo: from}
		l := len(u.Path) - 1
		switch {
		case !f.valid:
			out[i].lo = from + float64(i)*(p.hi-from)/float64(len(units))
		case u.After:
			out[i].lo = f.restStart(l, p.hi)
			if l >= 0 && l < len(branches) {
				out[i].skip = int32(branches[l].K)
			}
		case u.CountLast: // siblings at level l, as many as follow
			j := i + 1
			for j < len(units) && units[j].CountLast && !units[j].After && len(units[j].Path) == len(u.Path) {
				j++
			}
			a, b := f.restStart(l, p.hi), f.levelEnd(l, p.hi)
			for m := i; m < j; m++ {
				out[m] = piece{unit: units[m], lo: a + float64(m-i)*(b-a)/float64(j-i)}
			}
			i = j
			continue
		default:
			out[i].lo = f.a
		}
		i++
	}
	// Make the intervals contiguous and monotone, whatever rounding (or a
	// clamped branch count) did.
	prev := from
	for i := range out {
		out[i].lo = min(max(out[i].lo, prev), p.hi)
		prev = out[i].lo
	}
	for i := range out {
		if i+1 < len(out) {
			out[i].hi = out[i+1].lo
		} else {
			out[i].hi = p.hi
		}
		out[i].end = out[i].hi
	}
	return out
}

// levelEnd returns where the node at level l ends, or hi when f cannot
// tell.
func (f *frame) levelEnd(l int, hi float64) float64 {
	i := l - f.base
	if !f.valid || i < 0 || i >= len(f.levels) {
		return hi
	}
	return min(f.levels[i].a+f.levels[i].w, hi)
}
