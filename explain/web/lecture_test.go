//go:build browser

package web_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/problems/pentomino"
	"github.com/xcover/xcover/problems/sudoku"
)

// Lecture mode at 1280×720: the page does not scroll, the problem is above
// the viewer, and the URL follows the node shown; #node=N typed while the
// page is open goes there, and #lecture opens it in lecture mode. What
// matters lies inside the box its panel shows, for every kind of board:
// the board's last row and its legend, the matrix's legend, the chosen
// item and its chip among the items left, and at least a line of every
// panel (a panel may scroll, but not hide these; the matrix's legend when the matrix is shown, not the
// dancing links in its place).
func TestLecture(t *testing.T) {
	b := newBrowser(t)
	b.run(t, chromedp.EmulateViewport(1280, 720))
	for _, tc := range lectureExamples(t) {
		t.Run(tc.name, func(t *testing.T) {
			b.open(t, tc.url+"#node=3&lecture")
			got := value(t, b, chromedp.Evaluate[[]float64](`[document.body.classList.contains("lecture") ? 1 : 0, document.documentElement.scrollHeight, innerHeight,
				document.documentElement.scrollWidth, innerWidth, document.getElementById("headertext-box").getBoundingClientRect().bottom,
				document.getElementById("viewer").getBoundingClientRect().top, +document.body.dataset.node]`))
			if got[0] != 1 {
				t.Fatal("#lecture does not open the page in lecture mode")
			}
			if got[1] > got[2] || got[3] > got[4] {
				t.Errorf("in lecture mode the page is %v×%v, larger than the window's %v×%v", got[3], got[1], got[4], got[2])
			}
			if got[5] > got[6] {
				t.Errorf("the problem (bottom %v) is not above the viewer (top %v)", got[5], got[6])
			}
			if got[7] != 3 {
				t.Errorf("#node=3 opens node %v", got[7])
			}
			for _, c := range value(t, b, chromedp.Evaluate[[]string](clippedJS)) {
				t.Error(c)
			}
			if tc.marks > 0 {
				// Pencil marks too small to read are hidden, and the legend says so.
				m := value(t, b, chromedp.Evaluate[[]float64](`(() => { const c = document.querySelector("#board .cands"), off = document.querySelector("#board .marks-off");
					return [c && c.offsetParent ? parseFloat(getComputedStyle(c).fontSize) : 0, off && off.offsetParent ? 1 : 0]; })()`))
				switch {
				case m[0] == 0 && m[1] == 0:
					t.Error("the pencil marks are hidden, and the board's legend does not say so")
				case m[0] > 0 && m[0] < tc.marks:
					t.Errorf("the pencil marks are %vpx, smaller than %vpx", m[0], tc.marks)
				case m[0] > 0 && m[1] == 1:
					t.Error("the board's legend says the pencil marks are hidden, and they are shown")
				}
			}
			b.screenshot(t, "lecture-"+tc.name)
			b.key(t, kb.ArrowRight)
			if h := value(t, b, chromedp.Evaluate[string](`location.hash`)); h != "#node=4&lecture" {
				t.Errorf("after a step the URL's fragment is %q", h)
			}
			b.run(t, chromedp.Evaluate[chromedp.Void](`location.hash = "#node=2"`), chromedp.Poll[chromedp.Void](`document.body.dataset.node === "2"`))
			if l := value(t, b, chromedp.Evaluate[bool](`document.body.classList.contains("lecture")`)); l {
				t.Error("#node=2 without lecture leaves lecture mode on")
			}
		})
	}
}

// lectureExample is a page for TestLecture, and the smallest size of its
// pencil marks in pixels (0: it has none).
type lectureExample struct {
	name, url string
	marks     float64
}

// In a narrow window (a phone's 480 pixels) the board shrinks to its
// panel's width in normal mode too: the widest boards, with their legends,
// lie inside the panel and the window's width.
func TestBoardFitsWindow(t *testing.T) {
	b := newBrowser(t)
	b.run(t, chromedp.EmulateViewport(480, 900))
	for _, tc := range lectureExamples(t, "pentomino-3x20", "sudoku-16x16") {
		t.Run(tc.name, func(t *testing.T) {
			b.open(t, tc.url+"#node=3")
			for _, c := range value(t, b, chromedp.Evaluate[[]string](clippedJS)) {
				t.Error(c)
			}
			b.screenshot(t, "narrow-"+tc.name)
		})
	}
}

// lectureExamples are a page for every kind of board: none (Knuth's
// example), queens, pentominoes on two boards, and Sudokus of the three
// sizes (the 9×9 and 16×16 have pencil marks); only those named, if any
// are.
func lectureExamples(t *testing.T, only ...string) []lectureExample {
	t.Helper()
	spec := func(name string) func() *exactcover.Problem {
		return func() *exactcover.Problem {
			return loadExample(t, filepath.Join("..", "..", "specs", "examples", name+".yaml"))
		}
	}
	grid := func(name string, text func() string) func() *exactcover.Problem {
		return func() *exactcover.Problem {
			batch, err := sudoku.Read(name, []byte(text()), sudoku.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			p, err := sudoku.Encode(batch.Puzzles[0].Grid)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
	}
	text := func(s string) func() string { return func() string { return s } }
	file := func(path string) func() string {
		return func() string {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			return string(data)
		}
	}
	pentominoes := func(w, h int) func() *exactcover.Problem {
		return func() *exactcover.Problem {
			board, err := pentomino.Rectangle(w, h)
			if err != nil {
				t.Fatal(err)
			}
			pz, err := pentomino.New(board, pentomino.Pentominoes(), pentomino.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return pz.Problem()
		}
	}
	all := []struct {
		name    string
		marks   float64
		problem func() *exactcover.Problem
	}{
		{"knuth", 0, spec("knuth")},
		{"queens-8", 0, spec("queens-8")},
		{"pentomino-3x20", 0, spec("pentomino-3x20")},
		{"pentomino-6x10", 0, pentominoes(10, 6)},
		{"sudoku-4x4", 7, grid("sudoku-4x4", text("1...\n..12\n.1..\n4..1\n"))},
		{"sudoku-9x9", 7, grid("sudoku-9x9", text("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"))},
		{"sudoku-16x16", 7, grid("sudoku-16x16", file(filepath.Join("..", "..", "problems", "sudoku", "testdata", "letters16.in")))},
	}
	var ex []lectureExample
	for _, e := range all {
		if len(only) == 0 || slices.Contains(only, e.name) {
			ex = append(ex, lectureExample{name: e.name, url: writePage(t, e.name, e.problem(), 300), marks: e.marks})
		}
	}
	return ex
}

// clippedJS lists what matters and lies outside the box its scrolling
// ancestors (panels) and the window's width (in lecture mode its height
// too) show of it, or is not shown at all.
const clippedJS = `(() => {
	const shownBox = (el) => {
		let box = {top: document.body.classList.contains("lecture") ? 0 : -Infinity, left: 0,
			bottom: document.body.classList.contains("lecture") ? innerHeight : Infinity, right: innerWidth};
		for (let a = el.parentElement; a; a = a.parentElement) {
			const s = getComputedStyle(a);
			if (s.overflowX === "visible" && s.overflowY === "visible") continue;
			const r = a.getBoundingClientRect(), top = r.top + a.clientTop, left = r.left + a.clientLeft;
			box = {top: Math.max(box.top, top), left: Math.max(box.left, left),
				bottom: Math.min(box.bottom, top + a.clientHeight), right: Math.min(box.right, left + a.clientWidth)};
		}
		return box;
	};
	const board = !document.getElementById("board-panel").hidden;
	const matters = [["the chosen item", "#why"], ["its chip among the items left", "#items-left .chip.chosen"]];
	if (document.getElementById("matrix-panel").offsetParent && document.getElementById("matrix-legend").textContent) matters.push(["the matrix's legend", "#matrix-legend"]);
	if (board) matters.push(["the board's last row", "#board tr:last-child"], ["the board's legend", "#board .legend"]);
	const out = [];
	if (document.body.classList.contains("lecture")) { // every panel shows at least its heading and a line below it
		for (const panel of document.querySelectorAll("#viewer .panel")) {
			if (!panel.offsetParent) continue;
			const r = panel.getBoundingClientRect(), b = shownBox(panel), h = panel.querySelector("h2");
			const shows = Math.min(r.bottom, b.bottom) - r.top, need = panel.clientTop + parseFloat(getComputedStyle(panel).paddingTop) +
				h.offsetHeight + parseFloat(getComputedStyle(h).marginBottom) + 16;
			if (r.bottom > b.bottom + 1 || shows < need) {
				out.push("the panel " + h.firstChild.textContent + " shows " + Math.round(shows) + " of its pixels, not its heading and a line (" + Math.round(need) + ")");
			}
		}
	}
	for (const [what, sel] of matters) {
		const el = document.querySelector(sel);
		if (!el) { out.push(what + " (" + sel + ") is not on the page"); continue; }
		const r = el.getBoundingClientRect(), b = shownBox(el);
		if (r.height === 0 || r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) {
			out.push(what + " (" + sel + ") lies at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(",") +
				", its panel shows " + [b.left, b.top, b.right, b.bottom].map(Math.round).join(","));
		}
	}
	return out;
})()`

// The board where the eye is: a Sudoku's candidates as box×box pencil
// marks, each value in its place; the chosen item's cell marked, and the
// cells its options may fill; a legend for the marks; the matrix's window
// holds the chosen item's column and its live options.
func TestBoardMarks(t *testing.T) {
	b := newBrowser(t)
	batch, err := sudoku.Read("s", []byte("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"), sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := sudoku.Encode(batch.Puzzles[0].Grid)
	if err != nil {
		t.Fatal(err)
	}
	page, err := web.NewPage(context.Background(), "sudoku", p, explain.TraceLimits{Nodes: 50})
	if err != nil {
		t.Fatal(err)
	}
	page.Board = web.DetectBoard(p)
	if page.Board == nil {
		t.Fatal("no board")
	}
	b.open(t, writeTrace(t, "sudoku", page)+"#node=3")
	nd := page.Trace.Nodes[2]
	type marks struct {
		Targets, Places, Cands, MarksPer, Branches int
		Chosen, Legend, MatrixLegend               string
	}
	got := value(t, b, chromedp.Evaluate[marks](`(() => {
		const q = (s) => document.querySelectorAll(s);
		const cands = [...q("#board .cands")];
		return {Targets: q("#board td.target").length, Places: q("#board td.place").length, Cands: cands.length,
			MarksPer: cands.length ? Math.min(...cands.map((c) => c.children.length)) : 0,
			Branches: q("#matrix tr.branch").length, Chosen: (q("#matrix th.chosen")[0] || {}).textContent || "",
			Legend: document.querySelector("#board .legend").textContent, MatrixLegend: document.getElementById("matrix-legend").textContent};
	})()`))
	chosen := page.Trace.Problem.Items[nd.Chosen]
	if got.Chosen != chosen {
		t.Errorf("the matrix's window shows the chosen column %q, the node chooses %s", got.Chosen, chosen)
	}
	if got.Branches != nd.Degree {
		t.Errorf("the matrix marks %d branches, the node has %d", got.Branches, nd.Degree)
	}
	if strings.HasPrefix(chosen, "r") && strings.Contains(chosen, "c") && !strings.Contains(chosen, "#") && got.Targets != 1 {
		t.Errorf("the chosen cell %s: %d cells marked", chosen, got.Targets)
	}
	if got.Targets+got.Places == 0 {
		t.Error("the chosen item is not marked on the board")
	}
	if got.Cands == 0 || got.MarksPer != 9 {
		t.Errorf("%d cells with pencil marks, at least %d places each, not 9", got.Cands, got.MarksPer)
	}
	for _, w := range []string{"given", "placed", "pencil marks", "the chosen item", "the cells its options may fill"} {
		if !strings.Contains(got.Legend, w) {
			t.Errorf("the board's legend %q does not tell %q", got.Legend, w)
		}
	}
	for _, w := range []string{"the chosen item", "the branches", "the partial solution", "covered items, hidden options"} {
		if !strings.Contains(got.MatrixLegend, w) {
			t.Errorf("the matrix's legend %q does not tell %q", got.MatrixLegend, w)
		}
	}
	b.screenshot(t, "sudoku-node-3")
}
