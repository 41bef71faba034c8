//go:build js && wasm

// Command wasm is the playground's engine for the browser: the same
// parsers, trace and page data as "xcover serve" ([web.TraceInput]),
// compiled to WebAssembly (GOOS=js GOARCH=wasm). "xcover explain --site"
// builds it and puts it, with Go's wasm_exec.js, into the folder's
// index.html, so that the playground runs from disk or any static host
// with no server.
//
// It lives here, beside the package it wraps, not under cmd/: it is not a
// command one installs (on any other GOOS it builds nothing), and
// "xcover explain --site" finds it by this path.
//
// It sets one function on its global object (the page's Web Worker, see
// assets/site.js),
//
//	xcoverTrace(kind, input) → {data: "…"} or {error: "…"}
//
// which returns the page's data (gzipped, in base64, as the page reads
// it) or the one-line message the server would send, and then waits for
// the next call. While it traces, it calls xcoverProgress(nodes), when the
// global object has it, every progressEvery of the search's time, with the
// nodes searched so far.
package main

import (
	"context"
	"syscall/js"
	"time"

	"github.com/xcover/xcover/explain/web"
)

func main() {
	js.Global().Set("xcoverTrace", js.FuncOf(trace))
	select {} // serve calls until the page goes
}

// trace is xcoverTrace: it runs to its end in the caller's turn, which is
// what a synchronous JavaScript call is.
func trace(this js.Value, args []js.Value) any {
	if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
		return map[string]any{"error": "xcoverTrace(kind, input): expected two strings"}
	}
	now := time.Now()
	ctx := &clock{Context: context.Background(), deadline: now.Add(web.PlaygroundTimeout), report: now.Add(progressEvery)}
	if f := js.Global().Get("xcoverProgress"); f.Type() == js.TypeFunction {
		ctx.progress = func(nodes int) { f.Invoke(nodes) }
	}
	data, err := web.TraceInput(ctx, args[0].String(), args[1].String())
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return map[string]any{"data": data}
}

// clock is a context that ends at its deadline, found by reading the
// clock whenever Err is asked. A context of context.WithTimeout would end
// only when its timer ran; on WebAssembly there is one thread and no
// preemption, so the timer never runs while the search (which asks Err at
// every node) holds it, and PlaygroundTimeout would not hold.
//
// The search asks Err once for every node it enters (see explain's walk),
// so clock counts the nodes too, and reports them to progress.
type clock struct {
	context.Context
	deadline time.Time
	nodes    int
	report   time.Time       // when to call progress next
	progress func(nodes int) // or nil
}

// progressEvery is how often the engine reports its progress: often
// enough for a count that moves, seldom enough to cost nothing (a call
// into JavaScript and a message to the page).
const progressEvery = 200 * time.Millisecond

func (c *clock) Deadline() (time.Time, bool) { return c.deadline, true }

func (c *clock) Err() error {
	c.nodes++
	now := time.Now()
	if c.progress != nil && now.After(c.report) {
		c.report = now.Add(progressEvery)
		c.progress(c.nodes)
	}
	if now.After(c.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}
