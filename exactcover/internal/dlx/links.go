package dlx

import "unsafe"

// The four link operations of Algorithm X with dancing links (Knuth,
// "Dancing Links", arXiv cs/0011047; TAOCP 7.2.2.1, Algorithms X and C).
// Each returns the number of updates it made, counted as DLX1 and DLX2 do.

// cover removes item c from the active items and hides every option in c's
// list from the lists of its other items. (Knuth unlinks c from a list of
// items; that counts as one update, here as in DLX1.)
func (e *Engine) cover(c int32) int64 {
	if e.track {
		return coverIn[tracking](e, c)
	}
	return coverIn[plain](e, c)
}

// uncover undoes cover(c), visiting everything in reverse order.
func (e *Engine) uncover(c int32) {
	if e.track {
		uncoverIn[tracking](e, c)
	} else {
		uncoverIn[plain](e, c)
	}
}

// The innermost loops come in two compiled forms: one keeps the set of
// short items (Engine.short) as lists shrink and grow, the other does not.
// Testing e.track on every update instead costs a tenth of the search time
// on pent-6x10. The type parameter's size tells the two apart, as a
// constant in each form.
type (
	plain    int8
	tracking int16
)

func coverIn[T plain | tracking](e *Engine, c int32) int64 {
	nd := viewNodes(e.nodes)
	if c <= e.nPrimary {
		e.active[c>>6] &^= 1 << (c & 63)
		e.nActive--
	}
	updates := int64(1)
	for rr := nd.at(c).down; rr != c; rr = nd.at(rr).down {
		// hide(rr), written out: calling it costs 4% on Sudoku, 8% on
		// pent-6x10.
		for nn := rr + 1; nn != rr; {
			n := *nd.at(nn)
			if n.top <= 0 {
				nn = n.up
				continue
			}
			if n.color >= 0 {
				nd.at(n.up).down, nd.at(n.down).up = n.down, n.up
				x := nd.at(n.top)
				x.top--
				if unsafe.Sizeof(T(0)) == 2 && x.top == 1 {
					e.short[n.top>>6] |= 1 << (n.top & 63)
				}
				updates++
			}
			nn++
		}
	}
	return updates
}

func uncoverIn[T plain | tracking](e *Engine, c int32) {
	nd := viewNodes(e.nodes)
	for rr := nd.at(c).up; rr != c; rr = nd.at(rr).up {
		// unhide(rr), written out as in cover.
		for nn := rr - 1; nn != rr; {
			n := *nd.at(nn)
			if n.top <= 0 {
				nn = n.down
				continue
			}
			if n.color >= 0 {
				nd.at(n.up).down, nd.at(n.down).up = nn, nn
				x := nd.at(n.top)
				x.top++
				if unsafe.Sizeof(T(0)) == 2 && x.top == 2 {
					e.short[n.top>>6] &^= 1 << (n.top & 63)
				}
			}
			nn--
		}
	}
	if c <= e.nPrimary {
		e.active[c>>6] |= 1 << (c & 63)
		e.nActive++
	}
}

// hide removes the option of node rr from the lists of all its items but
// rr's own. Nodes already known compatible (color -1) stay where they are,
// as in DLX2: no search will look at their lists again.
func (e *Engine) hide(rr int32) (updates int64) {
	nd, track := viewNodes(e.nodes), e.track
	for nn := rr + 1; nn != rr; {
		n := *nd.at(nn)
		if n.top <= 0 { // spacer: back to the option's first node
			nn = n.up
			continue
		}
		if n.color >= 0 {
			nd.at(n.up).down, nd.at(n.down).up = n.down, n.up
			x := nd.at(n.top)
			x.top--
			if track && x.top == 1 {
				e.short[n.top>>6] |= 1 << (n.top & 63)
			}
			updates++
		}
		nn++
	}
	return updates
}

// unhide undoes hide(rr), visiting the nodes in reverse order.
func (e *Engine) unhide(rr int32) {
	nd, track := viewNodes(e.nodes), e.track
	for nn := rr - 1; nn != rr; {
		n := *nd.at(nn)
		if n.top <= 0 { // spacer: on to the option's last node
			nn = n.down
			continue
		}
		if n.color >= 0 {
			nd.at(n.up).down, nd.at(n.down).up = nn, nn
			x := nd.at(n.top)
			x.top++
			if track && x.top == 2 {
				e.short[n.top>>6] &^= 1 << (n.top & 63)
			}
		}
		nn--
	}
}

// purify handles node p, a colored use of a secondary item: options giving
// that item another color are hidden, and those giving the same color are
// marked compatible (color -1) so that later choices skip them (DLX2).
func (e *Engine) purify(p int32) (updates, cleansings int64) {
	nd := e.nodes
	c, x := nd[p].top, nd[p].color
	nd[c].color = x
	cleansings = 1
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		if nd[rr].color != x {
			updates += e.hide(rr)
		} else if rr != p {
			cleansings++
			nd[rr].color = -1
		}
	}
	return updates, cleansings
}

// unpurify undoes purify(p) in reverse order.
func (e *Engine) unpurify(p int32) {
	nd := e.nodes
	c, x := nd[p].top, nd[p].color
	for rr := nd[c].up; rr != c; rr = nd[rr].up {
		if nd[rr].color < 0 {
			nd[rr].color = x
		} else if rr != p {
			e.unhide(rr)
		}
	}
}

// coverOthers covers the items of p's option other than p's own, in the
// order that follows p around the option, as DLX1/DLX2 do.
func (e *Engine) coverOthers(p int32) (updates, cleansings int64) {
	nd := e.nodes
	for pp := p + 1; pp != p; {
		n := nd[pp]
		switch {
		case n.top <= 0:
			pp = n.up
			continue
		case n.color == 0:
			updates += e.cover(n.top)
		case n.color > 0:
			u, c := e.purify(pp)
			updates += u
			cleansings += c
		}
		pp++
	}
	return updates, cleansings
}

// uncoverOthers undoes coverOthers(p) in reverse order.
func (e *Engine) uncoverOthers(p int32) {
	nd := e.nodes
	for pp := p - 1; pp != p; {
		n := nd[pp]
		switch {
		case n.top <= 0:
			pp = n.down
			continue
		case n.color == 0:
			e.uncover(n.top)
		case n.color > 0:
			e.unpurify(pp)
		}
		pp--
	}
}

// tweak hides the option of node n, which is at the top of its item's
// list, and takes n out of that list too (Knuth's DLX3). When block is
// false the item has been covered, so the option's other nodes are hidden
// already and only n leaves its list.
func (e *Engine) tweak(n int32, block bool) (updates int64) {
	nd := viewNodes(e.nodes)
	nn := n
	if block {
		nn = n + 1
	}
	for {
		x := *nd.at(nn)
		if x.top <= 0 { // spacer: back to the option's first node
			nn = x.up
			continue
		}
		if x.color >= 0 {
			nd.at(x.up).down, nd.at(x.down).up = x.down, x.up
			nd.at(x.top).top--
			updates++
		}
		if nn == n {
			return updates
		}
		nn++
	}
}

// untweak undoes the tweaks of item c's list made since node x was at its
// top, putting the tweaked nodes back in order (restoring them in the same
// order as they were removed works, as Knuth shows in DLX3), and unhides
// their options when unblock is set; otherwise c was covered, and is
// uncovered.
func (e *Engine) untweak(c, x int32, unblock bool) {
	nd := viewNodes(e.nodes)
	z := nd.at(c).down
	nd.at(c).down = x
	k, qq := int32(0), c
	for rr := x; rr != z; qq, rr = rr, nd.at(rr).down {
		nd.at(rr).up = qq
		k++
		if !unblock {
			continue
		}
		for nn := rr + 1; nn != rr; {
			n := *nd.at(nn)
			if n.top <= 0 {
				nn = n.up
				continue
			}
			if n.color >= 0 {
				nd.at(n.up).down, nd.at(n.down).up = nn, nn
				nd.at(n.top).top++
			}
			nn++
		}
	}
	nd.at(z).up = qq
	nd.at(c).top += k
	if !unblock {
		e.uncover(c)
	}
}
