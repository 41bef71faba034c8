//go:build !xcover_checked

package bits

import "unsafe"

// The filter of one-word rows writes its survivors through views without
// bounds checks: the n-th survivor of a list goes to place n of a slice
// as long as the list, and n never passes the place of the option read,
// which the loop's range keeps in bounds, but the compiler cannot prove
// so, and the checks are a third of that loop's instructions. The tests
// also run with -tags xcover_checked, which makes the views check their
// indices (views_checked.go), so that an index out of range is caught
// where it happens instead of corrupting memory.

// optionView is a view of a list of options.
type optionView struct{ p unsafe.Pointer }

func viewOptions(s []int32) optionView { return optionView{unsafe.Pointer(unsafe.SliceData(s))} }

func (v optionView) at(i int) *int32 { return (*int32)(unsafe.Add(v.p, i*4)) }

// rowView is a view of the rows beside a list (Engine.stackRows).
type rowView struct{ p unsafe.Pointer }

func viewRows(s []uint64) rowView { return rowView{unsafe.Pointer(unsafe.SliceData(s))} }

func (v rowView) at(i int) *uint64 { return (*uint64)(unsafe.Add(v.p, i*8)) }
