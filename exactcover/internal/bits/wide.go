package bits

import (
	mbits "math/bits"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// wideRows is what the engine keeps for rows wider than narrowWords.
//
// A level's list is a set of options, a bit per option at its place in
// the root's list, so that its order is the list's. A child's is its
// parent's less the options that meet the option taken (kills, made once
// per option, or the OR of the sets of its items), a few words per node
// whatever the list's length.
//
// The counters are exact and kept per level: a child's are its parent's
// less the options its list lost (a few dozen in a Sudoku, against
// hundreds kept), subtracted with a ripple of borrows in vertical
// counters of as many planes as the most options of an item need, and
// only for the items still open. So a node's work is in proportion to
// what its list loses, as the sparse-set engine's, and the item chosen is
// always the sparse-set engine's.
//
// For that subtraction each row is laid out as its words that are not
// zero, each with its place in the row (entries), all rows with as many
// entries as the row with the most (per), padded with zeros: an option
// of a 9×9 Sudoku touches 4 of 324 items, in at most 4 of a row's 6
// words, and one of a 16×16 Sudoku 4 of 1,024 items in 16 words, so that
// it costs an option's entries, not the row's width.
type wideRows struct {
	per    int     // entries per row
	ent    []entry // row k: ent[k*per:(k+1)*per]
	words  int     // the words of a row
	planes int     // the counters' planes: enough for the most options of an item
	// cnts holds each level's counters: plane p of level l is the words
	// cnts[(l*planes+p)*words:][:words], bit i of it bit p of item i's
	// count of the level's list.
	cnts []uint64
	lost []int32 // scratch: the options of a list that its child loses
	// The levels' lists are sets of options' places in the root's list
	// (at: place → option; place: option → place), owords words each:
	// lives holds level l's at lives[l*owords:][:owords], and cols item
	// i's options at cols[i*owords:][:owords]. A child's list is its
	// parent's less the options of the items of the option taken, a few
	// words per item, however long the list.
	owords      int
	at, place   []int32
	lives, cols []uint64
	kill        []uint64 // scratch: the options a child loses
	// kills holds, when it takes at most maxKills bytes, the options that
	// meet option k at kills[k*owords:][:owords], which a child of k
	// loses; otherwise each child ORs the sets of k's items.
	kills []uint64
	// colored: kills differ from rows (colors.go), and a child without
	// kills ORs the sets of the bits of the option's kill, not its row's.
	colored bool
	// high and ones are fewest's scratch, a word per word of a row.
	high, ones []uint64
}

// maxKills is the most bytes the sets of options that meet each option
// take (wideRows.kills): a bit per pair of options, 32 MiB for 16,384
// options (a 16×16 Sudoku has 4,096). Each saves a node the ORs of its
// option's items' sets, a fifth of its work on a 9×9 Sudoku.
const maxKills = 1 << 25

// entry is a word of a row that is not zero, and its place in the row.
type entry struct {
	bits uint64
	w    int32
}

// reset lays out the n rows of w words in rows, for a search of at most
// depth levels.
func (wr *wideRows) reset(rows []uint64, n, w, depth int) {
	wr.per, wr.words = 1, w
	most := make([]int32, w*64)
	for k := range n {
		nz := 0
		for i, x := range rows[k*w : (k+1)*w] {
			if x != 0 {
				nz++
			}
			for ; x != 0; x &= x - 1 {
				most[i<<6|mbits.TrailingZeros64(x)]++
			}
		}
		wr.per = max(wr.per, nz)
	}
	wr.planes = 2 // at least: fewest reads planes 0 and 1 apart
	for _, c := range most {
		wr.planes = max(wr.planes, mbits.Len32(uint32(c)))
	}
	wr.ent = resize(wr.ent, n*wr.per)
	clear(wr.ent)
	for k := range n {
		j := k * wr.per
		for i, x := range rows[k*w : (k+1)*w] {
			if x != 0 {
				wr.ent[j] = entry{bits: x, w: int32(i)}
				j++
			}
		}
	}
	wr.cnts = resize(wr.cnts, depth*wr.planes*w)
	wr.lost = resize(wr.lost, n)
	wr.high, wr.ones = resize(wr.high, w), resize(wr.ones, w)
	wr.owords = (n + 63) / 64
	wr.lives = resize(wr.lives, depth*wr.owords)
	wr.kill = resize(wr.kill, wr.owords)
}

// order numbers the options by their places in root, the root's list,
// which the sets of options follow: a list's options in its order are
// its set's in increasing order. kills are what each option covers when
// taken: rows, unless the problem has colors (colors.go).
func (wr *wideRows) order(rows, kills []uint64, root []int32) {
	n, w, ow := len(root), wr.words, wr.owords
	wr.colored = n > 0 && &kills[0] != &rows[0]
	wr.at = append(wr.at[:0], root...)
	wr.place = resize(wr.place, n)
	wr.cols = resize(wr.cols, w*64*ow)
	clear(wr.cols)
	for pl, k := range root {
		wr.place[k] = int32(pl)
		for i, x := range rows[int(k)*w : int(k+1)*w] {
			for ; x != 0; x &= x - 1 {
				col := wr.col(int32(i<<6 | mbits.TrailingZeros64(x)))
				col[pl>>6] |= 1 << (pl & 63)
			}
		}
	}
	wr.kills = wr.kills[:0]
	if int64(n)*int64(ow)*8 > maxKills {
		wr.kills = nil
		return
	}
	wr.kills = resize(wr.kills, n*ow)
	clear(wr.kills)
	for k := range n {
		kill := wr.kills[k*ow : (k+1)*ow]
		for i, x := range kills[k*w : (k+1)*w] {
			for ; x != 0; x &= x - 1 {
				for j, c := range wr.col(int32(i<<6 | mbits.TrailingZeros64(x))) {
					kill[j] |= c
				}
			}
		}
	}
}

// col returns item i's options, as places.
func (wr *wideRows) col(i int32) []uint64 {
	ow := int(wr.owords)
	return wr.cols[int(i)*ow : int(i+1)*ow : int(i+1)*ow]
}

// live returns level l's list, as places.
func (wr *wideRows) live(l int) []uint64 {
	ow := wr.owords
	return wr.lives[l*ow : (l+1)*ow : (l+1)*ow]
}

// split writes to dst the options of level l's list that contain item i,
// in their order, and returns how many.
func (wr *wideRows) split(l int, i int32, dst []int32) (nb int32) {
	live := wr.live(l)
	col := wr.col(i)[:len(live)]
	for w, x := range live {
		for x &= col[w]; x != 0; x &= x - 1 {
			dst[nb] = wr.at[w<<6|mbits.TrailingZeros64(x)]
			nb++
		}
	}
	return nb
}

// wideMemory is the bytes that rows wider than narrowWords take for a
// problem of the given numbers of items, primary items and options, at
// most: the rows as sets and as entries (at most a word each), the
// counters of each level (at most 26 planes: options are fewer than 2²⁶,
// MaxStack), the options' places, the sets of options of each item and
// each level, and those that meet each option (kills).
func wideMemory(items, primary, options int) int64 {
	w, o := int64(rowWords(items)), int64(options)
	ow := (o + 63) / 64
	return o*w*(8+16) + int64(primary+2)*26*w*8 + 12*o + int64(items+primary+2)*ow*8 + min(o*ow*8, maxKills)
}

// clone returns wr with scratch of its own; the rows are shared.
func (wr wideRows) clone() wideRows {
	if wr.cnts == nil {
		return wr
	}
	c := wr
	c.cnts = core.Private[uint64](nil, len(wr.cnts))
	c.lost = core.Private[int32](nil, len(wr.lost))
	c.lives = core.Private[uint64](nil, len(wr.lives))
	c.kill = core.Private[uint64](nil, len(wr.kill))
	c.high = core.Private[uint64](nil, len(wr.high))
	c.ones = core.Private[uint64](nil, len(wr.ones))
	return c
}

// counts returns level l's counters.
func (wr *wideRows) counts(l int) []uint64 {
	size := wr.planes * wr.words
	return wr.cnts[l*size : (l+1)*size : (l+1)*size]
}

// filter is filter for rows wider than narrowWords, counting from
// nothing into cnt (see filter2).
func (wr *wideRows) filter(src, dst []int32, m, open, ties set, cnt, live []uint64) (n int, best, least int32) {
	n = wr.survivors(src, dst, nil, m)
	clear(live)
	for _, k := range dst[:n] {
		pl := wr.place[k]
		live[pl>>6] |= 1 << (pl & 63)
	}
	clear(cnt)
	w, planes := wr.words, wr.planes
	for _, k := range dst[:n] {
		for _, x := range wr.ent[int(k)*wr.per : int(k)*wr.per+wr.per] {
			b := x.bits
			for i := int(x.w); b != 0 && i < planes*w; i += w {
				cnt[i], b = cnt[i]^b, cnt[i]&b
			}
		}
	}
	best, least = wr.fewest(cnt, open, ties)
	return n, best, least
}

// child is filter for rows wider than narrowWords from a parent's list,
// as sets: the child of level d that takes option k (whose items are m)
// keeps the options of d's list before place cut that meet none of m,
// as level d+1, and its counters are its parent's less the options lost.
// It returns how many options the child keeps.
func (wr *wideRows) child(d int, k int32, cut int, m, open, ties set) (n int, best, least int32) {
	kill, plive, live := wr.kill, wr.live(d), wr.live(d+1)
	ow := wr.owords
	switch {
	case wr.kills != nil && cut >= len(wr.at):
		kill = wr.kills[int(k)*ow : int(k+1)*ow : int(k+1)*ow]
	case wr.kills != nil:
		copy(kill, wr.kills[int(k)*ow:int(k+1)*ow])
	case wr.colored:
		clear(kill)
		for i, x := range m[:wr.words] {
			for b := x; b != 0; b &= b - 1 {
				for w, c := range wr.col(int32(i<<6 | mbits.TrailingZeros64(b))) {
					kill[w] |= c
				}
			}
		}
	default:
		clear(kill)
		for _, x := range wr.ent[int(k)*wr.per : int(k)*wr.per+wr.per] {
			for b := x.bits; b != 0; b &= b - 1 {
				col := wr.col(x.w<<6 | int32(mbits.TrailingZeros64(b)))
				for w, c := range col {
					kill[w] |= c
				}
			}
		}
	}
	if cut < len(wr.at) { // the options from cut on are too dear for the child
		kill[cut>>6] |= ^uint64(0) << (cut & 63)
		for w := cut>>6 + 1; w < len(kill); w++ {
			kill[w] = ^uint64(0)
		}
	}
	cnt := wr.counts(d + 1)
	copy(cnt, wr.counts(d))
	// Only the open items' counts are kept: the others are read no more
	// below (each lost option has one of the items just covered).
	w, per, ent := wr.words, wr.per, wr.ent
	open = open[:w]
	kill = kill[:len(plive)]
	live = live[:len(plive)]
	for j, x := range plive {
		lost := x & kill[j]
		x &^= kill[j]
		live[j] = x
		n += mbits.OnesCount64(x)
		for ; lost != 0; lost &= lost - 1 {
			o := wr.at[j<<6|mbits.TrailingZeros64(lost)]
			for _, e := range ent[int(o)*per : int(o)*per+per] {
				b := e.bits & open[e.w]
				for i := int(e.w); b != 0; i += w {
					had := cnt[i]
					cnt[i], b = had^b, b&^had
				}
			}
		}
	}
	best, least = wr.fewest(cnt, open, ties)
	return n, best, least
}

// survivors writes to dst the options of src that have no item in m, in
// their order, and returns how many; the others go to lost, when given.
func (wr *wideRows) survivors(src, dst, lost []int32, m set) (n int) {
	per, ent := wr.per, wr.ent
	if lost == nil {
		lost = wr.lost
	}
	r := 0
	if per == 4 {
		for _, k := range src {
			e := ent[int(k)*4 : int(k)*4+4 : int(k)*4+4]
			meet := m[e[0].w]&e[0].bits | m[e[1].w]&e[1].bits | m[e[2].w]&e[2].bits | m[e[3].w]&e[3].bits
			keep := int(1 - (meet|-meet)>>63)
			dst[n], lost[r] = k, k
			n += keep
			r += 1 - keep
		}
		return n
	}
	for _, k := range src {
		var meet uint64
		for _, x := range ent[int(k)*per : int(k)*per+per] {
			meet |= m[x.w] & x.bits
		}
		keep := int(1 - (meet|-meet)>>63)
		dst[n], lost[r] = k, k
		n += keep
		r += 1 - keep
	}
	return n
}

// fewest returns the item of open whose count in cnt is least (ties to
// the first declared; -1 when open is empty) and that count, and leaves
// in ties the items of open with that count: a dead end's items when it
// is 0.
func (wr *wideRows) fewest(cnt []uint64, open, ties set) (best, least int32) {
	w, planes := wr.words, wr.planes
	ties, open = ties[:w], open[:w]
	// First the open items with no option (a dead end) and those with
	// one (a forced move): most nodes stop there.
	high, ones := wr.high[:w], wr.ones[:w]
	copy(high, cnt[w:2*w])
	for p := 2; p < planes; p++ {
		plane := cnt[p*w : p*w+w]
		plane = plane[:len(high)]
		for i, c := range plane {
			high[i] |= c
		}
	}
	low := cnt[:w]
	var dead, one uint64
	for i, o := range open {
		h, l := high[i], low[i]
		ties[i] = o &^ (h | l)
		ones[i] = o & l &^ h
		dead |= ties[i]
		one |= ones[i]
	}
	if dead != 0 {
		return first(ties), 0
	}
	if one != 0 {
		copy(ties, ones)
		return first(ties), 1
	}
	copy(ties, open)
	// Keep the candidates whose counter has a 0 in each plane from the
	// highest down, where any has: those with the fewest.
	for p := planes - 1; p >= 0; p-- {
		plane := cnt[p*w : p*w+w]
		left := uint64(0)
		for i, c := range ties {
			left |= c &^ plane[i]
		}
		if left == 0 {
			least |= 1 << p
			continue
		}
		for i, c := range ties {
			ties[i] = c &^ plane[i]
		}
	}
	return first(ties), least
}

// first returns the first item of s, -1 when s is empty.
func first(s set) int32 {
	for w, x := range s {
		if x != 0 {
			return int32(w<<6 | mbits.TrailingZeros64(x))
		}
	}
	return -1
}
