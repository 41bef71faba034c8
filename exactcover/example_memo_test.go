package exactcover_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/zdd"
)

// Counting the domino tilings of a 12×12 board: 5·10¹⁶ solutions, far too
// many to meet one by one, are counted exactly by memoizing.
func ExampleSolver_Count_memo() {
	s, err := exactcover.New(dominoes(12, 12))
	if err != nil {
		panic(err)
	}
	res, err := s.Count(context.Background(), exactcover.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Solutions, "tilings, counted by", res.Method)
	// Output:
	// 53060477521960000 tilings, counted by memo
}

// The ZDD of the solutions of Knuth's 7-item example: one solution, whose
// options are listed, counted and drawn at random from the diagram.
func ExampleSolver_ZDD() {
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
	z, _, err := s.ZDD(context.Background(), exactcover.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Println(z.Count(), "solution")
	set, _ := zdd.NewSampler(z).Sample(rand.New(rand.NewPCG(1, 2)), nil)
	for _, v := range set {
		fmt.Println(p.Options[exactcover.ZDDOption(v)])
	}
	// Unordered output:
	// 1 solution
	// A D
	// C E F
	// B G
}

// Knuth's estimate of the 8-queens search tree from 1000 random probes:
// the search visits 1049 nodes and finds 92 solutions (DLX1's figures).
func ExampleSolver_Estimate() {
	p := &exactcover.Problem{}
	name := func(kind string, i int) string { return fmt.Sprintf("%s%d", kind, i) }
	for i := range 8 {
		p.Primary = append(p.Primary, name("r", i), name("c", i))
	}
	for d := range 15 {
		p.Secondary = append(p.Secondary, name("a", d), name("b", d))
	}
	for r := range 8 {
		for c := range 8 {
			p.Options = append(p.Options, exactcover.NewOption(name("r", r), name("c", c), name("a", r+c), name("b", r-c+7)))
		}
	}
	s, err := exactcover.New(p)
	if err != nil {
		panic(err)
	}
	est, err := s.Estimate(context.Background(), exactcover.EstimateConfig{Seed: 8, SkipRate: true})
	if err != nil {
		panic(err)
	}
	res, _ := s.Count(context.Background(), exactcover.Config{Method: exactcover.MethodSearch})
	st := res.Search
	fmt.Printf("estimate within 10%%: nodes %v, solutions %v\n",
		near(est.Nodes.Float64(), float64(st.Nodes)), near(est.Solutions.Float64(), float64(st.Solutions)))
	// Output:
	// estimate within 10%: nodes true, solutions true
}

func near(est, truth float64) bool { return est > 0.9*truth && est < 1.1*truth }
