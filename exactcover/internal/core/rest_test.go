package core_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// chain is a search tree for SearchRest's tests: the branch to option j
// is a chain of sizes[j] nodes, each a solution, searched by a loop that
// polls and stops as an engine's does. A unit whose path is {-2, j},
// {-3, k} is the rest of branch j from its k-th node (what the loop
// exports when it stops there).
type chain struct {
	sizes   []int
	visited map[[2]int]int // (branch, node) → times entered
	rest    []core.Step    // the rest being searched
}

func (ch *chain) At(int) {}

func (ch *chain) Branch(j int, run *core.Run, c *core.Counters) (core.Status, error) {
	return ch.from(int(ch.rest[j].Option), 0, run, c)
}

// from searches branch j from its k-th node.
func (ch *chain) from(j, k int, run *core.Run, c *core.Counters) (core.Status, error) {
	var own int64
	next := run.NextPoll(0)
	export := func(k int) {
		run.Export = append(run.Export, core.Unit{Path: []core.Step{{Item: -2, Option: int32(j)}, {Item: -3, Option: int32(k)}}})
	}
	for ; k < ch.sizes[j]; k++ {
		if run.MaxNodes > 0 && own >= run.MaxNodes {
			if !run.Final {
				export(k)
			}
			return core.NodeLimit, nil
		}
		if run.Poll != nil && own >= next {
			switch run.Poll(c) {
			case core.Stop:
				if !run.Final {
					export(k)
				}
				return core.Interrupted, nil
			case core.Export:
				export(k)
			}
			next = run.NextPoll(own)
		}
		ch.visited[[2]int{j, k}]++
		own++
		c.Nodes++
		c.Solutions++
		if run.MaxSolutions > 0 && own >= run.MaxSolutions {
			return core.SolutionLimit, nil
		}
	}
	return core.Complete, nil
}

// search searches u: a rest, or the rest of a branch.
func (ch *chain) search(u core.Unit, run *core.Run, c *core.Counters) (core.Status, error) {
	if u.Rest != nil {
		ch.rest = u.Rest
		return core.SearchRest(u, run, c, ch)
	}
	return ch.from(int(u.Path[0].Option), int(u.Path[1].Option), run, c)
}

// TestSearchRest searches rests of chains of random lengths, stopped,
// exporting, donating and limited in every way a driver asks, searching
// whatever each search exports until nothing is left (for an Export, from
// the position it gave): every node is entered exactly once, and counted.
func TestSearchRest(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		ch := &chain{visited: map[[2]int]int{}}
		u := core.Unit{Path: []core.Step{{Item: 0, Option: 0}}}
		total := 0
		for j := range 1 + r.IntN(8) {
			ch.sizes = append(ch.sizes, r.IntN(6))
			total += ch.sizes[j]
			u.Rest = append(u.Rest, core.Step{Item: 1, Option: int32(j)})
		}
		way := []string{"whole", "node limit", "stop", "donate", "mixed", "export"}[trial%6]
		todo := []core.Unit{u}
		var c core.Counters
		for len(todo) > 0 {
			u := todo[0]
			todo = todo[1:]
			run := core.Run{PollEvery: 1 + r.Int64N(3)}
			var saved core.Counters // at an Export, the position: these counters and the units exported
			var savedVisits map[[2]int]int
			mark := -1
			switch way {
			case "node limit":
				run.MaxNodes = 1 + r.Int64N(4)
			case "stop", "donate", "mixed":
				run.Poll = func(*core.Counters) core.Action {
					a := []core.Action{core.Continue, core.Stop, core.Donate}[r.IntN(3)]
					if way == "stop" && a == core.Donate || way == "donate" && a == core.Stop {
						a = core.Continue
					}
					return a
				}
			case "export":
				run.Poll = func(sofar *core.Counters) core.Action {
					if mark >= 0 || r.IntN(3) > 0 {
						return core.Continue
					}
					mark, saved, savedVisits = len(run.Export), *sofar, maps.Clone(ch.visited)
					return core.Export
				}
				way = "exported" // the position's units are searched to the end
			}
			end, err := ch.search(u, &run, &c)
			if err != nil || end == core.Stopped || end == core.SolutionLimit {
				t.Fatalf("trial %d, %s: unit %+v: %v, %v", trial, way, u, end, err)
			}
			if mark >= 0 { // forget what the search did after the Export: resume its position
				c, ch.visited = saved, savedVisits
				todo = append(todo, run.Export[mark:]...)
				continue
			}
			todo = append(todo, run.Export...)
		}
		if c.Nodes != int64(total) || c.Solutions != int64(total) {
			t.Errorf("trial %d, %s: counted %+v, want %d nodes", trial, way, c, total)
		}
		for j, n := range ch.sizes {
			for k := range n {
				if got := ch.visited[[2]int{j, k}]; got != 1 {
					t.Errorf("trial %d, %s: node %d of branch %d entered %d times", trial, way, k, j, got)
				}
			}
		}
	}
}

// TestSearchRestExport checks the position an Export gives inside a
// branch of a rest: the rest of that branch, then the branches after it,
// as one rest unit, and nothing more; the search goes on to the end.
func TestSearchRestExport(t *testing.T) {
	ch := &chain{sizes: []int{2, 3, 1, 2}, visited: map[[2]int]int{}}
	u := core.Unit{Rest: []core.Step{{Item: 1, Option: 0}, {Item: 1, Option: 1}, {Item: 1, Option: 2}, {Item: 1, Option: 3}}}
	polls, mark := 0, 0
	run := core.Run{PollEvery: 1}
	run.Poll = func(*core.Counters) core.Action {
		if polls++; polls == 4 { // at the third node of branch 1
			mark = len(run.Export)
			return core.Export
		}
		return core.Continue
	}
	var c core.Counters
	if end, err := ch.search(u, &run, &c); end != core.Complete || err != nil || c.Nodes != 8 {
		t.Fatalf("%v, %v, %+v", end, err, c)
	}
	got := fmt.Sprint(run.Export[mark:])
	want := fmt.Sprint([]core.Unit{
		{Path: []core.Step{{Item: -2, Option: 1}, {Item: -3, Option: 2}}},
		{Rest: u.Rest[2:]},
	})
	if got != want {
		t.Errorf("exported %s, want %s", got, want)
	}
}

// TestSearchRestLimits checks that a rest's branches share the limits of
// its run: the nodes of a node limit across branches, with the rest
// exported where it stopped (and not, when the run is final), and the
// solutions of a solution limit.
func TestSearchRestLimits(t *testing.T) {
	rest := []core.Step{{Item: 1, Option: 0}, {Item: 1, Option: 1}, {Item: 1, Option: 2}}
	for _, tc := range []struct {
		name string
		run  core.Run
		end  core.Status
		want string // the units exported
	}{
		{"nodes, in a branch", core.Run{MaxNodes: 3}, core.NodeLimit, "[{[{-2 1 false} {-3 1 false}] false false []} {[] false false [{1 2 false}]}]"},
		{"nodes, between branches", core.Run{MaxNodes: 2}, core.NodeLimit, "[{[] false false [{1 1 false} {1 2 false}]}]"},
		{"nodes, final", core.Run{MaxNodes: 3, Final: true}, core.NodeLimit, "[]"},
		{"solutions", core.Run{MaxSolutions: 4}, core.SolutionLimit, "[]"},
		{"none", core.Run{}, core.Complete, "[]"},
	} {
		ch := &chain{sizes: []int{2, 2, 2}, visited: map[[2]int]int{}}
		var c core.Counters
		run := tc.run
		end, err := ch.search(core.Unit{Rest: rest}, &run, &c)
		if got := fmt.Sprint(run.Export); end != tc.end || err != nil || got != tc.want {
			t.Errorf("%s: %v, %v, exported %s; want %v, %s", tc.name, end, err, got, tc.end, tc.want)
		}
		if lim := max(tc.run.MaxNodes, tc.run.MaxSolutions); lim > 0 && c.Nodes != lim {
			t.Errorf("%s: %d nodes, want %d", tc.name, c.Nodes, lim)
		}
	}
}

// TestSearchRestGrants checks that a node limit raised at a poll (as the
// parallel driver grants nodes a poll interval at a time) holds for the
// branch being searched too: granted a node more than it has entered at
// each poll, the search ends complete.
func TestSearchRestGrants(t *testing.T) {
	ch := &chain{sizes: []int{1, 6, 2}, visited: map[[2]int]int{}}
	u := core.Unit{Rest: []core.Step{{Item: 1, Option: 0}, {Item: 1, Option: 1}, {Item: 1, Option: 2}}}
	run := core.Run{PollEvery: 1, MaxNodes: 2} // a poll interval and a node
	run.Poll = func(sofar *core.Counters) core.Action {
		run.MaxNodes = sofar.Nodes + 2 // the same again
		return core.Continue
	}
	var c core.Counters
	if end, err := ch.search(u, &run, &c); end != core.Complete || err != nil || c.Nodes != 9 || len(run.Export) != 0 {
		t.Errorf("%v, %v, %d nodes, exported %v; want complete, 9 nodes, nothing exported", end, err, c.Nodes, run.Export)
	}
}
