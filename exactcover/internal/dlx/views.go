//go:build !xcover_checked

package dlx

import "unsafe"

// The innermost loops (cover and uncover) read the node array through a
// view without bounds checks: every link and item index in it is one the
// engine made, and removing the checks is worth about a tenth of the
// search time. The tests also run with -tags xcover_checked, which makes
// the view check every index (views_checked.go), so that a broken link is
// caught where it happens instead of corrupting memory.

type nodeView struct{ p unsafe.Pointer }

func viewNodes(s []node) nodeView { return nodeView{unsafe.Pointer(unsafe.SliceData(s))} }

func (v nodeView) at(i int32) *node { return (*node)(unsafe.Add(v.p, uintptr(uint32(i))*16)) }
