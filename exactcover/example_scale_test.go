package exactcover_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/xcover/xcover/exactcover"
)

// A count with every core: the totals are the sequential search's, nodes
// and updates included.
func ExampleConfig_workers() {
	s, _ := exactcover.New(queens(10))
	seq, _ := s.Count(context.Background(), exactcover.Config{Method: exactcover.MethodSearch})
	par, _ := s.Count(context.Background(), exactcover.Config{Method: exactcover.MethodSearch, Workers: 4})
	fmt.Println(par.Solutions, par.Search.Nodes == seq.Search.Nodes, par.Search.Updates == seq.Search.Updates)
	// Output: 724 true true
}

// A search stopped (here by a node limit; Ctrl-C or a deadline alike)
// gives its position to the sink, which keeps it (here in memory; the
// command line replaces a file atomically); the resumed search ends with
// the totals of an uninterrupted one.
func ExampleReadCheckpoint() {
	var saved bytes.Buffer
	keep := func(ck *exactcover.Checkpoint) error {
		saved.Reset()
		_, err := ck.WriteTo(&saved)
		return err
	}
	s, _ := exactcover.New(queens(10))
	res, _ := s.Count(context.Background(), exactcover.Config{Checkpoint: keep, MaxNodes: 5000})
	fmt.Println(res.Status)
	ck, err := exactcover.ReadCheckpoint(&saved)
	if err != nil {
		panic(err)
	}
	res, _ = s.Count(context.Background(), exactcover.Config{Resume: ck, Workers: 2})
	whole, _ := s.Count(context.Background(), exactcover.Config{Method: exactcover.MethodSearch})
	fmt.Println(res.Status, res.Solutions, res.Search.Nodes == whole.Search.Nodes)
	// Output:
	// node-limit
	// complete 724 true
}
