package playground

import (
	"encoding/json"
	"io"
	"net/http"
	"unicode/utf8"
)

// The playground's replies: JSON, never cached, never sniffed as something
// else, never framed by another page.

// headers sets the headers of every reply.
func headers(w http.ResponseWriter, contentType string) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", "frame-ancestors 'none'")
	h.Set("X-Frame-Options", "DENY")
}

// reply sends v as JSON with the given status.
func reply(w http.ResponseWriter, status int, v any) {
	headers(w, "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// replyError sends {"error": msg}, cut to maxErrorBytes.
func replyError(w http.ResponseWriter, status int, msg string) {
	reply(w, status, map[string]string{"error": brief(msg)})
}

// replyData sends the page's data as {"data": "…"}, written as it is:
// base64 needs no escaping in a JSON string.
func replyData(w http.ResponseWriter, data string) {
	headers(w, "application/json")
	w.WriteHeader(http.StatusOK)
	for _, s := range []string{`{"data":"`, data, "\"}\n"} {
		if _, err := io.WriteString(w, s); err != nil {
			return
		}
	}
}

// brief cuts a message to maxErrorBytes.
func brief(msg string) string {
	if len(msg) <= maxErrorBytes {
		return msg
	}
	cut := maxErrorBytes
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return msg[:cut] + "…"
}
