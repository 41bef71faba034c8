package report_test

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/xcover/xcover/cmd/xcover/internal/report"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// Print the solutions of Knuth's 7-item example as "xcover solve --json"
// does, then the summary of the search: with the dlx engine, DLX1's
// figures (6 nodes, 30 updates).
func Example() {
	sp, _ := specs.Parse("knuth.dlx", []byte("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"), specs.DLX)
	s, _, _ := sp.Compile()
	sols := report.NewSolutions(&sp.Problem, true)
	st, _ := s.Search(context.Background(), exactcover.Config{Engine: exactcover.EngineDLX}, func(sol []int) bool {
		os.Stdout.Write(sols.Next(sol))
		return true
	})
	sum := report.New(st)
	sum.Elapsed = 0 // for the example's sake
	os.Stdout.Write(report.Marshal(new(bytes.Buffer), sum))
	// Output:
	// {"type":"solution","number":1,"option_indices":[3,0,4],"options":[{"items":["A","D"]},{"items":["C","E","F"]},{"items":["B","G"]}]}
	// {"type":"summary","solutions":1,"nodes":6,"updates":30,"status":"complete","elapsed_seconds":0}
}

// Read the outputs of the two shards of one search back and add them up,
// as "xcover merge" does.
func ExampleReadShards() {
	const output = `{"type":"solution","number":1,"option_indices":[2,0]}
{"type":"summary","solutions":1,"nodes":3,"updates":9,"status":"complete","elapsed_seconds":1,"engine":"dlx","problem":"ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12","branching":"knuth","shard":1,"shards":2,"split":"s","profile":[1,1,1]}
{"type":"solution","number":1,"option_indices":[1,3]}
{"type":"summary","solutions":1,"nodes":4,"updates":7,"status":"complete","elapsed_seconds":2,"engine":"dlx","problem":"ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12","branching":"knuth","shard":2,"shards":2,"split":"s","profile":[0,2,2]}
`
	shards, err := report.ReadShards(bytes.NewReader([]byte(output)), "shards.json", true, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	total, err := report.Merge(shards)
	if err != nil {
		fmt.Println(err)
		return
	}
	records, _ := report.MergeSolutions(shards)
	for _, r := range records {
		os.Stdout.Write(r)
	}
	fmt.Println(total.Solutions, "solutions,", total.Nodes, "nodes")
	// Output:
	// {"type":"solution","number":1,"option_indices":[2,0]}
	// {"type":"solution","number":2,"option_indices":[1,3]}
	// 2 solutions, 7 nodes
}
