package bits

//go:generate go run gen.go

import mbits "math/bits"

// filter writes to the stack at top the options of stack[lo:hi] that have
// no item in m, in their order, and counts, for each item of open, the
// options written that contain it, up to Saturated (exactly in rows wider
// than narrowWords, into level l's counters). It returns how many it
// wrote, the item of open with the fewest (ties to the first declared;
// -1 when open is empty) and that fewest. It grows the stack first when
// the list might not fit: a list is never longer than its parent, and its
// branches no longer than the list, so a level needs at most twice its
// parent's length.
//
// This is the whole of the engine's work per node: one AND per word to
// test each live option against the option taken, an OR of the
// survivors to find dead ends, and for the survivors of a live child
// carry-save adds into six bit planes (doc.go).
func (e *Engine) filter(lo, hi, top int32, m, open set, l int) (n int, best, least int32) {
	n, best, least = e.filterWidth(lo, hi, top, m, open, l)
	return n, e.weigh(best, least), least
}

// weigh returns the item to branch on under the Weighted rule, given
// Knuth's (best, with least options); best itself otherwise.
func (e *Engine) weigh(best, least int32) int32 {
	if !e.weighted || best < 0 {
		return best
	}
	return e.weighed(best, least)
}

// weighed is weigh under the Weighted rule.
func (e *Engine) weighed(best, least int32) int32 {
	if least == 0 {
		e.bump(best)
		return best
	}
	return e.heaviest()
}

// filterWidth is filter by Knuth's rule, in the rows' width.
func (e *Engine) filterWidth(lo, hi, top int32, m, open set, l int) (n int, best, least int32) {
	if e.one {
		return e.filter1(lo, hi, top, m[0], open[0])
	}
	if need := int(top) + 2*int(hi-lo); need > len(e.stack) {
		e.grow(need)
	}
	src, dst := e.stack[lo:hi], e.stack[top:]
	switch {
	case e.words == 2:
		m, open := m[:2], open[:2]
		return filter2(e.rows2, src, dst, row2{m[0], m[1]}, row2{open[0], open[1]}, (*[2]uint64)(e.ties))
	case e.words == 4:
		m, open := m[:4], open[:4]
		return filter4(e.rows4, src, dst, row4{m[0], m[1], m[2], m[3]}, row4{open[0], open[1], open[2], open[3]}, (*[4]uint64)(e.ties))
	}
	n, best, least = e.wide.filter(src, dst, m, open, e.ties, e.wide.counts(l), e.wide.live(l))
	return n, best, min(least, Saturated)
}

// filterNarrow is filterWidth for rows of at most narrowWords, by option
// k's kill, for a child whose open items are those of parent less k's,
// which it sets in open: the rows' words go to the generated filter as
// they are.
func (e *Engine) filterNarrow(lo, hi, top, k int32, parent, open set) (n int, best, least int32) {
	if e.one {
		return e.child1(lo, hi, top, k, parent[0], &open[0])
	}
	return e.filterWords(lo, hi, top, k, parent, open)
}

// filterWords is filterNarrow for rows of two and four words.
func (e *Engine) filterWords(lo, hi, top, k int32, parent, open set) (n int, best, least int32) {
	if need := int(top) + 2*int(hi-lo); need > len(e.stack) {
		e.grow(need)
	}
	src, dst := e.stack[lo:hi], e.stack[top:]
	if e.words == 2 {
		r, p, o := e.kills2[k], parent[:2], open[:2]
		o[0], o[1] = p[0]&^r.a, p[1]&^r.b
		return filter2(e.rows2, src, dst, r, row2{o[0], o[1]}, (*[2]uint64)(e.ties))
	}
	r, p, o := e.kills4[k], parent[:4], open[:4]
	o[0], o[1], o[2], o[3] = p[0]&^r.a, p[1]&^r.b, p[2]&^r.c, p[3]&^r.d
	return filter4(e.rows4, src, dst, r, row4{o[0], o[1], o[2], o[3]}, (*[4]uint64)(e.ties))
}

// child1 is filterNarrow for one-word rows, given the first words of
// parent and open alone: the second stays zero (Reset clears it).
func (e *Engine) child1(lo, hi, top, k int32, parent uint64, open *uint64) (n int, best, least int32) {
	r := e.kills1[k].a
	*open = parent &^ r
	if *open == 0 {
		// A solution: every option left meets a covered primary item, so
		// that the child's list is empty; filter1 would find so, and
		// nothing to choose, after reading every row.
		return 0, -1, Saturated
	}
	return e.filter1(lo, hi, top, r, *open)
}

// filterChild makes, for rows wider than narrowWords, the list of the
// child of level d that takes its current branch, as level d+1 at top,
// and its counters, from its parent's (wideRows.child), keeping only the
// options before place cut in the root's list.
func (e *Engine) filterChild(d int, cut, top int32, m, open set) (n int, best, least int32) {
	lv := &e.lv[d]
	if need := int(top) + 2*int(lv.hi-lv.lo); need > len(e.stack) {
		e.grow(need)
	}
	n, best, least = e.wide.child(d, e.stack[lv.cur], int(cut), m, open, e.ties)
	return n, best, min(least, Saturated)
}

// grow makes the stack at least need entries long, doubling it: a path's
// lists outgrow it only a few times in a search (at most log₂ of depth
// times the number of options), never per node.
func (e *Engine) grow(need int) {
	s := make([]int32, max(need, 2*len(e.stack)))
	copy(s, e.stack)
	e.stack = s
	if e.one {
		r := make([]uint64, len(s))
		copy(r, e.stackRows)
		e.stackRows = r
	}
}

// split divides the list stack[lo:hi] by item i: the options without i
// stay in place, in their order, and end where split returns; those with
// i, the branches, go in their order to the stack at hi, and end where
// split returns second. Every child of the node takes one branch, which
// covers i, so its list comes from the options without i alone, and the
// branches are not tested again by each child. want is how many branches
// there are, when the caller knows (-1 otherwise); one-word rows split
// otherwise (branches1).
func (e *Engine) split(l int, lo, hi, i, want int32) (rest, bhi int32) {
	if e.one {
		return e.branches1(lo, hi, i, want)
	}
	return e.splitWords(l, lo, hi, i)
}

// splitWords is split for rows of two words or more.
func (e *Engine) splitWords(l int, lo, hi, i int32) (rest, bhi int32) {
	if e.words > narrowWords {
		nb := e.wide.split(l, i, e.stack[hi:])
		return hi - nb, hi + nb
	}
	w, sh, words := int(i>>6), uint(i&63), e.words
	s, rows := e.stack, e.rows
	rest, bhi = lo, hi
	for _, k := range s[lo:hi] {
		has := int32(rows[int(k)*words+w] >> sh & 1)
		s[rest], s[bhi] = k, k
		rest += 1 - has
		bhi += has
	}
	return rest, bhi
}

// branches1 is split for one-word rows: it writes the branches, the
// options with item i, to the stack at hi, and leaves the list whole,
// returning hi as its rest. A child's list is then filtered from the
// whole list, and the branches, which contain i, do not survive it: a
// few options more to test for each child than the rest alone, but the
// list, and the rows beside it, stay as they are.
//
// Knowing how many branches there are (want, else -1), it stops at the
// last.
func (e *Engine) branches1(lo, hi, i, want int32) (rest, bhi int32) {
	s, rows := e.stack, e.stackRows[lo:hi]
	list := s[lo:hi]
	bhi = hi
	end, bit := hi+want, uint64(1)<<i
	out := viewOptions(s) // in bounds: filter grew the stack for them
	for j, r := range rows {
		*out.at(int(bhi)) = list[j]
		var has int32
		if r&bit != 0 {
			has = 1
		}
		bhi += has
		if bhi == end {
			break
		}
	}
	return hi, bhi
}

// maxWeight caps an item's weight.
const maxWeight = 1<<31 - 1

// bump adds to the weight of item i, found without options, under the
// Weighted rule.
func (e *Engine) bump(i int32) {
	if e.weight[i] < maxWeight {
		e.weight[i]++
	}
}

// heaviest returns, under the Weighted rule, the heaviest of the items
// that filter left in ties (those with the fewest options), ties to the
// first declared.
func (e *Engine) heaviest() int32 {
	best, most := int32(-1), int64(-1)
	for w, word := range e.ties {
		for ; word != 0; word &= word - 1 {
			i := int32(w<<6 | mbits.TrailingZeros64(word))
			if wt := int64(e.weight[i]); wt > most {
				best, most = i, wt
			}
		}
	}
	return best
}
