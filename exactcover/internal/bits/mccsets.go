package bits

import (
	mbits "math/bits"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Sets of options for multiplicities. In a problem with multiplicities a
// child's list is its parent's less the option taken or removed and, when
// the option covers items for good, less the options that meet them: few
// options leave at each level, and the pass over the parent's list that
// filters narrow rows costs the whole list to find them. Where rows take
// two words and the options are few enough (MaxSetOptions), a level's
// list is instead a set of options, one bit each, and each bit of a row
// (an item, or a color of a secondary item) has the set of options whose
// rows carry it, its column: the options a child loses are its parent's
// set AND the columns of the bits it covers, a word at a time, and only
// they are visited.
//
// The counts are then kept as numbers, not planes: each level has each
// primary item's live options, copied from its parent's and decreased for
// the items of each option lost (a few decrements an option, where the
// planes' borrow ripples through all of them), and each primary item's b
// is a number for the path. A choice scans the open items once, as the
// sparse engine's does, for the least degree with the same ties; so the
// search tree is the same, and the option with the smallest index is the
// lowest bit of the set AND the item's column.

// MaxSetOptions is the most options for which a problem with
// multiplicities keeps its levels' lists as sets of options. Each level
// of a path (at most the options, plus two) has a set of options/64
// words, so the sets take about options²/8 bytes: 2 MiB at 4,096 options
// for each worker, beside the counters' options × planes × 16 bytes. Past
// that the sets' copy at each node, a word per 64 options, nears the cost
// of the list's pass it replaces.
const MaxSetOptions = 1 << 12

// usesSets reports whether a problem with multiplicities whose rows take
// words words and with n options keeps its lists as sets of options.
func usesSets(words, n int) bool {
	return words == 2 && n <= MaxSetOptions
}

// setsBytes is what the sets of options take for n options and np
// primary items: each level's set and counts, and each row bit's column
// (128 bits in two words).
func setsBytes(words, n, np int) int64 {
	if !usesSets(words, n) {
		return 0
	}
	ow := int64(n+63) / 64
	return (int64(n)+3)*(ow*8+int64(np)*4) + 128*ow*8
}

// resetSets builds the columns of p's rows, when its lists are sets
// (m.ow > 0 then, the words of a set of options).
func (e *Engine) resetSets(levels int) {
	m := &e.mcc
	n := e.p.NumOptions()
	m.ow = 0
	if !usesSets(e.words, n) {
		return
	}
	ow := (n + 63) / 64
	m.ow = ow
	m.cols = resize(m.cols, 128*ow)
	clear(m.cols)
	for k := range n {
		r := e.rows2[k]
		for j, x := range [2]uint64{r.a, r.b} {
			for ; x != 0; x &= x - 1 {
				b := j<<6 | mbits.TrailingZeros64(x)
				m.cols[b*ow+k>>6] |= 1 << (k & 63)
			}
		}
	}
	m.lives = resize(m.lives, levels*ow)
	np := e.p.NPrimary
	m.hb = resize(m.hb, np)
	m.hc = resize(m.hc, levels*np)
}

// resetSetBounds sets every primary item's b to its upper bound, when the
// lists are sets.
func (e *Engine) resetSetBounds() {
	m := &e.mcc
	for i := range m.hb {
		_, m.hb[i] = e.p.Bounds(i)
	}
}

// liveSet returns level l's set of options.
func (m *mccState) liveSet(l int) []uint64 {
	return m.lives[l*m.ow : (l+1)*m.ow : (l+1)*m.ow]
}

// firstSet returns the option of level l's set with the smallest index
// that contains item i.
func (e *Engine) firstSet(l int, i int32) int32 {
	m := &e.mcc
	col := m.cols[int(i)*m.ow : int(i+1)*m.ow]
	for j, x := range m.liveSet(l) {
		if y := x & col[j]; y != 0 {
			return int32(j<<6 | mbits.TrailingZeros64(y))
		}
	}
	return -1 // never: the item has options
}

// childSet makes level d+1 from level d by its branch, taking lv.opt or
// removing it, when the lists are sets; it reports whether the child is
// alive. Taking an option decreases its primary items' b (untakeSet gives
// it back); those whose b falls to 0 are covered, with its secondary
// items, and the options that meet them leave the child's set.
func (e *Engine) childSet(d int, w *walk) bool {
	m := &e.mcc
	lv, next := &e.lv[d], &e.lv[d+1]
	k := lv.opt
	o0, o1 := lv.open[0], lv.open[1]
	var m0, m1 uint64
	if lv.branch == takeBranch {
		p0, p1 := e.prim[0], e.prim[1]
		r := e.rows2[k]
		var spent [2]uint64
		for j, x := range [2]uint64{r.a & p0, r.b & p1} {
			for ; x != 0; x &= x - 1 {
				i := j<<6 | mbits.TrailingZeros64(x)
				if m.hb[i]--; m.hb[i] == 0 {
					spent[j] |= x & -x
				}
			}
		}
		kl := e.kills2[k]
		m0, m1 = kl.a&^p0|spent[0], kl.b&^p1|spent[1]
		o0, o1 = o0&^spent[0], o1&^spent[1]
	}
	next.open[0], next.open[1] = o0, o1
	np := e.p.NPrimary
	cnt := m.hc[(d+1)*np : (d+2)*np : (d+2)*np]
	copy(cnt, m.hc[d*np:(d+1)*np])
	ow := m.ow
	live := m.liveSet(d + 1)
	copy(live, m.liveSet(d))
	live[k>>6] &^= 1 << (k & 63)
	e.loseSet(cnt, k)
	lost := int64(1)
	for j, x := range [2]uint64{m0, m1} {
		for ; x != 0; x &= x - 1 {
			b := j<<6 | mbits.TrailingZeros64(x)
			col := m.cols[b*ow : (b+1)*ow : (b+1)*ow]
			for wd, c := range col {
				y := live[wd] & c
				if y == 0 {
					continue
				}
				live[wd] &^= y
				for ; y != 0; y &= y - 1 {
					e.loseSet(cnt, int32(wd<<6|mbits.TrailingZeros64(y)))
					lost++
				}
			}
		}
	}
	w.updates += lost
	w.work += lost
	return e.chooseSet(d + 1)
}

// loseSet decreases the counts cnt of option q's primary items.
func (e *Engine) loseSet(cnt []int32, q int32) {
	r := e.rows2[q]
	for x := r.a & e.prim[0]; x != 0; x &= x - 1 {
		cnt[mbits.TrailingZeros64(x)]--
	}
	for x := r.b & e.prim[1]; x != 0; x &= x - 1 {
		cnt[64+mbits.TrailingZeros64(x)]--
	}
}

// untakeSet gives back the b that taking option k took from its items.
func (e *Engine) untakeSet(k int32) {
	m := &e.mcc
	r := e.rows2[k]
	for x := r.a & e.prim[0]; x != 0; x &= x - 1 {
		m.hb[mbits.TrailingZeros64(x)]++
	}
	for x := r.b & e.prim[1]; x != 0; x &= x - 1 {
		m.hb[64+mbits.TrailingZeros64(x)]++
	}
}

// rootSetM makes level l's set and counts from its list, stack[lo:hi],
// and chooses as chooseSet does; it reports whether the node is alive.
func (e *Engine) rootSetM(l int) bool {
	m := &e.mcc
	lv := &e.lv[l]
	live := m.liveSet(l)
	clear(live)
	np := e.p.NPrimary
	cnt := m.hc[l*np : (l+1)*np]
	clear(cnt)
	for _, k := range e.stack[lv.lo:lv.hi] {
		live[k>>6] |= 1 << (k & 63)
		r := e.rows2[k]
		for x := r.a & e.prim[0]; x != 0; x &= x - 1 {
			cnt[mbits.TrailingZeros64(x)]++
		}
		for x := r.b & e.prim[1]; x != 0; x &= x - 1 {
			cnt[64+mbits.TrailingZeros64(x)]++
		}
	}
	return e.chooseSet(l)
}

// chooseSet is chooseM where the counts and bounds are numbers: one scan
// of the open items, which takes from the open set those that are content
// (no option, no need), and finds the least degree len−need+1, ties to the
// smaller s, then the longer list, then (Weighted rule) the heavier, then
// the first declared. It reports false for a dead end, the first open item
// with fewer options than it needs (lv.best, lv.least −1).
func (e *Engine) chooseSet(l int) bool {
	m := &e.mcc
	lv := &e.lv[l]
	np := e.p.NPrimary
	cnt := m.hc[l*np : (l+1)*np : (l+1)*np]
	hb, slack := m.hb[:np:np], m.slack[:np:np]
	best := int32(-1)
	var bt, bs, bc int32
	var bw uint32
	for j := range 2 {
		for x := lv.open[j]; x != 0; x &= x - 1 {
			i := int32(j<<6 | mbits.TrailingZeros64(x))
			b := hb[i]
			s := min(slack[i], b)
			c := cnt[i]
			t := c - (b - s) // the degree less one
			if t < 0 {
				lv.best, lv.least = i, -1
				if e.weighted {
					e.bump(i)
				}
				return false
			}
			if c == 0 { // content: no options, no need
				lv.open[j] &^= x & -x
				continue
			}
			if best >= 0 && (t > bt || t == bt && (s > bs || s == bs && c <= bc)) {
				if !e.weighted || t != bt || s != bs || c != bc || e.weight[i] <= bw {
					continue
				}
			}
			best, bt, bs, bc = i, t, s, c
			if e.weighted {
				bw = e.weight[i]
			}
		}
	}
	lv.best, lv.least = best, bt
	if best < 0 { // every primary item covered or content: a solution
		lv.least = 0
	}
	return true
}

// inSet reports whether compiled option k is in level l's set.
func (e *Engine) inSet(l int, k int32) bool {
	return e.mcc.liveSet(l)[k>>6]>>(k&63)&1 != 0
}

// cloneSets gives c memory of its own for the sets a search writes.
func (m *mccState) cloneSets() {
	if m.ow > 0 {
		m.lives = core.Private[uint64](nil, len(m.lives))
		m.hb = core.Private[int32](nil, len(m.hb))
		m.hc = core.Private[int32](nil, len(m.hc))
	}
}
