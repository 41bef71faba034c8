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
// The counts are then kept as numbers, not planes, and each level has
// for each primary item its sort key: its degree less one (t = len−need) above its s above its
// count's complement above the item, one 64-bit number whose least over
// the open items is the choice (the least degree, ties to the smaller s,
// then the longer list, then the first declared); an item that is not
// open has a key above all of those. A child copies its parent's keys
// (or, its parent's last branch, takes them) and changes those of the
// primary items of each option lost (t and the count less one: a few
// subtractions an option, where the planes' borrow ripples through all of
// them) and, when it takes an option, those of its primary items (b less
// one: t up one while b exceeds the slack, else s down one). An open
// item's b is in its key, its s plus its need (its count less t), so a
// path keeps nothing to give back when the search goes up. A key below
// zero is a dead end; a count of zero with no need, an item content. A choice is the least key, with the sparse
// engine's ties; so the search tree is the same, and the option with the
// smallest index is the lowest bit of the set AND the item's column.

// MaxSetOptions is the most options for which a problem with
// multiplicities keeps its levels' lists as sets of options. Each level
// of a path (at most the options, plus three) has a set of options/64
// words and countsStride keys of 8 bytes, so the levels take about
// options × (options/8 + 2,048) bytes: 10 MiB at 4,096 options for each
// worker, growing with the square of the options past it; and a key holds
// a count in 13 bits. Larger problems keep their lists filtered by a pass.
const MaxSetOptions = 1 << 12

// The keys hold a count in 13 bits, an s in 24 (bounds below maxSetBound)
// and t in 20 (at most the count).
var _ = [1]struct{}{}[MaxSetOptions>>13]

// maxSetBound bounds the upper bounds of a problem whose lists are sets:
// an item's s, at most its upper bound, has 24 bits of its key.
const maxSetBound = 1 << 24

// Fields of a key: t, s, the count's complement (countMask less the
// count) and the item, from the highest bits down.
const (
	tShift    = 44
	sShift    = 20
	cShift    = 7
	countMask = 1<<13 - 1
)

// usesSets reports whether a problem with multiplicities whose rows take
// words words keeps its lists as sets of options.
func usesSets(p *core.Problem, words int) bool {
	if words != 2 || p.NumOptions() > MaxSetOptions {
		return false
	}
	for i := range p.NPrimary {
		if _, hi := p.Bounds(i); hi >= maxSetBound {
			return false
		}
	}
	return true
}

// key returns the sort key of an item i with count c, bound b and slack
// sl. A t below −1 (the item needs more options than it has) is held as
// −1: the node is a dead end and makes no children whose updates would
// move it, while a need of up to 2²⁴ would overflow t's 20 bits. A live
// node's open items have t ≥ 0, and its children lose at most
// MaxSetOptions options, so their t stays above −2¹⁹.
func key(i int, c, b, sl int32) int64 {
	s := min(sl, b)
	t := max(c-(b-s), -1)
	return int64(t)<<tShift | int64(s)<<sShift | int64(countMask-c)<<cShift | int64(i)
}

// setsBytes is what the sets of options take for p: each level's set and
// keys, each row bit's column (128 bits in two words), and each option's
// primary items (twice: as bytes and as arrays).
func setsBytes(p *core.Problem, words int) int64 {
	if !usesSets(p, words) {
		return 0
	}
	n := p.NumOptions()
	ow := int64(n+63) / 64
	return (int64(n)+3)*(ow*8+countsStride*8+4) + 128*ow*8 + 2*8*int64(n)
}

// resetSets builds the columns of p's rows, when its lists are sets
// (m.ow > 0 then, the words of a set of options).
func (e *Engine) resetSets(levels int) {
	m := &e.mcc
	n := e.p.NumOptions()
	m.ow = 0
	if !usesSets(e.p, e.words) {
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
	m.keys = resize(m.keys, levels*countsStride)
	m.nk = (np + 3) &^ 3
	m.slot = resize(m.slot, levels)
	// Four, six or eight entries an option, as many as the most primary
	// items of an option need, else none (loseSet goes by bits).
	most := 0
	for k := range n {
		r := e.rows2[k]
		most = max(most, mbits.OnesCount64(r.a&e.prim[0])+mbits.OnesCount64(r.b&e.prim[1]))
	}
	m.stride = 4
	if most > 4 {
		m.stride = 6
	}
	if most > 6 {
		m.stride = 8
	}
	if most > 8 {
		m.stride, m.prims = 0, nil
		return
	}
	m.prims = resize(m.prims, m.stride*n)
	for k := range n {
		p := m.prims[m.stride*k : m.stride*(k+1)]
		for i := range p { // distinct keys, so the writes do not wait on each other
			p[i] = uint8(countsStride - 1 - i)
		}
		at := 0
		for j, x := range e.row(int32(k))[:2] {
			for y := x & e.prim[j]; y != 0; y &= y - 1 {
				p[at] = uint8(j<<6 | mbits.TrailingZeros64(y))
				at++
			}
		}
	}
	// The same as arrays, one an option, for loseSet's loops.
	m.prims4, m.prims6, m.prims8 = m.prims4[:0], m.prims6[:0], m.prims8[:0]
	for k := range n {
		p := m.prims[m.stride*k : m.stride*(k+1)]
		switch m.stride {
		case 4:
			m.prims4 = append(m.prims4, [4]uint8(p))
		case 6:
			m.prims6 = append(m.prims6, [6]uint8(p))
		case 8:
			m.prims8 = append(m.prims8, [8]uint8(p))
		}
	}
}

// liveSet returns level l's set of options.
func (m *mccState) liveSet(l int) []uint64 {
	at := int(m.slot[l])
	return m.lives[at*m.ow : (at+1)*m.ow : (at+1)*m.ow]
}

// keysOf returns level l's keys.
func (m *mccState) keysOf(l int) *[countsStride]int64 {
	at := int(m.slot[l])
	return (*[countsStride]int64)(m.keys[at*countsStride : (at+1)*countsStride])
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
// alive. Taking an option decreases its primary items' b (in their keys);
// those whose b falls to 0 are covered, with its secondary items, and the
// options that meet them leave the child's set.
func (e *Engine) childSet(d int, w *walk) bool {
	m := &e.mcc
	lv, next := &e.lv[d], &e.lv[d+1]
	k := lv.opt
	// A child that is its parent's last branch (the right one, or the
	// left when there is no right) takes its parent's set and keys, which
	// nothing reads again; another has its own, copied.
	last := lv.branch == excludeBranch || lv.least == 0
	if last {
		m.slot[d+1] = m.slot[d]
	} else {
		m.slot[d+1] = int32(d + 1)
		copy(m.keysOf(d + 1)[:m.nk], m.keysOf(d)[:m.nk])
		copy(m.liveSet(d+1), m.liveSet(d))
	}
	keys := m.keysOf(d + 1)
	if lv.branch == excludeBranch {
		return e.excludeSet(d, keys, w)
	}
	// Its primary items: b less one, and the option itself lost (count
	// less one); need less one (t back up) while b exceeds the slack, else
	// s less one (and t less one); closed when b falls to 0. Their keys
	// hold b: the items are open at a live node, so their t is exact.
	p0, p1 := e.prim[0], e.prim[1]
	r := e.rows2[k]
	var spent [2]uint64
	for j, x := range [2]uint64{r.a & p0, r.b & p1} {
		for ; x != 0; x &= x - 1 {
			i := (j<<6 | mbits.TrailingZeros64(x)) & 127
			kk := keys[i]
			need := countMask - kk>>cShift&countMask - kk>>tShift // c − t
			switch {
			case kk>>sShift&(maxSetBound-1)+need == 1: // b = s + need
				spent[j] |= x & -x
				keys[i] = closed
			case need > 0:
				keys[i] += 1 << cShift
			default:
				keys[i] -= 1<<sShift + lose
			}
		}
	}
	kl := e.kills2[k]
	m0, m1 := kl.a&^p0|spent[0], kl.b&^p1|spent[1]
	next.open[0], next.open[1] = lv.open[0]&^spent[0], lv.open[1]&^spent[1]
	ow := m.ow
	live := m.liveSet(d + 1)
	live[k>>6] &^= 1 << (k & 63)
	lost := 1
	for j, x := range [2]uint64{m0, m1} {
		for ; x != 0; x &= x - 1 {
			b := j<<6 | mbits.TrailingZeros64(x)
			col := m.cols[b*ow : (b+1)*ow : (b+1)*ow]
			for wd, c := range col {
				if y := live[wd] & c; y != 0 {
					live[wd] &^= y
					lost += e.loseSet(keys, wd<<6, y)
				}
			}
		}
	}
	w.updates += int64(lost)
	w.work += int64(lost)
	return e.chooseSet(d + 1)
}

// excludeSet makes level d+1, d's right branch, in d's set and keys:
// they lose lv.opt alone, so the keys that change are its primary items',
// all down by lose. One of them is d's choice, whose key was d's least
// (or tied with it but for the item, under the Weighted rule) and is now
// below every key that did not change: the least is theirs, and the
// other keys need not be read.
func (e *Engine) excludeSet(d int, keys *[countsStride]int64, w *walk) bool {
	m := &e.mcc
	lv, next := &e.lv[d], &e.lv[d+1]
	k := lv.opt
	next.open[0], next.open[1] = lv.open[0], lv.open[1]
	live := m.liveSet(d + 1)
	live[k>>6] &^= 1 << (k & 63)
	least := int64(closed)
	r := e.rows2[k]
	for x := r.a & e.prim[0]; x != 0; x &= x - 1 {
		i := mbits.TrailingZeros64(x) & 127
		keys[i] -= lose
		least = min(least, keys[i])
	}
	for x := r.b & e.prim[1]; x != 0; x &= x - 1 {
		i := (64 + mbits.TrailingZeros64(x)) & 127
		keys[i] -= lose
		least = min(least, keys[i])
	}
	w.updates++
	w.work++
	return e.chooseLeast(d+1, least)
}

// lose is what an option lost does to the key of each of its primary
// items: t and the count less one.
const lose = 1<<tShift - 1<<cShift

// loseSet changes the keys of the primary items of the options lost,
// options base+i for each bit i of y, for their loss, and returns how
// many they are: four, six or eight subtractions an option, unrolled,
// where every option has at most as many (the rest fall on keys never
// read), else one per bit of its row.
func (e *Engine) loseSet(keys *[countsStride]int64, base int, y uint64) int {
	m := &e.mcc
	n := mbits.OnesCount64(y)
	// In registers: the keys' writes could alias m.
	prims4, prims6, prims8 := m.prims4, m.prims6, m.prims8
	switch m.stride {
	case 4:
		for ; y != 0; y &= y - 1 {
			p := &prims4[base+mbits.TrailingZeros64(y)]
			keys[p[0]] -= lose
			keys[p[1]] -= lose
			keys[p[2]] -= lose
			keys[p[3]] -= lose
		}
	case 6:
		for ; y != 0; y &= y - 1 {
			p := &prims6[base+mbits.TrailingZeros64(y)]
			keys[p[0]] -= lose
			keys[p[1]] -= lose
			keys[p[2]] -= lose
			keys[p[3]] -= lose
			keys[p[4]] -= lose
			keys[p[5]] -= lose
		}
	case 8:
		for ; y != 0; y &= y - 1 {
			p := &prims8[base+mbits.TrailingZeros64(y)]
			keys[p[0]] -= lose
			keys[p[1]] -= lose
			keys[p[2]] -= lose
			keys[p[3]] -= lose
			keys[p[4]] -= lose
			keys[p[5]] -= lose
			keys[p[6]] -= lose
			keys[p[7]] -= lose
		}
	default:
		for ; y != 0; y &= y - 1 {
			r := e.rows2[base+mbits.TrailingZeros64(y)]
			for x := r.a & e.prim[0]; x != 0; x &= x - 1 {
				keys[mbits.TrailingZeros64(x)&127] -= lose
			}
			for x := r.b & e.prim[1]; x != 0; x &= x - 1 {
				keys[64+mbits.TrailingZeros64(x)&63] -= lose
			}
		}
	}
	return n
}

// countsStride is the room a level's keys take when the lists are sets:
// one per primary item (at most 128 in rows of two words) and, from the
// top, eight that the unrolled subtractions of loseSet may write and
// nothing reads.
const countsStride = 256

// rootSetM makes level l's set and keys from its list, stack[lo:hi],
// and chooses as chooseSet does; it reports whether the node is alive.
func (e *Engine) rootSetM(l int) bool {
	m := &e.mcc
	lv := &e.lv[l]
	m.slot[l] = int32(l)
	live := m.liveSet(l)
	clear(live)
	np := e.p.NPrimary
	var cnt [128]int32
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
	keys := m.keysOf(l)[:m.nk]
	for i := range keys {
		keys[i] = closed
		if i < np && lv.open.has(int32(i)) {
			_, hi := e.p.Bounds(i)
			keys[i] = key(i, cnt[i], hi, m.slack[i])
		}
	}
	return e.chooseSet(l)
}

// chooseSet is chooseM where the lists are sets: the least of the
// primary items' keys, found without a branch that depends on the item
// (the items not open have keys of closed or more, above any other).
func (e *Engine) chooseSet(l int) bool {
	m := &e.mcc
	return e.chooseLeast(l, leastKey(m.keysOf(l), m.nk))
}

// chooseLeast chooses at level l, least being the least of its keys. It
// reports false for a dead end, the first open item with fewer options
// than it needs (lv.best, lv.least −1). When the least is an item content
// (no option, no need), every content item's key is closed, and the
// least is found again. Under the Weighted rule, ties in
// degree, s and count go to the heavier item, then to the first declared.
func (e *Engine) chooseLeast(l int, least int64) bool {
	m := &e.mcc
	lv := &e.lv[l]
	keys := m.keysOf(l)
	if least < 0 { // fewer options than it needs: the first such item
		for i, k := range keys[:e.p.NPrimary] {
			if k < 0 {
				lv.best, lv.least = int32(i), -1
				break
			}
		}
		if e.weighted {
			e.bump(lv.best)
		}
		return false
	}
	if least < closedFloor && least>>cShift&countMask == countMask {
		least = dropContent(keys, m.nk)
	}
	if least >= closedFloor { // every primary item covered or content: a solution
		lv.best, lv.least = -1, 0
		return true
	}
	lv.least = int32(least >> tShift)
	lv.best = int32(least & (1<<cShift - 1))
	if e.weighted {
		lv.best = e.heaviestSet(l, least>>cShift)
	}
	return true
}

// dropContent closes the keys of the items content, no option and no
// need, of the first n keys (n a multiple of four, none below zero), and
// returns the least key left, four keys at a time as leastKey. Whether an
// item is content depends on the item, so the test is arithmetic, not a
// branch: its count's complement is countMask, which adding one carries
// out of its field (a closed key's complement, at most MaxSetOptions,
// never is). A content item stays in its level's open set, which only
// checkStepM reads: a step on it names an option not in the set.
func dropContent(keys *[countsStride]int64, n int) int64 {
	a, b, c, d := int64(closed), int64(closed), int64(closed), int64(closed)
	for i := 0; i < n; i += 4 {
		q := (*[4]int64)(keys[i&(countsStride-4):])
		k0, k1, k2, k3 := q[0], q[1], q[2], q[3]
		k0 |= ((k0+1<<cShift)&(countMask<<cShift) - 1) >> 63 & closed
		k1 |= ((k1+1<<cShift)&(countMask<<cShift) - 1) >> 63 & closed
		k2 |= ((k2+1<<cShift)&(countMask<<cShift) - 1) >> 63 & closed
		k3 |= ((k3+1<<cShift)&(countMask<<cShift) - 1) >> 63 & closed
		q[0], q[1], q[2], q[3] = k0, k1, k2, k3
		a, b, c, d = min(a, k0), min(b, k1), min(c, k2), min(d, k3)
	}
	return min(a, b, c, d)
}

// leastKey returns the least of the first n keys (n a multiple of four,
// the keys past the primary items closed), four at a time in four
// minima, which do not wait for each other.
func leastKey(keys *[countsStride]int64, n int) int64 {
	a, b, c, d := int64(closed), int64(closed), int64(closed), int64(closed)
	for i := 0; i < n; i += 4 {
		j := i & (countsStride - 4)
		a, b, c, d = min(a, keys[j]), min(b, keys[j+1]), min(c, keys[j+2]), min(d, keys[j+3])
	}
	return min(a, b, c, d)
}

// Keys of items that are not open: closed when the item leaves, at least
// closedFloor after the options lost since (at most MaxSetOptions, each
// subtracting lose), above any open item's key.
const (
	closed      = 1 << 62
	closedFloor = 1 << 61
)

var _ = [1]struct{}{}[(closed-MaxSetOptions*lose)/closedFloor-1]

// heaviestSet returns, of the open items at level l whose key less the
// item is top (the least), the heaviest, ties to the first declared.
func (e *Engine) heaviestSet(l int, top int64) int32 {
	m := &e.mcc
	lv := &e.lv[l]
	keys := m.keysOf(l)
	best, most := int32(-1), uint32(0)
	for j := range 2 {
		for x := lv.open[j]; x != 0; x &= x - 1 {
			i := (j<<6 | mbits.TrailingZeros64(x)) & 127
			if keys[i]>>cShift == top && (best < 0 || e.weight[i] > most) {
				best, most = int32(i), e.weight[i]
			}
		}
	}
	return best
}

// inSet reports whether compiled option k is in level l's set.
func (e *Engine) inSet(l int, k int32) bool {
	return e.mcc.liveSet(l)[k>>6]>>(k&63)&1 != 0
}

// cloneSets gives c memory of its own for the sets a search writes.
func (m *mccState) cloneSets() {
	if m.ow > 0 {
		m.lives = core.Private[uint64](nil, len(m.lives))
		m.keys = core.Private[int64](nil, len(m.keys))
		m.slot = core.Private[int32](nil, len(m.slot))
	}
}
