package explain_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
)

// Knuth's 7-item example: the steps of the search, one line each.
func ExampleWalk() {
	p := &exactcover.Problem{Primary: []string{"A", "B", "C", "D", "E", "F", "G"}}
	for _, o := range []string{"C E F", "A D G", "B C F", "A D", "B G", "D E G"} {
		p.Options = append(p.Options, exactcover.NewOption(strings.Fields(o)...))
	}
	st, err := explain.Walk(context.Background(), p, 0, func(s *explain.Step) bool {
		indent := strings.Repeat("  ", s.Level)
		switch s.Kind {
		case explain.Choose:
			fmt.Printf("%schoose %s (%d left)\n", indent, p.ItemName(s.Item), s.Size)
		case explain.Try:
			fmt.Printf("%stry option %d\n", indent, s.Option+1)
		case explain.Solution:
			fmt.Printf("%ssolution: options %v\n", indent, s.Partial)
		}
		return true
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(st.Solutions, "solution,", st.Nodes, "nodes,", st.Updates, "updates")
	// Output:
	// choose A (2 left)
	// try option 2
	//   choose B (1 left)
	//   try option 3
	//     choose E (0 left)
	// try option 4
	//   choose E (1 left)
	//   try option 1
	//     choose B (1 left)
	//     try option 5
	//       solution: options [3 0 4]
	// 1 solution, 6 nodes, 30 updates
}

// A problem with no solution, told in full.
func ExampleNarrate() {
	p := &exactcover.Problem{
		Primary: []string{"A", "B", "C"},
		Options: []exactcover.Option{exactcover.NewOption("A", "B"), exactcover.NewOption("B", "C")},
	}
	if _, err := explain.Narrate(context.Background(), os.Stdout, p, explain.Config{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Algorithm X with dancing links, step by step (Knuth, arXiv cs/0011047).
	// The problem: 3 primary items, 0 secondary items, 2 options.
	//   primary (cover exactly once): A B C
	//   option 1: A B
	//   option 2: B C
	// At each node the search chooses the primary item with the fewest options
	// left (ties go to the item declared first), covers it, and tries its options
	// one by one; each try covers the option's other items and goes one level down.
	//
	// Node 1 at level 0; partial solution: none yet.
	//   Items left to cover, with their numbers of options: A 1, B 2, C 1.
	//   Choose A: it has the fewest options (1), as does C, and it comes first.
	//   Cover A (2 updates), hiding its options from their other items:
	//     option 1 (A B) from B
	//   Try option 1 (A B), the 1st of A's 1 option.
	//   Cover B (2 updates), hiding its options from their other items:
	//     option 2 (B C) from C
	//   Node 2 at level 1; partial solution: option 1.
	//     Items left to cover, with their numbers of options: C 0.
	//     Dead end: no option is left for C.
	//     Cover C (1 update): no other option to hide.
	//     Uncover C and go back to level 0.
	//   Undo option 1: uncover B.
	//   A has no more options: uncover A and the search is over.
	//
	// The search is complete: 0 solutions, 2 nodes, 5 updates.
	// (Counted as Knuth's DLX1 counts: a node per level entered plus one per
	// solution; an update per item covered plus one per option taken out of a list.)
}

// The search tree of a two-option problem, for Graphviz.
func ExampleWriteTree() {
	p := &exactcover.Problem{
		Primary: []string{"A", "B"},
		Options: []exactcover.Option{exactcover.NewOption("A"), exactcover.NewOption("A", "B"), exactcover.NewOption("B")},
	}
	if _, err := explain.WriteTree(context.Background(), os.Stdout, p, explain.TreeConfig{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// digraph search {
	//   label="2 solutions, 4 nodes, 4 updates";
	//   node [shape=box, fontname="Helvetica"];
	//   edge [fontname="Helvetica", fontsize=10];
	//   n1 [label="A\n2 options"];
	//   n2 [label="B\n1 option"];
	//   n1 -> n2 [label="1: A"];
	//   n3 [label="solution 1", shape=ellipse, color=darkgreen, fontcolor=darkgreen];
	//   n2 -> n3 [label="3: B"];
	//   n4 [label="solution 2", shape=ellipse, color=darkgreen, fontcolor=darkgreen];
	//   n1 -> n4 [label="2: A B"];
	// }
}

// Knuth's DLX3 example of multiplicities: C must be covered two or three
// times. The steps that Algorithm M adds to Algorithm X, one line each.
func ExampleWalk_multiplicities() {
	p := &exactcover.Problem{
		Primary:   []string{"A", "B", "C"},
		Bounds:    []exactcover.Bounds{{Lo: 1, Hi: 1}, {Lo: 1, Hi: 1}, {Lo: 2, Hi: 3}},
		Secondary: []string{"X", "Y"},
	}
	for _, o := range []string{"A B X:0 Y:0", "A C X:1 Y:1", "C X:0", "B X:1", "C Y:1"} {
		p.Options = append(p.Options, exactcover.NewOption(strings.Fields(o)...))
	}
	st, err := explain.Walk(context.Background(), p, 0, func(s *explain.Step) bool {
		indent := strings.Repeat("  ", s.Level)
		name := p.ItemName(s.Item)
		switch s.Kind {
		case explain.Choose:
			fmt.Printf("%schoose %s: %d branches (bound %d, needs %d, %d left)\n", indent, name, s.Degree, s.Bound, s.Need, s.Size)
		case explain.Lower:
			fmt.Printf("%s%s's bound down to %d\n", indent, name, s.Bound)
		case explain.Try:
			fmt.Printf("%stry option %d\n", indent, s.Option+1)
		case explain.Tweak:
			fmt.Printf("%stweak option %d\n", indent, s.Option+1)
		case explain.Null:
			fmt.Printf("%snull branch: no more options for %s\n", indent, name)
		case explain.Solution:
			fmt.Printf("%ssolution: options %v\n", indent, s.Partial)
		}
		return true
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(st.Solutions, "solution,", st.Nodes, "nodes,", st.Updates, "updates,", st.Cleansings, "cleansings")
	// Output:
	// choose A: 2 branches (bound 1, needs 1, 2 left)
	// try option 1
	//   choose C: 0 branches (bound 3, needs 2, 1 left)
	// try option 2
	// C's bound down to 2
	//   choose B: 1 branches (bound 1, needs 1, 1 left)
	//   try option 4
	//     choose C: 1 branches (bound 2, needs 1, 1 left)
	//     C's bound down to 1
	//     try option 5
	//     tweak option 5
	//       choose C: 1 branches (bound 1, needs 0, 0 left)
	//       null branch: no more options for C
	//         solution: options [1 3 4]
	// 1 solution, 6 nodes, 14 updates, 7 cleansings
}

// A trace is the walk as data: for each node, what the narration says of
// it and what is left. Here, the nodes of Knuth's 7-item example.
func ExampleNewTrace() {
	p := &exactcover.Problem{Primary: []string{"A", "B", "C", "D", "E", "F", "G"}}
	for _, o := range []string{"C E F", "A D G", "B C F", "A D", "B G", "D E G"} {
		p.Options = append(p.Options, exactcover.NewOption(strings.Fields(o)...))
	}
	t, err := explain.NewTrace(context.Background(), p, explain.TraceLimits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for j, nd := range t.Nodes {
		what := "solution"
		if nd.Solution == 0 {
			what = "chooses " + p.ItemName(nd.Chosen)
		}
		fmt.Printf("node %d, level %d: items left %d, options hidden since the parent %d; %s\n",
			nd.Node, nd.Level, len(t.ActiveAt(j))/2, len(nd.Hidden), what)
	}
	fmt.Println(t.Lines[t.Nodes[0].Steps[1].Lines[0]])
	fmt.Println(t.Footer[1])
	// Output:
	// node 1, level 0: items left 7, options hidden since the parent 0; chooses A
	// node 2, level 1: items left 4, options hidden since the parent 4; chooses B
	// node 3, level 2: items left 1, options hidden since the parent 2; chooses E
	// node 4, level 1: items left 5, options hidden since the parent 3; chooses E
	// node 5, level 2: items left 2, options hidden since the parent 2; chooses B
	// node 6, level 3: items left 0, options hidden since the parent 1; solution
	//   Choose A: it has the fewest options (2), as do B, C, E and F, and it comes first.
	// The search is complete: 1 solution, 6 nodes, 30 updates.
}
