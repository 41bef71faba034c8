package reduce_test

import (
	"context"
	"fmt"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
)

// Knuth's example from "Dancing links" (2000), with F and G secondary: every
// option with A has D, so D goes, and the option D E G with it; then F, C
// and G go in turn, and three one-item options are left. The solution of
// the reduced problem is that of the original: options 3, 0 and 4.
func ExampleReduce() {
	p := &exactcover.Problem{
		Primary:   []string{"A", "B", "C", "D", "E"},
		Secondary: []string{"F", "G"},
		Options: []exactcover.Option{
			exactcover.NewOption("C", "E", "F"),
			exactcover.NewOption("A", "D", "G"),
			exactcover.NewOption("B", "C", "F"),
			exactcover.NewOption("A", "D"),
			exactcover.NewOption("B", "G"),
			exactcover.NewOption("D", "E", "G"),
		},
	}
	r, err := reduce.Reduce(context.Background(), p, reduce.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("items:", r.Problem.Primary, r.Problem.Secondary)
	for k, o := range r.Problem.Options {
		fmt.Printf("option %d: %s (original %d: %s)\n", k, o, r.Original[k], p.Options[r.Original[k]])
	}
	fmt.Printf("removed %d options and %d items in %d rounds\n", r.RemovedOptions, r.RemovedItems, r.Rounds)
	fmt.Println("solution [0 1 2] is", r.OriginalSolution([]int{0, 1, 2}))
	// Output:
	// items: [A B E] []
	// option 0: A (original 3: A D)
	// option 1: B (original 4: B G)
	// option 2: E (original 0: C E F)
	// removed 3 options and 4 items in 3 rounds
	// solution [0 1 2] is [3 4 0]
}
