package core

import "unsafe"

// CacheLine is the size of the cache line the padding of Private assumes:
// 64 bytes on the amd64 and arm64 processors xcover runs on (128 would
// also cover Apple's M-series L2 prefetch pairs, at twice the cost).
const CacheLine = 64

// Private returns a copy of src (n zero values when src is nil) in memory
// that shares no cache line with any other object: CacheLine bytes of its
// own padding on either side. Engines give their clones' search state this
// memory, so that workers searching at once on different cores never write
// to one cache line (false sharing). Go's allocator otherwise packs small
// objects made one after the other, such as two clones' bit sets of active
// items, into one line, and two workers then slow each other down by up to
// half, as measured on sudoku-multi-823k with two workers.
func Private[T any](src []T, n int) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	pad := (CacheLine + size - 1) / max(size, 1)
	if src != nil {
		n = len(src)
	}
	backing := make([]T, pad+n+pad)
	s := backing[pad : pad+n : pad+n]
	copy(s, src)
	return s
}

// PrivateValue returns a pointer to a copy of v that shares no cache line
// with any other object (see Private).
func PrivateValue[T any](v T) *T {
	p := new(struct {
		_ [CacheLine]byte
		v T
		_ [CacheLine]byte
	})
	p.v = v
	return &p.v
}
