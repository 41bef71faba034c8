//go:build js && wasm

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/explain/web"
)

// The playground's time limit holds on WebAssembly: a trace of a search
// longer than its deadline stops at the deadline, and is returned as far as
// it went. Run it with Node.js:
//
//	PATH=$PATH:$(go env GOROOT)/lib/wasm GOOS=js GOARCH=wasm go test ./explain/web/wasm
func TestClockStopsTheTrace(t *testing.T) {
	board := strings.Repeat(strings.Repeat(".", 12)+"\n", 5) // the pentominoes in a 5×12 box: a long search
	// Past the making of the problem and its first nodes, far short of
	// 20,000 nodes (MaxPlaygroundNodes), which take a minute under Node.js.
	const limit = 3 * time.Second
	for _, tc := range []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
	}{
		{"clock", func() (context.Context, context.CancelFunc) {
			return &clock{Context: context.Background(), deadline: time.Now().Add(limit)}, func() {}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := tc.ctx()
			defer cancel()
			start := time.Now()
			data, err := web.TraceInput(ctx, "pentomino", board)
			took := time.Since(start)
			if err != nil || data == "" {
				t.Fatalf("TraceInput: %d bytes, %v; want the trace as far as it went", len(data), err)
			}
			if took > limit+2*time.Second {
				t.Errorf("the trace took %v, its deadline was %v", took, limit)
			}
		})
	}
}
