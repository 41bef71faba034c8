package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
)

// "xcover serve --port 0" prints its address on 127.0.0.1, serves the
// playground, its examples and traces (a located message for bad input),
// and stops cleanly, exit 0, when its context ends (Ctrl-C, SIGTERM).
func TestServeAnswersAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	e := &iostreams.IO{Stdin: strings.NewReader(""), Stdout: pw, Stderr: &stderr,
		Getenv: func(string) string { return "" }, Dir: moduleRoot(t)}
	code := make(chan int, 1)
	go func() { code <- runInProcess(ctx, []string{"serve", "--port", "0"}, e); pw.Close() }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	addr := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+/`).FindString(line)
	if addr == "" {
		t.Fatalf("no address on 127.0.0.1 in %q", line)
	}
	get := func(path string) string {
		resp, err := http.Get(addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	if page := get(""); !strings.Contains(page, `data-mode="playground"`) {
		t.Errorf("GET / is not the playground:\n%.300s", page)
	}
	var examples []struct{ Name, Kind, Text string }
	if err := json.Unmarshal([]byte(get("examples")), &examples); err != nil || len(examples) < 5 {
		t.Errorf("GET /examples: %v, %d examples", err, len(examples))
	}
	trace := func(kind, input string) map[string]string {
		resp, err := http.PostForm(addr+"trace", url.Values{"kind": {kind}, "input": {input}})
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m map[string]string
		if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if m := trace("spec", "A B\nA\nB\n"); m["data"] == "" {
		t.Errorf("a good problem: %v", m)
	}
	if m := trace("spec", "A B\nA\nC\n"); m["error"] != `input:3:1: unknown item "C": expected an item declared as primary or secondary` {
		t.Errorf("a bad problem: %v", m)
	}
	cancel()
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("serve exited %d after its context ended\n%s", c, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop within 10 s of its context's end")
	}
}
