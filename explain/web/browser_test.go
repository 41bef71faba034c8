//go:build browser

package web_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/xcover/xcover/internal/testtier"
)

// The browser tests drive Debian's Chromium, headless, through chromedp.
// They are built with the build tag browser (chromedp and its protocol
// take tens of seconds to compile) and run when XCOVER_BROWSER_TESTS=1 and
// Chromium is there; scripts/browser-test.sh installs it, sets both and
// runs them (CI does), so that plain "go test ./..." stays quick and
// independent of a browser's start-up on a busy machine.

// chromiumPath finds the browser: $XCOVER_CHROMIUM, else chromium on the
// PATH.
func chromiumPath() string {
	if p := os.Getenv("XCOVER_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser is one headless Chromium for a test, with every request the
// pages make recorded.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	requests []string
}

// newBrowser starts Chromium with a fresh profile, or skips the test.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	if testtier.Short() || os.Getenv("XCOVER_BROWSER_TESTS") == "" {
		t.Skip("a browser is slow and its start depends on the machine: run with XCOVER_BROWSER_TESTS=1 (scripts/browser-test.sh does, in CI)")
	}
	path := chromiumPath()
	if path == "" {
		t.Skip("no chromium on this machine (scripts/browser-test.sh installs it)")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	b := &browser{}
	record := func(ev any) { // every request, as the browser is about to send it
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			b.mu.Lock()
			b.requests = append(b.requests, e.Request.URL)
			b.mu.Unlock()
		}
	}
	var err error
	for attempt := 1; attempt <= startAttempts; attempt++ {
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(actx, chromedp.WithListener(record))
		if err = chromedp.Do(ctx, chromedp.Navigate("about:blank")); err == nil {
			t.Cleanup(func() { cancel(); cancelAlloc() })
			b.ctx = ctx
			return b
		}
		cancel()
		cancelAlloc()
		t.Logf("chromium did not start (attempt %d of %d): %v", attempt, startAttempts, err)
	}
	t.Fatalf("chromium (%s) does not start: %v", path, err)
	return nil
}

// startAttempts is how many times a test starts Chromium before it fails:
// on a loaded machine a start now and then times out (seen in CI runs
// beside other tests), which says nothing about the page.
const startAttempts = 3

// run runs actions with a deadline.
func (b *browser) run(t *testing.T, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// value runs an action that returns a value, with a deadline.
func value[T any](t *testing.T, b *browser, a chromedp.Action[T]) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// open loads url and waits until the page has read its data.
func (b *browser) open(t *testing.T, url string) {
	t.Helper()
	b.run(t, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`)))
}

// reset forgets the requests made so far.
func (b *browser) reset() {
	b.mu.Lock()
	b.requests = nil
	b.mu.Unlock()
}

// requested returns the URLs requested so far.
func (b *browser) requested() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.requests...)
}

// screenshot saves the page as name.png in $XCOVER_ARTIFACTS, or in the
// test's temporary directory.
func (b *browser) screenshot(t *testing.T, name string) {
	t.Helper()
	dir := os.Getenv("XCOVER_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	png := value(t, b, chromedp.FullScreenshot(100)) // the whole page, as PNG
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// shown is what the page shows of a node, read from its elements.
type shown struct {
	Node, Level, Solutions, Updates string
	Partial                         string // option numbers, from 1, space-separated
	Chips                           []string
	Narration, Footer               string
	FooterHidden                    bool
}

const readShown = `(() => {
	const $ = (id) => document.getElementById(id);
	return {
		Node: $("node").textContent, Level: $("level").textContent,
		Solutions: $("solutions").textContent, Updates: $("updates").textContent,
		Partial: $("partial").dataset.options,
		Chips: [...document.querySelectorAll("#items-left .chip")].map((c) => c.textContent),
		Narration: $("narration").textContent, Footer: $("footer").textContent,
		FooterHidden: $("footer").hidden,
	};
})()`

func (b *browser) shown(t *testing.T) shown {
	t.Helper()
	return value(t, b, chromedp.Evaluate[shown](readShown))
}

// key presses a key on the page, as a user would.
func (b *browser) key(t *testing.T, k string) {
	t.Helper()
	b.run(t, chromedp.KeyEvent(k))
}

// onlyLocal fails the test when the browser requested anything but the
// URLs that start with one of allowed.
func onlyLocal(t *testing.T, b *browser, allowed ...string) {
	t.Helper()
	for _, u := range b.requested() {
		ok := false
		for _, a := range allowed {
			ok = ok || strings.HasPrefix(u, a)
		}
		if !ok {
			t.Errorf("the page requested %s", u)
		}
	}
}
