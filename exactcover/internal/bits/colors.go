package bits

import (
	"slices"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Colors: a secondary item j used with colors c₁…cₘ by some options gets
// m bits besides its own, one per color, after the problem's items, and
// each option two rows, the bits it is tested by (rows) and the bits it
// covers when taken (kills):
//
//	use of j      tested by (row)        covers (kill)
//	uncolored     j and every (j, c)     j and every (j, c)
//	colored c     (j, c)                 j and every (j, c') with c' ≠ c
//
// An option is live when its row meets none of the bits that the options
// taken cover, so two uses of j clash unless both give it the same color,
// and a child's list is its parent's less the options whose rows meet the
// kill of the option taken: the sparse-set engine's purification, in one
// AND per word. Without colors the two rows are the same (kills is rows).
// Primary items are never colored, so a row's primary bits are the
// option's primary items in both rows, and items keep their index as bit.

// colorBits returns, for each secondary item with colors, its colors in
// increasing order and the bit of the first: the bits of item j's colors
// are first[j]…first[j]+len(colors[j])-1. It returns the bits of a row in
// all: p.NItems without colors.
func colorBits(p *core.Problem) (nbits int, colors [][]int32, first []int32) {
	nbits = p.NItems
	if p.Colors == nil {
		return nbits, nil, nil
	}
	for at, c := range p.Colors {
		if c == 0 {
			continue
		}
		if colors == nil {
			colors, first = make([][]int32, p.NItems), make([]int32, p.NItems)
		}
		j := p.Items[at]
		if i, found := slices.BinarySearch(colors[j], c); !found {
			colors[j] = slices.Insert(colors[j], i, c)
		}
	}
	for j, cs := range colors {
		first[j] = int32(nbits)
		nbits += len(cs)
	}
	return nbits, colors, first
}

// colorBytes is what colors add to the rows of n options of items items
// whose rows have nbits bits: the kills, in both layouts, and the rows'
// words past those of items (in both layouts too).
func colorBytes(n, items, nbits int) int64 {
	if nbits == items {
		return 0
	}
	w := int64(rowWords(nbits))
	return int64(n) * 8 * (2*w + 2*(w-int64(rowWords(items))))
}

// ColorMemory returns what colors add at most to Memory(items, options)
// for a problem whose secondary items have at most colorBits colors among
// them, each item's colors counted apart (each is a bit of the rows). The
// bits past the items widen the rows and the levels' open sets, and the
// kills come beside the rows in every layout (colorBytes; wider rows' own
// layout, wideMemory). Each part is bounded by MaxWideBytes, as Supports
// bounds it.
func ColorMemory(items, options, colorBits int) int64 {
	if colorBits <= 0 || items > MaxItems {
		return 0
	}
	nbits := int(min(int64(items)+int64(colorBits), MaxItems))
	m := min(colorBytes(options, items, nbits), MaxWideBytes)
	m += int64(items+2) * 8 * int64(rowWords(nbits)-rowWords(items))
	if nbits <= 64 { // the kills in one word
		m += 8 * int64(options)
	}
	if rowWords(nbits) > narrowWords {
		m += min(wideMemory(nbits, nbits, options), MaxWideBytes)
	}
	return m
}

// rowBits returns the bits of a row of p: its items, and its secondary
// items' colors.
func rowBits(p *core.Problem) int {
	n, _, _ := colorBits(p)
	return n
}

// compileRows writes each option's row, and when p has colors its kill,
// into e.rows and e.kills (see above); without colors e.kills is e.rows.
func (e *Engine) compileRows(p *core.Problem) {
	n, w := p.NumOptions(), e.words
	_, colors, first := colorBits(p)
	e.rows = resize(e.rows, n*w)
	clear(e.rows)
	e.colored = colors != nil
	if colors == nil {
		e.kills = e.rows
	} else {
		e.killRows = resize(e.killRows, n*w)
		clear(e.killRows)
		e.kills = e.killRows
	}
	for k := range n {
		items, cs := p.Option(k)
		row, kill := e.row(int32(k)), e.kill(int32(k))
		for at, j := range items {
			c := int32(0)
			if cs != nil {
				c = cs[at]
			}
			if c == 0 { // a colored use is tested by its color's bit alone
				row.add(j)
			}
			kill.add(j)
			if colors == nil {
				continue
			}
			for x, cx := range colors[j] {
				b := first[j] + int32(x)
				switch {
				case c == 0:
					row.add(b)
					kill.add(b)
				case cx == c:
					row.add(b)
				default:
					kill.add(b)
				}
			}
		}
	}
}

// kill returns the bits that option k covers when taken (its row without
// colors).
func (e *Engine) kill(k int32) set {
	w := int32(e.words)
	return e.kills[k*w : (k+1)*w : (k+1)*w]
}
