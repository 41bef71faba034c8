package core_test

import (
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// gap returns the bytes between two blocks of memory [a, a+na) and
// [b, b+nb), or -1 when they overlap.
func gap(a, na, b, nb uintptr) int64 {
	switch {
	case a+na <= b:
		return int64(b - (a + na))
	case b+nb <= a:
		return int64(a - (b + nb))
	}
	return -1
}

// TestPrivate checks the copies engines give their clones' search state:
// the same values in memory of their own (a change to the copy leaves
// the source alone, and appending moves it), n zero values for no source,
// and a cache line of padding between each and any other object
// allocated before or after it, where Go would pack small objects of one
// size side by side: other private copies, and plain objects of the
// sizes its padded block may take.
func TestPrivate(t *testing.T) {
	src := []int32{3, 1, 4}
	s := core.Private(src, 99)
	if !slices.Equal(s, src) || cap(s) != len(s) {
		t.Fatalf("Private(%v) = %v with capacity %d", src, s, cap(s))
	}
	s[0] = 7
	if src[0] != 3 {
		t.Error("the copy shares the source's memory")
	}
	if z := core.Private[int64](nil, 5); !slices.Equal(z, make([]int64, 5)) || cap(z) != 5 {
		t.Errorf("Private(nil, 5) = %v with capacity %d", z, cap(z))
	}
	type block struct {
		at, size uintptr
		private  bool
	}
	var blocks []block
	var keep [][]byte // the objects, alive until the end
	var values []*int64
	plain := func() {
		for _, n := range []int{8, 16, 64, 72, 80, 128, 136, 144, 160, 192} {
			b := make([]byte, n)
			keep = append(keep, b)
			blocks = append(blocks, block{uintptr(unsafe.Pointer(&b[0])), uintptr(n), false})
		}
	}
	plain()
	for i := range 20 {
		for _, size := range []int{1, 3, 8} {
			b := core.Private[byte](nil, size)
			keep = append(keep, b)
			blocks = append(blocks, block{uintptr(unsafe.Pointer(&b[0])), uintptr(size), true})
			plain()
		}
		v := core.PrivateValue(int64(i))
		if *v != int64(i) {
			t.Fatalf("PrivateValue(%d) = %d", i, *v)
		}
		values = append(values, v)
		blocks = append(blocks, block{uintptr(unsafe.Pointer(v)), 8, true})
		plain()
	}
	for i, a := range blocks {
		for _, b := range blocks[:i] {
			if (a.private || b.private) && gap(a.at, a.size, b.at, b.size) < core.CacheLine {
				t.Fatalf("a private block of %d bytes %d bytes from another block of %d, less than a cache line", a.size, gap(a.at, a.size, b.at, b.size), b.size)
			}
		}
	}
	runtime.KeepAlive(keep)
	runtime.KeepAlive(values)
}
