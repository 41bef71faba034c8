// Package enginetest checks any engine (core.Engine) against brute force
// and against itself cut into pieces: every way the drivers divide a search
// (stopping and resuming, donating work, expanding nodes) must give the
// same solutions and, for engines whose trees do not depend on history,
// the same counters as one uninterrupted search.
package enginetest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/internal/testtier"
)

// Random returns a small random problem with secondary items, colors and,
// when mcc is set, multiplicities.
func Random(r *rand.Rand, mcc bool) *core.Problem {
	nPrimary, nSecondary := 1+r.IntN(6), r.IntN(4)
	p := &core.Problem{NPrimary: nPrimary, NItems: nPrimary + nSecondary, Begin: []int32{0}}
	if mcc {
		for range nPrimary {
			lo := int32(r.IntN(3))
			hi := max(lo, 1) + int32(r.IntN(2))
			p.Lo, p.Hi = append(p.Lo, lo), append(p.Hi, hi)
		}
	}
	colored := nSecondary > 0 && r.IntN(2) == 0
	nOptions := 1 + r.IntN(14)
	for k := range nOptions {
		primary := false
		for _, it := range r.Perm(p.NItems)[:1+r.IntN(min(4, p.NItems))] {
			p.Items = append(p.Items, int32(it))
			c := int32(0)
			if it >= nPrimary && colored && r.IntN(3) > 0 {
				c = 1 + int32(r.IntN(2))
			}
			p.Colors = append(p.Colors, c)
			primary = primary || it < nPrimary
		}
		if !primary { // every compiled option has a primary item
			p.Items = append(p.Items, int32(r.IntN(nPrimary)))
			p.Colors = append(p.Colors, 0)
			if slices.Contains(p.Items[p.Begin[len(p.Begin)-1]:len(p.Items)-1], p.Items[len(p.Items)-1]) {
				p.Items, p.Colors = p.Items[:len(p.Items)-1], p.Colors[:len(p.Colors)-1]
				p.Items[len(p.Items)-1] = int32(r.IntN(nPrimary))
				for slices.Contains(p.Items[p.Begin[len(p.Begin)-1]:len(p.Items)-1], p.Items[len(p.Items)-1]) {
					p.Items[len(p.Items)-1] = (p.Items[len(p.Items)-1] + 1) % int32(nPrimary)
				}
			}
		}
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller = append(p.Caller, int32(k))
		p.Index = append(p.Index, int32(k))
	}
	if !colored {
		p.Colors = nil
	}
	return p
}

// BruteForce returns the solutions of p, each as its sorted option
// indices written out, sorted: every subset of options is tried, and
// checked against the definition (bounds, colors), nothing else.
func BruteForce(p *core.Problem) []string {
	var found []string
	n := p.NumOptions()
	// One subset's options, made once: the subsets are many, and the work
	// each asks is small.
	chosen := make([]int, 0, n)
	solves := Validator(p)
	for mask := 0; mask < 1<<n; mask++ {
		chosen = chosen[:0]
		for k := range n {
			if mask&(1<<k) != 0 {
				chosen = append(chosen, k)
			}
		}
		if solves(chosen) {
			found = append(found, key(p, chosen))
		}
	}
	slices.Sort(found)
	return found
}

// Valid reports whether the compiled options chosen solve p.
func Valid(p *core.Problem, chosen []int) bool { return Validator(p)(chosen) }

// Validator returns Valid for p, which reuses its counts from one call to
// the next (for a brute force's many subsets). It is not safe for
// concurrent use.
func Validator(p *core.Problem) func(chosen []int) bool {
	count := make([]int32, p.NItems)
	color := make([]int32, p.NItems) // of an item's last use; -1: uncolored
	return func(chosen []int) bool {
		clear(count)
		for _, k := range chosen {
			items, colors := p.Option(k)
			for j, it := range items {
				count[it]++
				if int(it) < p.NPrimary {
					continue
				}
				c := int32(-1)
				if colors != nil && colors[j] != 0 {
					c = colors[j]
				}
				if count[it] > 1 && (c == -1 || color[it] != c) {
					return false
				}
				color[it] = c
			}
		}
		for i := range p.NPrimary {
			lo, hi := p.Bounds(i)
			if count[i] < lo || count[i] > hi {
				return false
			}
		}
		return true
	}
}

// key writes a solution (compiled options) as its sorted caller indices.
func key(p *core.Problem, chosen []int) string {
	s := make([]int, len(chosen))
	for i, k := range chosen {
		s[i] = int(p.Caller[k])
	}
	slices.Sort(s)
	return fmt.Sprint(s)
}

// solutionKey writes a solution given as caller indices, sorted.
func solutionKey(sol []int) string {
	s := slices.Clone(sol)
	slices.Sort(s)
	return fmt.Sprint(s)
}

// Run searches u to the end, dividing it as split says at each poll
// (polls come every node), and returns the counters and the solutions found
// (sorted keys). Units given away or exported are searched in turn, with
// the same rule, until none is left.
func Run(t testing.TB, e core.Engine, p *core.Problem, u core.Unit, split func() core.Action) (core.Counters, []string) {
	t.Helper()
	var (
		c     core.Counters
		found []string
		todo  = []core.Unit{u}
	)
	for len(todo) > 0 {
		u := todo[0]
		todo = todo[1:]
		run := core.Run{
			PollEvery: 1,
			Poll:      func(*core.Counters) core.Action { return split() },
			Visit: func(sol []int) bool {
				found = append(found, solutionKey(sol))
				return true
			},
		}
		end, err := e.Search(u, &run, &c)
		if err != nil {
			t.Fatalf("unit %v: %v\n%s", u, err, Describe(p))
		}
		if end != core.Complete && end != core.Interrupted {
			t.Fatalf("unit %v ended %v", u, end)
		}
		todo = append(todo, run.Export...)
	}
	slices.Sort(found)
	return c, found
}

// Check runs the engine made by newEngine on many random problems and
// checks every way of dividing its search: solutions against brute force,
// and counters against an uninterrupted search's.
func Check(t *testing.T, newEngine func(*core.Problem) core.Engine, mcc bool) {
	r := rand.New(rand.NewPCG(1, 2))
	trials := 1500
	if testtier.Short() { // -short, or the race detector, which makes each twenty times slower
		trials = 200
	}
	for trial := range trials {
		p := Random(r, mcc)
		want := BruteForce(p)
		e := newEngine(p)
		whole, got := Run(t, e, p, core.Unit{}, func() core.Action { return core.Continue })
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: solutions %v, brute force %v\nproblem %+v", trial, got, want, p)
		}
		if whole.Solutions != int64(len(want)) {
			t.Fatalf("trial %d: counted %d solutions, found %d", trial, whole.Solutions, len(want))
		}
		for _, way := range []struct {
			name  string
			split func() core.Action
		}{
			{"stop", randomAction(r, core.Stop)},
			{"donate", randomAction(r, core.Donate)},
		} {
			c, got := Run(t, e, p, core.Unit{}, way.split)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d, %s: solutions %v, want %v\n%s", trial, way.name, got, want, Describe(p))
			}
			if c != whole {
				t.Fatalf("trial %d, %s: counters %+v, uninterrupted %+v\n%s", trial, way.name, c, whole, Describe(p))
			}
		}
		c, _ := checkpoint(t, e, p, r.IntN(int(whole.Nodes)+1))
		if c != whole {
			t.Fatalf("trial %d, checkpoint: counters %+v, uninterrupted %+v\n%s", trial, c, whole, Describe(p))
		}
		c, got = expandAll(t, e, core.Unit{}, r.IntN(4))
		if !slices.Equal(got, want) || c != whole {
			t.Fatalf("trial %d, expand: %v %+v, want %v %+v", trial, got, c, want, whole)
		}
		// Rests searched whole, stopped, donated, or both, a way a trial
		// in turn.
		ways := []struct {
			name  string
			split func() core.Action
		}{
			{"whole", func() core.Action { return core.Continue }},
			{"stop", randomAction(r, core.Stop)},
			{"donate", randomAction(r, core.Donate)},
			{"donate and stop", func() core.Action { return [...]core.Action{core.Continue, core.Donate, core.Stop}[r.IntN(3)] }},
		}
		way := ways[trial%len(ways)]
		c, got = restAll(t, e, p, core.Unit{}, r.IntN(3), way.split)
		if !slices.Equal(got, want) || c != whole {
			t.Fatalf("trial %d, rests, %s: %v %+v, want %v %+v\n%s", trial, way.name, got, c, want, whole, Describe(p))
		}
	}
}

// checkpoint searches the whole tree, exporting its position at the n-th
// poll (polls come every node) and going on; it checks that the search
// itself was not disturbed, then returns what the position plus a search
// of its units gives, as a run resumed from a checkpoint would.
func checkpoint(t testing.TB, e core.Engine, p *core.Problem, n int) (core.Counters, []string) {
	t.Helper()
	var (
		c, saved core.Counters
		polls    int
		mark     = -1
	)
	run := core.Run{PollEvery: 1}
	run.Poll = func(sofar *core.Counters) core.Action {
		if polls++; polls == n {
			saved, mark = *sofar, len(run.Export)
			return core.Export
		}
		return core.Continue
	}
	if _, err := e.Search(core.Unit{}, &run, &c); err != nil {
		t.Fatal(err)
	}
	if mark < 0 { // the search ended before the n-th poll
		return c, nil
	}
	var found []string
	for _, u := range run.Export[mark:] {
		c2, f := Run(t, e, p, u, func() core.Action { return core.Continue })
		saved.Add(c2)
		found = append(found, f...)
	}
	return saved, found
}

// randomAction returns a poll answer that is a about a third of the time.
func randomAction(r *rand.Rand, a core.Action) func() core.Action {
	return func() core.Action {
		if r.IntN(3) == 0 {
			return a
		}
		return core.Continue
	}
}

// expandAll expands u and its descendants to the given depth and searches
// the units below it.
func expandAll(t testing.TB, e core.Engine, u core.Unit, depth int) (core.Counters, []string) {
	t.Helper()
	var c core.Counters
	var found []string
	if depth == 0 {
		run := core.Run{Visit: func(sol []int) bool {
			found = append(found, solutionKey(sol))
			return true
		}}
		if _, err := e.Search(u, &run, &c); err != nil {
			t.Fatalf("unit %v: %v", u, err)
		}
		slices.Sort(found)
		return c, found
	}
	children, found := expand(t, e, u, &c)
	for _, ch := range children {
		c2, f2 := expandAll(t, e, ch, depth-1)
		c.Add(c2)
		found = append(found, f2...)
	}
	slices.Sort(found)
	return c, found
}

// expand expands u with e, counting into c, and returns its children and,
// when u's node is a solution, its key.
func expand(t testing.TB, e core.Engine, u core.Unit, c *core.Counters) ([]core.Unit, []string) {
	t.Helper()
	children, solution, err := e.Expand(u, c, nil)
	if err != nil {
		t.Fatalf("expand %v: %v", u, err)
	}
	if !solution {
		return children, nil
	}
	var sol []int
	for _, st := range u.Path {
		if st.Option >= 0 && !st.Exclude {
			sol = append(sol, int(st.Option))
		}
	}
	return children, []string{solutionKey(sol)}
}

// restAll expands u and its descendants to the given depth, as expandAll
// does, and searches the children of each node at that depth as one rest
// unit (core.Unit.Rest): those that take options of the item the node
// branches on; any other child (an excluding branch) as a unit of its
// own. Each search is divided as split says, as Run divides it.
func restAll(t testing.TB, e core.Engine, p *core.Problem, u core.Unit, depth int, split func() core.Action) (core.Counters, []string) {
	t.Helper()
	var c core.Counters
	children, found := expand(t, e, u, &c)
	rest := core.Unit{Path: u.Path}
	for _, ch := range children {
		last := ch.Path[len(ch.Path)-1]
		if depth > 0 || last.Exclude || last.Option < 0 {
			var c2 core.Counters
			var f2 []string
			if depth > 0 {
				c2, f2 = restAll(t, e, p, ch, depth-1, split)
			} else {
				c2, f2 = Run(t, e, p, ch, split)
			}
			c.Add(c2)
			found = append(found, f2...)
			continue
		}
		rest.Rest = append(rest.Rest, last)
	}
	if rest.Rest != nil {
		c2, f2 := Run(t, e, p, rest, split)
		c.Add(c2)
		found = append(found, f2...)
	}
	slices.Sort(found)
	return c, found
}

// CheckRestEntersOnce searches a rest unit (core.Unit.Rest) of a wide
// node with the engine newEngine makes, and checks with replays, which
// says how many paths the engine has replayed, that the search entered
// the node once: item B has one option, which the root takes, and item A
// n options, one for each branch of the node below, each a solution. A
// unit per branch would replay the path n times, each time covering A,
// which walks its n options. The counts are those of the units for each
// branch together.
func CheckRestEntersOnce(t *testing.T, newEngine func(*core.Problem) core.Engine, replays func(core.Engine) int64) {
	const n = 5000
	p := &core.Problem{NItems: 2, NPrimary: 2, Begin: []int32{0}}
	for k := range n + 1 {
		item := int32(0)
		if k == n {
			item = 1 // {B}
		}
		p.Items = append(p.Items, item)
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller = append(p.Caller, int32(k))
		p.Index = append(p.Index, int32(k))
	}
	rest := core.Unit{Path: []core.Step{{Item: 1, Option: n}}}
	for k := range n {
		rest.Rest = append(rest.Rest, core.Step{Item: 0, Option: int32(k)})
	}
	e := newEngine(p)
	before := replays(e)
	var c core.Counters
	if end, err := e.Search(rest, &core.Run{}, &c); err != nil || end != core.Complete {
		t.Fatalf("rest of %d branches: %v, %v", n, end, err)
	}
	if got := replays(e) - before; got != 1 {
		t.Errorf("a rest of %d branches replayed %d paths, want 1", n, got)
	}
	var one core.Counters // the branches are alike: n times the first
	first := core.Unit{Path: []core.Step{rest.Path[0], rest.Rest[0]}, CountLast: true}
	if _, err := e.Search(first, &core.Run{}, &one); err != nil {
		t.Fatal(err)
	}
	if want := (core.Counters{Solutions: n * one.Solutions, Nodes: n * one.Nodes, Updates: n * one.Updates}); c != want || one.Solutions != 1 {
		t.Errorf("a rest of %d branches counted %+v, its first branch as a unit %+v", n, c, one)
	}
}

// Describe writes p in Knuth's format, for failure messages.
func Describe(p *core.Problem) string {
	var b strings.Builder
	for i := range p.NItems {
		if i == p.NPrimary {
			b.WriteString("| ")
		}
		if i < p.NPrimary {
			if lo, hi := p.Bounds(i); lo != 1 || hi != 1 {
				fmt.Fprintf(&b, "%d:%d|", lo, hi)
			}
		}
		fmt.Fprintf(&b, "i%d ", i)
	}
	b.WriteString("\n")
	for k := range p.NumOptions() {
		items, colors := p.Option(k)
		for j, it := range items {
			fmt.Fprintf(&b, "i%d", it)
			if colors != nil && colors[j] != 0 {
				fmt.Fprintf(&b, ":%d", colors[j])
			}
			b.WriteString(" ")
		}
		b.WriteString("\n")
	}
	return b.String()
}
