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
			page, err := web.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			// After its deadline the trace is encoded, which takes a while
			// on a busy machine; a trace the deadline did not stop runs to
			// its 20,000 nodes, a minute or more.
			if n := len(page.Trace.Nodes); n >= web.MaxPlaygroundNodes || took > 4*limit {
				t.Errorf("the trace told %d nodes in %v; its deadline was %v", n, took, limit)
			}
			t.Logf("%d nodes in %v", len(page.Trace.Nodes), took)
		})
	}
}
