package dlx

import "unsafe"

// The link operations of Algorithm X with dancing links (Knuth, "Dancing
// Links", arXiv cs/0011047; TAOCP 7.2.2.1, Algorithms X, C and M). Each
// returns the number of updates it made, counted as DLX1, DLX2 and DLX3
// count them.
//
// Everything rests on one pair of loops, hideIn and unhideIn (called
// through hideOptions and unhideOptions): the first takes a run of options
// of one list out of the lists of their other items, the second puts them
// back. Covering an item, purifying it and tweaking it all hide options;
// they differ only in which options: all of the item's, those of another
// color, the one at the top of the list.

// cover removes item c from the active items and hides every option in c's
// list from the lists of its other items. (Knuth unlinks c from a list of
// items; that counts as one update, here as in DLX1.) It calls the loops
// directly rather than through hideOptions: one call fewer per item
// covered.
func (e *Engine) cover(c int32) int64 {
	if c <= e.nPrimary {
		e.active[c>>6] &^= 1 << (c & 63)
		e.nActive--
	}
	first := viewNodes(e.nodes).at(c).down
	if e.track {
		return 1 + hideIn[tracking](e, first, c)
	}
	return 1 + hideIn[plain](e, first, c)
}

// uncover undoes cover(c), visiting the options in reverse order. (c
// rejoins the active items first: the links do not depend on it, and
// nothing is then left to do after the call.)
func (e *Engine) uncover(c int32) {
	if c <= e.nPrimary {
		e.active[c>>6] |= 1 << (c & 63)
		e.nActive++
	}
	last := viewNodes(e.nodes).at(c).up
	if e.track {
		unhideIn[tracking](e, last, c)
	} else {
		unhideIn[plain](e, last, c)
	}
}

// hideOptions hides the options of nodes first, first.down, … up to stop,
// excluded, going down one list: each leaves the lists of its items but
// that one. Nodes already known compatible (color -1) stay where they are,
// as in DLX2: no search will look at their lists again.
func (e *Engine) hideOptions(first, stop int32) int64 {
	if e.track {
		return hideIn[tracking](e, first, stop)
	}
	return hideIn[plain](e, first, stop)
}

// unhideOptions undoes hideOptions for the options of nodes first,
// first.up, … up to stop, excluded: the same options taken in reverse
// order, going up the list from the last hidden.
func (e *Engine) unhideOptions(first, stop int32) {
	if e.track {
		unhideIn[tracking](e, first, stop)
	} else {
		unhideIn[plain](e, first, stop)
	}
}

// The innermost loops come in two compiled forms: one keeps the set of
// short items (Engine.short) as lists shrink and grow, the other does not.
// Testing e.track on every update instead costs a tenth of the search time
// on pent-6x10. The type parameter's size tells the two apart, as a
// constant in each form. Both loops over one option are written inside the
// loop over the list: a call for each option costs 4% on Sudoku, 8% on
// pent-6x10.
type (
	plain    int8
	tracking int16
)

func hideIn[T plain | tracking](e *Engine, first, stop int32) (updates int64) {
	nd := viewNodes(e.nodes)
	for rr := first; rr != stop; rr = nd.at(rr).down {
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

func unhideIn[T plain | tracking](e *Engine, first, stop int32) {
	nd := viewNodes(e.nodes)
	for rr := first; rr != stop; rr = nd.at(rr).up {
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
				if unsafe.Sizeof(T(0)) == 2 && x.top == 2 {
					e.short[n.top>>6] &^= 1 << (n.top & 63)
				}
			}
			nn--
		}
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
			updates += e.hideOptions(rr, nd[rr].down) // rr's option alone
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
			e.unhideOptions(rr, nd[rr].up)
		}
	}
}

// coverOthers takes the option of node p for the items other than p's, in
// the order that follows p around the option, as DLX1, DLX2 and DLX3 do:
// each primary item's bound goes down, and the item is covered when it
// reaches zero; secondary items are covered or purified as in DLX2.
// Without multiplicities no item has a bound (nBounded is 0): a primary
// item, uncolored, is covered at once, as Algorithm X covers it, without
// the bound's load and store (they cost 2% on queens-12). The first test,
// top ≤ nBounded, then finds only the spacer, so that Algorithm X's items
// pay no test for Algorithm M's (a test of its own cost 1% on Sudoku).
func (e *Engine) coverOthers(p int32) (updates, cleansings int64) {
	nd := e.nodes
	for pp := p + 1; pp != p; {
		n := nd[pp]
		switch {
		case n.top <= e.nBounded: // the spacer, or an item with a bound
			if n.top <= 0 {
				pp = n.up
				continue
			}
			if e.bound[n.top]--; e.bound[n.top] == 0 {
				updates += e.cover(n.top)
			}
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
		case n.top <= e.nBounded: // (as in coverOthers)
			if n.top <= 0 {
				pp = n.down
				continue
			}
			if e.bound[n.top] == 0 {
				e.uncover(n.top)
			}
			e.bound[n.top]++
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
	nd := e.nodes
	if block {
		updates = e.hideOptions(n, nd[n].down) // n's option alone
	}
	x := nd[n]
	nd[x.up].down, nd[x.down].up = x.down, x.up
	nd[x.top].top--
	return updates + 1
}

// untweak undoes the tweaks of item c's list made since node x was at its
// top: the tweaked nodes, still linked downwards from x, go back in order,
// and then their options are unhidden when unblock is set, the last
// tweaked first; otherwise c was covered, and is uncovered.
func (e *Engine) untweak(c, x int32, unblock bool) {
	nd := viewNodes(e.nodes)
	z := nd.at(c).down
	nd.at(c).down = x
	k, qq := int32(0), c
	for rr := x; rr != z; qq, rr = rr, nd.at(rr).down {
		nd.at(rr).up = qq
		k++
	}
	nd.at(z).up = qq
	nd.at(c).top += k
	if unblock {
		e.unhideOptions(qq, c)
	} else {
		e.uncover(c)
	}
}
