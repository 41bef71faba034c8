package sparse

import "math"

// Restore points, and the trail that makes them (see doc.go, Restoring).
//
// Everything the search changes and must bring back is a word of mem: an
// item's size, with multiplicities its bound, and the words of the set of
// short items. The trail is a stack of those words as they were, each with
// its place; going back to a restore point writes back, newest first, the
// words put on the trail since. A restore point is one of two kinds:
//
//   - a whole save, as in Knuth's SSXCC: every word that may change below
//     it (the sizes of the active items, their bounds, the short words)
//     goes on the trail when the point is made, and nothing that changes
//     below it is recorded. Going back writes that save back, whatever
//     newer entries the trail holds (they are of words it holds too).
//   - a trail point: nothing is saved when it is made; each size goes on
//     the trail the first time it changes below it, a bound or a short
//     word each time it changes. The stamp in each item's block says
//     whether its size is on the trail since the newest restore point.
//
// A whole save costs the number of active items, at every node that makes
// one and at every return to it; a trail point costs what changes, but
// adds a test to every update (the loops come in two compiled forms, one
// for each kind, see sets.go). Whole saves are the faster while few items
// are active, and trail points are what keeps the trail as long as the
// changes along the path rather than depth × items: a point is a whole
// save when its save holds at most WholeSaveMax entries and keeps the
// trail within trailMax, a trail point otherwise.

// saved is an entry of the trail: the word of mem at place x+sizeAt, as
// it was. For a size, x is its block, as nodes name it; a bound or a short
// word is named by the place that puts it at x+sizeAt.
type saved struct {
	x, old int32
}

// point is a restore point.
type point struct {
	mark     int32 // the trail's length past the point's own entries; < 0: no restore point
	whole    int32 // the number of the point's own entries, those of a whole save
	nAct     int32 // number of active primary items at the point
	nSec     int32 // number of active secondary items at the point
	trailing bool  // a trail point (else a whole save)
	outer    bool  // whether the point before it was a trail point
}

// WholeSaveMax is the most entries a whole save may have, else the point
// is a trail point. Small saves are cheaper whole: with trail points only,
// queens-12 and sudoku-multi-65k (whole saves of at most 70 and 350
// entries) took half again to twice the instructions. Large ones are
// cheaper as a trail: on the empty 64×64 Sudoku, where a save has up to
// 16,400 entries, whole saves up to 1,024 entries were fastest, ahead of
// trail points only and of whole saves up to 4,096.
var WholeSaveMax = 1 << 10 // a variable only so that tests can try both kinds

// trailMax returns the most entries whole saves may bring the trail to,
// for a problem of n items with uses item uses in its options: as many as
// trail points can add (but at least wholeSaveFloor), so that the trail
// never holds more than twice that. Trail points add at most an entry per
// change along the path from the search's start, and along a path sizes
// only shrink: an item's size changes at most once per use (an option
// leaves its set) and once more (the item is covered). A short word
// changes at most twice per primary item (its bit set, then cleared), each
// time two entries (its halves), a bound at most once per primary use (an
// option taken, which then leaves the item's set).
func trailMax(n, uses int, mcc bool) int {
	m := uses + n + 4*n
	if mcc {
		m += uses
	}
	return max(m, wholeSaveFloor)
}

// RestoreMemory returns the most bytes the restore points of one search
// take, for a problem of n items with uses item uses in its options (with
// multiplicities or not): twice trailMax entries of 8 bytes, the trail's
// capacity being at most twice what it holds (see room), and that at most
// twice trailMax.
func RestoreMemory(n, uses int) int64 {
	return 2 * 2 * 8 * int64(trailMax(n, uses, true))
}

// wholeSaveFloor is the trail length (512 KiB) up to which whole saves
// are made however small the problem: enough for every path of a Sudoku
// or a pentomino puzzle, whose whole saves are the faster.
const wholeSaveFloor = 1 << 16

// save makes a restore point, recorded in pt. A trail point gets a fresh
// stamp; a whole save needs none, since nothing below it reads stamps
// until a trail point is made or returned to, which gets its own.
func (e *Engine) save(pt *point) {
	pt.nAct, pt.nSec, pt.outer = e.nAct, e.nSec, e.trailing
	m, n := len(e.trail), int(e.nAct+e.nSec)
	if e.mcc {
		n += int(e.nAct)
	} else if e.track {
		n += len(e.short) + 1
	}
	if n > WholeSaveMax || m+n > e.trailMax {
		pt.mark, pt.whole, pt.trailing = int32(m), 0, true
		e.trailing = true
		e.fresh()
		return
	}
	pt.mark, pt.whole, pt.trailing = int32(m+n), int32(n), false
	e.trailing = false
	e.room(n)
	e.trail = e.trail[:m+n]
	e.saveWhole(e.trail[m:])
}

// saveWhole writes a whole save to dst: the sizes of the active items,
// then with multiplicities the bounds of the primary ones, or the short
// words when they are kept.
func (e *Engine) saveWhole(dst []saved) {
	active, secondary := e.list[:e.nAct], e.list[e.nPrimary:e.nPrimary+e.nSec]
	mem := viewMem(e.mem)
	// (Each loop writes to a slice of its own length, so that it makes no
	// bounds check.)
	for k, d := 0, dst[:len(active)]; k < len(d); k++ {
		x := active[k]
		d[k] = saved{x, *mem.wide(int(uint32(x)) + sizeAt)}
	}
	dst = dst[len(active):]
	for k, d := 0, dst[:len(secondary)]; k < len(d); k++ {
		x := secondary[k]
		d[k] = saved{x, *mem.wide(int(uint32(x)) + sizeAt)}
	}
	dst = dst[len(secondary):]
	if e.mcc {
		dst = dst[:len(active)]
		for k, x := range active {
			dst[k] = saved{x + boundAt - sizeAt, *mem.wide(int(uint32(x)) + boundAt)}
		}
	} else if e.track {
		packShort(dst, e.short)
	}
}

// restore returns to restore point pt, made anew: a trail point writes
// back what the trail holds since, a whole save its save.
func (e *Engine) restore(pt *point) {
	mem := viewMem(e.mem)
	if pt.trailing {
		since := e.trail[pt.mark:]
		for k := len(since) - 1; k >= 0; k-- {
			s := since[k]
			if s.x < 0 { // the short words of a whole save made since
				k += int(s.x)
				unpackShort(e.short, since[k:])
				continue
			}
			*mem.wide(int(uint32(s.x)) + sizeAt) = s.old
		}
	} else {
		own := e.trail[pt.mark-pt.whole : pt.mark]
		if e.track {
			own = own[:len(own)-len(e.short)-1]
			unpackShort(e.short, e.trail[int(pt.mark)-len(e.short)-1:])
		}
		for _, s := range own {
			*mem.wide(int(uint32(s.x)) + sizeAt) = s.old
		}
	}
	e.trail = e.trail[:pt.mark]
	e.nAct, e.nSec = pt.nAct, pt.nSec
	e.trailing = pt.trailing
	e.fresh()
}

// A whole save keeps the short words as they are, two halves to an entry,
// followed by an entry whose x is minus their number: no other entry has
// a negative x. (Entry by entry, as mem's words, they would cost three
// times as much to save and to write back, a few percent of a Sudoku's
// search.)

// packShort writes the short words to dst[:len(short)+1].
func packShort(dst []saved, short []uint64) {
	dst = dst[:len(short)+1]
	for k, w := range short {
		dst[k] = saved{int32(uint32(w)), int32(w >> 32)}
	}
	dst[len(short)] = saved{-int32(len(short)), 0}
}

// unpackShort writes back to short the words packShort wrote to src.
func unpackShort(short []uint64, src []saved) {
	src = src[:len(short)]
	for k, s := range src {
		short[k] = uint64(uint32(s.x)) | uint64(uint32(s.old))<<32
	}
}

// forget leaves restore point pt for good, without going back to it: what
// the trail holds since stays there for the point before it to write back
// (when pt is a whole save, its save covers what changed below it).
func (e *Engine) forget(pt *point) {
	e.trailing = pt.outer
}

// unsave returns to restore point pt and forgets it: its own entries leave
// the trail too.
func (e *Engine) unsave(pt *point) {
	e.restore(pt)
	e.trail = e.trail[:pt.mark-pt.whole]
	e.forget(pt)
}

// fresh gives the newest restore point, just made or returned to, a stamp
// no block holds: no size is on the trail since it. Stamps are counted in
// int32, as the blocks hold them; when the count runs out, every block's
// stamp is cleared and counting starts again.
func (e *Engine) fresh() {
	if e.stamp == math.MaxInt32 {
		for _, b := range e.base {
			e.mem[b+stampAt] = 0
		}
		e.stamp = 0
	}
	e.stamp++
}

// keep puts block x's size on the trail unless it is there since the
// newest restore point; the caller, a trail point's form of a loop, is
// about to change it. The test is inlined, the rest is not.
func (e *Engine) keep(mem memView, x int) {
	if *mem.wide(x + stampAt) != e.stamp {
		e.stampSize(mem, x)
	}
}

// stampSize puts block x's size on the trail and stamps it.
func (e *Engine) stampSize(mem memView, x int) {
	e.log(mem, x+sizeAt)
	*mem.wide(x + stampAt) = e.stamp
}

// log puts the word of mem at place at on the trail.
func (e *Engine) log(mem memView, at int) {
	if len(e.trail) == cap(e.trail) {
		e.room(1)
	}
	e.trail = append(e.trail, saved{int32(at - sizeAt), *mem.wide(at)})
}

// room makes room on the trail for n more entries. It doubles the trail's
// capacity when it must grow, so that what it allocates in all is at most
// twice the most the trail held (append grows large slices by a quarter:
// five times).
func (e *Engine) room(n int) {
	if len(e.trail)+n > cap(e.trail) {
		t := make([]saved, len(e.trail), max(2*cap(e.trail), len(e.trail)+n, 256))
		copy(t, e.trail)
		e.trail = t
	}
}
