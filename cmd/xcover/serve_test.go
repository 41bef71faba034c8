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
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
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
// while the trace of a client that never reads its reply (20,000 nodes,
// seconds of work) is being made; and it refuses requests addressed to
// another name than its own (DNS rebinding) with 403.
func TestServeForEndsDespiteAStalledClient(t *testing.T) {
	if testtier.Short() {
		t.Skip("slow: a trace of 20,000 nodes")
	}
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	e := &iostreams.IO{Stdin: strings.NewReader(""), Stdout: pw, Stderr: &stderr,
		Getenv: func(string) string { return "" }, Dir: moduleRoot(t)}
	code := make(chan int, 1)
	start := time.Now()
	go func() {
		code <- runInProcess(context.Background(), []string{"serve", "--port", "0", "--for", "3s"}, e)
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
		if c != 0 || !strings.Contains(stderr.String(), "xcover: the playground stopped after its --for 3s") {
			t.Errorf("serve --for 3s exited %d after %v\n%s", c, time.Since(start), stderr.String())
		}
	case <-time.After(60 * time.Second):
		t.Fatal("serve --for 3s did not stop within 60 s")
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

// syncBuffer is a buffer written by one goroutine and read by another.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestServeRun runs serve's run function on options built directly: on a
// free port it offers the examples shipped in cmd/xcover/examples (the
// problems, the Sudoku grids and the boards, as a listing of the folders
// finds them) and stops when its context ends or its time (--for) is up,
// exit 0, saying why; a port in use is refused (exit 2).
func TestServeRun(t *testing.T) {
	t.Parallel()
	var shipped []string
	for _, dir := range []string{"solve", "sudoku", "pentomino"} {
		files, err := os.ReadDir(filepath.Join(moduleRoot(t), "cmd", "xcover", "examples", dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if dir != "pentomino" || strings.HasSuffix(f.Name(), ".txt") { // boards, not piece sets
				shipped = append(shipped, dir+"/"+f.Name())
			}
		}
	}
	slices.Sort(shipped)
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { taken.Close() }) // after the subtests, which run in parallel
	for _, tc := range []struct {
		name    string
		o       serveOptions // IO set below
		cancel  bool         // read the examples offered, then end the context
		code    int
		stopped string // serve's last line on stderr
	}{
		{name: "until interrupted", o: serveOptions{Port: 0}, cancel: true, stopped: "xcover: the playground stopped (interrupted)\n"},
		{name: "for a time", o: serveOptions{Port: 0, For: 500 * time.Millisecond}, stopped: "xcover: the playground stopped after its --for 500ms\n"},
		{name: "a port in use", o: serveOptions{Port: taken.Addr().(*net.TCPAddr).Port}, code: exitcode.BadInput},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var stdout, stderr syncBuffer
			s := &iostreams.IO{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
			tc.o.IO = s
			done := make(chan error, 1)
			go func() { done <- serveRun(ctx, &tc.o) }()
			if tc.cancel {
				addr := ""
				for deadline := time.Now().Add(10 * time.Second); addr == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
					addr = regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+/`).FindString(stdout.String())
				}
				resp, err := http.Get(addr + "examples")
				if err != nil {
					t.Fatal(err)
				}
				var examples []struct{ Name string }
				err = json.NewDecoder(resp.Body).Decode(&examples)
				resp.Body.Close()
				var names []string
				for _, e := range examples {
					names = append(names, e.Name)
				}
				if err != nil || !slices.Equal(names, shipped) {
					t.Errorf("the examples offered: %v (%v); shipped: %v", names, err, shipped)
				}
				cancel()
			}
			select {
			case err := <-done:
				if code := exitcode.Print(err, &stderr); code != tc.code || !strings.HasSuffix(stderr.String(), tc.stopped) {
					t.Errorf("exit %d, stderr %q; want exit %d, ending %q", code, stderr.String(), tc.code, tc.stopped)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("serve did not stop")
			}
		})
	}
}
