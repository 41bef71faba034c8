package explain

import (
	"iter"

	"github.com/xcover/xcover/exactcover"
)

// links is the dancing-links structure of Knuth's Algorithm X, laid out as
// in TAOCP 7.2.2.1 and in the paper "Dancing Links" (arXiv cs/0011047), but
// written for reading rather than for speed: one slice per field, Knuth's
// field names, and each option's nodes listed explicitly instead of being
// found through spacer nodes.
//
// Items are numbered 1…N as Knuth numbers them, primary items first; item i
// is item i-1 of the [exactcover.Problem]. Two circular, doubly linked lists
// (llink/rlink) hold the active items: the primary ones headed by 0, the
// secondary ones headed by N+1. Only primary items are ever chosen.
//
// Every use of an item by an option is a node. Nodes 1…N are the item
// headers; each heads a circular, doubly linked list (ulink/dlink) of the
// nodes of the options that still contain the item, and length[i] counts
// them. Option nodes follow from N+2 on; top[x] is the item of node x,
// color[x] its color (0 none; -1 once the option is known to agree with a
// purified item, so that it is left alone: DLX2's "cleansing"), and
// option[x] the index of its option in the Problem.
//
// The point of dancing links: unlinking x from a list keeps x's own links,
// so "ulink[dlink[x]], dlink[ulink[x]] = x, x" puts it back exactly where it
// was, provided the undos come in the reverse order of the removals.
//
// With multiplicities (Knuth's Algorithm M, his DLX3), bound[i] counts how
// many more options may cover primary item i (its upper bound at first) and
// slack[i] is its upper bound minus its lower bound: the number of those it
// may do without.
type links struct {
	n            int   // items, primary and secondary
	nPrimary     int   // items 1…nPrimary are primary
	llink, rlink []int // item lists, indices 0…n+1

	top, ulink, dlink, color []int // one entry per node; headers are 1…n
	option                   []int // option index of a node (-1 for headers)
	place                    []int // place of a node in nodesOf of its option
	length                   []int // length[i]: nodes in item i's list

	nodesOf   [][]int  // nodesOf[k]: option k's nodes, in the order given; nil if dropped
	colorName []string // color id → name; colorName[0] is ""

	mcc          bool  // some primary item has bounds other than exactly once
	bound, slack []int // primary items 1…nPrimary (Algorithm M)

	updates, cleansings int64 // counted as Knuth's DLX1 and DLX2 count them
}

// newLinks builds the structure for p, which must already be valid (see
// [exactcover.New]). Options without a primary item are left out, as Knuth's
// programs leave them out.
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

	// Headers 0…n+1 (0 and n+1 are never used as nodes), empty lists;
	// the arrays as long as they will be (see linksBytes).
	nodes := n + 2
	for _, o := range p.Options {
		nodes += len(o.Items)
	}
	l.top = make([]int, 0, nodes)
	l.ulink = make([]int, 0, nodes)
	l.dlink = make([]int, 0, nodes)
	l.color = make([]int, 0, nodes)
	l.option = make([]int, 0, nodes)
	l.place = make([]int, 0, nodes)
	for x := 0; x <= n+1; x++ {
		l.top = append(l.top, x)
		l.ulink = append(l.ulink, x)
		l.dlink = append(l.dlink, x)
		l.color = append(l.color, 0)
		l.option = append(l.option, -1)
		l.place = append(l.place, 0)
	}
	l.length = make([]int, n+2)

	colorID := map[string]int{}
	l.nodesOf = make([][]int, len(p.Options))
	for k, o := range p.Options {
		primary := false
		for _, r := range o.Items {
			primary = primary || index[r.Name] <= l.nPrimary
		}
		if !primary {
			continue
		}
		l.nodesOf[k] = make([]int, 0, len(o.Items))
		for _, r := range o.Items {
			i := index[r.Name]
			c := 0
			if r.Color != "" {
				id, ok := colorID[r.Color]
				if !ok {
					id = len(l.colorName)
					colorID[r.Color] = id
					l.colorName = append(l.colorName, r.Color)
				}
				c = id
			}
			// Append node x at the bottom of item i's list.
			x := len(l.top)
			l.top = append(l.top, i)
			l.ulink = append(l.ulink, l.ulink[i])
			l.dlink = append(l.dlink, i)
			l.color = append(l.color, c)
			l.option = append(l.option, k)
			l.place = append(l.place, len(l.nodesOf[k]))
			l.dlink[l.ulink[i]] = x
			l.ulink[i] = x
			l.length[i]++
			l.nodesOf[k] = append(l.nodesOf[k], x)
		}
	}
	return l
}

// others yields the nodes of x's option other than x, in the cyclic order
// that starts just after x: the order in which DLX1 and DLX2 visit them.
func (l *links) others(x int) iter.Seq[int] {
	return func(yield func(int) bool) {
		nodes := l.nodesOf[l.option[x]]
		for d := 1; d < len(nodes); d++ {
			if !yield(nodes[(l.place[x]+d)%len(nodes)]) {
				return
			}
		}
	}
}

// othersBackward yields the nodes of others(x) in the reverse order.
func (l *links) othersBackward(x int) iter.Seq[int] {
	return func(yield func(int) bool) {
		nodes := l.nodesOf[l.option[x]]
		for d := len(nodes) - 1; d >= 1; d-- {
			if !yield(nodes[(l.place[x]+d)%len(nodes)]) {
				return
			}
		}
	}
}

// hide takes the option of node p out of the lists of all its other items,
// except the uses already known to agree (color < 0), and says where from.
func (l *links) hide(p int) Hidden {
	h := Hidden{Option: l.option[p], From: make([]int, 0, len(l.nodesOf[l.option[p]])-1)}
	for q := range l.others(p) {
		if l.color[q] < 0 {
			continue
		}
		u, d := l.ulink[q], l.dlink[q]
		l.dlink[u], l.ulink[d] = d, u
		l.length[l.top[q]]--
		l.updates++
		h.From = append(h.From, l.top[q]-1)
	}
	return h
}

// unhide undoes hide(p), in reverse order.
func (l *links) unhide(p int) {
	for q := range l.othersBackward(p) {
		if l.color[q] < 0 {
			continue
		}
		u, d := l.ulink[q], l.dlink[q]
		l.dlink[u], l.ulink[d] = q, q
		l.length[l.top[q]]++
	}
}

// cover takes item i out of its list of active items, then hides every
// option that contains i from the lists of its other items: no option that
// clashes with a choice covering i can be chosen any more. It costs one
// update for i and one per node taken out of a list.
func (l *links) cover(i int) []Hidden {
	l.rlink[l.llink[i]], l.llink[l.rlink[i]] = l.rlink[i], l.llink[i]
	l.updates++
	hs := make([]Hidden, 0, l.length[i])
	for p := l.dlink[i]; p != i; p = l.dlink[p] {
		hs = append(hs, l.hide(p))
	}
	return hs
}

// uncover undoes cover(i): the options come back bottom to top, then i.
func (l *links) uncover(i int) {
	for p := l.ulink[i]; p != i; p = l.ulink[p] {
		l.unhide(p)
	}
	l.rlink[l.llink[i]], l.llink[l.rlink[i]] = i, i
}

// purify handles a colored use p of a secondary item (DLX2, Algorithm C):
// the options that give the item another color are hidden; those that give
// it the same color stay, marked compatible (color -1) so that choosing them
// later covers nothing more for this item. The item itself stays active.
// It returns the options hidden and how many were kept.
func (l *links) purify(p int) (hs []Hidden, kept int) {
	i, x := l.top[p], l.color[p]
	l.cleansings++
	for q := l.dlink[i]; q != i; q = l.dlink[q] {
		switch {
		case l.color[q] != x:
			hs = append(hs, l.hide(q))
		case q != p:
			l.color[q] = -1
			l.cleansings++
			kept++
		}
	}
	return hs, kept
}

// unpurify undoes purify(p), bottom to top.
func (l *links) unpurify(p int) {
	i, x := l.top[p], l.color[p]
	for q := l.ulink[i]; q != i; q = l.ulink[q] {
		switch {
		case l.color[q] < 0:
			l.color[q] = x
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
		if l.bound[i]--; l.bound[i] > 0 {
			return committedLower, nil, 0
		}
	}
	switch {
	case l.color[q] == 0:
		return committedCover, l.cover(l.top[q]), 0
	case l.color[q] > 0:
		hs, kept = l.purify(q)
		return committedPurify, hs, kept
	}
	return committedNothing, nil, 0
}

// uncommit undoes commit(q).
func (l *links) uncommit(q int) commitKind {
	i := l.top[q]
	if l.mcc && i <= l.nPrimary {
		l.bound[i]++
		if l.bound[i] > 1 {
			return committedLower
		}
	}
	switch {
	case l.color[q] == 0:
		l.uncover(l.top[q])
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

// The two steps that Algorithm M adds to the dance (Knuth's DLX3; TAOCP
// 7.2.2.1). An item whose bound is still positive after a choice stays
// active, so it is not covered; instead, each option tried for it at a
// level is tweaked, and the null branch takes it out of the active items
// without touching its options.

// tweak takes the option of node x, the first in its item's list, out of
// that list, so that the levels below, branching on the same item again,
// try only the options after it; with block it also hides the option from
// the lists of its other items, as covering would (without block the item
// is covered, so they are hidden already). One update per node taken out,
// as DLX3 counts. It returns the items the option was hidden from, x's own
// item not included.
func (l *links) tweak(x int, block bool) Hidden {
	h := Hidden{Option: l.option[x]}
	if block {
		h = l.hide(x)
	}
	u, d := l.ulink[x], l.dlink[x]
	l.dlink[u], l.ulink[d] = d, u
	l.length[l.top[x]]--
	l.updates++
	return h
}

// untweak undoes tweak(x, block). The tweaks of one level are undone in the
// reverse order (Knuth's DLX3 puts them back in the same order, with a trick
// of its own; either way the links come back as they were).
func (l *links) untweak(x int, block bool) {
	u, d := l.ulink[x], l.dlink[x]
	l.dlink[u], l.ulink[d] = x, x
	l.length[l.top[x]]++
	if block {
		l.unhide(x)
	}
}

// deactivate takes primary item i out of the active items, leaving its
// options where they are (the null branch); activate puts it back.
func (l *links) deactivate(i int) {
	l.rlink[l.llink[i]], l.llink[l.rlink[i]] = l.rlink[i], l.llink[i]
}

func (l *links) activate(i int) {
	l.rlink[l.llink[i]], l.llink[l.rlink[i]] = i, i
}

// active reports whether item i (Knuth-numbered) is still in its item list.
func (l *links) active(i int) bool { return l.rlink[l.llink[i]] == i }

// linked reports whether node x is still in its item's list.
func (l *links) linked(x int) bool { return l.dlink[l.ulink[x]] == x }
