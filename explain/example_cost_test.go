package explain_test

import (
	"context"
	"fmt"
	"os"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
)

// Three ways to cover A, B and C, with costs. The taxes (2 on A, 2 on B,
// 3 on C: each item's cheapest option) are the figures Knuth's DLX5 prints
// with v9, and so are the 3 nodes and 7 updates of the search with K = 1
// and the 5 nodes, 10 updates and costs 7 and 8 with K = 2.
func ExampleNarrateCost() {
	p := &exactcover.Problem{
		Primary: []string{"A", "B", "C"},
		Options: []exactcover.Option{
			{Label: "all", Items: exactcover.NewOption("A", "B", "C").Items, Cost: 10},
			{Label: "pair", Items: exactcover.NewOption("A", "B").Items, Cost: 4},
			{Items: exactcover.NewOption("C").Items, Cost: 3},
			{Items: exactcover.NewOption("A").Items, Cost: 2},
			{Items: exactcover.NewOption("B", "C").Items, Cost: 6},
		},
	}
	for _, k := range []int{1, 2} {
		if _, err := explain.NarrateCost(context.Background(), os.Stdout, p, k, 0); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// Looking for the cheapest solution of a problem with 3 primary items and 5 options with costs (Knuth's DLX5).
	// First the taxes: each primary item is taxed the cost of its cheapest option, which is taken off every option that contains it. Every solution covers each primary item once, so its cost is the total tax plus the net costs of its options, and the cheapest solutions stay the cheapest.
	//   A is taxed 2, B is taxed 2, C is taxed 3: total 7.
	// Level 0: branch on A, 3 options cheap enough (its list is sorted by net cost; the cheapest is at 0).
	// Level 0: try "pair" (A B, cost 4): net cost so far 0.
	//   Level 1: branch on C, 1 option cheap enough (its list is sorted by net cost; the cheapest is at 0).
	//   Level 1: try "C" (cost 3): net cost so far 0.
	//     Solution of net cost 0, cost 7. Cut-off from now on: net 0 (a branch must cost less to be entered).
	// Level 0: "A" (cost 2) would bring the net cost to 0, not below the cut-off 0: cut, and with it the dearer options after it.
	// Done: the cheapest solution costs 7; 1 improving solution, 3 nodes and 7 updates, as DLX5 counts them.
	// Looking for the 2 cheapest solutions of a problem with 3 primary items and 5 options with costs (Knuth's DLX5).
	// First the taxes: each primary item is taxed the cost of its cheapest option, which is taken off every option that contains it. Every solution covers each primary item once, so its cost is the total tax plus the net costs of its options, and the cheapest solutions stay the cheapest.
	//   A is taxed 2, B is taxed 2, C is taxed 3: total 7.
	// Level 0: branch on A, 3 options cheap enough (its list is sorted by net cost; the cheapest is at 0).
	// Level 0: try "pair" (A B, cost 4): net cost so far 0.
	//   Level 1: branch on C, 1 option cheap enough (its list is sorted by net cost; the cheapest is at 0).
	//   Level 1: try "C" (cost 3): net cost so far 0.
	//     Solution of net cost 0, cost 7. No cut-off yet: fewer than 2 solutions are known.
	// Level 0: try "A" (cost 2): net cost so far 0.
	//   Level 1: branch on B, 1 option cheap enough (its list is sorted by net cost; the cheapest is at 1).
	//   Level 1: try "B C" (cost 6): net cost so far 1.
	//     Solution of net cost 1, cost 8. Cut-off from now on: net 1 (a branch must cost less to be entered).
	// Level 0: "all" (A B C, cost 10) would bring the net cost to 3, not below the cut-off 1: cut, and with it the dearer options after it.
	// Done: the 2 cheapest solutions cost 7 and 8; 2 improving solutions, 5 nodes and 10 updates, as DLX5 counts them.
}
