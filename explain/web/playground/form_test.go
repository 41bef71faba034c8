package playground_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
)

// post sends a body to /trace and returns the status and the reply, which
// is JSON: {"data": …} or {"error": …}.
func post(t *testing.T, addr, contentType string, body []byte) (int, map[string]string) {
	t.Helper()
	resp, err := http.Post("http://"+addr+"/trace", contentType, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]string
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatalf("status %d, a reply that is not JSON: %v", resp.StatusCode, err)
	}
	return resp.StatusCode, m
}

// multipartForm returns a multipart form with the field kind and the
// input as a field, or as a file.
func multipartForm(t *testing.T, kind, input string, file bool) (string, []byte) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.WriteField("kind", kind)
	if file {
		f, err := w.CreateFormFile("input", "problem.yaml")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.WriteString(f, input)
	} else {
		_ = w.WriteField("input", input)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.FormDataContentType(), buf.Bytes()
}

// The input's limit is on the input as pasted, not as the form encodes
// it: a 200 KB problem, three times as long URL-encoded, is traced; one
// byte more than MaxInputBytes is refused, saying so. A multipart form
// (curl -F) is read as the page's form is, its input a field or a file;
// a body that is not a form is refused, saying what is expected.
func TestPlaygroundForm(t *testing.T) {
	addr := newPlayground(t, explain.TraceLimits{Nodes: 20})
	problem := "primary: [A, B]\noptions:\n  - [A]\n  - [B]\n"
	// A comment of characters that URL-encoding writes as three bytes each.
	padded := func(n int) string {
		line := "# " + strings.Repeat(":/?&=#%", 10) + "\n"
		return problem + strings.Repeat(line, (n-len(problem))/len(line)+1)[:n-len(problem)-1] + "\n"
	}
	big := padded(200 << 10)
	if enc := len(url.Values{"input": {big}}.Encode()); enc < web.MaxInputBytes*2 {
		t.Fatalf("the padded problem URL-encodes to %d bytes only", enc)
	}
	urlencoded := "application/x-www-form-urlencoded"
	form := func(input string) []byte {
		return []byte(url.Values{"kind": {"spec"}, "input": {input}}.Encode())
	}
	for _, tc := range []struct {
		name, contentType string
		body              []byte
		status            int
		reply             string // the start of {"data"} or of {"error"}
	}{
		{"a problem", urlencoded, form(problem), 200, "data:"},
		{"200 KB of problem, 600 KB URL-encoded", urlencoded, form(big), 200, "data:"},
		{"MaxInputBytes exactly", urlencoded, form(padded(web.MaxInputBytes)), 200, "data:"},
		{"a byte more than MaxInputBytes", urlencoded, form(padded(web.MaxInputBytes + 1)), 413,
			fmt.Sprintf("error:the input has more than MaxInputBytes = %d bytes", web.MaxInputBytes)},
		{"a body far too large", urlencoded, bytes.Repeat([]byte("x"), 4<<20), 413, "error:the request has more than"},
		{"a bad problem", urlencoded, form("A B\nA\nC\n"), 400, `error:input:3:1: unknown item "C"`},
		{"an empty input", urlencoded, form(""), 400, "error:the input is empty"},
		{"text", "text/plain", []byte(problem), 415, "error:expected a form with the fields kind and input"},
		{"JSON", "application/json", []byte(`{"kind":"spec","input":"A\nA\n"}`), 415, "error:expected a form"},
		{"no Content-Type", "", form(problem), 415, "error:expected a form"},
		{"a broken multipart form", "multipart/form-data; boundary=x", []byte("--x\r\nnonsense"), 400, "error:the form cannot be read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, m := post(t, addr, tc.contentType, tc.body)
			kind, want, _ := strings.Cut(tc.reply, ":")
			if status != tc.status || !strings.HasPrefix(m[kind], want) {
				t.Errorf("status %d, reply %.200v; want %d and %s %q…", status, m, tc.status, kind, want)
			}
		})
	}
	for _, file := range []bool{false, true} {
		t.Run(fmt.Sprintf("multipart, input as a file %v", file), func(t *testing.T) {
			ct, body := multipartForm(t, "spec", big, file)
			if status, m := post(t, addr, ct, body); status != 200 || m["data"] == "" {
				t.Errorf("status %d, reply %.200v", status, m)
			}
			ct, body = multipartForm(t, "spec", padded(web.MaxInputBytes+1), file)
			if status, m := post(t, addr, ct, body); status != 413 || !strings.Contains(m["error"], "MaxInputBytes") {
				t.Errorf("an input too large: status %d, reply %.200v", status, m)
			}
		})
	}
}
