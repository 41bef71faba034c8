package exactcover

// The four link operations of Algorithm X with dancing links (Knuth,
// "Dancing Links", arXiv cs/0011047; TAOCP 7.2.2.1, Algorithms X and C).
// Each returns the number of updates it made, counted as DLX1 and DLX2 do.

// cover removes item c from its item list and hides every option in c's
// list from the lists of its other items.
func (s *Solver) cover(c int32) int64 {
	nd := s.nodes
	l, r := s.llink[c], s.rlink[c]
	s.rlink[l], s.llink[r] = r, l
	updates := int64(1)
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		updates += s.hide(rr)
	}
	return updates
}

// hide removes the option of node rr from the lists of all its items but
// rr's own. Nodes already known compatible (color -1) stay where they are,
// as in DLX2: no search will look at their lists again.
func (s *Solver) hide(rr int32) (updates int64) {
	nd := s.nodes
	for nn := rr + 1; nn != rr; {
		n := nd[nn]
		if n.top <= 0 { // spacer: back to the option's first node
			nn = n.up
			continue
		}
		if n.color >= 0 {
			nd[n.up].down, nd[n.down].up = n.down, n.up
			nd[n.top].top--
			updates++
		}
		nn++
	}
	return updates
}

// unhide undoes hide(rr), visiting the nodes in reverse order.
func (s *Solver) unhide(rr int32) {
	nd := s.nodes
	for nn := rr - 1; nn != rr; {
		n := nd[nn]
		if n.top <= 0 { // spacer: on to the option's last node
			nn = n.down
			continue
		}
		if n.color >= 0 {
			nd[n.up].down, nd[n.down].up = nn, nn
			nd[n.top].top++
		}
		nn--
	}
}

// uncover undoes cover(c), visiting everything in reverse order.
func (s *Solver) uncover(c int32) {
	nd := s.nodes
	for rr := nd[c].up; rr != c; rr = nd[rr].up {
		s.unhide(rr)
	}
	l, r := s.llink[c], s.rlink[c]
	s.rlink[l], s.llink[r] = c, c
}

// purify handles node p, a colored use of a secondary item: options giving
// that item another color are hidden, and those giving the same color are
// marked compatible (color -1) so that later choices skip them (DLX2).
func (s *Solver) purify(p int32) (updates, cleansings int64) {
	nd := s.nodes
	c, x := nd[p].top, nd[p].color
	nd[c].color = x
	cleansings = 1
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		if nd[rr].color != x {
			updates += s.hide(rr)
		} else if rr != p {
			cleansings++
			nd[rr].color = -1
		}
	}
	return updates, cleansings
}

// unpurify undoes purify(p) in reverse order.
func (s *Solver) unpurify(p int32) {
	nd := s.nodes
	c, x := nd[p].top, nd[p].color
	for rr := nd[c].up; rr != c; rr = nd[rr].up {
		if nd[rr].color < 0 {
			nd[rr].color = x
		} else if rr != p {
			s.unhide(rr)
		}
	}
}

// coverOthers covers the items of p's option other than p's own, in the
// order that follows p around the option, as DLX1/DLX2 do.
func (s *Solver) coverOthers(p int32) (updates, cleansings int64) {
	nd := s.nodes
	for pp := p + 1; pp != p; {
		n := nd[pp]
		switch {
		case n.top <= 0:
			pp = n.up
			continue
		case n.color == 0:
			updates += s.cover(n.top)
		case n.color > 0:
			u, c := s.purify(pp)
			updates += u
			cleansings += c
		}
		pp++
	}
	return updates, cleansings
}

// uncoverOthers undoes coverOthers(p) in reverse order.
func (s *Solver) uncoverOthers(p int32) {
	nd := s.nodes
	for pp := p - 1; pp != p; {
		n := nd[pp]
		switch {
		case n.top <= 0:
			pp = n.down
			continue
		case n.color == 0:
			s.uncover(n.top)
		case n.color > 0:
			s.unpurify(pp)
		}
		pp--
	}
}
