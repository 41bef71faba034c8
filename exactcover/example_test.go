package exactcover_test

import (
	"context"
	"fmt"

	"github.com/xcover/xcover/exactcover"
)

// The 7-item example of Knuth's "Dancing Links" paper: items A…G, six
// options; exactly one way to cover every item once.
func Example() {
	p := &exactcover.Problem{
		Primary: []string{"A", "B", "C", "D", "E", "F", "G"},
		Options: []exactcover.Option{
			exactcover.NewOption("C", "E", "F"),
			exactcover.NewOption("A", "D", "G"),
			exactcover.NewOption("B", "C", "F"),
			exactcover.NewOption("A", "D"),
			exactcover.NewOption("B", "G"),
			exactcover.NewOption("D", "E", "G"),
		},
	}
	s, err := exactcover.New(p)
	if err != nil {
		panic(err)
	}
	for sol := range s.Solutions(context.Background()) {
		for _, k := range sol {
			fmt.Println(p.Options[k])
		}
	}
	fmt.Println(s.Stats().Solutions, "solution")
	// Output:
	// A D
	// C E F
	// B G
	// 1 solution
}

// Colors (Knuth's XCC): X and Y are secondary; options that give X the
// same color may share it.
func Example_colors() {
	p := &exactcover.Problem{
		Primary:   []string{"A", "B", "C"},
		Secondary: []string{"X", "Y"},
		Options: []exactcover.Option{
			exactcover.NewOption("A", "B", "X:0", "Y:0"),
			exactcover.NewOption("A", "C", "X:1", "Y:1"),
			exactcover.NewOption("X:0", "Y:1"), // no primary item: dropped
			exactcover.NewOption("B", "X:1"),
			exactcover.NewOption("C", "Y:1"),
		},
	}
	s, err := exactcover.New(p)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Warnings())
	sol, _, _ := s.First(context.Background())
	for _, k := range sol {
		fmt.Println(p.Options[k])
	}
	// Output:
	// [option 3: has no primary item; dropped]
	// A C X:1 Y:1
	// B X:1
}

// Counting without materialising solutions: 8 queens (OEIS A000170).
func ExampleSolver_Count() {
	s, _ := exactcover.New(queens(8))
	st, _ := s.Count(context.Background())
	fmt.Println(st.Solutions, st.Status)
	// Output: 92 complete
}
