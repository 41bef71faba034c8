package playground_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web/playground"
	"github.com/xcover/xcover/internal/testtier"
)

// stall posts a trace on a connection of its own and never reads the
// reply.
func stall(t *testing.T, addr, kind, input string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	// A small receive buffer, fixed: the loopback's would otherwise grow
	// to tens of MB and take the whole reply unread.
	if err := conn.(*net.TCPConn).SetReadBuffer(8 << 10); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	body := url.Values{"kind": {kind}, "input": {input}}.Encode()
	fmt.Fprintf(conn, "POST /trace HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body)
	return conn
}

// A client that never reads its reply holds nothing the others need: the
// trace slot is held while the trace is made, not while the reply is
// written, so that the next requests are answered while the stalled
// client's reply (about 2 MB, more than the sockets' buffers) is still being
// written; and the stalled connection is closed once the reply's write
// deadline passes (set to 3 s here).
func TestPlaygroundStalledClient(t *testing.T) {
	if testtier.Short() {
		t.Skip("slow: a trace of 20,000 nodes, and a write deadline of 3 s")
	}
	playground.SetWriteTimeout(t, 3*time.Second)
	data, err := os.ReadFile("../../../specs/examples/pentomino-3x20.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu      sync.Mutex
		stalled net.Conn
	)
	closed := make(chan time.Time, 1)
	addr := newPlaygroundHook(t, explain.TraceLimits{}, func(c net.Conn, s http.ConnState) {
		mu.Lock()
		defer mu.Unlock()
		if s == http.StateClosed && stalled != nil && c.RemoteAddr().String() == stalled.LocalAddr().String() {
			closed <- time.Now()
		}
	})
	mu.Lock()
	stalled = stall(t, addr, "spec", string(data))
	mu.Unlock()
	time.Sleep(200 * time.Millisecond) // its trace first
	answered := make(chan time.Time)
	go func() {
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				resp, err := http.PostForm("http://"+addr+"/trace", url.Values{"kind": {"spec"}, "input": {"A B\nA\nB\n"}})
				if err != nil {
					t.Error(err)
					return
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				if resp.StatusCode != 200 || !strings.HasPrefix(string(b), `{"data":"`) {
					t.Errorf("status %d: %.200s", resp.StatusCode, b)
				}
			})
		}
		wg.Wait()
		answered <- time.Now()
	}()
	start := time.Now()
	var done time.Time
	select {
	case done = <-answered:
		t.Logf("3 requests answered %v after the stalled one was sent", done.Sub(start))
	case c := <-closed:
		t.Fatalf("the requests waited until the stalled connection was closed, %v after it was sent", c.Sub(start))
	case <-time.After(2 * time.Minute):
		t.Fatal("the requests were not answered in 2 minutes beside a client that reads nothing")
	}
	select {
	case c := <-closed:
		t.Logf("the stalled connection was closed %v after it was sent", c.Sub(start))
	case <-time.After(30 * time.Second):
		t.Fatal("the stalled connection is still open 30 s after the requests were answered, past its write deadline of 3 s")
	}
}
