//go:build browser

package web_test

import (
	"context"
	"fmt"
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
	"github.com/xcover/xcover/problems/sudoku"
)

// linksShown is what the links view draws: every arrow (its array, its
// index, the node or item it points to, whether it is marked as written
// or as remembered, whether it is drawn as a removed cell's kept link),
// the headers' LEN, and the position (node, operations done).
type linksShown struct {
	Node, Micro string
	Arrows      [][]string
	Len         []string
	Op          string
}

const readLinks = `(() => ({
	Node: document.body.dataset.node, Micro: document.body.dataset.micro,
	Arrows: [...document.querySelectorAll("#links .ln")].map((e) => [e.dataset.f, e.dataset.i, e.dataset.to,
		e.classList.contains("w") ? "w" : e.classList.contains("r") ? "r" : "", e.classList.contains("kept") ? "kept" : ""]),
	Len: [...document.querySelectorAll("#links text.len")].map((e) => e.dataset.len),
	Op: document.getElementById("links-op").textContent,
}))()`

// linksState is Knuth's arrays, moved by the trace's operations: what the
// links view must draw.
type linksState struct {
	a [4][]int32 // LLINK, RLINK, ULINK, DLINK
	l []int32    // TOP
}

func newLinksState(k *explain.TraceLinks) *linksState {
	return &linksState{a: [4][]int32{slices.Clone(k.LLink), slices.Clone(k.RLink), slices.Clone(k.ULink), slices.Clone(k.DLink)}, l: slices.Clone(k.Top)}
}

func (s *linksState) apply(op explain.TraceOp) {
	for x := 0; x < len(op.W); x += 4 {
		f, i, v := explain.LinkField(op.W[x]), op.W[x+1], op.W[x+3]
		switch {
		case f <= explain.FieldDLink:
			s.a[f][i] = v
		case f == explain.FieldTop:
			s.l[i] = v
		}
	}
}

// want is what the view should draw in state s, just after op (nil: as a
// node is entered): each arrow, marked as op wrote it or, on an undo, read
// it; dashed when its cell is out of its list; the headers' LEN.
func (s *linksState) want(n int, op *explain.TraceOp) ([][]string, []string) {
	mark := map[[2]int32]string{}
	if op != nil {
		for x := 0; x+1 < len(op.R); x += 2 {
			mark[[2]int32{op.R[x], op.R[x+1]}] = "r"
		}
		for x := 0; x < len(op.W); x += 4 {
			mark[[2]int32{op.W[x], op.W[x+1]}] = "w"
		}
	}
	return s.wantMarked(n, mark)
}

// changedSince marks the links whose value differs between the arrays
// before and s: what a node step changed.
func (s *linksState) changedSince(before *linksState) map[[2]int32]string {
	mark := map[[2]int32]string{}
	for f := range s.a {
		for i := range s.a[f] {
			if s.a[f][i] != before.a[f][i] {
				mark[[2]int32{int32(f), int32(i)}] = "w"
			}
		}
	}
	return mark
}

// wantMarked is want with the marks given.
func (s *linksState) wantMarked(n int, mark map[[2]int32]string) ([][]string, []string) {
	names := []string{"LLINK", "RLINK", "ULINK", "DLINK"}
	inItems := map[int32]bool{}
	for _, h := range []int32{0, int32(n + 1)} {
		inItems[h] = true
		for i := s.a[1][h]; i != h; i = s.a[1][i] {
			inItems[i] = true
		}
	}
	inList := map[int32]bool{}
	for i := int32(1); i <= int32(n); i++ {
		inList[i] = true
		for x := s.a[3][i]; x != i; x = s.a[3][x] {
			inList[x] = true
		}
	}
	var arrows [][]string
	add := func(f, i int32, live bool) {
		kept := "kept"
		if live {
			kept = ""
		}
		arrows = append(arrows, []string{names[f], fmt.Sprint(i), fmt.Sprint(s.a[f][i]), mark[[2]int32{f, i}], kept})
	}
	for i := int32(0); i <= int32(n+1); i++ {
		add(1, i, inItems[i])
		add(0, i, inItems[i])
	}
	for x := int32(1); x < int32(len(s.l)); x++ {
		if x > int32(n) && (x == int32(n+1) || s.l[x] <= 0) {
			continue // a spacer: its links are drawn as the row's end
		}
		add(3, x, inList[x])
		add(2, x, inList[x])
	}
	var lens []string
	for i := 1; i <= n; i++ {
		lens = append(lens, fmt.Sprint(s.l[i]))
	}
	return arrows, lens
}

// nodeSteps is how many node steps the links view is checked on, from
// the first node: all of Knuth's example (6 nodes).
const nodeSteps = 5

// linksCases are the shipped small examples the links view draws, and a
// 4×4 Sudoku.
func linksCases(t *testing.T) map[string]*exactcover.Problem {
	t.Helper()
	out := map[string]*exactcover.Problem{}
	for _, name := range []string{"knuth", "colors", "knuth-mcc", "queens2-6"} {
		out[name] = loadExample(t, filepath.Join("..", "..", "specs", "examples", name+".yaml"))
	}
	batch, err := sudoku.Read("4x4", []byte("1...\n..2.\n.3..\n...4\n"), sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := sudoku.Encode(batch.Puzzles[0].Grid)
	if err != nil {
		t.Fatal(err)
	}
	out["sudoku-4x4"] = p
	return out
}

// maxMicroSteps bounds the micro-steps a case is followed through, one key
// press each: every operation of the small examples, the start of the
// larger ones.
const maxMicroSteps = 80

// The links view in Chromium, micro-step by micro-step on the small
// examples: after every operation, forward and back, it draws exactly the
// arrays the trace's operations make (every LLINK, RLINK, ULINK and DLINK
// as an arrow to its target, every header's LEN), marks the cells the
// operation wrote and, on an undo, the remembered cells it read, and
// draws the links a removed cell keeps as dashed; node steps (m toggles)
// move a node at a time.
func TestLinksView(t *testing.T) {
	b := newBrowser(t)
	for name, p := range linksCases(t) {
		t.Run(name, func(t *testing.T) {
			page, err := web.NewPage(context.Background(), name, p, explain.TraceLimits{Nodes: 500})
			if err != nil {
				t.Fatal(err)
			}
			tr := page.Trace
			if tr.Links == nil {
				t.Fatalf("%d items, %d options: no links", len(tr.Problem.Items), len(tr.Problem.Options))
			}
			url := writeTrace(t, name, page)
			b.open(t, url)
			b.key(t, "m")
			n := len(tr.Links.LLink) - 2
			s := newLinksState(tr.Links)
			type pos struct {
				node, micro int
				op          *explain.TraceOp
			}
			var seen []pos
			j, m := 0, 0
			for step := 0; step < maxMicroSteps && j < tr.Links.Nodes && j < len(tr.Nodes); step++ {
				if step > 0 {
					b.key(t, kb.ArrowRight)
				}
				var op *explain.TraceOp
				if m > 0 {
					op = &tr.Nodes[j].Ops[m-1]
				}
				seen = append(seen, pos{j, m, op})
				checkLinks(t, b, s, n, tr.Nodes[j].Node, m, op)
				if step == 6 && name == "knuth" {
					b.screenshot(t, "links-knuth-micro")
				}
				if m < len(tr.Nodes[j].Ops) {
					s.apply(tr.Nodes[j].Ops[m])
					m++
				} else {
					j, m = j+1, 0
				}
			}
			// Back again: each undo of the view restores the before values.
			for k := len(seen) - 1; k > max(0, len(seen)-25); k-- {
				b.key(t, kb.ArrowLeft)
				at := seen[k-1]
				s = newLinksState(tr.Links)
				for jj := 0; jj <= at.node; jj++ {
					ops := tr.Nodes[jj].Ops
					if jj == at.node {
						ops = ops[:at.micro]
					}
					for _, op := range ops {
						s.apply(op)
					}
				}
				checkLinks(t, b, s, n, tr.Nodes[at.node].Node, at.micro, at.op)
			}
			// Node steps: m again, and a step is a node, which marks the
			// links whose value the step changed.
			b.key(t, "m")
			b.key(t, kb.Home)
			prev := newLinksState(tr.Links)
			for j := 1; j < min(len(tr.Nodes), tr.Links.Nodes, nodeSteps+1); j++ {
				b.key(t, kb.ArrowRight)
				s := newLinksState(tr.Links)
				for jj := range j {
					for _, op := range tr.Nodes[jj].Ops {
						s.apply(op)
					}
				}
				got := value(t, b, chromedp.Evaluate[linksShown](readLinks))
				if got.Node != fmt.Sprint(tr.Nodes[j].Node) || got.Micro != "0" {
					t.Fatalf("node steps: step %d shows node %s after %s operations, not node %d with none done", j, got.Node, got.Micro, tr.Nodes[j].Node)
				}
				arrows, _ := s.wantMarked(n, s.changedSince(prev))
				var marked, wantMarked []string
				for _, a := range got.Arrows {
					if a[3] != "" {
						marked = append(marked, a[0]+"("+a[1]+")")
					}
				}
				for _, a := range arrows {
					if a[3] != "" {
						wantMarked = append(wantMarked, a[0]+"("+a[1]+")")
					}
				}
				slices.Sort(marked)
				slices.Sort(wantMarked)
				if len(wantMarked) == 0 {
					t.Fatalf("node step to node %d: the trace's operations change no link", tr.Nodes[j].Node)
				}
				if !slices.Equal(marked, wantMarked) {
					t.Fatalf("node step to node %d: the view marks %v, the step changed %v", tr.Nodes[j].Node, marked, wantMarked)
				}
				if j == 1 && name == "knuth" {
					b.screenshot(t, "links-knuth-node-step")
				}
				prev = s
			}
			b.key(t, kb.Home)
			b.key(t, kb.ArrowRight)
			if got := value(t, b, chromedp.Evaluate[string](`document.body.dataset.node + "/" + document.body.dataset.micro`)); got != "2/0" {
				t.Errorf("node steps: a step from the first node shows %s, not node 2 with no operation done", got)
			}
			if name == "colors" {
				b.screenshot(t, "links-colors-node-2")
			}
		})
	}
}

// checkLinks compares what the view draws with the arrays s.
func checkLinks(t *testing.T, b *browser, s *linksState, n int, node int64, micro int, op *explain.TraceOp) {
	t.Helper()
	got := value(t, b, chromedp.Evaluate[linksShown](readLinks))
	where := fmt.Sprintf("node %d after %d operations", node, micro)
	if got.Node != fmt.Sprint(node) || got.Micro != fmt.Sprint(micro) {
		t.Fatalf("%s: the page is at node %s after %s operations", where, got.Node, got.Micro)
	}
	arrows, lens := s.want(n, op)
	sortRows := func(r [][]string) {
		slices.SortFunc(r, func(a, b []string) int { return strings.Compare(strings.Join(a, " "), strings.Join(b, " ")) })
	}
	sortRows(arrows)
	sortRows(got.Arrows)
	if !slices.EqualFunc(arrows, got.Arrows, slices.Equal) {
		for k := range min(len(arrows), len(got.Arrows)) {
			if !slices.Equal(arrows[k], got.Arrows[k]) {
				t.Fatalf("%s (%s): the view draws %v where the trace has %v (%d and %d arrows)", where, got.Op, got.Arrows[k], arrows[k], len(got.Arrows), len(arrows))
			}
		}
		t.Fatalf("%s: the view draws %d arrows, the trace has %d", where, len(got.Arrows), len(arrows))
	}
	if !slices.Equal(lens, got.Len) {
		t.Fatalf("%s: LEN drawn %v, the trace's %v", where, got.Len, lens)
	}
	if op != nil && !strings.Contains(got.Op, op.Kind+"(") {
		t.Fatalf("%s: the view tells %q, the operation is %s", where, got.Op, op.Kind)
	}
}

// writeTrace writes page to a file and returns its URL.
func writeTrace(t *testing.T, name string, page *web.Page) string {
	t.Helper()
	var buf strings.Builder
	if err := web.WritePage(&buf, page); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name+".html")
	if err := os.WriteFile(path, []byte(buf.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + path
}
