package pentomino

import (
	"fmt"
	"slices"
)

// reduce prepares the symmetry reduction: the acting group, each group
// element's action on placements, the pivot piece and its orbit
// representatives. See "Symmetry" in the package documentation.
func (p *Puzzle) reduce() error {
	ts, perms := p.board.symmetries()
	if len(ts) == 1 {
		return nil // no symmetry to reduce by
	}
	p.mirror = p.mirrorPieces()
	byKey := make(map[string]int32, len(p.placements))
	for k, pl := range p.placements {
		byKey[placementKey(pl.piece, pl.cells)] = int32(k)
	}
	var cells []int32
	for g, t := range ts {
		if !t.isRotation() && p.opt.OneSided && p.mirror == nil {
			continue // a reflection turns some piece into one the set lacks
		}
		sym := symmetry{t: t, place: make([]int32, len(p.placements))}
		for k, pl := range p.placements {
			cells = cells[:0]
			for _, c := range pl.cells {
				cells = append(cells, perms[g][c])
			}
			slices.Sort(cells)
			piece := pl.piece
			if !t.isRotation() && p.opt.OneSided {
				piece = int32(p.mirror[piece])
			}
			img, ok := byKey[placementKey(piece, cells)]
			if !ok {
				// A board symmetry maps a placement of a shape onto a
				// placement of an image of the same shape, which place()
				// listed: this cannot happen.
				return fmt.Errorf("pentomino: internal error: no image of placement %d under transform %d", k, t)
			}
			sym.place[k] = img
		}
		p.group = append(p.group, sym)
	}
	if len(p.group) <= 1 {
		p.group = nil // no symmetry to reduce by
		return nil
	}
	p.choosePivot()
	return nil
}

// mirrorPieces maps each piece of a one-sided set to the piece that is its
// mirror image (itself when it is symmetric), or returns nil when some
// asymmetric piece has no mirror in the set with the same count, or more
// than one: then a reflection of the board does not map packings to
// packings (or not in one way), and only rotations act.
func (p *Puzzle) mirrorPieces() []int {
	if !p.opt.OneSided {
		return nil
	}
	m := make([]int, len(p.pieces))
	for i, pc := range p.pieces {
		img := transformShape(pc.Shape, 4)
		if congruent(pc.Shape, img, true) {
			m[i] = i // a symmetric piece is its own mirror image
			continue
		}
		m[i] = -1
		for j, q := range p.pieces {
			if congruent(q.Shape, img, true) {
				if m[i] >= 0 || q.Count != pc.Count {
					return nil
				}
				m[i] = j
			}
		}
		if m[i] < 0 {
			return nil
		}
	}
	return m
}

// choosePivot picks the piece, listed once, whose placements fall into the
// fewest orbits under the symmetries that map the piece to itself, and
// keeps one representative per orbit: the first in option order.
func (p *Puzzle) choosePivot() {
	best, bestReps := -1, 0
	var bestRep []bool
	for i, pc := range p.pieces {
		if pc.Count != 1 {
			continue
		}
		rep := make([]bool, len(p.placements))
		seen := make([]bool, len(p.placements))
		reps, all := 0, 0
		for k, pl := range p.placements {
			if pl.piece != int32(i) {
				continue
			}
			all++
			if seen[k] {
				continue
			}
			rep[k] = true
			reps++
			for _, g := range p.group {
				if img := g.place[k]; p.placements[img].piece == int32(i) {
					seen[img] = true
				}
			}
		}
		if reps < all && (best < 0 || reps < bestReps) {
			best, bestReps, bestRep = i, reps, rep
		}
	}
	if best < 0 {
		return // every packing is still found; the filter alone dedupes
	}
	p.pivot = best
	p.isRep = bestRep
	for k, pl := range p.placements {
		if pl.piece != int32(best) {
			p.isRep[k] = true
		}
	}
}

// canon holds the scratch space of the symmetry filter.
type canon struct {
	ids, img []int32
}

// keep reports whether the packing with the given placements (sorted, each
// once) is the one Solve reports for its orbit: the lexicographically
// smallest among its images that the reduced problem can produce (images
// whose pivot placement, if any, is a representative). Every orbit has such
// images, and exactly one of them passes, so each packing is reported once
// up to symmetry. Cost: |G| images of a few placements, per solution.
func (p *Puzzle) keep(c *canon, ids []int32) bool {
	for _, g := range p.group[1:] {
		c.img = c.img[:0]
		inReduced := true
		for _, id := range ids {
			img := g.place[id]
			if p.isRep != nil && !p.isRep[img] {
				inReduced = false
				break
			}
			c.img = append(c.img, img)
		}
		if !inReduced {
			continue
		}
		slices.Sort(c.img)
		if slices.Compare(c.img, ids) < 0 {
			return false
		}
	}
	return true
}
