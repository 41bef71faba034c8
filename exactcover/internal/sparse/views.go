//go:build !xcover_checked

package sparse

import "unsafe"

// The innermost loops read mem through a view without bounds checks: the
// engine's own invariants keep every index in range (every node, place
// and block stored in mem is one it made), and removing the checks is
// worth about a tenth of the search time. The tests also run with -tags
// xcover_checked, which makes the view check its indices
// (views_checked.go), so that an index out of range is caught where it
// happens instead of corrupting memory.
type memView struct{ p unsafe.Pointer }

func viewMem(s []int32) memView { return memView{unsafe.Pointer(unsafe.SliceData(s))} }

func (v memView) at(i int32) *int32 { return (*int32)(unsafe.Add(v.p, uintptr(uint32(i))*4)) }

// wide is at for an index held in a full register: constant offsets then
// fold into the addressing (mem[2*q+1] is one instruction).
func (v memView) wide(i int) *int32 { return (*int32)(unsafe.Add(v.p, i*4)) }

// wordView is memView for the words of the set of short items.
type wordView struct{ p unsafe.Pointer }

func viewWords(s []uint64) wordView { return wordView{unsafe.Pointer(unsafe.SliceData(s))} }

func (v wordView) at(i int32) *uint64 { return (*uint64)(unsafe.Add(v.p, uintptr(uint32(i))*8)) }

// swapOut takes node nn out of its item's set, whose active part ends at
// place end: nn and the node at end trade places, in the set and in their
// records of their places (mem[2·node+1]). The caller then shrinks the
// set's size by one, leaving nn just past the active part, where restoring
// the size brings it back. Every loop that removes options from sets
// (takeOption, shut, hideM, drop) swaps through it, so that the swap is
// written once here and once, checked, in views_checked.go. It must be
// inlined, since a call per removal would cost more than the removal: so
// it computes its addresses itself, for through wide it would exceed Go's
// inlining budget (cost 110 against 80), and leaves the size to the caller
// (88 with it).
func (v memView) swapOut(nn, end int) {
	p := v.p
	pe, pn := unsafe.Add(p, end*4), unsafe.Add(p, (2*nn+1)*4)
	last, loc := int(uint32(*(*int32)(pe))), int(uint32(*(*int32)(pn)))
	*(*int32)(pe), *(*int32)(pn) = int32(nn), int32(end)
	*(*int32)(unsafe.Add(p, loc*4)) = int32(last)
	*(*int32)(unsafe.Add(p, (2*last+1)*4)) = int32(loc)
}

// costView is memView for the net costs of the nodes (CostEngine).
type costView struct{ p unsafe.Pointer }

func viewCosts(s []int64) costView { return costView{unsafe.Pointer(unsafe.SliceData(s))} }

func (v costView) at(i int) *int64 { return (*int64)(unsafe.Add(v.p, i*8)) }

// levelView is memView for the levels of the search: the search loop
// reads a node's parent's level, the one below its own in memory.
type levelView struct{ p unsafe.Pointer }

func viewLevels(s []level) levelView { return levelView{unsafe.Pointer(unsafe.SliceData(s))} }

// at returns the level at depth i.
func (v levelView) at(i int) *level {
	return (*level)(unsafe.Add(v.p, uintptr(i)*unsafe.Sizeof(level{})))
}

// up returns the level above lv, the level at depth (> 0).
func (levelView) up(lv *level, depth int) *level {
	return (*level)(unsafe.Add(unsafe.Pointer(lv), -int(unsafe.Sizeof(level{}))))
}
