//go:build browser

package web_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/explain/web"
)

// pageNodes bounds the nodes of the pages the tests make: enough for every
// example's first solutions, small enough to keep the tests quick.
const pageNodes = 2000

// narration is the terminal's narration of a search, cut into the text of
// each node and the footer.
type narration struct {
	blocks map[int64]string // node number → its lines, each ending in "\n"
	order  []int64
	footer string
	last   int64
}

var nodeLine = regexp.MustCompile(`(?m)^ *(?:Node (\d+) at level|Solution \d+ at node (\d+)):? `)

func narrate(t *testing.T, p *exactcover.Problem, maxNodes int64) *narration {
	t.Helper()
	var buf bytes.Buffer
	if _, err := explain.Narrate(context.Background(), &buf, p, explain.Config{MaxNodes: maxNodes}); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	n := &narration{blocks: map[int64]string{}}
	locs := nodeLine.FindAllStringSubmatchIndex(text, -1)
	for j, loc := range locs {
		var end int
		if j+1 < len(locs) {
			end = locs[j+1][0]
		} else { // the last node ends at the blank line before the totals
			end = loc[0] + strings.Index(text[loc[0]:], "\n\n") + 1
			n.footer = strings.TrimPrefix(text[end:], "\n")
		}
		var num string
		if loc[2] >= 0 {
			num = text[loc[2]:loc[3]]
		} else {
			num = text[loc[4]:loc[5]]
		}
		id, _ := strconv.ParseInt(num, 10, 64)
		n.blocks[id] = text[loc[0]:end]
		n.order = append(n.order, id)
		n.last = id
	}
	return n
}

// updatesBefore adds up the updates the narration tells before node id,
// as a reader would: "(4 updates)" after each cover, purify and tweak.
func (n *narration) updatesBefore(id int64) int64 {
	var sum int64
	for _, k := range n.order {
		if k == id {
			break
		}
		for _, m := range updatesText.FindAllStringSubmatch(n.blocks[k], -1) {
			v, _ := strconv.ParseInt(m[1], 10, 64)
			sum += v
		}
	}
	return sum
}

var updatesText = regexp.MustCompile(`\((\d+) updates?[,)]`)

// solutionsUpTo counts the solutions the narration tells up to node id,
// that one included: the page's "solutions so far" there.
func (n *narration) solutionsUpTo(id int64) int64 {
	var sum int64
	for _, k := range n.order {
		if strings.HasPrefix(strings.TrimSpace(n.blocks[k]), "Solution ") {
			sum++
		}
		if k == id {
			break
		}
	}
	return sum
}

// itemsLeft reads the items and counts of a node's "Items left to cover"
// line, as "A 2" (with multiplicities, the bounds as well).
var (
	partialText = regexp.MustCompile(`partial solution: (?:none yet|options? ([0-9, ]+))\.`)
	itemsLine   = regexp.MustCompile(`(?m)^ *Items left to cover(?:, with their numbers of options)?: (.*)\.$`)
	itemX       = regexp.MustCompile(`(\S+) (\d+)(?:, |$)`)
	itemM       = regexp.MustCompile(`(\S+) (?:takes )?(\[[0-9.]+\]) of (?:its )?(\d+)`)
)

// writePage writes the page of p to a temporary file and returns its URL.
func writePage(t *testing.T, name string, p *exactcover.Problem, maxNodes int64) string {
	t.Helper()
	page, err := web.NewPage(context.Background(), name, p, explain.TraceLimits{Nodes: maxNodes})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name+".html")
	var buf bytes.Buffer
	if err := web.WritePage(&buf, page); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + path
}

// check compares what the page shows with the terminal's narration of
// the same node.
func check(t *testing.T, p *exactcover.Problem, n *narration, s shown) {
	t.Helper()
	id, _ := strconv.ParseInt(s.Node, 10, 64)
	block, ok := n.blocks[id]
	if !ok {
		t.Fatalf("the page shows node %q, which the narration does not tell", s.Node)
	}
	if s.Narration != block {
		t.Fatalf("node %d: the page tells\n%s\nthe terminal\n%s", id, s.Narration, block)
	}
	if got, want := s.Updates, strconv.FormatInt(n.updatesBefore(id), 10); got != want {
		t.Errorf("node %d: the page counts %s updates before it, the narration's figures add up to %s", id, got, want)
	}
	if got, want := s.Solutions, strconv.FormatInt(n.solutionsUpTo(id), 10); got != want {
		t.Errorf("node %d: the page counts %s solutions so far, the narration has told %s", id, got, want)
	}
	if m := partialText.FindStringSubmatch(block); m != nil {
		want := strings.Join(strings.Split(m[1], ", "), " ")
		if s.Partial != want {
			t.Errorf("node %d: partial solution %q on the page, %q in the narration", id, s.Partial, want)
		}
	}
	if strings.HasPrefix(strings.TrimSpace(block), "Solution") {
		var opts []int
		for _, f := range strings.Fields(s.Partial) {
			k, _ := strconv.Atoi(f)
			opts = append(opts, k-1)
		}
		if err := verify.Solution(p, opts); err != nil {
			t.Errorf("node %d: the page's solution %s: %v", id, s.Partial, err)
		}
		listed := strings.Fields(s.Partial) // the narration lists the first 12
		if len(listed) > 12 {
			listed = append(listed[:12:12], fmt.Sprintf("… (%d in all)", len(listed)))
		}
		if !strings.Contains(block, "by options "+strings.Join(listed, ", ")+".") {
			t.Errorf("node %d: solution %s on the page, the narration says %s", id, s.Partial, block)
		}
	}
	m := itemsLine.FindStringSubmatch(block)
	if m == nil || strings.Contains(block, "items left to cover; the") { // none, or a list cut short
		return
	}
	var want []string
	if p.HasMultiplicities() {
		for _, it := range itemM.FindAllStringSubmatch(m[1], -1) {
			want = append(want, it[1]+" "+it[2]+" of "+it[3])
		}
		for j, c := range s.Chips {
			s.Chips[j] = strings.Split(c, " (")[0]
		}
	} else {
		for _, it := range itemX.FindAllStringSubmatch(m[1], -1) {
			want = append(want, it[1]+" "+it[2])
		}
	}
	if fmt.Sprint(s.Chips) != fmt.Sprint(want) {
		t.Errorf("node %d: items left %v on the page, %v in the narration", id, s.Chips, want)
	}
}

// Every example's page, opened from disk, shows node for node what the
// terminal tells: stepping with the keyboard through the first nodes, then
// from solution to solution, then at the end with the totals; and it
// fetches nothing.
func TestPageMatchesNarration(t *testing.T) {
	b := newBrowser(t)
	files, _ := filepath.Glob(filepath.Join("..", "..", "specs", "examples", "*.yaml"))
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		t.Run(name, func(t *testing.T) {
			p := loadExample(t, f)
			url := writePage(t, name, p, pageNodes)
			n := narrate(t, p, pageNodes)
			b.reset()
			b.open(t, url)
			check(t, p, n, b.shown(t))
			steps := 12
			if len(p.Options) > 500 { // a big matrix to draw at every step
				steps = 4
			}
			for range min(steps, len(n.order)-1) {
				b.key(t, kb.ArrowRight)
				check(t, p, n, b.shown(t))
			}
			if name == "knuth" {
				b.screenshot(t, "knuth-node-6")
			}
			b.key(t, "k") // back one
			check(t, p, n, b.shown(t))
			b.key(t, kb.Home)
			for range 3 { // the first solutions, and the node after each
				b.key(t, "n")
				check(t, p, n, b.shown(t))
				b.key(t, kb.ArrowRight)
				check(t, p, n, b.shown(t))
			}
			b.key(t, kb.End)
			s := b.shown(t)
			check(t, p, n, s)
			if s.FooterHidden || strings.TrimSpace(s.Footer) != strings.TrimSpace(n.footer) {
				t.Errorf("at the end the page shows the totals %q (hidden %v), the terminal %q", s.Footer, s.FooterHidden, n.footer)
			}
			if s.Node != strconv.FormatInt(n.last, 10) {
				t.Errorf("End shows node %s, the last is %d", s.Node, n.last)
			}
			if name == "langford-7" { // jump to a node, then play and pause
				b.key(t, kb.Home)
				b.key(t, "g")
				b.run(t, chromedp.KeyEvent("17\r"))
				if s := b.shown(t); s.Node != "17" {
					t.Fatalf("g 17 Enter shows node %s", s.Node)
				}
				check(t, p, n, b.shown(t))
				b.key(t, "p")
				b.run(t, chromedp.Sleep(400*time.Millisecond))
				b.key(t, "p")
				s := b.shown(t)
				if id, _ := strconv.Atoi(s.Node); id <= 17 {
					t.Errorf("playing 0.4 s from node 17 ends at node %s", s.Node)
				}
				check(t, p, n, s)
			}
			switch name {
			case "pentomino-3x20", "queens-8", "knuth-mcc", "colors":
				b.run(t, chromedp.KeyEvent(kb.Home))
				for range 3 {
					b.key(t, "n")
				}
				b.screenshot(t, name+"-solution-3")
			}
			onlyLocal(t, b, url)
		})
	}
}

// A page whose trace stopped at its budget of memory says so, in the
// counts and in the footer, and shows its last node, stopped before its
// choice, without a choice.
func TestPageStoppedAtBudget(t *testing.T) {
	b := newBrowser(t)
	p := loadExample(t, filepath.Join("..", "..", "specs", "examples", "queens-8.yaml"))
	var page *web.Page
	for budget := int64(64 << 10); budget < 4<<20 && page == nil; budget += 256 {
		pg, err := web.NewPage(context.Background(), "queens-8", p, explain.TraceLimits{Bytes: budget})
		if err != nil {
			continue
		}
		last := pg.Trace.Nodes[len(pg.Trace.Nodes)-1]
		if pg.Trace.Status == explain.StatusByteLimit && last.Chosen < 0 && last.Solution == 0 {
			page = pg
		}
	}
	if page == nil {
		t.Fatal("no budget stops the trace in a node before its choice")
	}
	path := filepath.Join(t.TempDir(), "queens-8.html")
	var buf bytes.Buffer
	if err := web.WritePage(&buf, page); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	b.open(t, "file://"+path)
	b.key(t, kb.End)
	got := value(t, b, chromedp.Evaluate[[]string](`[document.getElementById("nodes").textContent, document.getElementById("why").textContent, document.getElementById("footer").textContent, (document.getElementById("viewer").textContent + document.querySelector("header").textContent).includes("undefined") ? "undefined" : ""]`))
	if !strings.Contains(got[0], "stopped at the trace's budget of memory") || got[1] != "the trace stops here" ||
		!strings.Contains(got[2], "Stopped at the trace's budget of memory") || got[3] != "" {
		t.Errorf("the page at its end shows %q", got)
	}
	b.screenshot(t, "queens-8-stopped-at-budget")
}
