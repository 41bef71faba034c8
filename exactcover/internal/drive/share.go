package drive

import "github.com/xcover/xcover/exactcover/internal/core"

// piece is the drivers' name for a core.Piece.
type piece = core.Piece

// base returns the level of the node at the top of p's subtree.
func base(p *piece) int { return p.Unit.Level() }

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
	f.base = base(p)
	f.levels = f.levels[:0]
	a, w := p.Lo, p.End-p.Lo
	for l := f.base; l < len(branches); l++ {
		k, d := branches[l].K, branches[l].D
		if l == f.base && p.Unit.After {
			k, d = k-int(p.Skip), d-int(p.Skip)
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
		return p.Lo
	}
	return min(max(f.a+f.w/2, p.Lo), p.Hi)
}

// divide turns units that a search of p gave away into pieces that share
// the interval [from, p.Hi) of p's share: the units of an export (the
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
	from = min(max(from, p.Lo), p.Hi)
	for i := 0; i < len(units); {
		u := units[i]
		out[i] = piece{Unit: u, Lo: from}
		l := len(u.Path) - 1
		switch {
		case !f.valid:
			out[i].Lo = from + float64(i)*(p.Hi-from)/float64(len(units))
		case u.Rest != nil: // the rest of the level below its path
			out[i].Lo = f.restStart(l+1, p.Hi)
		case u.After:
			out[i].Lo = f.restStart(l, p.Hi)
			if l >= 0 && l < len(branches) {
				out[i].Skip = int32(branches[l].K)
			}
		case u.CountLast: // siblings at level l, as many as follow
			j := i + 1
			for j < len(units) && units[j].CountLast && !units[j].After && len(units[j].Path) == len(u.Path) {
				j++
			}
			a, b := f.restStart(l, p.Hi), f.levelEnd(l, p.Hi)
			for m := i; m < j; m++ {
				out[m] = piece{Unit: units[m], Lo: a + float64(m-i)*(b-a)/float64(j-i)}
			}
			i = j
			continue
		default:
			out[i].Lo = f.a
		}
		i++
	}
	// Make the intervals contiguous and monotone, whatever rounding (or a
	// clamped branch count) did.
	prev := from
	for i := range out {
		out[i].Lo = min(max(out[i].Lo, prev), p.Hi)
		prev = out[i].Lo
	}
	for i := range out {
		if i+1 < len(out) {
			out[i].Hi = out[i+1].Lo
		} else {
			out[i].Hi = p.Hi
		}
		out[i].End = out[i].Hi
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
