//go:build browser

package web_test

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/xcover/xcover/exactcover"
)

// readMatrix reads the matrix as the page draws it: the items of the
// window's columns (covered ones marked), and for each option's row its
// number, whether it is hidden or in the partial solution, the symbol in
// each column ("" where nothing shows), and how far each 1 is from the
// middle of its column's heading, in pixels; and how many elements the
// table holds.
const readMatrix = `(() => {
	const table = document.querySelector("#matrix table.m");
	const heads = [...table.querySelectorAll("th.col")];
	const mid = (r) => (r.left + r.right) / 2;
	const centers = heads.map((th) => mid(th.getBoundingClientRect()));
	const rows = [];
	for (const tr of table.querySelectorAll("tr")) {
		const num = tr.querySelector("td.num"), cells = tr.querySelector("td.cells");
		if (!num || !cells) continue;
		// The cells' text, each <b> in it as a mark of its own (a
		// character of the Private Use Area), in columns of three.
		let text = "", off = 0;
		const bs = [];
		for (const n of cells.childNodes) {
			if (n.nodeType === Node.TEXT_NODE) { text += n.data; continue; }
			const mark = String.fromCharCode(0xe000 + bs.length);
			text += n.classList.contains("w") ? " " + mark + " " : mark;
			bs.push(n);
		}
		const syms = [];
		for (let x = 0; x < text.length; x += 3) {
			let c = text.slice(x, x + 3).trim();
			const k = c.length === 1 ? c.charCodeAt(0) - 0xe000 : -1;
			if (k >= 0 && k < bs.length) {
				c = bs[k].textContent;
				off = Math.max(off, Math.abs(mid(bs[k].getBoundingClientRect()) - centers[syms.length]));
			}
			syms.push(c);
		}
		rows.push({Option: +num.textContent, Hidden: tr.classList.contains("hidden"), InPartial: tr.classList.contains("inpartial"), Syms: syms, Off: off});
	}
	return {Items: heads.map((th) => th.textContent), Covered: heads.map((th) => th.classList.contains("gone")),
		Rows: rows, Elements: table.querySelectorAll("*").length};
})()`

type matrixRow struct {
	Option            int
	Hidden, InPartial bool
	Syms              []string
	Off               float64
}

type matrixShown struct {
	Items   []string
	Covered []bool
	Rows    []matrixRow
	// Elements is the table's number of elements.
	Elements int
}

// The matrix shows each option's 1s in its items' columns and 0s in the
// others, nothing in a covered item's column or a hidden option's row,
// each 1 under its column's heading, at every node of the first steps; and
// an option's row is a few elements whatever the window's width (the
// browser lays out a table of a cell for each item and option slowly: a
// step of a large matrix took most of its time there).
func TestMatrixCells(t *testing.T) {
	b := newBrowser(t)
	for _, name := range []string{"knuth", "colors", "pentomino-3x20"} {
		t.Run(name, func(t *testing.T) {
			p := loadExample(t, filepath.Join("..", "..", "specs", "examples", name+".yaml"))
			b.open(t, writePage(t, name, p, 40))
			maxItems := 0
			for _, o := range p.Options {
				maxItems = max(maxItems, len(o.Items))
			}
			for step := 0; step < 12; step++ {
				m := value(t, b, chromedp.Evaluate[matrixShown](readMatrix))
				rows := value(t, b, chromedp.Evaluate[int](`document.querySelectorAll("#matrix tr").length`))
				// A row: its number, its mark, its cells, its label, and
				// a <b> for each 1; the heading: a cell for each column.
				if most := len(m.Items) + 4 + 1 + rows*(5+maxItems); m.Elements > most {
					t.Errorf("step %d: the matrix of %d columns and %d rows (the heading's with them) is %d elements, more than %d", step, len(m.Items), rows, m.Elements, most)
				}
				if len(m.Items) == 0 || len(m.Rows) == 0 {
					t.Fatalf("step %d: the matrix has %d columns and %d rows", step, len(m.Items), len(m.Rows))
				}
				for _, r := range m.Rows {
					checkMatrixRow(t, step, p.Options[r.Option-1].Items, m, r)
				}
				b.key(t, kb.ArrowRight)
			}
		})
	}
}

// checkMatrixRow checks the row r of m against its option's items.
func checkMatrixRow(t *testing.T, step int, items []exactcover.ItemRef, m matrixShown, r matrixRow) {
	t.Helper()
	if len(r.Syms) != len(m.Items) {
		t.Fatalf("step %d: option %d shows %d cells under %d columns", step, r.Option, len(r.Syms), len(m.Items))
	}
	for j, name := range m.Items {
		k := slices.IndexFunc(items, func(it exactcover.ItemRef) bool { return it.Name == name })
		want := "0"
		if k >= 0 {
			want = "1"
			if items[k].Color != "" {
				want = "color"
			}
		}
		if m.Covered[j] || (r.Hidden && !r.InPartial) {
			want = ""
		}
		got := r.Syms[j]
		if want == "color" {
			if got == "" || got == "0" || got == "1" {
				t.Errorf("step %d: option %d shows %q under %s, its color's symbol expected", step, r.Option, got, name)
			}
			continue
		}
		if got != want {
			t.Errorf("step %d: option %d shows %q under %s, not %q (%s)", step, r.Option, got, name, want, fmt.Sprint(items))
		}
	}
	if r.Off > 1.5 || math.IsNaN(r.Off) {
		t.Errorf("step %d: a 1 of option %d is %.1f px off its column's middle", step, r.Option, r.Off)
	}
}
