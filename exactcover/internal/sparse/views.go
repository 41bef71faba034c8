//go:build !xcover_checked

package sparse

import "unsafe"

// The innermost loops read the engine's arrays through views without
// bounds checks: the engine's own invariants keep every index in range
// (every node, place and item index stored in its arrays is one it made),
// and removing the checks is worth about a tenth of the search time. The
// tests also run with -tags xcover_checked, which makes every view check
// its indices (views_checked.go), so that an index out of range is caught
// where it happens instead of corrupting memory.

type (
	nodeView   struct{ p unsafe.Pointer }
	int32View  struct{ p unsafe.Pointer }
	headerView struct{ p unsafe.Pointer }
)

func viewNodes(s []node) nodeView       { return nodeView{unsafe.Pointer(unsafe.SliceData(s))} }
func viewInt32s(s []int32) int32View    { return int32View{unsafe.Pointer(unsafe.SliceData(s))} }
func viewHeaders(s []header) headerView { return headerView{unsafe.Pointer(unsafe.SliceData(s))} }

func (v nodeView) at(i int32) *node     { return (*node)(unsafe.Add(v.p, uintptr(uint32(i))*8)) }
func (v int32View) at(i int32) *int32   { return (*int32)(unsafe.Add(v.p, uintptr(uint32(i))*4)) }
func (v headerView) at(i int32) *header { return (*header)(unsafe.Add(v.p, uintptr(uint32(i))*8)) }

// checkedViews reports whether the views check their indices.
const checkedViews = false
