//go:build browser

package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/problems/pentomino"
	"github.com/xcover/xcover/problems/sudoku"
)

// engine builds the playground's engine (explain/web/wasm) for the
// browser tests, once per test binary: a build takes tens of seconds. The
// flags are those of "xcover explain --site", so that either finds the
// other's build in Go's cache.
var engine = sync.OnceValues(func() (web.Engine, error) {
	dir, err := os.MkdirTemp("", "xcover-engine-")
	if err != nil {
		return web.Engine{}, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "xcover.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./wasm")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if msg, err := build.CombinedOutput(); err != nil {
		return web.Engine{}, fmt.Errorf("go build ./wasm: %v\n%s", err, msg)
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return web.Engine{}, err
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return web.Engine{}, err
	}
	exe, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return web.Engine{}, err
	}
	return web.Engine{Wasm: wasm, WasmExec: string(exe)}, nil
})

// maxFrozenMs is the longest a page's timer may wait while the engine
// traces: a few frames of a busy machine (250 ms seen on two loaded
// cores), not the trace's seconds.
const maxFrozenMs = 1000

// sudoku4 is a 4×4 Sudoku typed by hand, as a student would.
const sudoku4 = "2\n1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n"

// The folder of "xcover explain --site", opened from disk (file://), runs
// the playground in the browser with no server: Knuth's example, Sudoku
// grids (an example and one typed), a pentomino board, each told node for
// node as the terminal tells it; a bad input's located message; an input
// over MaxInputBytes refused as the server refuses it; the page live while
// a long trace runs, and Stop; nothing fetched but the page and the
// worker's script the page makes.
// It logs the folder's size and the engine's nodes per second against
// the same code run natively.
func TestSitePlayground(t *testing.T) {
	b := newBrowser(t)
	e, err := engine()
	if err != nil {
		t.Fatal(err)
	}
	examples, problems := shipped(t)
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if err := web.WriteSite(f, examples, e); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(f.Name())
	t.Logf("index.html: %d bytes; the engine %d bytes", fi.Size(), len(e.Wasm))
	url := "file://" + filepath.ToSlash(f.Name())
	b.open(t, url)

	index := map[string]int{}
	for j, ex := range examples {
		index[ex.Name] = j
	}
	loads := 0
	explainInput := func(t *testing.T, kind, input string) {
		b.run(t,
			chromedp.SetValue(chromedp.CSS("#pg-kind"), kind),
			chromedp.SetValue(chromedp.CSS("#pg-input"), input),
			chromedp.Click(chromedp.CSS("#pg-run")),
		)
		loads++
		b.run(t, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-loads="%d"]`, loads))))
		nodes := value(t, b, chromedp.Evaluate[int](`+document.getElementById("nodes").textContent.match(/[\d,]+/)[0].replace(/,/g, "")`))
		ms := value(t, b, chromedp.Evaluate[string](`document.body.dataset.traceMs`))
		start := time.Now()
		if _, err := web.TraceInput(context.Background(), kind, input); err != nil {
			t.Fatal(err)
		}
		native := time.Since(start)
		browser, err := time.ParseDuration(ms + "ms")
		if err != nil {
			t.Fatalf("the page timed its trace as %q", ms)
		}
		t.Logf("%d nodes: in the browser %v (%.0f nodes/s), native %v (%.0f nodes/s)", nodes,
			browser, float64(nodes)/browser.Seconds(), native.Round(time.Millisecond), float64(nodes)/native.Seconds())
	}
	shown := []string{"solve/knuth.yaml", "sudoku/one9.in"}
	if testtier.Longs() {
		// 20,000 nodes (MaxPlaygroundNodes) of a wordy search: the figure of
		// nodes per second; half a minute or more in the browser.
		shown = append(shown, "pentomino/scott-8x8.txt")
	}
	for _, name := range shown {
		t.Run(name, func(t *testing.T) {
			ex, p := examples[index[name]], problems[name]
			explainInput(t, ex.Kind, ex.Text)
			n := narrate(t, p, web.MaxPlaygroundNodes)
			check(t, p, n, b.shown(t))
			for range min(3, len(n.order)-1) {
				b.key(t, kb.ArrowRight)
				check(t, p, n, b.shown(t))
			}
			b.key(t, "n")
			check(t, p, n, b.shown(t))
			b.screenshot(t, "site-"+strings.ReplaceAll(name, "/", "-"))
		})
	}
	t.Run("sudoku typed", func(t *testing.T) {
		explainInput(t, "sudoku", sudoku4)
		batch, err := sudoku.Read("in", []byte(sudoku4), sudoku.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := sudoku.Encode(batch.Puzzles[0].Grid)
		if err != nil {
			t.Fatal(err)
		}
		n := narrate(t, p, web.MaxPlaygroundNodes)
		b.key(t, "n")
		check(t, p, n, b.shown(t))
		// The rating and the human path, made by the engine in the page, as
		// sudoku.Rate gives them; a step of the path by its button.
		g := batch.Puzzles[0].Grid
		rt, err := sudoku.NewSolver().Rate(context.Background(), g, sudoku.Config{})
		if err != nil || len(rt.Steps) < 2 {
			t.Fatalf("Rate: %v, %d steps", err, len(rt.Steps))
		}
		b.run(t, chromedp.Click(chromedp.CSS("#hp-step")))
		got := value(t, b, chromedp.Evaluate[[]string](`[document.getElementById("hp-rating").textContent, document.getElementById("hp-say").textContent]`))
		want := []string{fmt.Sprintf("rated %s (%s), %d steps", rt.Hardest, rt.Hardest.Level(), len(rt.Steps)), rt.Steps[1].Say(g.Size())}
		if !slices.Equal(got, want) {
			t.Errorf("the human path: %q; Rate: %q", got, want)
		}
		b.screenshot(t, "site-sudoku-4x4")
	})
	t.Run("pentomino board typed", func(t *testing.T) {
		// The 12 pentominoes in a 2×30 box: X fits nowhere, and the search
		// ends at its first node. A board whose search is longer takes
		// seconds to trace (the long tier traces one).
		board := strings.Repeat(strings.Repeat(".", 30)+"\n", 2)
		explainInput(t, "pentomino", board)
		parsed, err := pentomino.ParseBoard("in", []byte(board))
		if err != nil {
			t.Fatal(err)
		}
		pz, err := pentomino.New(parsed, pentomino.Pentominoes(), pentomino.Options{})
		if err != nil {
			t.Fatal(err)
		}
		check(t, pz.Problem(), narrate(t, pz.Problem(), web.MaxPlaygroundNodes), b.shown(t))
		b.screenshot(t, "site-pentomino-2x30")
	})
	t.Run("live while it traces, and stopped", func(t *testing.T) {
		// 20,000 nodes of the pentominoes in an 8×8 box with a hole take
		// half a minute or more in the browser. While the engine traces,
		// the page's timers run (a frozen page runs none), the page shows
		// the nodes searched, and Stop ends the trace and leaves the page
		// ready for the next one.
		ex := examples[index["pentomino/scott-8x8.txt"]]
		b.run(t,
			chromedp.Evaluate[chromedp.Void](`window.ticks = []; window.ticker = setInterval(() => ticks.push(performance.now()), 20)`),
			chromedp.SetValue(chromedp.CSS("#pg-kind"), ex.Kind),
			chromedp.SetValue(chromedp.CSS("#pg-input"), ex.Text),
			chromedp.Click(chromedp.CSS("#pg-run")),
			chromedp.WaitVisible(chromedp.CSS("#pg-stop")),
		)
		progress := regexp.MustCompile(`^working… ([\d,]+) nodes searched$`)
		var first, last int
		deadline := time.Now().Add(20 * time.Second)
		for last-first < 100 { // two reports, a hundred nodes apart
			if time.Now().After(deadline) {
				t.Fatalf("the page showed no progress: %d nodes, then %d", first, last)
			}
			note := value(t, b, chromedp.Evaluate[string](`document.getElementById("pg-note").textContent`))
			if m := progress.FindStringSubmatch(note); m != nil {
				n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
				if first == 0 {
					first = n
				}
				last = n
			}
			time.Sleep(100 * time.Millisecond)
		}
		// The longest the page's thread was held while the engine traced:
		// the gap between two ticks of a 20 ms timer.
		gap := value(t, b, chromedp.Evaluate[float64](`Math.max(...ticks.slice(1).map((x, j) => x - ticks[j]))`))
		ticks := value(t, b, chromedp.Evaluate[int](`ticks.length`))
		t.Logf("while it traced (%d nodes, then %d): %d ticks of the page's timer, the longest gap %.0f ms", first, last, ticks, gap)
		if gap > maxFrozenMs {
			t.Errorf("the page's timer stopped for %.0f ms while the engine traced", gap)
		}
		b.screenshot(t, "site-tracing")
		b.run(t,
			chromedp.Click(chromedp.CSS("#pg-stop")),
			chromedp.WaitVisible(chromedp.CSS(`body[data-stops="1"]`)),
			chromedp.Evaluate[chromedp.Void](`clearInterval(ticker)`),
		)
		if s := value(t, b, chromedp.Evaluate[bool](`document.getElementById("pg-run").disabled || !document.getElementById("pg-stop").hidden`)); s {
			t.Error("after Stop, Explain is disabled or Stop still shown")
		}
		b.screenshot(t, "site-stopped")
		// The next trace runs in a new worker.
		name := "solve/knuth.yaml"
		explainInput(t, examples[index[name]].Kind, examples[index[name]].Text)
		check(t, problems[name], narrate(t, problems[name], web.MaxPlaygroundNodes), b.shown(t))
	})
	errors := 0
	for _, tc := range []struct{ name, kind, input, want string }{
		{"bad input", "spec", "A B\nA\nC\n", `input:3:1: unknown item "C"`},
		{"too large", "spec", strings.Repeat("A ", web.MaxInputBytes/2+1), fmt.Sprintf("the input has %d bytes, more than MaxInputBytes", web.MaxInputBytes+2)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errors++
			b.run(t,
				chromedp.SetValue(chromedp.CSS("#pg-kind"), tc.kind),
				chromedp.SetValue(chromedp.CSS("#pg-input"), tc.input),
				chromedp.Click(chromedp.CSS("#pg-run")),
				chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-errors="%d"]`, errors))),
			)
			msg := value(t, b, chromedp.Evaluate[string](`document.getElementById("pg-error").textContent`))
			if !strings.HasPrefix(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("the page says %q, want one line starting %q", msg, tc.want)
			}
			if tc.name == "bad input" {
				b.screenshot(t, "site-bad-input")
			}
		})
	}
	onlyLocal(t, b, url, "blob:null/") // the page and the engine's worker, which the page makes
}
