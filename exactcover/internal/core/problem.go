package core

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
)

// Problem is an exact-cover problem compiled to indices. Items are numbered
// from 0, primary first; options are numbered from 0 in the order the
// caller gave them, minus those dropped (options without a primary item),
// and Caller maps them back. Engines build their own structures from it and
// never change it, so one Problem serves every engine and every worker.
type Problem struct {
	NPrimary int // items 0…NPrimary-1 are primary
	NItems   int // items NPrimary…NItems-1 are secondary
	// Lo and Hi are the primary items' bounds (Knuth's MCC); both nil when
	// every primary item is to be covered exactly once.
	Lo, Hi []int32
	// Begin has one entry per option plus one: option k uses the items
	// Items[Begin[k]:Begin[k+1]], in the order given.
	Begin []int32
	Items []int32
	// Colors is parallel to Items: 0 for an uncolored use, a color ≥ 1
	// otherwise; nil when no option gives a color.
	Colors []int32
	// Costs, when not nil, has each option's cost (Knuth's DLX5), for
	// the minimum-cost search; the other searches ignore it.
	Costs []int64
	// Caller maps an option to the caller's index; Index maps a caller's
	// index back, to -1 for a dropped option.
	Caller []int32
	Index  []int32
}

// NumOptions returns the number of compiled options.
func (p *Problem) NumOptions() int { return len(p.Begin) - 1 }

// Option returns the items and colors (nil when the problem has none) of
// compiled option k.
func (p *Problem) Option(k int) (items, colors []int32) {
	lo, hi := p.Begin[k], p.Begin[k+1]
	if p.Colors == nil {
		return p.Items[lo:hi], nil
	}
	return p.Items[lo:hi], p.Colors[lo:hi]
}

// ItemOptions returns the options of every item, in option order: the
// options that contain item i are opts[start[i]:start[i+1]], and uses[j]
// is where the use of the item by option opts[j] is in p.Items (and
// p.Colors). Primary items come first, so start[:NPrimary+1] indexes the
// options of the primary items alone.
func (p *Problem) ItemOptions() (start, opts, uses []int32) {
	start = make([]int32, p.NItems+1)
	for _, it := range p.Items {
		start[it+1]++
	}
	for i := range p.NItems {
		start[i+1] += start[i]
	}
	opts, uses = make([]int32, len(p.Items)), make([]int32, len(p.Items))
	fill := slices.Clone(start[:p.NItems])
	for k := range p.NumOptions() {
		for t := p.Begin[k]; t < p.Begin[k+1]; t++ {
			it := p.Items[t]
			opts[fill[it]], uses[fill[it]] = int32(k), t
			fill[it]++
		}
	}
	return start, opts, uses
}

// Multiplicities reports whether some primary item has bounds other than
// exactly once.
func (p *Problem) Multiplicities() bool { return p.Lo != nil }

// Bounds returns primary item i's bounds.
func (p *Problem) Bounds(i int) (lo, hi int32) {
	if p.Lo == nil {
		return 1, 1
	}
	return p.Lo[i], p.Hi[i]
}

// Hash returns a SHA-256 digest of everything that decides the search:
// the items, their bounds, the options with their colors and caller's
// indices, and their costs when they have any (the order of a cost
// search's lists and its cut-off follow them). Checkpoints and shards
// carry it so that work is never resumed or merged against another
// problem; a problem without costs has the digest it had before costs
// existed.
func (p *Problem) Hash() [32]byte {
	h := sha256.New()
	var buf [4]byte
	put := func(v int32) {
		binary.LittleEndian.PutUint32(buf[:], uint32(v))
		h.Write(buf[:])
	}
	put(int32(p.NPrimary))
	put(int32(p.NItems))
	for i := range p.NPrimary {
		lo, hi := p.Bounds(i)
		put(lo)
		put(hi)
	}
	put(int32(p.NumOptions()))
	for k := range p.NumOptions() {
		items, colors := p.Option(k)
		put(p.Caller[k])
		put(int32(len(items)))
		for j, it := range items {
			put(it)
			if colors != nil {
				put(colors[j])
			} else {
				put(0)
			}
		}
	}
	if p.Costs != nil {
		h.Write([]byte("costs"))
		var cost [8]byte
		for _, c := range p.Costs {
			binary.LittleEndian.PutUint64(cost[:], uint64(c))
			h.Write(cost[:])
		}
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}
