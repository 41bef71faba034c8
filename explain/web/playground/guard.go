package playground

import (
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// A server on the loopback is reachable by every page the user's browser
// opens. Two checks keep other sites out, as Jupyter and Go's own
// net/http.CrossOriginProtection do:
//
//   - The Host header must name the server's own loopback address and
//     port (127.0.0.1:PORT, localhost:PORT or [::1]:PORT). A page that
//     rebinds its own name to 127.0.0.1 (DNS rebinding) sends its own
//     name, and is refused: it cannot read the playground's replies.
//   - A request from a browser must come from the playground's own page:
//     Sec-Fetch-Site same-origin, or none (typed, or a bookmark); failing
//     that header, an Origin that is the playground's own. Otherwise a
//     page of another site could post to it, with no preflight for a
//     form, and make it work. Only a top-level visit to the page itself
//     (GET /, following a link from another site) is let in from
//     elsewhere: the page does nothing by itself, and no other page may
//     frame it (see reply.go).
//
// Refused requests get 403 and a short message.

// guard lets through to h only the requests that pass both checks.
func guard(h http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if msg := hostRefusal(r); msg != "" {
			replyError(w, http.StatusForbidden, msg)
			return
		}
		if msg := originRefusal(cop, r); msg != "" {
			replyError(w, http.StatusForbidden, msg)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// hostRefusal says why r's Host is not the server's own loopback address,
// "" when it is. The port is the one the request came in on.
func hostRefusal(r *http.Request) string {
	addr, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsLoopback() {
		return "the playground answers on the loopback only"
	}
	port := strconv.Itoa(tcp.Port)
	for _, host := range []string{"127.0.0.1", "localhost", "[::1]"} {
		if strings.EqualFold(r.Host, host+":"+port) || tcp.Port == 80 && strings.EqualFold(r.Host, host) {
			return ""
		}
	}
	return fmt.Sprintf("the playground answers only at http://127.0.0.1:%s/ or http://localhost:%s/, not at %q", port, port, r.Host)
}

// originRefusal says why r comes from a page other than the playground's
// own, "" when it does not.
func originRefusal(cop *http.CrossOriginProtection, r *http.Request) string {
	const msg = "the playground answers only its own page: a cross-origin request is refused"
	if cop.Check(r) != nil { // POST and the other methods that act
		return msg
	}
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		visit := (r.Method == http.MethodGet || r.Method == http.MethodHead) && r.URL.Path == "/" &&
			r.Header.Get("Sec-Fetch-Mode") == "navigate" && r.Header.Get("Sec-Fetch-Dest") == "document"
		if !visit {
			return msg
		}
	}
	if origin := r.Header.Get("Origin"); origin != "" && !strings.EqualFold(origin, "http://"+r.Host) {
		return msg
	}
	return ""
}
