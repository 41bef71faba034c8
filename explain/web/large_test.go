//go:build browser

package web_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/problems/pentomino"
)

// stepTime is a script that steps the page once with the keyboard, as a
// user would, and returns the milliseconds until the browser has drawn the
// result: the key's handler, style, layout and paint (the frame after the
// one the handler asked for).
const stepTime = `(async (key) => {
	const t0 = performance.now();
	document.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true}));
	await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
	return performance.now() - t0;
})`

// The largest page "explain --html" writes, the first 100,000 nodes of the
// twelve pentominoes packed in a 6×10 box, opens in headless Chromium and
// steps: forward, back, to the next solution, and jumps far away. The test
// reports the page's size, the time it takes to open and to step, and the
// memory of the tab, and fails only when the page does not work; the
// figures are the measurement docs/teaching.md gives. XCOVER_LARGE_PAGE
// names a page to measure instead of making one (another version's, to
// compare).
func TestLargePage(t *testing.T) {
	testtier.Long(t)
	b := newBrowser(t)
	path := os.Getenv("XCOVER_LARGE_PAGE")
	if path == "" {
		path = filepath.Join(t.TempDir(), "pentominoes-6x10.html")
		board, err := pentomino.ParseBoard("6x10", []byte("..........\n..........\n..........\n..........\n..........\n..........\n"))
		if err != nil {
			t.Fatal(err)
		}
		pz, err := pentomino.New(board, pentomino.Pentominoes(), pentomino.Options{})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		page, err := web.NewPage(context.Background(), "pentominoes 6×10", pz.Problem(), explain.TraceLimits{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := web.WritePage(&buf, page); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("made the page of %d nodes in %v", len(page.Trace.Nodes), time.Since(start).Round(time.Millisecond))
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	threadTime(t, b) // counting from here
	start := time.Now()
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatal(err)
	}
	load := time.Since(start)
	opened := threadTime(t, b)
	nodes := value(t, b, chromedp.Evaluate[string](`document.getElementById("nodes").textContent`))
	keys := []string{"ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft", "n", "ArrowRight", "n", "ArrowLeft", "End", "ArrowLeft", "Home", "ArrowRight"}
	var steps []float64
	before := threadTime(t, b)
	for _, key := range keys {
		ms := value(t, b, chromedp.Evaluate[float64](stepTime+`("`+key+`")`, chromedp.EvalAwaitPromise))
		steps = append(steps, ms)
	}
	after := threadTime(t, b)
	if s := b.shown(t); s.Node != "2" {
		t.Errorf("after the steps, the page shows node %s, not 2", s.Node)
	}
	heap := value(t, b, chromedp.Evaluate[float64](`performance.memory ? performance.memory.usedJSHeapSize : 0`))
	slices.Sort(steps)
	t.Logf("%s: %.1f MB, %s nodes; opens in %v; a step takes %.0f ms (median of %d; at most %.0f); the tab's heap %.0f MB",
		filepath.Base(path), float64(info.Size())/1e6, nodes, load.Round(10*time.Millisecond), steps[len(steps)/2], len(steps), steps[len(steps)-1], heap/1e6)
	per := func(m string) float64 { return (after[m] - before[m]) * 1000 / float64(len(keys)) }
	t.Logf("CPU time of the page's thread to open it: %.2f s (script %.2f s)", opened["TaskDuration"], opened["ScriptDuration"])
	t.Logf("CPU time of the page's thread a step (mean of %d): %.0f ms in all; script %.0f ms, style %.0f ms, layout %.0f ms",
		len(keys), per("TaskDuration"), per("ScriptDuration"), per("RecalcStyleDuration"), per("LayoutDuration"))
	b.screenshot(t, "pentominoes-6x10-large")
}

// threadTime returns Chromium's counters of the page's main thread, in
// seconds of that thread's CPU time ("threadTicks"): TaskDuration (all of
// its work), ScriptDuration, RecalcStyleDuration and LayoutDuration. On a
// machine busy with other work the wall time of a step says more about
// the machine than about the page; these do not.
func threadTime(t *testing.T, b *browser) map[string]float64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	m, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (map[string]float64, error) {
		if _, err := cdp.Call(ctx, tg, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks}); err != nil {
			return nil, err
		}
		res, err := cdp.Call(ctx, tg, performance.GetMetrics, cdp.Empty{})
		if err != nil {
			return nil, err
		}
		out := map[string]float64{}
		for _, m := range res.Metrics {
			out[m.Name] = m.Value
		}
		return out, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
