package explain

import (
	"iter"

	"github.com/xcover/xcover/exactcover"
)

// links is the dancing-links structure of Knuth's Algorithm X, laid out as
// in TAOCP 7.2.2.1, in the paper "Dancing Links" (arXiv cs/0011047) and in
// his programs DLX1, DLX2 and DLX3, and node for node as xcover's dlx
// engine lays it out (exactcover/internal/dlx): the links view of the page
// shows these arrays, and a test of the engine's package checks them
// against the engine's own at every elementary operation. It is written for
// reading rather than for speed: one slice per field, Knuth's field names.
//
// Items are numbered 1…N as Knuth numbers them, primary items first; item i
// is item i-1 of the [exactcover.Problem]. Two circular, doubly linked lists
// (llink/rlink) hold the active items: the primary ones headed by 0, the
// secondary ones headed by N+1. Only primary items are ever chosen.
//
// Every use of an item by an option is a node, in one array of nodes. Nodes
// 1…N are the item headers: each heads a circular, doubly linked list
// (ulink/dlink) of the nodes of the options that still contain the item,
// and its top holds the list's length (Knuth's LEN shares the field) and its
// color the color the item was last purified with. Node N+1 is a spacer;
// then come the nodes of each option in turn, in the order the option
// gives its items, each followed by a spacer. A node's top is its item and
// its color its color (0 none; -1 once the option is known to agree with a
// purified item, so that it is left alone: DLX2's "cleansing"). A spacer's
// top is -k for the k-th option (from 1; Knuth's programs number them so),
// its ulink the first node of the option before it and its dlink the last
// node of the option after it, so that a walk around an option needs no
// other link. Options without a primary item are left out, as Knuth's
// programs and the engine leave them out, and have no nodes.
//
// The point of dancing links: unlinking x from a list keeps x's own links,
// so "ulink[dlink[x]], dlink[ulink[x]] = x, x" puts it back exactly where it
// was, provided the undos come in the reverse order of the removals.
//
// With multiplicities (Knuth's Algorithm M, his DLX3), bound[i] counts how
// many more options may cover primary item i (its upper bound at first) and
// slack[i] is its upper bound minus its lower bound: the number of those it
// may do without.
//
// Every change to these arrays goes through write, and when ops is set each
// elementary operation (see linkops.go) is logged there with the cells it
// changed.
type links struct {
	n            int   // items, primary and secondary
	nPrimary     int   // items 1…nPrimary are primary
	llink, rlink []int // item lists, indices 0…n+1

	top, ulink, dlink, color []int // the node array; headers are 1…n
	option                   []int // option index of a node in the Problem (-1 for headers and spacers)
	first                    []int // first[k]: option k's first node; 0 if dropped

	colorName []string // color id → name; colorName[0] is ""

	mcc          bool  // some primary item has bounds other than exactly once
	bound, slack []int // primary items 1…nPrimary (Algorithm M)

	updates, cleansings int64 // counted as Knuth's DLX1 and DLX2 count them

	ops *opLog // the elementary operations, when they are logged

	// What left play, in the order it left, for a trace to tell what a
	// node lost since its parent by looking only at what changed (see
	// pathstate.go): hidden holds the option of every hide, unlinked every
	// item taken out of its item list (numbered from 0, as a Problem
	// numbers them). The dance undoes in the reverse order, so each
	// undoing pops its entry, and the entries past a node's marks are what
	// left play since the node and is still out. A path hides an option
	// once at most and unlinks an item once at most, so the capacities
	// below are never exceeded.
	hidden, unlinked []int32
}

// newLinks builds the structure for p, which must already be valid (see
// [exactcover.New]).
func newLinks(p *exactcover.Problem) *links {
	n := p.NumItems()
	l := &links{n: n, nPrimary: len(p.Primary), colorName: []string{""}, mcc: p.HasMultiplicities()}
	index := make(map[string]int, n)
	for i := 1; i <= n; i++ {
		index[p.ItemName(i-1)] = i
	}
	l.bound = make([]int, l.nPrimary+1)
	l.slack = make([]int, l.nPrimary+1)
	for i := 1; i <= l.nPrimary; i++ {
		b := p.ItemBounds(i - 1)
		l.bound[i], l.slack[i] = b.Hi, b.Hi-b.Lo
	}

	// The item lists: 0 ⇄ 1 ⇄ … ⇄ nPrimary ⇄ 0, and n+1 ⇄ nPrimary+1 ⇄ … ⇄ n ⇄ n+1.
	l.llink = make([]int, n+2)
	l.rlink = make([]int, n+2)
	for i := 0; i <= n+1; i++ {
		l.llink[i], l.rlink[i] = i-1, i+1
	}
	head := n + 1
	if l.nPrimary == n { // no secondary items: N+1 heads an empty list
		l.llink[head], l.rlink[head] = head, head
	} else {
		l.llink[l.nPrimary+1], l.rlink[n] = head, head
		l.llink[head], l.rlink[head] = n, l.nPrimary+1
	}
	l.llink[0], l.rlink[l.nPrimary] = l.nPrimary, 0

	// Colors are numbered in the order they first appear, in every option,
	// as the engine numbers them.
	colorID := map[string]int{}
	for _, o := range p.Options {
		for _, r := range o.Items {
			if _, ok := colorID[r.Color]; !ok && r.Color != "" {
				colorID[r.Color] = len(l.colorName)
				l.colorName = append(l.colorName, r.Color)
			}
		}
	}

	// Headers 0…n with empty lists, the first spacer, then the options;
	// the arrays as long as they will be (see linksBytes).
	nodes := n + 2
	for _, o := range p.Options {
		nodes += len(o.Items) + 1
	}
	l.top = make([]int, 0, nodes)
	l.ulink = make([]int, 0, nodes)
	l.dlink = make([]int, 0, nodes)
	l.color = make([]int, 0, nodes)
	l.option = make([]int, 0, nodes)
	for x := 0; x <= n+1; x++ {
		l.top = append(l.top, 0)
		l.ulink = append(l.ulink, x)
		l.dlink = append(l.dlink, x)
		l.color = append(l.color, 0)
		l.option = append(l.option, -1)
	}
	l.ulink[n+1], l.dlink[n+1] = 0, 0 // the first spacer

	l.first = make([]int, len(p.Options))
	l.hidden = make([]int32, 0, len(p.Options))
	l.unlinked = make([]int32, 0, n)
	kept := 0 // options kept so far
	for k, o := range p.Options {
		primary := false
		for _, r := range o.Items {
			primary = primary || index[r.Name] <= l.nPrimary
		}
		if !primary {
			continue
		}
		spacer := len(l.top) - 1
		l.first[k] = len(l.top)
		for _, r := range o.Items {
			// Append node x at the bottom of item i's list.
			i, x := index[r.Name], len(l.top)
			l.top = append(l.top, i)
			l.ulink = append(l.ulink, l.ulink[i])
			l.dlink = append(l.dlink, i)
			l.color = append(l.color, colorID[r.Color])
			l.option = append(l.option, k)
			l.dlink[l.ulink[i]] = x
			l.ulink[i] = x
			l.top[i]++
		}
		l.dlink[spacer] = len(l.top) - 1
		kept++
		l.top = append(l.top, -kept)
		l.ulink = append(l.ulink, l.first[k])
		l.dlink = append(l.dlink, 0)
		l.color = append(l.color, 0)
		l.option = append(l.option, -1)
	}
	return l
}

// length is the number of nodes in item i's list (Knuth's LEN).
func (l *links) length(i int) int { return l.top[i] }

// nodesOf yields the nodes of option k, in the order it gives its items.
func (l *links) nodesOf(k int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if l.first[k] == 0 {
			return
		}
		for x := l.first[k]; l.top[x] > 0; x++ {
			if !yield(x) {
				return
			}
		}
	}
}

// others yields the nodes of x's option other than x, in the cyclic order
// that starts just after x: the order in which DLX1 and DLX2 visit them,
// going back to the option's first node at its spacer.
func (l *links) others(x int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for q := x + 1; q != x; q++ {
			if l.top[q] <= 0 { // the spacer: its ulink is the option's first node
				q = l.ulink[q]
				if q == x {
					return
				}
			}
			if !yield(q) {
				return
			}
		}
	}
}

// othersBackward yields the nodes of others(x) in the reverse order.
func (l *links) othersBackward(x int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for q := x - 1; q != x; q-- {
			if l.top[q] <= 0 { // the spacer before: its dlink is the option's last node
				q = l.dlink[q]
				if q == x {
					return
				}
			}
			if !yield(q) {
				return
			}
		}
	}
}

// hide takes the option of node p out of the lists of all its other items,
// except the uses already known to agree (color < 0), and says where from
// (Knuth's hide(p)).
func (l *links) hide(p int) Hidden {
	l.begin(opHide, p)
	l.hidden = append(l.hidden, int32(l.option[p]))
	h := Hidden{Option: l.option[p]}
	for q := range l.others(p) {
		if l.color[q] < 0 {
			continue
		}
		u, d := l.ulink[q], l.dlink[q]
		l.write(FieldDLink, u, d)
		l.write(FieldULink, d, u)
		l.write(FieldTop, l.top[q], l.top[l.top[q]]-1)
		l.updates++
		h.From = append(h.From, l.top[q]-1)
	}
	return h
}

// unhide undoes hide(p), in reverse order: each node goes back between the
// neighbours it remembers.
func (l *links) unhide(p int) {
	l.begin(opUnhide, p)
	l.hidden = l.hidden[:len(l.hidden)-1]
	for q := range l.othersBackward(p) {
		if l.color[q] < 0 {
			continue
		}
		u, d := l.ulink[q], l.dlink[q]
		l.remember(FieldULink, q)
		l.remember(FieldDLink, q)
		l.write(FieldDLink, u, q)
		l.write(FieldULink, d, q)
		l.write(FieldTop, l.top[q], l.top[l.top[q]]+1)
	}
}

// cover takes item i out of its list of active items, then hides every
// option that contains i from the lists of its other items: no option that
// clashes with a choice covering i can be chosen any more. It costs one
// update for i and one per node taken out of a list.
func (l *links) cover(i int) []Hidden {
	l.begin(opCover, i)
	l.unlinkItem(i)
	l.updates++
	hs := make([]Hidden, 0, l.length(i))
	for p := l.dlink[i]; p != i; p = l.dlink[p] {
		hs = append(hs, l.hide(p))
	}
	return hs
}

// uncover undoes cover(i): i goes back into its item list, then the
// options come back, bottom to top. (Knuth puts i back last; the engine
// first, which changes nothing, the item list and the option lists being
// apart, and the links view shows what the engine does.)
func (l *links) uncover(i int) {
	l.begin(opUncover, i)
	l.relinkItem(i)
	for p := l.ulink[i]; p != i; p = l.ulink[p] {
		l.unhide(p)
	}
}

// unlinkItem takes item i out of its item list; relinkItem puts it back
// between the neighbours it remembers.
func (l *links) unlinkItem(i int) {
	l.unlinked = append(l.unlinked, int32(i-1))
	a, b := l.llink[i], l.rlink[i]
	l.write(FieldRLink, a, b)
	l.write(FieldLLink, b, a)
}

func (l *links) relinkItem(i int) {
	l.unlinked = l.unlinked[:len(l.unlinked)-1]
	a, b := l.llink[i], l.rlink[i]
	l.remember(FieldLLink, i)
	l.remember(FieldRLink, i)
	l.write(FieldRLink, a, i)
	l.write(FieldLLink, b, i)
}

// purify handles a colored use p of a secondary item (DLX2, Algorithm C):
// the options that give the item another color are hidden; those that give
// it the same color stay, marked compatible (color -1) so that choosing them
// later covers nothing more for this item. The item itself stays active, and
// its header keeps the color, as DLX2's does. It returns the options hidden
// and how many were kept.
func (l *links) purify(p int) (hs []Hidden, kept int) {
	i, x := l.top[p], l.color[p]
	l.begin(opPurify, p)
	l.write(FieldColor, i, x)
	l.cleansings++
	for q := l.dlink[i]; q != i; q = l.dlink[q] {
		switch {
		case l.color[q] != x:
			hs = append(hs, l.hide(q))
		case q != p:
			l.begin(opMark, q)
			l.write(FieldColor, q, -1)
			l.cleansings++
			kept++
		}
	}
	return hs, kept
}

// unpurify undoes purify(p), bottom to top.
func (l *links) unpurify(p int) {
	i, x := l.top[p], l.color[p]
	l.begin(opUnpurify, p)
	for q := l.ulink[i]; q != i; q = l.ulink[q] {
		switch {
		case l.color[q] < 0:
			l.begin(opUnmark, q)
			l.write(FieldColor, q, x)
		case q != p:
			l.unhide(q)
		}
	}
}

// commit applies node q of a chosen option to its item: an uncolored use
// covers the item, a colored one purifies it, and a use already known to
// agree (color -1) needs nothing. With multiplicities, a primary item's
// bound goes down, and the item is covered only when it reaches 0. It
// reports what it did.
func (l *links) commit(q int) (did commitKind, hs []Hidden, kept int) {
	i := l.top[q]
	if l.mcc && i <= l.nPrimary {
		if l.lower(i); l.bound[i] > 0 {
			return committedLower, nil, 0
		}
	}
	switch {
	case l.color[q] == 0:
		return committedCover, l.cover(i), 0
	case l.color[q] > 0:
		hs, kept = l.purify(q)
		return committedPurify, hs, kept
	}
	return committedNothing, nil, 0
}

// uncommit undoes commit(q): with multiplicities the item is uncovered
// (when its bound is 0) before its bound goes back up, as DLX3 does it.
func (l *links) uncommit(q int) commitKind {
	i := l.top[q]
	if l.mcc && i <= l.nPrimary {
		if l.bound[i] > 0 {
			l.raise(i)
			return committedLower
		}
		l.uncover(i)
		l.raise(i)
		return committedCover
	}
	switch {
	case l.color[q] == 0:
		l.uncover(i)
		return committedCover
	case l.color[q] > 0:
		l.unpurify(q)
		return committedPurify
	}
	return committedNothing
}

type commitKind int

const (
	committedNothing commitKind = iota
	committedCover
	committedPurify
	committedLower // a primary item's bound went down, and it stays active (Algorithm M)
)

// lower and raise take primary item i's bound down and up by one
// (Algorithm M).
func (l *links) lower(i int) {
	l.begin(opLower, i)
	l.write(FieldBound, i, l.bound[i]-1)
}

func (l *links) raise(i int) {
	l.begin(opRaise, i)
	l.write(FieldBound, i, l.bound[i]+1)
}

// The two steps that Algorithm M adds to the dance (Knuth's DLX3; TAOCP
// 7.2.2.1). An item whose bound is still positive after a choice stays
// active, so it is not covered; instead, each option tried for it at a
// level is tweaked, and the null branch takes it out of the active items
// without touching its options.

// tweak takes the option of node x, the first in its item's list, out of
// that list, so that the levels below, branching on the same item again,
// try only the options after it; with block it first hides the option from
// the lists of its other items, as covering would (without block the item
// is covered, so they are hidden already). One update per node taken out,
// as DLX3 counts. It returns the items the option was hidden from, x's own
// item not included.
func (l *links) tweak(x int, block bool) Hidden {
	h := Hidden{Option: l.option[x]}
	if block {
		h = l.hide(x)
	}
	l.begin(opTweak, x)
	u, d := l.ulink[x], l.dlink[x]
	l.write(FieldDLink, u, d)
	l.write(FieldULink, d, u)
	l.write(FieldTop, l.top[x], l.top[l.top[x]]-1)
	l.updates++
	return h
}

// untweak undoes the tweaks of item i's list made since node x was at its
// top, as DLX3 does: the tweaked nodes, which still link downwards from x
// one to the next, go back into the list at once, their up links rebuilt
// on the way; then, with unblock, their options are unhidden, the last
// tweaked first; without, i was covered when its level began, and is
// uncovered.
func (l *links) untweak(i, x int, unblock bool) {
	l.begin(opUntweak, i)
	z := l.dlink[i] // the list's top now, the first node never tweaked (or i)
	l.write(FieldDLink, i, x)
	k, q := 0, i
	for r := x; r != z; q, r = r, l.dlink[r] {
		l.remember(FieldDLink, r)
		l.write(FieldULink, r, q)
		k++
	}
	l.write(FieldULink, z, q)
	l.write(FieldTop, i, l.top[i]+k)
	if !unblock {
		l.uncover(i)
		return
	}
	for r := q; r != i; r = l.ulink[r] {
		l.unhide(r)
	}
}

// deactivate takes primary item i out of the active items, leaving its
// options where they are (the null branch); activate puts it back.
func (l *links) deactivate(i int) {
	l.begin(opDeactivate, i)
	l.unlinkItem(i)
}

func (l *links) activate(i int) {
	l.begin(opActivate, i)
	l.relinkItem(i)
}

// active reports whether item i (Knuth-numbered) is still in its item list.
func (l *links) active(i int) bool { return l.rlink[l.llink[i]] == i }

// linked reports whether node x is still in its item's list.
func (l *links) linked(x int) bool { return l.dlink[l.ulink[x]] == x }
