package dlx_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

// The links view of package explain (the page of "xcover explain --html")
// draws Knuth's arrays and steps through the elementary operations on
// them: explain runs dancing links of its own, written to be read, and
// records each operation's writes in its trace. These tests hold that
// drawing to this engine, array for array:
//
//   - at every node of the search, the arrays the trace's operations lead
//     to are the engine's own, as its real search enters the node (polled
//     at every node, a solution too), and so are the updates and
//     cleansings counted before it;
//   - at every operation, they are those of a second engine made to do the
//     same operation with its own routine (hide and unhide of one option,
//     tweak, the active set of cover, uncover and the null branch), or with
//     the write the engine makes inline (a color, a bound, untweak's
//     relinking);
//   - every routine made of several operations (cover, uncover, purify,
//     unpurify, tweak, untweak), run whole on a copy of the engine from
//     before its first operation, leaves the copy as the operations left
//     the second engine.
//
// The node array is compared field for field (ULINK, DLINK, TOP, COLOR,
// headers and spacers included); the list of active primary items that
// explain keeps, Knuth's LLINK/RLINK, with the engine's set of them (a bit
// set, in the same order); bounds with bounds.

// linksCases are the problems of the links view: Knuth's example, the
// color example, a 4×4 Sudoku, queens on 4×4 to 6×6 boards, a small
// packing, and two problems with multiplicities.
func linksCases(t *testing.T) map[string]*exactcover.Problem {
	t.Helper()
	root := filepath.Join("..", "..", "..")
	spec := func(name string) *exactcover.Problem {
		path := filepath.Join(root, "specs", "examples", name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sp, err := specs.Load(path, data, "")
		if err != nil {
			t.Fatal(err)
		}
		return &sp.Problem
	}
	data, err := os.ReadFile(filepath.Join(root, "docs", "sudoku-4x4.txt"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := sudoku.Read("sudoku-4x4.txt", data, sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sud, err := sudoku.Encode(b.Puzzles[0].Grid)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*exactcover.Problem{
		"knuth":        spec("knuth.yaml"),
		"colors":       spec("colors.yaml"),
		"sudoku-4x4":   sud,
		"queens-4":     queens(4),
		"queens-5":     queens(5),
		"queens-6":     queens(6),
		"dominoes-4x4": dominoes(4, 4),
		"knuth-mcc":    spec("knuth-mcc.yaml"),
		"queens2-4":    queens2(4),
	}
}

// queens is the n queens problem as Knuth states it: rows and columns
// primary, diagonals secondary.
func queens(n int) *exactcover.Problem {
	p := &exactcover.Problem{}
	for i := 1; i <= n; i++ {
		p.Primary = append(p.Primary, fmt.Sprintf("r%d", i), fmt.Sprintf("c%d", i))
	}
	for d := 2; d <= 2*n; d++ {
		p.Secondary = append(p.Secondary, fmt.Sprintf("a%d", d), fmt.Sprintf("b%d", d-n-1))
	}
	for i := 1; i <= n; i++ {
		for j := 1; j <= n; j++ {
			p.Options = append(p.Options, exactcover.Option{Label: fmt.Sprintf("r%dc%d", i, j), Items: []exactcover.ItemRef{
				{Name: fmt.Sprintf("r%d", i)}, {Name: fmt.Sprintf("c%d", j)},
				{Name: fmt.Sprintf("a%d", i+j)}, {Name: fmt.Sprintf("b%d", i-j)}}})
		}
	}
	return p
}

// queens2 is two queens in every row and column of an n×n board, at most
// two on every diagonal, as specs/examples/queens2-6.yaml (whose search is
// longer than the links view tells).
func queens2(n int) *exactcover.Problem {
	p := queens(n)
	p.Primary = append(p.Primary, p.Secondary...)
	p.Secondary = nil
	for i := range p.Primary {
		b := exactcover.Bounds{Lo: 2, Hi: 2}
		if i >= 2*n {
			b.Lo = 0
		}
		p.Bounds = append(p.Bounds, b)
	}
	return p
}

// dominoes is the tiling of an r×c board with dominoes.
func dominoes(r, c int) *exactcover.Problem {
	p := &exactcover.Problem{}
	cell := func(i, j int) string { return fmt.Sprintf("r%dc%d", i, j) }
	for i := range r {
		for j := range c {
			p.Primary = append(p.Primary, cell(i, j))
			if j+1 < c {
				p.Options = append(p.Options, exactcover.Option{Items: []exactcover.ItemRef{{Name: cell(i, j)}, {Name: cell(i, j+1)}}})
			}
			if i+1 < r {
				p.Options = append(p.Options, exactcover.Option{Items: []exactcover.ItemRef{{Name: cell(i, j)}, {Name: cell(i+1, j)}}})
			}
		}
	}
	return p
}

// compile makes the engine's form of p, as exactcover.New makes it (the
// test checks that the two have the same digest).
func compile(p *exactcover.Problem) *core.Problem {
	index := map[string]int32{}
	for i := range p.NumItems() {
		index[p.ItemName(i)] = int32(i)
	}
	cp := &core.Problem{NPrimary: len(p.Primary), NItems: p.NumItems(), Begin: []int32{0}}
	colorID := map[string]int32{}
	var colors []int32
	colored := false
	for k, o := range p.Options {
		primary := false
		for _, r := range o.Items {
			primary = primary || index[r.Name] < int32(cp.NPrimary)
			if _, ok := colorID[r.Color]; !ok && r.Color != "" {
				colorID[r.Color] = int32(len(colorID) + 1)
			}
		}
		if !primary {
			cp.Index = append(cp.Index, -1)
			continue
		}
		cp.Index = append(cp.Index, int32(len(cp.Caller)))
		cp.Caller = append(cp.Caller, int32(k))
		for _, r := range o.Items {
			cp.Items = append(cp.Items, index[r.Name])
			colors = append(colors, colorID[r.Color])
			colored = colored || r.Color != ""
		}
		cp.Begin = append(cp.Begin, int32(len(cp.Items)))
	}
	if colored {
		cp.Colors = colors
	}
	if p.HasMultiplicities() {
		for i := range p.Primary {
			b := p.ItemBounds(i)
			cp.Lo, cp.Hi = append(cp.Lo, int32(b.Lo)), append(cp.Hi, int32(b.Hi))
		}
	}
	return cp
}

// state is the engine's arrays at one moment, with its counts.
type state struct {
	nodes         []dlx.Node
	active, bound []int32
	counts        core.Counters // the counts so far, when polled
	polled        bool
}

func snapshot(e *dlx.Engine) state {
	nodes, active, bound := dlx.Snapshot(e)
	return state{nodes: nodes, active: active, bound: bound}
}

// differs says how the links the view shows differ from the engine's
// arrays, or "" when they do not.
func differs(v *explain.LinksState, s state, nPrimary int) string {
	if len(v[explain.FieldTop]) != len(s.nodes) {
		return fmt.Sprintf("%d nodes, the engine %d", len(v[explain.FieldTop]), len(s.nodes))
	}
	for x, n := range s.nodes {
		got := dlx.Node{Up: v[explain.FieldULink][x], Down: v[explain.FieldDLink][x], Top: v[explain.FieldTop][x], Color: v[explain.FieldColor][x]}
		if got != n {
			return fmt.Sprintf("node %d is %+v, in the engine %+v", x, got, n)
		}
	}
	var active []int32 // the primary items in the list headed by 0
	for i := v[explain.FieldRLink][0]; i != 0 && len(active) <= nPrimary; i = v[explain.FieldRLink][i] {
		active = append(active, i)
	}
	if !slices.Equal(active, s.active) {
		return fmt.Sprintf("active items %v, in the engine %v", active, s.active)
	}
	if v[explain.FieldBound] != nil && !slices.Equal(v[explain.FieldBound][1:], s.bound[1:]) {
		return fmt.Sprintf("bounds %v, in the engine %v", v[explain.FieldBound][1:], s.bound[1:])
	}
	return ""
}

// search runs the engine's whole search on cp and returns its state at
// every node, in the order entered: the root before the search, each
// other node as it is entered (the engine polls at every node but the
// first), and, without multiplicities, each solution as it is visited
// (Algorithm M enters a solution as a node); and last, its state after
// the search, the links as they were but for the headers' colors (a
// header keeps the color it was purified with last, as in DLX2).
func search(t *testing.T, cp *core.Problem) []state {
	t.Helper()
	e := dlx.New(cp)
	states := []state{snapshot(e)}
	run := &core.Run{PollEvery: 1, Profile: make([]int64, e.MaxDepth()+2)}
	run.Poll = func(c *core.Counters) core.Action {
		s := snapshot(e)
		s.counts, s.polled = *c, true
		states = append(states, s)
		return core.Continue
	}
	var c core.Counters
	if end, err := e.Search(core.Unit{}, run, &c); err != nil || end != core.Complete {
		t.Fatalf("the engine's search: %v %v", end, err)
	}
	return append(states, snapshot(e))
}

func TestLinksViewIsTheEngine(t *testing.T) {
	cases := linksCases(t)
	r := rand.New(rand.NewPCG(37, 1))
	for k := range 40 {
		cases[fmt.Sprintf("random-%d", k)] = randomProblem(r, k%2 == 1)
	}
	seen := map[string]int{} // the kinds of operations followed
	for name, p := range cases {
		t.Run(name, func(t *testing.T) {
			s, err := exactcover.New(p)
			if err != nil {
				t.Fatal(err)
			}
			cp := compile(p)
			if cp.Hash() != s.Hash() {
				t.Fatal("the test compiles the problem otherwise than exactcover.New")
			}
			tr, err := explain.NewTrace(context.Background(), p, explain.TraceLimits{})
			if err != nil {
				t.Fatal(err)
			}
			if !tr.Complete || tr.Links == nil || tr.Links.Nodes != len(tr.Nodes) {
				t.Fatalf("the trace is not whole, or has no links view for all its nodes: %s, %d nodes, links %v", tr.Status, len(tr.Nodes), tr.Links != nil)
			}
			real := search(t, cp)
			if len(real)-1 != len(tr.Nodes) {
				t.Fatalf("the engine enters %d nodes, the trace tells %d", len(real), len(tr.Nodes))
			}
			ops := checkOps(t, tr, cp, real, seen)
			t.Logf("%d nodes, %d operations", len(tr.Nodes), ops)
			if ops != tr.Links.Ops {
				t.Errorf("the trace says it tells %d operations, and tells %d", tr.Links.Ops, ops)
			}
		})
	}
	// Every kind of operation was followed, and both ways of tweaking.
	for _, kind := range []string{"cover", "hide", "uncover", "unhide", "purify", "mark", "unpurify", "unmark",
		"lower", "raise", "tweak", "untweak", "deactivate", "activate",
		"tweak, block true", "tweak, block false", "untweak, unblock true", "untweak, unblock false"} {
		if seen[kind] == 0 {
			t.Errorf("no operation %q was followed", kind)
		}
	}
}

// randomProblem is a small random problem: up to 7 primary items and 3
// secondary ones in up to 12 options, some uses of the secondary items
// colored; with bounds, the primary items are covered 0 to 3 times.
func randomProblem(r *rand.Rand, bounds bool) *exactcover.Problem {
	p := &exactcover.Problem{}
	nPrimary, nSecondary := 2+r.IntN(6), r.IntN(4)
	for i := range nPrimary {
		p.Primary = append(p.Primary, fmt.Sprintf("p%d", i))
		if bounds {
			lo := r.IntN(3)
			p.Bounds = append(p.Bounds, exactcover.Bounds{Lo: lo, Hi: max(1, lo+r.IntN(2))})
		}
	}
	for i := range nSecondary {
		p.Secondary = append(p.Secondary, fmt.Sprintf("s%d", i))
	}
	for range 3 + r.IntN(10) {
		var o exactcover.Option
		for _, i := range r.Perm(nPrimary)[:1+r.IntN(min(3, nPrimary))] {
			o.Items = append(o.Items, exactcover.ItemRef{Name: p.Primary[i]})
		}
		for _, i := range r.Perm(nSecondary)[:r.IntN(nSecondary+1)] {
			ref := exactcover.ItemRef{Name: p.Secondary[i]}
			if r.IntN(2) == 0 {
				ref.Color = string(rune('a' + r.IntN(2)))
			}
			o.Items = append(o.Items, ref)
		}
		p.Options = append(p.Options, o)
	}
	return p
}

// next is the node after x in its list, going down or up.
func next(nodes []dlx.Node, x int32, down bool) int32 {
	if down {
		return nodes[x].Down
	}
	return nodes[x].Up
}

// checkOps follows the trace's operations one by one on the view's arrays
// and on an engine of its own, comparing them after each, and with the
// real search's states at each node; it returns the operations followed,
// and counts their kinds in seen.
func checkOps(t *testing.T, tr *explain.Trace, cp *core.Problem, real []state, seen map[string]int) int64 {
	t.Helper()
	view := tr.Links.Start()
	e := dlx.New(cp)
	var (
		before *dlx.Engine // e before the last operation
		whole  *dlx.Engine // a copy that did the routine being followed in one go
		expect []string    // the operations the routine does, still to come
		what   string
		count  int64
	)
	for j, nd := range tr.Nodes {
		if d := differs(view, real[j], cp.NPrimary); d != "" {
			t.Fatalf("node %d as it is entered: %s", nd.Node, d)
		}
		if real[j].polled {
			c := real[j].counts
			if c.Nodes != nd.Node-1 || c.Updates != nd.Updates || c.Cleansings != nd.Cleansings {
				t.Fatalf("node %d: the engine counts %+v before it, the trace %d nodes, %d updates, %d cleansings", nd.Node, c, nd.Node-1, nd.Updates, nd.Cleansings)
			}
		}
		for m := range nd.Ops {
			op := &nd.Ops[m]
			at := fmt.Sprintf("node %d, step %d (%s), operation %d: %s %d", nd.Node, op.Step, nd.Steps[op.Step].Kind, m+1, op.Kind, op.X)
			if whole != nil { // within a routine: the operation it does next
				if got := fmt.Sprintf("%s %d", op.Kind, op.X); got != expect[0] {
					t.Fatalf("%s: within the routine begun at %s, the engine does %s", at, what, expect[0])
				}
				expect = expect[1:]
			}
			previous := before
			before = dlx.Copy(e)
			ahead, _, _ := dlx.Snapshot(e) // the engine's arrays, for the arguments of the inline writes
			x := op.X
			// start begins to follow a routine of the engine whose other
			// operations are expected, in that order, after this one, and
			// returns a copy of the engine from before it (w) on which to run
			// it whole. A routine inside another (untweak uncovers) is
			// followed as part of it.
			start := func(w *dlx.Engine, expected []string) *dlx.Engine {
				if whole != nil {
					return dlx.Copy(w) // done within the other
				}
				whole, what, expect = w, at, expected
				return whole
			}
			// list walks item c's list in nodes from top to bottom (down)
			// or back, and says for each node what the routine does.
			list := func(nodes []dlx.Node, c int32, down bool, f func(rr int32) string) []string {
				var out []string
				for rr := next(nodes, c, down); rr != c; rr = next(nodes, rr, down) {
					if s := f(rr); s != "" {
						out = append(out, s)
					}
				}
				return out
			}
			do := func(kind string) func(rr int32) string {
				return func(rr int32) string { return fmt.Sprintf("%s %d", kind, rr) }
			}
			switch op.Kind {
			case "cover":
				dlx.Deactivate(e, x)
				dlx.Cover(start(dlx.Copy(before), list(ahead, x, true, do("hide"))), x)
			case "uncover":
				dlx.Activate(e, x)
				dlx.Uncover(start(dlx.Copy(before), list(ahead, x, false, do("unhide"))), x)
			case "hide":
				dlx.HideOption(e, x)
			case "unhide":
				dlx.UnhideOption(e, x)
			case "purify":
				c, color := ahead[x].Top, ahead[x].Color
				dlx.SetColor(e, c, color)
				dlx.Purify(start(dlx.Copy(before), list(ahead, c, true, func(rr int32) string {
					switch {
					case ahead[rr].Color != color:
						return fmt.Sprintf("hide %d", rr)
					case rr != x:
						return fmt.Sprintf("mark %d", rr)
					}
					return ""
				})), x)
			case "unpurify":
				dlx.Unpurify(start(dlx.Copy(before), list(ahead, ahead[x].Top, false, func(rr int32) string {
					switch {
					case ahead[rr].Color < 0:
						return fmt.Sprintf("unmark %d", rr)
					case rr != x:
						return fmt.Sprintf("unhide %d", rr)
					}
					return ""
				})), x)
			case "mark":
				dlx.SetColor(e, x, -1)
			case "unmark":
				dlx.SetColor(e, x, ahead[ahead[x].Top].Color) // the color purify gave the header
			case "lower":
				dlx.Lower(e, x)
			case "raise":
				dlx.Raise(e, x)
			case "tweak":
				dlx.TweakNode(e, x)
				// Blocking, the hide of x's option came just before.
				block := m > 0 && nd.Ops[m-1].Kind == "hide" && nd.Ops[m-1].X == x
				w := before
				if block {
					w = previous
				}
				dlx.Tweak(start(dlx.Copy(w), nil), x, block)
				seen[fmt.Sprintf("tweak, block %v", block)]++
			case "untweak":
				if len(op.W) < 4 || op.W[0] != int32(explain.FieldDLink) || op.W[1] != x {
					t.Fatalf("%s: it does not begin by relinking %d's first node: %v", at, x, op.W)
				}
				first := op.W[3] // DLINK(x) ← the node at the top before the level's first tweak
				dlx.RelinkTweaked(e, x, first)
				after, _, _ := dlx.Snapshot(e)
				unblock := m+1 >= len(nd.Ops) || nd.Ops[m+1].Kind != "uncover" || nd.Ops[m+1].X != x
				var expected []string
				if unblock { // the options tweaked, up from the last
					for rr := after[ahead[x].Down].Up; rr != x; rr = after[rr].Up {
						expected = append(expected, fmt.Sprintf("unhide %d", rr))
					}
				} else {
					expected = append([]string{fmt.Sprintf("uncover %d", x)}, list(after, x, false, do("unhide"))...)
				}
				dlx.Untweak(start(dlx.Copy(before), expected), x, first, unblock)
				seen[fmt.Sprintf("untweak, unblock %v", unblock)]++
			case "deactivate":
				dlx.Deactivate(e, x)
			case "activate":
				dlx.Activate(e, x)
			default:
				t.Fatalf("%s: an operation of an unknown kind", at)
			}
			view.Apply(op)
			count++
			seen[op.Kind]++
			if d := differs(view, snapshot(e), cp.NPrimary); d != "" {
				t.Fatalf("%s: %s", at, d)
			}
			if whole != nil && len(expect) == 0 {
				if d := differs(view, snapshot(whole), cp.NPrimary); d != "" {
					t.Fatalf("%s, the routine begun at %s: done at once, %s", at, what, d)
				}
				whole = nil
			}
		}
	}
	if whole != nil {
		t.Fatalf("the routine begun at %s never ends", what)
	}
	if d := differs(view, real[len(real)-1], cp.NPrimary); d != "" {
		t.Errorf("after the last operation, not as the engine after its search: %s", d)
	}
	// Undone in reverse, the operations lead back to the start, colors of
	// the headers included.
	for j := len(tr.Nodes) - 1; j >= 0; j-- {
		for m := len(tr.Nodes[j].Ops) - 1; m >= 0; m-- {
			view.Revert(&tr.Nodes[j].Ops[m])
		}
	}
	if d := differs(view, real[0], cp.NPrimary); d != "" {
		t.Errorf("the operations reverted: %s", d)
	}
	return count
}
