package playground

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
)

// Limits of the playground, which makes traces for whatever page reaches
// it: every request is bounded in bytes and in time, and none holds for
// long what the others need.
const (
	// maxBodyBytes bounds a request's body: URL-encoding writes a byte of
	// the input as up to three (%XX), and the other field and a multipart
	// form's framing take a few hundred bytes more.
	maxBodyBytes = 3*web.MaxInputBytes + 4<<10
	// queueTimeout bounds the wait of a request for its turn: traces are
	// made one at a time, and a request that waited this long is told that
	// the playground is busy.
	queueTimeout = 60 * time.Second
	// bodyTimeout bounds the reading of a request's body once its turn
	// has come: at most 800 KB, sent by a browser on the same machine.
	bodyTimeout = 10 * time.Second
	// maxTurns bounds the requests past the queue: each holds its input
	// and then its reply (at most web.MaxReplyBytes) until the reply is
	// written, which writeTimeout bounds; one of them at a time makes its
	// trace.
	maxTurns = 4
	// maxErrorBytes bounds a message sent back: an error may quote the
	// input (an unknown item's name), and the input is large.
	maxErrorBytes = 2 << 10
	// freeAfterBytes: after a trace of this much memory or more, the
	// playground hands the memory back to the system once the reply is
	// written, so that one large request does not keep it.
	freeAfterBytes = 8 << 20
)

// writeTimeout bounds the writing of one reply: a page of the largest
// trace, a few MB, takes milliseconds on the loopback; a client that has
// not read it by then never will, and its connection is closed. (A
// variable only so that a test can wait for it less long.)
var writeTimeout = 20 * time.Second

// Memory is what the memory of "xcover serve", its resident set
// (RSS), stays under whatever is posted. What is live at once is bounded:
// one trace within web.MaxPlaygroundTraceBytes, the problem it traces (the
// largest an input makes, an empty 64×64 Sudoku, is about 60 MB, and is
// refused), and maxTurns inputs and replies; the server's soft memory
// limit (see "xcover serve") keeps the garbage collector's slack within
// this bound. scripts/playground-hostile.sh measures it; between requests
// the memory goes back to a few tens of MB.
const Memory = 512 << 20

// Handler returns the handler of "xcover serve": the page at /, the
// examples at /examples, and at /trace (POST, form fields kind and input,
// URL-encoded or multipart) the page's data for an input, as
// {"data": …}, or {"error": "…"} with a message located in the input.
// Traces are made one at a time, within lim and the playground's own
// limits (see [web.TraceInputWithin]). The handler
// answers only requests addressed to its own loopback address and port,
// and from its own pages (see guard.go); it is meant for a server made by
// [NewServer].
func Handler(examples []web.Example, lim explain.TraceLimits) http.Handler {
	pg := &playground{examples: examples, lim: lim, turns: make(chan struct{}, maxTurns), tracing: make(chan struct{}, 1)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		headers(w, "text/html; charset=utf-8")
		_, _ = io.WriteString(w, web.PlaygroundPage())
	})
	mux.HandleFunc("GET /examples", func(w http.ResponseWriter, r *http.Request) {
		reply(w, http.StatusOK, examples)
	})
	mux.HandleFunc("POST /trace", pg.trace)
	return guard(mux)
}

// NewServer returns the HTTP server of the playground h, with its time
// limits: a client that sends its request slowly, or never reads its
// reply, or keeps an idle connection, is cut off.
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		// The body of a trace is read once its turn has come (bodyTimeout),
		// and its reply written with a deadline of its own (writeTimeout);
		// these bound everything else and the whole of a request.
		ReadTimeout:    10*time.Second + queueTimeout + bodyTimeout,
		WriteTimeout:   10*time.Second + 2*queueTimeout + bodyTimeout + web.PlaygroundTimeout + writeTimeout,
		IdleTimeout:    60 * time.Second,
		MaxHeaderBytes: 64 << 10,
	}
}

// playground is the state shared by the requests.
type playground struct {
	examples []web.Example
	lim      explain.TraceLimits
	turns    chan struct{} // the requests past the queue (maxTurns)
	tracing  chan struct{} // the request making its trace (one)
}

// trace answers a POST /trace.
func (pg *playground) trace(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if !take(ctx, pg.turns) {
		busy(ctx, w)
		return
	}
	defer func() { <-pg.turns }()
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(bodyTimeout))
	kind, input, ferr := readForm(w, r)
	if ferr != nil {
		replyError(w, ferr.status, ferr.msg)
		return
	}
	if !take(ctx, pg.tracing) {
		busy(ctx, w)
		return
	}
	data, bytes, err := pg.traceInput(ctx, kind, input)
	<-pg.tracing // the slot is for tracing, not for writing the reply
	if ctx.Err() != nil {
		return // the client went away
	}
	_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
	if err != nil {
		replyError(w, http.StatusBadRequest, err.Error())
	} else {
		replyData(w, data)
	}
	if bytes >= freeAfterBytes { // the trace, or the problem refused, is garbage now
		debug.FreeOSMemory()
	}
}

// take takes a place in slots, waiting at most queueTimeout; false when
// none came or the request ended.
func take(ctx context.Context, slots chan struct{}) bool {
	t := time.NewTimer(queueTimeout)
	defer t.Stop()
	select {
	case slots <- struct{}{}:
		return true
	case <-ctx.Done():
	case <-t.C:
	}
	return false
}

// busy answers a request that waited too long for its turn.
func busy(ctx context.Context, w http.ResponseWriter) {
	if ctx.Err() == nil {
		w.Header().Set("Retry-After", "10")
		replyError(w, http.StatusServiceUnavailable, fmt.Sprintf("the playground is busy: other traces were made for %v; try again", queueTimeout))
	}
}

// traceInput makes the page's data for an input of the given kind, and
// returns it with the memory its trace took (or would have taken, when it
// is refused). A trace stopped by web.PlaygroundTimeout is sent as far as
// it went.
func (pg *playground) traceInput(ctx context.Context, kind, input string) (string, int64, error) {
	ctx, cancel := context.WithTimeout(ctx, web.PlaygroundTimeout)
	defer cancel()
	return web.TraceInputWithin(ctx, kind, input, pg.lim)
}
