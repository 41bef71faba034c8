//go:build xcover_checked

package sparse

import "fmt"

// checkHash panics unless h, a node's hash found from its parent's, is the
// hash of its open items made afresh (see cache.go).
func (e *Engine) checkHash(h uint64) {
	if want := e.openHash(); h != want {
		panic(fmt.Sprintf("sparse: a node's hash is %#x, its open items' %#x", h, want))
	}
}
