package exactcover_test

import (
	"context"
	"fmt"

	"github.com/xcover/xcover/exactcover"
)

// Three ways to cover A, B and C: one option for all (cost 10), the pair
// A B with C alone (4 + 3), or A alone with B C (2 + 6). The search
// reports each solution that beats the best so far; the last is the
// cheapest.
func ExampleSolver_Cheapest() {
	p := &exactcover.Problem{
		Primary: []string{"A", "B", "C"},
		Options: []exactcover.Option{
			{Label: "all", Items: exactcover.NewOption("A", "B", "C").Items, Cost: 10},
			{Label: "pair", Items: exactcover.NewOption("A", "B").Items, Cost: 4},
			{Label: "C", Items: exactcover.NewOption("C").Items, Cost: 3},
			{Label: "A", Items: exactcover.NewOption("A").Items, Cost: 2},
			{Label: "BC", Items: exactcover.NewOption("B", "C").Items, Cost: 6},
		},
	}
	s, err := exactcover.New(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: 2}, func(sol []int, cost int64) bool {
		fmt.Println("found", sol, "at cost", cost)
		return true
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range res.Best {
		fmt.Println("best:", b.Options, b.Cost)
	}
	// Output:
	// found [1 2] at cost 7
	// found [3 4] at cost 8
	// best: [1 2] 7
	// best: [3 4] 8
}

// The engines that search for the cheapest solutions find the same best
// costs; the result says which searched. On this problem, whose items have
// few options, auto picks the sparse sets.
func ExampleCostConfig_engine() {
	p := &exactcover.Problem{
		Primary: []string{"A", "B", "C"},
		Options: []exactcover.Option{
			{Items: exactcover.NewOption("A", "B", "C").Items, Cost: 10},
			{Items: exactcover.NewOption("A", "B").Items, Cost: 4},
			{Items: exactcover.NewOption("C").Items, Cost: 3},
			{Items: exactcover.NewOption("A").Items, Cost: 2},
			{Items: exactcover.NewOption("B", "C").Items, Cost: 6},
		},
	}
	s, err := exactcover.New(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, eng := range []exactcover.Engine{exactcover.EngineAuto, exactcover.EngineDLX, exactcover.EngineSparse, exactcover.EngineBits} {
		res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: 3, Engine: eng}, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		var costs []int64
		for _, b := range res.Best {
			costs = append(costs, b.Cost)
		}
		fmt.Println(eng, "searched by", res.Engine, costs)
	}
	// Output:
	// auto searched by sparse [7 8 10]
	// dlx searched by dlx [7 8 10]
	// sparse searched by sparse [7 8 10]
	// bits searched by bits [7 8 10]
}
