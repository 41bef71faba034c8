package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/internal/testtier"
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

// "xcover serve --for" ends when its time is up, exit 0, saying so, even
// while a client that never reads its reply (6 MB, more than the sockets'
// buffers) keeps a connection busy; and it refuses requests addressed to
// another name than its own (DNS rebinding) with 403.
func TestServeForEndsDespiteAStalledClient(t *testing.T) {
	if testtier.Short() {
		t.Skip("slow: a trace of 20,000 nodes, and 15 s of serving")
	}
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	e := &iostreams.IO{Stdin: strings.NewReader(""), Stdout: pw, Stderr: &stderr,
		Getenv: func(string) string { return "" }, Dir: moduleRoot(t)}
	code := make(chan int, 1)
	start := time.Now()
	go func() {
		code <- runInProcess(context.Background(), []string{"serve", "--port", "0", "--for", "15s"}, e)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	addr := regexp.MustCompile(`127\.0\.0\.1:[0-9]+`).FindString(line)
	data, err := os.ReadFile(filepath.Join(moduleRoot(t), "specs", "examples", "pentomino-3x20.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := url.Values{"kind": {"spec"}, "input": {string(data)}}.Encode()
	fmt.Fprintf(conn, "POST /trace HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body)

	req, _ := http.NewRequest("GET", "http://"+addr+"/examples", nil)
	req.Host = "evil.example:" + addr[strings.LastIndexByte(addr, ':')+1:]
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("a request for another name: %v, %v", resp, err)
	}
	select {
	case c := <-code:
		if c != 0 || !strings.Contains(stderr.String(), "xcover: the playground stopped after its --for 15s") {
			t.Errorf("serve --for 15s exited %d after %v\n%s", c, time.Since(start), stderr.String())
		}
	case <-time.After(60 * time.Second):
		t.Fatal("serve --for 15s did not stop within 60 s")
	}
}

// The help of serve and of explain states the limits the code has.
func TestHelpStatesTheLimits(t *testing.T) {
	for _, tc := range []struct {
		command string
		figures []string
	}{
		{"serve", []string{
			fmt.Sprintf("an input of at most %d KiB as pasted", web.MaxInputBytes>>10),
			fmt.Sprintf("at most %s nodes and %d MiB of memory", grouped(web.MaxPlaygroundNodes), web.MaxPlaygroundTraceBytes>>20),
			fmt.Sprintf("traces up to %d MiB", explain.MaxTraceBytes>>20),
			fmt.Sprintf("and %d s", int(web.PlaygroundTimeout.Seconds())),
		}},
		{"explain", []string{
			fmt.Sprintf("else %s, and within %d MiB of memory", grouped(explain.MaxTraceNodes), explain.MaxTraceBytes>>20),
		}},
	} {
		text := strings.Join(strings.Fields(help(tc.command)), " ")
		for _, f := range tc.figures {
			if !strings.Contains(text, f) {
				t.Errorf("help %s does not say %q", tc.command, f)
			}
		}
	}
}

// grouped writes n with commas between groups of three digits, as the
// help does: 20,000.
func grouped(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
