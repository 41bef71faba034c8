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
