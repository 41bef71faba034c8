package bits

import (
	mbits "math/bits"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Multiplicities: a primary item i with bounds [lo, hi] must be covered
// between lo and hi times. The search branches two ways, as Knuth's SSMCC
// and the sparse-set engine do: a node picks the open item with the least
// branching degree len+s−b+1 (len its live options, b how many more
// options may cover it, s its slack hi−lo but at most b), ties to the
// smaller s, then to the longer list, then (Weighted rule) to the
// heavier, then to the first declared; and the live option of that item
// with the smallest index, o. Its left branch takes o, its right branch
// removes o from the list and leaves the item to a later node; a degree
// of 1 means every live option of the item is needed, and there is no
// right branch. With need = b−s = max(b−slack, 0), the options the item
// must still get, the degree is len−need+1.
//
// A level keeps, besides its list, its counters: each open item's live
// options, exact, in vertical counters of mcc.planes planes (as many as
// the most options of an item need), made from the parent's by
// subtracting the options the child's list loses. The items' b are
// vertical numbers too, one set for the path, decreased for all the
// primary items of the option taken at once (a borrow rippling through
// the planes) and increased back when the search leaves the branch; their
// slacks are constant planes. A choice derives each item's need and s
// from them (b−slack, plane by plane), then its degree, len−need, whose
// borrow marks the items that can no longer be satisfied (a dead end),
// and finds the least degree plane by plane from the highest as filter
// finds the fewest options, ties by s and len the same way.
//
// Taking o covers its secondary items (its kill, colors.go) and those of
// its primary items whose b falls to 0: the child's list is its parent's
// less o and less the options that meet them. An open item left without
// options and with no need is content, and leaves the open set; a
// solution is a node without open items.

// Branches of a level with multiplicities, in level.branch.
const (
	takeBranch    = 1
	excludeBranch = 2
)

// mccState is what the engine keeps for multiplicities.
type mccState struct {
	on     bool
	planes int // the counters' planes: enough for the most options of an item
	nplane int // the bounds' planes: enough for the largest upper bound
	// cnts holds each level's counters: plane p of level l is
	// cnts[(l*planes+p)*words:][:words]. needs and ss hold each primary
	// item's need, max(b−slack, 0), and s, min(slack, b), in nplane
	// planes of words each, as the last choice derived them.
	cnts, needs, ss []uint64
	// bounds holds each primary item's b, how many more options may cover
	// it, in nplane planes for the current path; slacks its hi−lo, in as
	// many, and slack the same as numbers.
	bounds, slacks []uint64
	slack          []int32
	mask           set      // scratch: a child's mask
	diff           []uint64 // scratch: the degrees' planes
	cands          set      // scratch: the candidates for the least degree
	// ow is the words of a set of options when the levels' lists are
	// sets (mccsets.go), else 0; cols holds each row bit's column, lives
	// each level's set.
	ow          int
	cols, lives []uint64
	// keys holds each level's sort keys, when the lists are sets.
	keys []int64
	// nk is the keys a level copies and scans: the primary items, then
	// closed keys up to a multiple of four (leastKey).
	nk int
	// slot holds where each level's set and keys are, in lives and keys:
	// its own place, or its parent's (childSet).
	slot []int32
	// prims holds each option's primary items, stride apiece (4, 6 or 8),
	// padded with keys never read (nil, stride 0, when an option has
	// more than eight).
	prims  []uint8
	stride int
	// prims4, prims6 and prims8 hold the same, an array an option, for
	// the stride that the problem has.
	prims4 [][4]uint8
	prims6 [][6]uint8
	prims8 [][8]uint8
}

// resetM compiles p's bounds (e.mcc.on when p has multiplicities).
func (e *Engine) resetM(p *core.Problem) {
	m := &e.mcc
	m.on = p.Multiplicities()
	if !m.on {
		return
	}
	w := e.words
	uses := make([]int32, p.NPrimary)
	for _, it := range p.Items {
		if int(it) < p.NPrimary {
			uses[it]++
		}
	}
	m.planes, m.nplane = 1, 1
	m.slack = resize(m.slack, p.NPrimary)
	for i := range p.NPrimary {
		lo, hi := p.Bounds(i)
		m.slack[i] = hi - lo
		m.planes = max(m.planes, mbits.Len32(uint32(uses[i])))
		m.nplane = max(m.nplane, mbits.Len32(uint32(hi)))
	}
	levels := e.MaxDepth() + 2
	m.cnts = resize(m.cnts, levels*m.planes*w)
	m.needs, m.ss = resize(m.needs, m.nplane*w), resize(m.ss, m.nplane*w)
	m.bounds, m.slacks = resize(m.bounds, m.nplane*w), resize(m.slacks, m.nplane*w)
	clear(m.slacks)
	for i := range int32(p.NPrimary) {
		for p := range m.nplane {
			m.slacks[p*w+int(i>>6)] |= uint64(m.slack[i]>>p&1) << (i & 63)
		}
	}
	m.mask, m.diff = resize(m.mask, w), resize(m.diff, m.planes*w)
	m.cands = resize(m.cands, w)
	e.resetSets(levels)
}

// clone returns m with memory of its own for what a search writes.
func (m mccState) clone() mccState {
	if !m.on {
		return m
	}
	c := m
	c.cnts = core.Private[uint64](nil, len(m.cnts))
	c.needs = core.Private[uint64](nil, len(m.needs))
	c.ss = core.Private[uint64](nil, len(m.ss))
	c.bounds = core.Private[uint64](nil, len(m.bounds))
	c.mask = core.Private[uint64](nil, len(m.mask))
	c.diff = core.Private[uint64](nil, len(m.diff))
	c.cands = core.Private[uint64](nil, len(m.cands))
	c.cloneSets()
	return c
}

// mccBytes is what multiplicities take besides the rows and the stack of
// lists: each level's counters and needs.
func mccBytes(p *core.Problem, words int) int64 {
	most, hi := int32(0), int32(0)
	uses := make([]int32, p.NPrimary)
	for _, it := range p.Items {
		if int(it) < p.NPrimary {
			uses[it]++
			most = max(most, uses[it])
		}
	}
	for i := range p.NPrimary {
		_, h := p.Bounds(i)
		hi = max(hi, h)
	}
	planes := max(mbits.Len32(uint32(most)), 1) + max(mbits.Len32(uint32(hi)), 1)
	return int64(p.NumOptions()+2)*int64(planes*words)*8 + setsBytes(p, words)
}

// resetBounds sets every primary item's b to its upper bound.
func (e *Engine) resetBounds() {
	m := &e.mcc
	if m.ow > 0 { // the keys hold b
		return
	}
	w := e.words
	clear(m.bounds)
	for i := range e.p.NPrimary {
		_, hi := e.p.Bounds(i)
		for p := range m.nplane {
			m.bounds[p*w+i>>6] |= uint64(hi>>p&1) << (i & 63)
		}
	}
}

// boundOf returns item i's b.
func (e *Engine) boundOf(i int32) int32 {
	m := &e.mcc
	b := int32(0)
	for p := range m.nplane {
		b |= int32(m.bounds[p*e.words+int(i>>6)]>>(i&63)&1) << p
	}
	return b
}

// needsM sets m.needs and m.ss to each primary item's need, max(b−slack,
// 0), and s, min(slack, b), from the bounds and slacks: b−slack plane by
// plane with a borrow, which is left where b < slack (need 0, s = b).
func (e *Engine) needsM() {
	m := &e.mcc
	w, np := e.words, m.nplane
	bs, sl, needs, ss := m.bounds[:np*w], m.slacks[:np*w], m.needs[:np*w], m.ss[:np*w]
	for j := range w {
		borrow := uint64(0)
		for p := range np {
			a, c := bs[p*w+j], sl[p*w+j]
			needs[p*w+j] = a ^ c ^ borrow
			borrow = ^a&c | ^(a^c)&borrow
		}
		for p := range np {
			needs[p*w+j] &^= borrow
			ss[p*w+j] = bs[p*w+j]&borrow | sl[p*w+j]&^borrow
		}
	}
}

// rootM makes level l's counters from nothing, the options of its list
// counted, and the needs' planes from the bounds; its open set is the
// primary items not in covered, and it chooses as chooseM does. It
// reports whether the node is alive.
func (e *Engine) rootM(l int, covered set) bool {
	m := &e.mcc
	lv := &e.lv[l]
	w := e.words
	cnt := m.cnts[l*m.planes*w : (l+1)*m.planes*w]
	clear(cnt)
	for _, k := range e.stack[lv.lo:lv.hi] {
		for j, x := range e.row(k) {
			for i := j; x != 0 && i < len(cnt); i += w {
				cnt[i], x = cnt[i]^x, cnt[i]&x
			}
		}
	}
	lv.open.minus(e.prim, covered)
	if m.ow > 0 {
		return e.rootSetM(l)
	}
	return e.chooseM(l)
}

// chooseM finds level l's item to branch on (lv.best, -1 when no item is
// open: a solution) and its degree less one (lv.least), after taking
// from its open set the items that are content (no option, no need). It
// reports false for a dead end: an open item with fewer options than it
// needs (lv.best is then that item, lv.least −1).
func (e *Engine) chooseM(l int) bool {
	m := &e.mcc
	lv := &e.lv[l]
	w, planes, nplane := e.words, m.planes, m.nplane
	e.needsM()
	open, diff, cands := lv.open[:w], m.diff, m.cands[:w]
	cnt := m.cnts[l*planes*w : (l+1)*planes*w]
	needs := m.needs[:nplane*w]
	// diff = cnt − need, plane by plane with a borrow; any, an open item
	// with options.
	var dead, none uint64
	for j := range open {
		borrow, any := uint64(0), uint64(0)
		for p := range planes {
			a := cnt[p*w+j]
			b := uint64(0)
			if p < nplane {
				b = needs[p*w+j]
			}
			diff[p*w+j] = a ^ b ^ borrow
			borrow = ^a&b | ^(a^b)&borrow
			any |= a
		}
		for p := planes; p < nplane; p++ { // needs beyond any count
			borrow |= needs[p*w+j]
		}
		o := open[j]
		dead |= o & borrow
		cands[j] = o & borrow
		o &= any | borrow // content items leave: no options, no need
		open[j] = o
		none |= o
	}
	if dead != 0 {
		lv.best, lv.least = first(cands), -1
		if e.weighted {
			e.bump(lv.best)
		}
		return false
	}
	if none == 0 { // every primary item covered or content: a solution
		lv.best, lv.least = -1, 0
		return true
	}
	copy(cands, open)
	least := int32(0)
	for p := planes - 1; p >= 0; p-- {
		d := diff[p*w : p*w+w]
		left := uint64(0)
		for j, c := range cands {
			left |= c &^ d[j]
		}
		if left == 0 {
			least |= 1 << p
			continue
		}
		for j := range cands {
			cands[j] &^= d[j]
		}
	}
	lv.least = least
	lv.best = e.tieM(l, cands)
	return true
}

// chooseM2 is chooseM for rows of two words, the words in registers, its
// ties broken plane by plane: the least s, then the most options (the
// highest plane where some has a 1, down), then the first declared or,
// under the Weighted rule, the heaviest (tieM).
func (e *Engine) chooseM2(l int) bool {
	m := &e.mcc
	lv := &e.lv[l]
	planes, nplane := m.planes, m.nplane
	cnt := m.cnts[l*planes*2 : (l+1)*planes*2]
	needs, bs, sl := m.needs[:nplane*2], m.bounds[:nplane*2], m.slacks[:nplane*2]
	diff := m.diff[:planes*2]
	open := lv.open[:2]
	// The needs, b−slack where b ≥ slack (as needsM, in registers); neg
	// marks the items whose b is below their slack (need 0, s = b).
	var neg0, neg1 uint64
	for p := range nplane {
		a0, a1, c0, c1 := bs[2*p], bs[2*p+1], sl[2*p], sl[2*p+1]
		needs[2*p], needs[2*p+1] = a0^c0^neg0, a1^c1^neg1
		neg0 = ^a0&c0 | ^(a0^c0)&neg0
		neg1 = ^a1&c1 | ^(a1^c1)&neg1
	}
	for p := range nplane {
		needs[2*p] &^= neg0
		needs[2*p+1] &^= neg1
	}
	var br0, br1, any0, any1 uint64
	for p := range planes {
		a0, a1 := cnt[2*p], cnt[2*p+1]
		var b0, b1 uint64
		if p < nplane {
			b0, b1 = needs[2*p], needs[2*p+1]
		}
		diff[2*p], diff[2*p+1] = a0^b0^br0, a1^b1^br1
		br0 = ^a0&b0 | ^(a0^b0)&br0
		br1 = ^a1&b1 | ^(a1^b1)&br1
		any0, any1 = any0|a0, any1|a1
	}
	for p := planes; p < nplane; p++ { // needs beyond any count
		br0, br1 = br0|needs[2*p], br1|needs[2*p+1]
	}
	o0, o1 := open[0], open[1]
	if d0, d1 := o0&br0, o1&br1; d0|d1 != 0 {
		lv.least = -1
		if d0 == 0 {
			lv.best = 64 + int32(mbits.TrailingZeros64(d1))
		} else {
			lv.best = int32(mbits.TrailingZeros64(d0))
		}
		if e.weighted {
			e.bump(lv.best)
		}
		return false
	}
	o0, o1 = o0&any0, o1&any1 // content items leave: no options, no need
	open[0], open[1] = o0, o1
	if o0|o1 == 0 { // every primary item covered or content: a solution
		lv.best, lv.least = -1, 0
		return true
	}
	least := int32(0)
	for p := planes - 1; p >= 0; p-- {
		if t0, t1 := o0&^diff[2*p], o1&^diff[2*p+1]; t0|t1 != 0 {
			o0, o1 = t0, t1
		} else {
			least |= 1 << p
		}
	}
	lv.least = least
	if o0&(o0-1)|o1 != 0 && o0|o1&(o1-1) != 0 { // ties
		for p := nplane - 1; p >= 0; p-- { // s = b where neg, else slack
			s0 := bs[2*p]&neg0 | sl[2*p]&^neg0
			s1 := bs[2*p+1]&neg1 | sl[2*p+1]&^neg1
			if t0, t1 := o0&^s0, o1&^s1; t0|t1 != 0 {
				o0, o1 = t0, t1
			}
		}
		for p := planes - 1; p >= 0; p-- {
			if t0, t1 := o0&cnt[2*p], o1&cnt[2*p+1]; t0|t1 != 0 {
				o0, o1 = t0, t1
			}
		}
		if e.weighted {
			m.cands[0], m.cands[1] = o0, o1
			lv.best = e.tieM(l, m.cands)
			return true
		}
	}
	if o0 != 0 {
		lv.best = int32(mbits.TrailingZeros64(o0))
	} else {
		lv.best = 64 + int32(mbits.TrailingZeros64(o1))
	}
	return true
}

// tieM returns, of the candidates (the open items of least degree), the
// one with the smaller s, then the longer list, then (Weighted rule) the
// heavier, then the first declared.
func (e *Engine) tieM(l int, cands set) int32 {
	m := &e.mcc
	many := 0
	for _, x := range cands {
		many += mbits.OnesCount64(x)
	}
	if many == 1 {
		return first(cands)
	}
	best := int32(-1)
	var bs, bl int32
	var bw uint32
	for j, x := range cands {
		for ; x != 0; x &= x - 1 {
			i := int32(j<<6 | mbits.TrailingZeros64(x))
			s := min(m.slack[i], e.boundOf(i))
			n := e.countM(l, i)
			var wt uint32
			if e.weighted {
				wt = e.weight[i]
			}
			if best < 0 || s < bs || s == bs && (n > bl || n == bl && wt > bw) {
				best, bs, bl, bw = i, s, n, wt
			}
		}
	}
	return best
}

// countM returns item i's live options at level l.
func (e *Engine) countM(l int, i int32) int32 {
	m := &e.mcc
	w := e.words
	cnt := m.cnts[l*m.planes*w : (l+1)*m.planes*w]
	n := int32(0)
	for p := range m.planes {
		n |= int32(cnt[p*w+int(i>>6)]>>(i&63)&1) << p
	}
	return n
}

// firstM returns the place in the stack of the option of level l's list
// with the smallest index that contains item i: the first in the list,
// which keeps the root's order.
func (e *Engine) firstM(l int, i int32) int32 {
	lv := &e.lv[l]
	w, sh, words := int(i>>6), uint(i&63), e.words
	rows := e.rows
	for at, k := range e.stack[lv.lo:lv.hi] {
		if rows[int(k)*words+w]>>sh&1 != 0 {
			return lv.lo + int32(at)
		}
	}
	return -1 // never: the item has options
}

// childM makes level d+1 from level d by its branch: taking lv.opt, or
// removing it; it reports whether the child is alive. Taking an option
// decreases its primary items' b, which untakeM gives back.
func (e *Engine) childM(d int, w *walk) bool {
	m := &e.mcc
	lv, next := &e.lv[d], &e.lv[d+1]
	k := lv.opt
	words := e.words
	mask := m.mask
	if m.ow > 0 {
		return e.childSet(d, w)
	}
	if words == 2 {
		return e.childM2(d, w)
	}
	copy(next.open, lv.open)
	if lv.branch == takeBranch {
		// Its secondary items, and its primary items whose b falls to 0:
		// b less 1 for each of its primary items, in the planes, with a
		// borrow.
		row, prim, bs, np := e.row(k), e.prim, m.bounds, m.nplane
		for j := range words {
			x := row[j] & prim[j]
			borrow := x
			for p := 0; borrow != 0 && p < np; p++ {
				b := bs[p*words+j]
				bs[p*words+j] = b ^ borrow
				borrow &^= b
			}
			spent := x
			for p := range np {
				spent &^= bs[p*words+j]
			}
			mask[j] = e.kill(k)[j]&^prim[j] | spent
			next.open[j] &^= spent
		}
	} else {
		clear(mask)
	}
	if need := int(lv.hi) + int(lv.hi-lv.lo); need > len(e.stack) {
		e.grow(need)
	}
	next.lo = lv.hi
	planes := m.planes
	cnt := m.cnts[(d+1)*planes*words : (d+2)*planes*words]
	copy(cnt, m.cnts[d*planes*words:(d+1)*planes*words])
	var n int
	switch {
	case !mask.any(): // the child loses o alone: the list less o, copied
		s := e.stack
		n = copy(s[next.lo:], s[lv.lo:lv.cur])
		n += copy(s[next.lo+int32(n):], s[lv.cur+1:lv.hi])
		e.lose(cnt, e.row(k), next.open)
	case words == 2:
		n = e.survivors2(lv.lo, lv.hi, k, cnt, next.open)
	default:
		n = e.survivorsM(lv.lo, lv.hi, k, cnt, next.open)
	}
	next.hi = next.lo + int32(n)
	w.updates += int64(lv.hi-lv.lo) - int64(n)
	w.work += int64(lv.hi - lv.lo)
	return e.chooseM(d + 1)
}

// childM2 is childM for rows of two words, the words in registers.
func (e *Engine) childM2(d int, w *walk) bool {
	m := &e.mcc
	lv, next := &e.lv[d], &e.lv[d+1]
	k := lv.opt
	o0, o1 := lv.open[0], lv.open[1]
	var m0, m1 uint64
	r := e.rows2[k]
	if lv.branch == takeBranch {
		// Its secondary items, and its primary items whose b falls to 0:
		// b less 1 for each of its primary items, with a borrow.
		p0, p1 := e.prim[0], e.prim[1]
		x0, x1 := r.a&p0, r.b&p1
		bs := m.bounds[:2*m.nplane]
		b0, b1, left0, left1 := x0, x1, uint64(0), uint64(0)
		for p := 0; p+1 < len(bs); p += 2 {
			v := bs[p : p+2 : p+2]
			v0, v1 := v[0], v[1]
			v0, v1 = v0^b0, v1^b1
			v[0], v[1] = v0, v1
			b0, b1 = b0&^(v0^b0), b1&^(v1^b1)
			left0, left1 = left0|v0, left1|v1
		}
		spent0, spent1 := x0&^left0, x1&^left1
		kl := e.kills2[k]
		m0, m1 = kl.a&^p0|spent0, kl.b&^p1|spent1
		o0, o1 = o0&^spent0, o1&^spent1
	}
	next.open[0], next.open[1] = o0, o1
	if need := int(lv.hi) + int(lv.hi-lv.lo); need > len(e.stack) {
		e.grow(need)
	}
	next.lo = lv.hi
	planes := m.planes
	cnt := m.cnts[(d+1)*planes*2 : (d+2)*planes*2]
	copy(cnt, m.cnts[d*planes*2:(d+1)*planes*2])
	var n int
	if m0|m1 == 0 { // the child loses o alone: the list less o, copied
		s := e.stack
		n = copy(s[next.lo:], s[lv.lo:lv.cur])
		n += copy(s[next.lo+int32(n):], s[lv.cur+1:lv.hi])
		a, b := r.a&o0, r.b&o1
		for i := 0; a|b != 0 && i+1 < len(cnt); i += 2 {
			c := cnt[i : i+2 : i+2]
			ha, hb := c[0], c[1]
			c[0], c[1] = ha^a, hb^b
			a, b = a&^ha, b&^hb
		}
	} else {
		m.mask[0], m.mask[1] = m0, m1
		n = e.survivors2(lv.lo, lv.hi, k, cnt, next.open)
	}
	next.hi = next.lo + int32(n)
	w.updates += int64(lv.hi-lv.lo) - int64(n)
	w.work += int64(lv.hi - lv.lo)
	return e.chooseM2(d + 1)
}

// lose subtracts row from the counters cnt, for the items of open.
func (e *Engine) lose(cnt []uint64, row, open set) {
	words := e.words
	for j, x := range row {
		x &= open[j]
		for i := j; x != 0; i += words {
			had := cnt[i]
			cnt[i], x = had^x, x&^had
		}
	}
}

// survivorsM writes after stack[lo:hi] the options of it but k that meet
// none of mcc.mask, and subtracts the others from cnt, for the items of
// open; it returns how many it wrote.
func (e *Engine) survivorsM(lo, hi, k int32, cnt []uint64, open set) int {
	mask := e.mcc.mask
	s := e.stack
	n := hi
	for _, q := range s[lo:hi] {
		row := e.row(q)
		if q != k && !row.meets(mask) {
			s[n] = q
			n++
			continue
		}
		e.lose(cnt, row, open) // a lost option: its open items lose it
	}
	return int(n - hi)
}

// survivors2 is survivorsM for rows of two words: most options of a
// short list survive, and a lost one is subtracted as it is found.
func (e *Engine) survivors2(lo, hi, k int32, cnt []uint64, open set) int {
	m0, m1, o0, o1 := e.mcc.mask[0], e.mcc.mask[1], open[0], open[1]
	rows := e.rows2
	s := e.stack
	src, dst := s[lo:hi], s[hi:hi+(hi-lo)]
	n := 0
	for _, q := range src {
		r := rows[q]
		if r.a&m0|r.b&m1 == 0 && q != k {
			dst[n] = q
			n++
			continue
		}
		a, b := r.a&o0, r.b&o1 // a lost option: its open items lose it
		for i := 0; a|b != 0 && i+1 < len(cnt); i += 2 {
			c := cnt[i : i+2 : i+2]
			ha, hb := c[0], c[1]
			c[0], c[1] = ha^a, hb^b
			a, b = a&^ha, b&^hb
		}
	}
	return n
}

// untakeM gives back the b that taking option k took from its items.
func (e *Engine) untakeM(k int32) {
	m := &e.mcc
	if m.ow > 0 { // the keys hold b, and the parent's keys are its own
		return
	}
	row, prim, bs, words := e.row(k), e.prim, m.bounds, e.words
	for j := range words {
		carry := row[j] & prim[j]
		for p := 0; carry != 0 && p < m.nplane; p++ {
			b := bs[p*words+j]
			bs[p*words+j] = b ^ carry
			carry &= b
		}
	}
}

// searchM is the search loop with multiplicities (searchSubtree's, with
// two branches a node).
func (e *Engine) searchM(run *core.Run, c *core.Counters, base int) (end core.Status) {
	var (
		depth = base
		lv    = &e.lv[depth]
		w     = walk{base: base, cut: base - 1}
	)
	clear(e.prof)
	w.nextPoll, w.nextWork = run.NextPoll(0), PollWork

forward:
	if w.nodes >= w.nextPoll || w.work >= w.nextWork {
		if why, stop := e.poll(run, &w, c, depth); stop {
			end = why
			goto finish
		}
		w.nextPoll, w.nextWork = run.NextPoll(w.nodes), w.work+PollWork
	}
	w.nodes++
	e.prof[depth]++
	if lv.best < 0 { // no open item: a solution
		w.sols++
		if run.Visit != nil {
			if !run.Visit(e.solutionM(depth)) {
				end = core.Stopped
				goto finish
			}
		}
		if run.MaxSolutions > 0 && w.sols >= run.MaxSolutions {
			end = core.SolutionLimit
			goto finish
		}
		goto backup
	}
	if lv.least < 0 { // an item with too few options (only at the base)
		goto backup
	}
	if e.mcc.ow > 0 {
		lv.opt = e.firstSet(depth, lv.best)
	} else {
		lv.cur = e.firstM(depth, lv.best)
		lv.opt = e.stack[lv.cur]
	}
	lv.branch = takeBranch
	if e.childM(depth, &w) {
		depth++
		lv = &e.lv[depth]
		goto forward
	}
	e.untakeM(lv.opt)

next: // lv's right branch, if it has one and keeps it
	if lv.branch == takeBranch && lv.least > 0 && depth > w.cut {
		lv.branch = excludeBranch
		if e.childM(depth, &w) {
			depth++
			lv = &e.lv[depth]
			goto forward
		}
	}

backup:
	if depth == w.base {
		goto finish
	}
	depth--
	lv = &e.lv[depth]
	if lv.branch == takeBranch {
		e.untakeM(lv.opt)
	}
	goto next

finish:
	*c = w.add(c)
	run.AddProfile(e.prof)
	return end
}

// solutionM returns the caller's indices of the options taken at levels
// 0…depth-1.
func (e *Engine) solutionM(depth int) []int {
	e.sol = e.sol[:0]
	for l := range depth {
		if lv := &e.lv[l]; lv.branch == takeBranch {
			e.sol = append(e.sol, int(e.p.Caller[lv.opt]))
		}
	}
	return e.sol
}

// replayM is replay with multiplicities: the root's list and counters
// from nothing, then each step of path as a child of the level before,
// checked first (the option live, its item primary, in it and open).
func (e *Engine) replayM(path []core.Step, countLast bool, c *core.Counters) (depth int, alive bool, err error) {
	e.resetBounds()
	n := int32(e.p.NumOptions())
	lv := &e.lv[0]
	lv.lo, lv.hi = 0, n
	clear(e.covered)
	if !e.rootM(0, e.covered) && len(path) > 0 {
		return 0, false, &core.PathError{Err: core.ErrInconsistent, Step: 0, Option: path[0].Option}
	}
	var w walk
	for l, st := range path {
		lv := &e.lv[l]
		if err := e.checkStepM(l, st); err != nil {
			return 0, false, &core.PathError{Err: err, Step: l, Option: st.Option}
		}
		lv.opt, lv.best, lv.branch, lv.least = e.p.Index[st.Option], st.Item, takeBranch, 0 // no siblings
		if st.Exclude {
			lv.branch = excludeBranch
		}
		before := w.updates
		ok := e.childM(l, &w)
		if countLast && l == len(path)-1 {
			c.Updates += w.updates - before
		}
		if !ok {
			return l, false, nil
		}
	}
	return len(path), true, nil
}

// checkStepM checks path step st at level l: its option exists and is in
// l's list, and its item, when it has one (an exclusion must), is primary,
// open, and in the option.
func (e *Engine) checkStepM(l int, st core.Step) error {
	p := e.p
	if st.Option < 0 || int(st.Option) >= len(p.Index) || p.Index[st.Option] < 0 {
		return core.ErrBadPath
	}
	k := p.Index[st.Option]
	if st.Item < 0 {
		if st.Exclude {
			return core.ErrBadPath
		}
	} else if int(st.Item) >= p.NPrimary || !e.row(k).has(st.Item) {
		return core.ErrBadPath
	} else if !e.lv[l].open.has(st.Item) {
		return core.ErrInconsistent
	}
	if e.mcc.ow > 0 {
		if !e.inSet(l, k) {
			return core.ErrInconsistent
		}
		return nil
	}
	lv := &e.lv[l]
	for at, q := range e.stack[lv.lo:lv.hi] {
		if q == k {
			lv.cur = lv.lo + int32(at)
			return nil
		}
	}
	return core.ErrInconsistent
}

// expandM is Expand with multiplicities, at level base that replay made.
func (e *Engine) expandM(c *core.Counters, dst []core.Unit, base int) ([]core.Unit, bool) {
	lv := &e.lv[base]
	if lv.best < 0 {
		c.Solutions++
		return dst, true
	}
	if lv.least < 0 {
		return dst, false
	}
	var o int32
	if e.mcc.ow > 0 {
		o = e.p.Caller[e.firstSet(base, lv.best)]
	} else {
		o = e.p.Caller[e.stack[e.firstM(base, lv.best)]]
	}
	dst = append(dst, core.Unit{Path: append(e.Steps(base), core.Step{Item: lv.best, Option: o}), CountLast: true})
	if lv.least > 0 {
		dst = append(dst, core.Unit{Path: append(e.Steps(base), core.Step{Item: lv.best, Option: o, Exclude: true}), CountLast: true})
	}
	return dst, false
}
