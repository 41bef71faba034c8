package sparse

import (
	"testing"
	"unsafe"
)

// The unchecked views step through the arrays by these sizes.
func TestViewStrides(t *testing.T) {
	if unsafe.Sizeof(node{}) != 8 || unsafe.Sizeof(header{}) != 8 {
		t.Fatalf("node is %d bytes, header %d: views.go assumes 8", unsafe.Sizeof(node{}), unsafe.Sizeof(header{}))
	}
}
