//go:build browser

package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
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
	"github.com/xcover/xcover/explain/web/playground"
	"github.com/xcover/xcover/problems/pentomino"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

// shipped returns the examples "xcover serve" offers, read from the
// directory the command embeds (cmd/xcover/examples), and the problem each
// one is, made here from the front ends' own packages.
func shipped(t *testing.T) ([]web.Example, map[string]*exactcover.Problem) {
	t.Helper()
	var out []web.Example
	problems := map[string]*exactcover.Problem{}
	for dir, kind := range map[string]string{"solve": "spec", "sudoku": "sudoku", "pentomino": "pentomino"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "cmd", "xcover", "examples", dir, "*"))
		for _, f := range files {
			if kind == "pentomino" && !strings.HasSuffix(f, ".txt") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			name := dir + "/" + filepath.Base(f)
			out = append(out, web.Example{Name: name, Kind: kind, Text: string(data)})
			switch kind {
			case "spec":
				sp, err := specs.Load(f, data, "")
				if err != nil {
					t.Fatal(err)
				}
				problems[name] = &sp.Problem
			case "sudoku":
				b, err := sudoku.Read(f, data, sudoku.ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				p, err := sudoku.Encode(b.Puzzles[0].Grid)
				if err != nil {
					t.Fatal(err)
				}
				problems[name] = p
			case "pentomino":
				board, err := pentomino.ParseBoard(f, data)
				if err != nil {
					t.Fatal(err)
				}
				pz, err := pentomino.New(board, pentomino.Pentominoes(), pentomino.Options{})
				if err != nil {
					t.Fatal(err)
				}
				problems[name] = pz.Problem()
			}
		}
	}
	return out, problems
}

// playgroundNodes bounds the traces of the test's playground, to keep it
// quick; the limit itself is the server's business (see
// explain/web/playground).
const playgroundNodes = 300

// The playground traces every shipped example (problems, Sudoku grids,
// pentomino boards) as the terminal tells it, steps through it with the
// keyboard, shows a located message for bad input, and requests nothing
// but its own server.
func TestPlayground(t *testing.T) {
	b := newBrowser(t)
	examples, problems := shipped(t)
	srv := httptest.NewServer(playground.Handler(examples, explain.TraceLimits{Nodes: playgroundNodes}))
	defer srv.Close()
	b.open(t, srv.URL+"/")
	loads := 0
	for j, ex := range examples {
		t.Run(ex.Name, func(t *testing.T) {
			p := problems[ex.Name]
			b.run(t,
				chromedp.SetValue(chromedp.CSS("#pg-example"), fmt.Sprint(j)),
				chromedp.Evaluate[chromedp.Void](`document.getElementById("pg-example").onchange()`),
				chromedp.Click(chromedp.CSS("#pg-run")),
			)
			loads++
			b.run(t, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`body[data-loads="%d"]`, loads))))
			n := narrate(t, p, playgroundNodes)
			check(t, p, n, b.shown(t))
			for range min(3, len(n.order)-1) {
				b.key(t, kb.ArrowRight)
				check(t, p, n, b.shown(t))
			}
			b.key(t, "n")
			check(t, p, n, b.shown(t))
			b.key(t, kb.ArrowRight) // after a solution
			check(t, p, n, b.shown(t))
			b.key(t, "b") // back to the solution

			if ex.Kind == "sudoku" { // the board: the grid's givens, and a digit per option chosen
				b2, _ := sudoku.Read("in", []byte(ex.Text), sudoku.ReadOptions{})
				givens := 0
				for _, v := range b2.Puzzles[0].Grid.Cells {
					if v != 0 {
						givens++
					}
				}
				s := b.shown(t)
				got := value(t, b, chromedp.Evaluate[[]int](`[document.querySelectorAll("#board td.given").length, document.querySelectorAll("#board td.placed").length]`))
				if got[0] != givens || got[1] != len(strings.Fields(s.Partial)) {
					t.Errorf("the board shows %d givens and %d digits placed; the grid has %d givens, the partial solution %d options", got[0], got[1], givens, len(strings.Fields(s.Partial)))
				}
				// The rating and the human path, as sudoku.Rate gives them.
				rt, err := sudoku.NewSolver().Rate(context.Background(), b2.Puzzles[0].Grid, sudoku.Config{})
				if err != nil {
					t.Fatal(err)
				}
				rating := value(t, b, chromedp.Evaluate[[]string](`[document.getElementById("hp-rating").textContent, String(document.querySelectorAll("#hp-list li").length), document.getElementById("hp-say").textContent]`))
				want := []string{fmt.Sprintf("rated %s (%s), %d steps", rt.Hardest, rt.Hardest.Level(), len(rt.Steps)), fmt.Sprint(len(rt.Steps) + 1), ""}
				if len(rt.Steps) > 0 {
					want[2] = rt.Steps[0].Say(b2.Puzzles[0].Grid.Size())
				} else {
					rating[2] = ""
				}
				if !slices.Equal(rating, want) {
					t.Errorf("the human path: %q; Rate: %q", rating, want)
				}
			}
			switch ex.Name {
			case "sudoku/one9.in", "pentomino/scott-8x8.txt":
				b.key(t, "n")
				b.screenshot(t, "playground-"+strings.ReplaceAll(ex.Name, "/", "-"))
			}
		})
	}
	t.Run("bad input", func(t *testing.T) {
		b.run(t,
			chromedp.SetValue(chromedp.CSS("#pg-kind"), "spec"),
			chromedp.SetValue(chromedp.CSS("#pg-input"), "A B\nA\nC\n"),
			chromedp.Click(chromedp.CSS("#pg-run")),
			chromedp.WaitVisible(chromedp.CSS(`body[data-errors="1"]`)),
		)
		msg := value(t, b, chromedp.Evaluate[string](`document.getElementById("pg-error").textContent`))
		if want := `input:3:1: unknown item "C"`; !strings.HasPrefix(msg, want) {
			t.Errorf("the page says %q, want %q…", msg, want)
		}
		b.screenshot(t, "playground-bad-input")
	})
	onlyLocal(t, b, srv.URL+"/")
}
