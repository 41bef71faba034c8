// Package playground is the HTTP server of "xcover serve": the page of
// explain/web with a form where one pastes a problem (YAML or DLX), a
// Sudoku grid or a pentomino board; the server makes the trace with
// [web.TraceInputWithin] and sends it back, or a located message for bad
// input.
//
// A server on the loopback is reachable by every page the user's browser
// opens, so the playground answers only requests addressed to its own
// address and port and sent by its own page (see guard.go), and bounds
// each request in bytes and in time, so that none holds for long what
// the others need: an input of at most [web.MaxInputBytes] as pasted; one
// trace at a time, of at most [web.MaxPlaygroundNodes] nodes,
// [web.MaxPlaygroundTraceBytes] of memory and [web.PlaygroundTimeout]; the
// slot for tracing is held while the trace is made, never while the reply
// is written, which has a deadline of its own; and [NewServer] sets time
// limits on reading a request and on idle connections. Whatever is
// posted, the server's memory stays under [Memory], and goes back to a few
// tens of MB once a large trace is sent.
//
// It is a package of its own, apart from explain/web, so that the
// playground of a folder of "xcover explain --site", explain/web compiled
// to WebAssembly, links none of net/http.
package playground
