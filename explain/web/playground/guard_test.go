package playground_test

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/explain/web/playground"
)

// newPlayground starts the playground on the loopback, with the server's
// own limits, and returns its address (127.0.0.1:PORT).
func newPlayground(t *testing.T, lim explain.TraceLimits) string {
	t.Helper()
	return newPlaygroundHook(t, lim, nil)
}

// newPlaygroundHook is newPlayground with a hook called as connections
// change state, and small socket send buffers: a reply of a few MB would
// otherwise fit whole in the loopback's buffers, unread.
func newPlaygroundHook(t *testing.T, lim explain.TraceLimits, hook func(net.Conn, http.ConnState)) string {
	t.Helper()
	examples := []web.Example{{Name: "knuth", Kind: "spec", Text: "A B C\nA B\nC\n"}}
	h := playground.Handler(examples, lim)
	srv := httptest.NewUnstartedServer(h)
	srv.Config = playground.NewServer(h)
	srv.Config.ConnState = hook
	srv.Listener = smallSendBuffers{srv.Listener}
	srv.Start()
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://")
}

// smallSendBuffers is a listener whose connections have send buffers of
// 16 KB, fixed.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		err = tc.SetWriteBuffer(16 << 10)
	}
	return c, err
}

// The playground answers only requests addressed to its own loopback
// address and port, and from its own page: a page of another site can
// neither read it by DNS rebinding (its own name in Host) nor make it
// work (a cross-origin POST, which needs no preflight). Refusals are 403
// with a message; no reply may be framed by another page.
func TestPlaygroundGuard(t *testing.T) {
	addr := newPlayground(t, explain.TraceLimits{Nodes: 20})
	port := addr[strings.LastIndexByte(addr, ':')+1:]
	form := url.Values{"kind": {"spec"}, "input": {"A B\nA\nB\n"}}.Encode()
	for _, tc := range []struct {
		name, method, path, host string
		headers                  map[string]string
		want                     int
	}{
		{"the page at 127.0.0.1", "GET", "/", addr, nil, 200},
		{"the page at localhost", "GET", "/", "localhost:" + port, nil, 200},
		{"the page at LOCALHOST", "GET", "/", "LOCALHOST:" + port, nil, 200},
		{"the page at [::1]", "GET", "/", "[::1]:" + port, nil, 200},
		{"a trace from the page", "POST", "/trace", addr, map[string]string{"Origin": "http://" + addr, "Sec-Fetch-Site": "same-origin"}, 200},
		{"a trace from curl", "POST", "/trace", addr, nil, 200},
		{"examples from the page", "GET", "/examples", addr, map[string]string{"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"}, 200},
		{"a link from another site to the page", "GET", "/", addr, map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}, 200},

		{"DNS rebinding: another name", "GET", "/", "evil.example:" + port, nil, 403},
		{"DNS rebinding: the examples", "GET", "/examples", "evil.example:" + port, nil, 403},
		{"DNS rebinding: a trace", "POST", "/trace", "evil.example:" + port, map[string]string{"Origin": "http://evil.example:" + port, "Sec-Fetch-Site": "same-origin"}, 403},
		{"a name without its port", "GET", "/", "evil.example", nil, 403},
		{"a name that starts as ours", "GET", "/", "localhost.evil.example:" + port, nil, 403},
		{"a name that starts with our address", "GET", "/", "127.0.0.1.nip.io:" + port, nil, 403},
		{"another port", "GET", "/", "127.0.0.1:1", nil, 403},
		{"no port", "GET", "/", "127.0.0.1", nil, 403},
		{"a trace posted by another site", "POST", "/trace", addr, map[string]string{"Origin": "http://evil.example"}, 403},
		{"a trace posted by another site, Sec-Fetch-Site", "POST", "/trace", addr, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"a trace posted by another local server", "POST", "/trace", addr, map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "http://localhost:8888"}, 403},
		{"a trace posted from a sandbox", "POST", "/trace", addr, map[string]string{"Origin": "null"}, 403},
		{"a trace posted by a form of another site", "POST", "/trace", addr, map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}, 403},
		{"examples fetched by another site", "GET", "/examples", addr, map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Origin": "http://evil.example"}, 403},
		{"examples fetched with no-cors", "GET", "/examples", addr, map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"}, 403},
		{"the page framed by another site", "GET", "/", addr, map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"}, 403},
		{"examples with a foreign Origin", "GET", "/examples", addr, map[string]string{"Origin": "http://evil.example"}, 403},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var body io.Reader
			if tc.method == "POST" {
				body = strings.NewReader(form)
			}
			req, err := http.NewRequest(tc.method, "http://"+addr+tc.path, body)
			if err != nil {
				t.Fatal(err)
			}
			req.Host = tc.host
			if tc.method == "POST" {
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			}
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d, want %d: %.200s", resp.StatusCode, tc.want, b)
			}
			if tc.want == 403 && (!strings.Contains(string(b), `"error":"the playground answers only`) || len(b) > 300) {
				t.Errorf("refused with %q", b)
			}
			if resp.Header.Get("X-Frame-Options") != "DENY" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Errorf("a reply another page may frame: %v", resp.Header)
			}
		})
	}
}
