package playground

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
)

// examples are the inputs "xcover serve" offers, read from the directory
// the command embeds.
func examples(f *testing.F) []web.Example {
	f.Helper()
	var out []web.Example
	for dir, kind := range map[string]string{"solve": "spec", "sudoku": "sudoku", "pentomino": "pentomino"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "..", "cmd", "xcover", "examples", dir, "*"))
		for _, file := range files {
			if kind == "pentomino" && !strings.HasSuffix(file, ".txt") {
				continue
			}
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			out = append(out, web.Example{Name: dir + "/" + filepath.Base(file), Kind: kind, Text: string(data)})
		}
	}
	return out
}

// The requests the handler fuzz test sends: methods, paths, Hosts,
// Origins, Sec-Fetch-Sites and Content-Types, taken by index.
var (
	fuzzMethods = []string{"GET", "POST", "HEAD", "PUT", "OPTIONS", "DELETE", "PATCH", "TRACE"}
	fuzzHosts   = []string{"127.0.0.1:8427", "localhost:8427", "[::1]:8427", "evil.example", "evil.example:8427", "127.0.0.1:1", "", "127.0.0.1:8427.evil.example"}
	fuzzOrigins = []string{"", "http://127.0.0.1:8427", "http://localhost:8427", "http://evil.example", "null", "http://127.0.0.1:8428"}
	fuzzSites   = []string{"", "same-origin", "none", "same-site", "cross-site", "garbage"}
	fuzzTypes   = []string{"application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain", "", "application/json", "multipart/form-data"}
)

// pick returns list[i modulo its length].
func pick(list []string, i uint8) string { return list[int(i)%len(list)] }

// The playground's handler, whatever it is sent (method, path, headers,
// body), never panics, never answers 5xx, answers a refusal or an error
// as JSON, and sends back a bounded reply.
func FuzzPlayground(f *testing.F) {
	form := func(kind, input string) []byte {
		return []byte(url.Values{"kind": {kind}, "input": {input}}.Encode())
	}
	f.Add(uint8(1), "/trace", uint8(0), uint8(1), uint8(1), uint8(0), form("spec", "A B\nA\nB\n"))
	f.Add(uint8(1), "/trace", uint8(3), uint8(3), uint8(4), uint8(0), form("spec", "A B\nA\nB\n"))
	f.Add(uint8(0), "/", uint8(1), uint8(0), uint8(2), uint8(3), []byte(nil))
	f.Add(uint8(0), "/examples", uint8(0), uint8(0), uint8(0), uint8(3), []byte(nil))
	f.Add(uint8(1), "/trace", uint8(0), uint8(0), uint8(0), uint8(1), []byte("--x\r\nContent-Disposition: form-data; name=\"input\"\r\n\r\nA\nA\n\r\n--x--\r\n"))
	f.Add(uint8(1), "/trace", uint8(0), uint8(0), uint8(0), uint8(2), []byte("A\nA\n"))
	// An error that quotes the request: an unknown kind of 100 KB.
	f.Add(uint8(1), "/trace", uint8(0), uint8(0), uint8(0), uint8(0), form(strings.Repeat("x", 100_000), "A\nA\n"))
	for _, ex := range examples(f) {
		f.Add(uint8(1), "/trace", uint8(0), uint8(1), uint8(1), uint8(0), form(ex.Kind, ex.Text))
	}
	h := Handler(nil, explain.TraceLimits{Nodes: 50, Bytes: 4 << 20})
	local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8427}
	f.Fuzz(func(t *testing.T, method uint8, path string, host, origin, site, contentType uint8, body []byte) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		u, err := url.ParseRequestURI(path)
		if err != nil {
			return
		}
		req := httptest.NewRequest(pick(fuzzMethods, method), "http://127.0.0.1:8427/", bytes.NewReader(body))
		req.URL = u
		req.Host = pick(fuzzHosts, host)
		for k, v := range map[string]string{"Origin": pick(fuzzOrigins, origin), "Sec-Fetch-Site": pick(fuzzSites, site), "Content-Type": pick(fuzzTypes, contentType)} {
			if v != "" {
				req.Header.Set(k, v)
			}
		}
		req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, local))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		reply := w.Body.String()
		switch code := w.Code; {
		case code >= 500:
			t.Fatalf("status %d: %.300s", code, reply)
		case len(reply) > web.MaxReplyBytes+64:
			t.Fatalf("a reply of %d bytes", len(reply))
		case strings.HasPrefix(reply, `{"error":`) && len(reply) > maxErrorBytes+64:
			t.Fatalf("a message of %d bytes: %.300s…", len(reply), reply)
		case code >= 400 && code != http.StatusNotFound && code != http.StatusMethodNotAllowed && !strings.HasPrefix(reply, `{"error":"`):
			t.Fatalf("status %d without a message: %.300s", code, reply)
		}
	})
}

// Form decoding, whatever the body and its Content-Type, never panics,
// and gives the fields or says why not; an input it gives is at most
// MaxInputBytes; a URL-encoded form gives back what was encoded.
func FuzzPlaygroundForm(f *testing.F) {
	f.Add("application/x-www-form-urlencoded", []byte("kind=spec&input=A+B%0AA%0AB%0A"))
	f.Add("application/x-www-form-urlencoded", []byte("kind=spec&input=%zz"))
	f.Add("multipart/form-data; boundary=x", []byte("--x\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nspec\r\n--x\r\nContent-Disposition: form-data; name=\"input\"; filename=\"a.yaml\"\r\n\r\nA\nA\n\r\n--x--\r\n"))
	f.Add("multipart/form-data", []byte("--x\r\n"))
	f.Add("text/plain; charset=utf-8", []byte("A\nA\n"))
	f.Add("", []byte{})
	f.Fuzz(func(t *testing.T, contentType string, body []byte) {
		req := httptest.NewRequest("POST", "/trace", bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		kind, input, ferr := readForm(httptest.NewRecorder(), req)
		if ferr != nil {
			if ferr.status < 400 || ferr.status >= 500 || ferr.msg == "" {
				t.Fatalf("status %d, message %q", ferr.status, ferr.msg)
			}
			return
		}
		if len(input) > web.MaxInputBytes {
			t.Fatalf("an input of %d bytes", len(input))
		}
		if contentType == "application/x-www-form-urlencoded" {
			v, err := url.ParseQuery(string(body))
			if err == nil && (v.Get("kind") != kind || v.Get("input") != input) {
				t.Fatalf("read %q, %q from %q", kind, input, body)
			}
		}
	})
}
