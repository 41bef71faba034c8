package pentomino

import "math/bits"

// orderItems are the secondary items that make the copies of a piece come
// out in one order only. Copies of a piece are interchangeable but their
// items are not, so without them a packing with k copies would be found k!
// times. The rule kept is: copy j+1's anchor (its first cell in reading
// order, a cell number) is larger than copy j's. Anchors of two pieces of a
// packing are different cells, so exactly one assignment of copies obeys it.
//
// The comparison is written bit by bit, with no extra search. For each pair
// of consecutive copies (j, j+1), each bit position l and each value v of
// the bits above l, there is one secondary item F(j, l, v). Copy j anchored
// at a takes F(j, l, a>>(l+1)) at every l where a has a 1; copy j+1 anchored
// at b takes F(j, l, b>>(l+1)) at every l where b has a 0. The two share an
// item exactly when some bit l has a=1, b=0 and equal higher bits, that is
// when b < a; so they clash exactly when the order is wrong. Each option
// gains at most 2·⌈log₂ cells⌉ items; a pair needs about twice as many
// items as the board has cells.
type orderItems struct {
	base      int   // first order item (after cells and pieces)
	bits      int   // bits of an anchor
	levelOff  []int // offset of level l inside a pair's block
	pairSize  int   // items per pair
	firstPair []int // piece → its first pair (meaningful when Count > 1)
	pairs     int
	pairPiece []int // pair → piece
}

// init lays out the order items after the first base items.
func (o *orderItems) init(pieces []Piece, base, cells int) {
	*o = orderItems{base: base, bits: max(bits.Len(uint(cells-1)), 1)}
	for l := range o.bits {
		o.levelOff = append(o.levelOff, o.pairSize)
		o.pairSize += (cells-1)>>(l+1) + 1
	}
	for i, pc := range pieces {
		o.firstPair = append(o.firstPair, o.pairs)
		for range pc.Count - 1 {
			o.pairPiece = append(o.pairPiece, i)
			o.pairs++
		}
	}
}

// end returns the number of items, order items included.
func (o *orderItems) end() int { return o.base + o.pairs*o.pairSize }

// item returns F(pair, level, prefix).
func (o *orderItems) item(pair, level, prefix int) int32 {
	return int32(o.base + pair*o.pairSize + o.levelOff[level] + prefix)
}

// decode inverts item.
func (o *orderItems) decode(it int) (pair, level, prefix int) {
	rel := it - o.base
	pair, rel = rel/o.pairSize, rel%o.pairSize
	for level+1 < len(o.levelOff) && o.levelOff[level+1] <= rel {
		level++
	}
	return pair, level, rel - o.levelOff[level]
}

// pieceOf returns the piece a pair belongs to.
func (o *orderItems) pieceOf(pair int) int { return o.pairPiece[pair] }

// appendItems appends the order items of copy c (of count) of piece i
// anchored at cell a.
func (o *orderItems) appendItems(dst []int32, i, c, count int, a int32) []int32 {
	if count == 1 {
		return dst
	}
	for l := range o.bits {
		one := a>>l&1 == 1
		if c > 0 && !one { // the later copy of pair c-1
			dst = append(dst, o.item(o.firstPair[i]+c-1, l, int(a>>(l+1))))
		}
		if c < count-1 && one { // the earlier copy of pair c
			dst = append(dst, o.item(o.firstPair[i]+c, l, int(a>>(l+1))))
		}
	}
	return dst
}
