//go:build browser

package web_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
	"github.com/xcover/xcover/problems/sudoku"
)

// humanMarks is what the human path's board shows of a step.
type humanMarks struct {
	Step           string
	Cells          []int   // the cells outlined
	Put, Out       [][]int // the pencil marks marked placed and ruled out: cell, value
	OutShown, Rows int     // the ruled-out marks that show their value; the board's rows
	Say, Items     string
}

// stepHumanPath reads the marks of the human path's board at the step
// shown, then steps by the step button, n times, and reads them again each
// time: one call into the page, not a round trip a step.
const stepHumanPath = `((n) => {
	const read = () => {
		const tds = [...document.querySelectorAll("#hp-board td")];
		const cells = [], put = [], out = [];
		let shown = 0;
		tds.forEach((td, x) => {
			if (td.classList.contains("hp-cell")) cells.push(x);
			td.querySelectorAll(".cands i").forEach((m, j) => {
				if (m.classList.contains("hp-put")) put.push([x, j + 1]);
				if (m.classList.contains("hp-out")) { out.push([x, j + 1]); if (m.textContent !== "") shown++; }
			});
		});
		return {Step: document.body.dataset.hpStep, Cells: cells, Put: put, Out: out, OutShown: shown,
			Rows: document.querySelectorAll("#hp-board tr").length,
			Say: document.getElementById("hp-say").textContent, Items: document.getElementById("hp-items").textContent};
	};
	const all = [read()];
	for (let k = 0; k < n; k++) { document.getElementById("hp-step").click(); all.push(read()); }
	return all;
})`

// The page of a rated 9×9 Sudoku (explain --html of "xcover sudoku
// --emit-spec") shows its rating and steps through its human path: at
// each step the board outlines the step's cells, marks the value it
// places and the candidates it rules out (each still pencilled in), and
// says the step in the players' words and in items and options, all as
// sudoku.Rate gives them; the path of a puzzle rated beyond ends where the
// techniques stop.
func TestHumanPath(t *testing.T) {
	b := newBrowser(t)
	for _, tc := range ratedPuzzles[1:] { // an x-wing, and beyond
		batch, err := sudoku.Read("s", []byte(tc.puzzle), sudoku.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g := batch.Puzzles[0].Grid
		rt, err := sudoku.NewSolver().Rate(context.Background(), g, sudoku.Config{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := sudoku.Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		page, err := web.NewPage(context.Background(), tc.name, p, explain.TraceLimits{Nodes: 20})
		if err != nil {
			t.Fatal(err)
		}
		b.open(t, writeTrace(t, tc.name, page))
		rating := value(t, b, chromedp.Evaluate[string](`document.getElementById("hp-rating").textContent`))
		if !strings.Contains(rating, rt.Hardest.String()) || !strings.Contains(rating, rt.Hardest.Level()) {
			t.Errorf("%s: the page says %q; Rate: %s (%s)", tc.name, rating, rt.Hardest, rt.Hardest.Level())
		}
		// The first step by a click as a user would, back, and forward
		// again; then the rest by the button.
		b.run(t, chromedp.Click(`#hp-step`), chromedp.Click(`#hp-back`))
		got := value(t, b, chromedp.Evaluate[[]humanMarks](stepHumanPath+"("+strconv.Itoa(len(rt.Steps))+")"))
		if len(got) != len(rt.Steps)+1 {
			t.Fatalf("%s: %d steps read", tc.name, len(got))
		}
		n := g.Size()
		for k, st := range rt.Steps {
			m := got[k]
			var put, out [][]int
			if st.Placed.Value > 0 {
				put = [][]int{{st.Placed.Cell, st.Placed.Value}}
			}
			for _, c := range st.Removed {
				out = append(out, []int{c.Cell, c.Value})
			}
			wantCells := st.Cells
			if st.Placed.Value > 0 {
				wantCells = []int{st.Placed.Cell}
			}
			switch {
			case m.Step != strconv.Itoa(k) || m.Rows != n:
				t.Fatalf("%s: step %d: the page shows step %s on %d rows", tc.name, k+1, m.Step, m.Rows)
			case m.Say != st.Say(n) || m.Items != st.Items(n):
				t.Errorf("%s: step %d says %q / %q; Rate: %q / %q", tc.name, k+1, m.Say, m.Items, st.Say(n), st.Items(n))
			case len(wantCells) > 0 && !slices.Equal(m.Cells, wantCells):
				t.Errorf("%s: step %d (%s) outlines %v, its cells are %v", tc.name, k+1, st.Technique, m.Cells, wantCells)
			case len(m.Cells) == 0 || !inUnits(m.Cells, st, n):
				t.Errorf("%s: step %d (%s) outlines %v, not cells of its units %v", tc.name, k+1, st.Technique, m.Cells, st.Units)
			case !equalPairs(m.Put, put) || !equalPairs(m.Out, out) || m.OutShown != len(out):
				t.Errorf("%s: step %d (%s) marks %v placed, %v ruled out (%d pencilled in); Rate: %v, %v", tc.name, k+1, st.Technique, m.Put, m.Out, m.OutShown, put, out)
			}
		}
		end := got[len(rt.Steps)]
		want := "solved"
		if rt.Hardest == sudoku.Beyond {
			want = "the techniques stop here"
		}
		if !strings.Contains(end.Say, want) || len(end.Cells) != 0 {
			t.Errorf("%s: the path ends with %q, %d cells outlined; want %q", tc.name, end.Say, len(end.Cells), want)
		}
		if tc.name == "x-wing" {
			// The x-wing's step, to look at.
			for k, st := range rt.Steps {
				if st.Technique == sudoku.XWing {
					b.run(t, chromedp.Evaluate[chromedp.Void](`(() => { document.querySelectorAll("#hp-list li")[`+strconv.Itoa(k)+`].click(); document.getElementById("human-panel").scrollIntoView(); })()`))
					break
				}
			}
		}
		if tc.name == "x-wing" {
			b.screenshot(t, "human-path-"+tc.name)
		}
	}
}

func equalPairs(a, b [][]int) bool {
	return slices.EqualFunc(a, b, func(x, y []int) bool { return slices.Equal(x, y) })
}

// inUnits says whether every cell lies in one of the step's units (a
// single's cell is placed by it, so checked above).
func inUnits(cells []int, st sudoku.Step, n int) bool {
	if st.Placed.Value > 0 || len(st.Units) == 0 {
		return true
	}
	box := 1
	for box*box < n {
		box++
	}
	for _, x := range cells {
		r, c, ok := x/n, x%n, false
		for _, u := range st.Units {
			ok = ok || u == r || u == n+c || u == 2*n+r/box*box+c/box
		}
		if !ok {
			return false
		}
	}
	return true
}
