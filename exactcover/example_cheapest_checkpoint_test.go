package exactcover_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/xcover/xcover/exactcover"
)

// A search for the 2 cheapest solutions stopped after 3 nodes leaves a
// checkpoint: the best found so far (options 1 and 2, cost 7) and the
// units left. The search branched on item 0 (A), whose options it tries
// cheapest first: 1, 3, 0; it had entered the node below option 3 and
// not tried option 0, two units. Written to a file and read back (the
// reader tells the kind by Best), the checkpoint resumes the search,
// which keeps what the first run found and ends with the 2 cheapest and
// the 5 nodes of a search never stopped.
func ExampleCheckpoint_cheapest() {
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
	cfg := exactcover.CostConfig{Best: 2, Engine: exactcover.EngineDLX, MaxNodes: 3}
	res, _ := s.Cheapest(context.Background(), cfg, nil)
	fmt.Println(res.Status, "with", len(res.Best), "solution so far")
	var file bytes.Buffer
	if _, err := res.Checkpoint.WriteTo(&file); err != nil {
		fmt.Println(err)
		return
	}
	ck, err := exactcover.ReadCheckpoint(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("a search that", ck.Goal(), "with", ck.Units(), "units left, the best so far", ck.Solutions[0].Options, ck.Solutions[0].Cost)
	cfg.MaxNodes, cfg.Resume = 0, ck
	res, _ = s.Cheapest(context.Background(), cfg, nil)
	for _, b := range res.Best {
		fmt.Println("best:", b.Options, b.Cost)
	}
	fmt.Println(res.Status, "in", res.Nodes, "nodes")
	// Output:
	// node-limit with 1 solution so far
	// a search that looks for the 2 cheapest solutions with 2 units left, the best so far [1 2] 7
	// best: [1 2] 7
	// best: [3 4] 8
	// complete in 5 nodes
}
