//go:build browser

package web_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/problems/sudoku"
)

// Lecture mode at 1280×720: the page does not scroll, the problem is above
// the viewer, and the URL follows the node shown; #node=N typed while the
// page is open goes there, and #lecture opens it in lecture mode.
func TestLecture(t *testing.T) {
	b := newBrowser(t)
	b.run(t, chromedp.EmulateViewport(1280, 720))
	for _, name := range []string{"knuth", "queens-8", "pentomino-3x20"} {
		t.Run(name, func(t *testing.T) {
			p := loadExample(t, filepath.Join("..", "..", "specs", "examples", name+".yaml"))
			url := writePage(t, name, p, 300)
			b.open(t, url+"#node=3&lecture")
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
			b.screenshot(t, "lecture-"+name)
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
