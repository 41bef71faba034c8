package report

import (
	"bytes"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/shards"
)

func TestSolutions(t *testing.T) {
	p := &exactcover.Problem{Primary: []string{"a", "b"}, Secondary: []string{"x"}, Options: []exactcover.Option{
		{Label: "first", Items: []exactcover.ItemRef{{Name: "a"}}},
		{Items: []exactcover.ItemRef{{Name: "b"}, {Name: "x", Color: "red"}}},
		{Label: "<a&b>", Items: []exactcover.ItemRef{{Name: "a"}, {Name: "b"}}},
	}}
	for _, tc := range []struct {
		name string
		json bool
		sols [][]int
		want []string
	}{
		{name: "text", sols: [][]int{{0, 1}, {2}}, want: []string{"first\nb x:red\n", "<a&b>\n"}},
		{name: "json", json: true, sols: [][]int{{1, 0}, {2}}, want: []string{
			`{"type":"solution","number":1,"option_indices":[1,0],"options":[{"items":["b","x:red"]},{"label":"first","items":["a"]}]}` + "\n",
			`{"type":"solution","number":2,"option_indices":[2],"options":[{"label":"<a&b>","items":["a","b"]}]}` + "\n"}},
		{name: "empty solution as text", sols: [][]int{{}, {2}}, want: []string{"(the empty solution)\n", "<a&b>\n"}},
		{name: "empty solution", json: true, sols: [][]int{{}}, want: []string{`{"type":"solution","number":1,"option_indices":[],"options":[]}` + "\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSolutions(p, tc.json)
			for i, sol := range tc.sols {
				if got := string(s.Next(sol)); got != tc.want[i] {
					t.Errorf("solution %d:\n got %q\nwant %q", i+1, got, tc.want[i])
				}
			}
		})
	}
}

func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		name    string
		n       int64
		numbers []int
		json    bool
		want    string
	}{
		{name: "text", n: 1, numbers: []int{2, 4, 10}, want: "2 4 10\n"},
		{name: "text empty", n: 1, want: "\n"},
		{name: "json", n: 7, numbers: []int{1, 5}, json: true, want: `{"type":"solution","number":7,"option_indices":[0,4]}` + "\n"},
		{name: "json nil", n: 1, json: true, want: `{"type":"solution","number":1,"option_indices":[]}` + "\n"},
		{name: "json empty", n: 2, numbers: []int{}, json: true, want: `{"type":"solution","number":2,"option_indices":[]}` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(Numbers(new(bytes.Buffer), tc.n, tc.numbers, tc.json)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestSummaries(t *testing.T) {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	shard := exactcover.Stats{Engine: exactcover.EngineDLX, Shard: exactcover.Shard{K: 2, N: 3}, Split: "s",
		Solutions: 5, Nodes: 9, Updates: 20, Cleansings: 1, Profile: []int64{1, 8}, Status: exactcover.Complete, Elapsed: 1500 * time.Millisecond}
	problem := [32]byte{0xab}
	hexProblem := "ab" + strings.Repeat("00", 31)
	for _, tc := range []struct {
		name string
		sum  any
		want string
	}{
		{name: "search", sum: New(exactcover.Stats{Solutions: 3, Nodes: 10, Updates: 40, Status: exactcover.NodeLimit, Elapsed: time.Second}),
			want: `{"type":"summary","solutions":3,"nodes":10,"updates":40,"status":"node-limit","elapsed_seconds":1}`},
		{name: "shard", sum: Search(shard, problem, exactcover.KnuthMRV),
			want: `{"type":"summary","solutions":5,"nodes":9,"updates":20,"status":"complete","elapsed_seconds":1.5,"engine":"dlx","cleansings":1,"profile":[1,8],"problem":"` + hexProblem + `","branching":"knuth","shard":2,"shards":3,"split":"s"}`},
		{name: "not a shard", sum: Search(exactcover.Stats{Engine: exactcover.EngineSparse, Solutions: 1, Status: exactcover.SolutionLimit}, problem, exactcover.KnuthMRV),
			want: `{"type":"summary","solutions":1,"nodes":0,"updates":0,"status":"limit","elapsed_seconds":0,"engine":"sparse"}`},
		{name: "memo count", sum: Count(exactcover.CountResult{Solutions: huge, Method: exactcover.MethodMemo, Why: "asked for",
			Memo: exactcover.MemoStats{Levels: 4, States: 12, PeakBytes: 100}, Elapsed: time.Second, Status: exactcover.Complete}),
			want: `{"type":"summary","solutions":123456789012345678901234567890,"nodes":0,"updates":0,"status":"complete","elapsed_seconds":1,"method":"memo","why":"asked for","memo_states":12,"memo_levels":4,"memo_peak_bytes":100}`},
		{name: "memo unfinished", sum: Count(exactcover.CountResult{Solutions: big.NewInt(3), Method: exactcover.MethodMemo, Status: exactcover.Timeout}),
			want: `{"type":"summary","solutions":null,"nodes":0,"updates":0,"status":"timeout","elapsed_seconds":0,"method":"memo"}`},
		{name: "ZDD by the search", sum: Count(exactcover.CountResult{Solutions: big.NewInt(8), Method: exactcover.MethodSearch, Why: "it finished first",
			Search: exactcover.Stats{Nodes: 18164}, Memo: exactcover.MemoStats{States: 5160, PeakBytes: 100, ZDDNodes: 74}, Status: exactcover.Complete}),
			want: `{"type":"summary","solutions":8,"nodes":18164,"updates":0,"status":"complete","elapsed_seconds":0,"method":"search","why":"it finished first","memo_states":5160,"memo_peak_bytes":100,"zdd_nodes":74}`},
		{name: "search count unfinished", sum: Count(exactcover.CountResult{Solutions: big.NewInt(3), Method: exactcover.MethodSearch,
			Search: exactcover.Stats{Nodes: 7}, Engine: exactcover.EngineSparse, Status: exactcover.Interrupted}),
			want: `{"type":"summary","solutions":3,"nodes":7,"updates":0,"status":"interrupted","elapsed_seconds":0,"engine":"sparse","method":"search"}`},
		{name: "merged", sum: Merged(shards.Total{Solutions: huge, Nodes: big.NewInt(9), Updates: big.NewInt(20), Cleansings: new(big.Int),
			Profile: []*big.Int{big.NewInt(1), big.NewInt(8)}, Seconds: 2.5, Engine: exactcover.EngineSparse, Problem: problem, Branching: exactcover.KnuthMRV, Shards: 3, Split: "s"}),
			want: `{"type":"summary","solutions":123456789012345678901234567890,"nodes":9,"updates":20,"status":"complete","elapsed_seconds":2.5,"engine":"sparse","profile":[1,8],"problem":"` + hexProblem + `","branching":"knuth","shards":3,"split":"s"}`},
		{name: "learner", sum: Search(exactcover.Stats{Engine: exactcover.EngineLearn, Solutions: 1, Status: exactcover.SolutionLimit, Learn: exactcover.LearnStats{Conflicts: 4, Decisions: 9}}, problem, exactcover.KnuthMRV),
			want: `{"type":"summary","solutions":1,"nodes":0,"updates":0,"status":"limit","elapsed_seconds":0,"engine":"learn","learn":{"conflicts":4,"decisions":9,"propagations":0,"learned":0,"kept":0,"restarts":0,"splits":0}}`},
		{name: "cheapest", sum: Cheapest(exactcover.CostResult{Stats: exactcover.Stats{Engine: exactcover.EngineDLX, Solutions: 3, Nodes: 12, Updates: 50, Cleansings: 2, Status: exactcover.Complete},
			Best: []exactcover.CostSolution{{Cost: 7}, {Cost: 8}}}),
			want: `{"type":"summary","solutions":3,"nodes":12,"updates":50,"status":"complete","elapsed_seconds":0,"engine":"dlx","cleansings":2,"best_costs":[7,8]}`},
		{name: "sudoku", sum: &SudokuSummary{Summary: New(exactcover.Stats{Solutions: 2, Nodes: 5, Status: exactcover.Complete}), Learn: &Learn{Conflicts: 1},
			Puzzles: 2, Verdicts: map[string]int{"solved": 1, "none": 1}, SettledBy: map[string]int{"learn": 1, "propagation": 1}},
			want: `{"type":"summary","solutions":2,"nodes":5,"updates":0,"status":"complete","elapsed_seconds":0,"learn":{"conflicts":1,"decisions":0,"propagations":0,"learned":0,"kept":0,"restarts":0,"splits":0},"puzzles":2,"verdicts":{"none":1,"solved":1},"settled_by":{"learn":1,"propagation":1}}`},
		{name: "packing", sum: &PackingSummary{Summary: New(exactcover.Stats{Solutions: 2339, Status: exactcover.Complete}), Engine: "bits", Board: "10x6", PieceSet: "FILNPTUVWXYZ", Symmetries: 4},
			want: `{"type":"summary","solutions":2339,"nodes":0,"updates":0,"status":"complete","elapsed_seconds":0,"engine":"bits","board":"10x6","piece_set":"FILNPTUVWXYZ","symmetries":4}`},
		{name: "zdd", sum: &ZDDSummary{Summary: Summary{Type: "summary", Solutions: big.NewInt(1), Status: "complete"}, Weight: new(int64)},
			want: `{"type":"summary","solutions":1,"nodes":0,"updates":0,"status":"complete","elapsed_seconds":0,"weight":0}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(Marshal(new(bytes.Buffer), tc.sum)); got != tc.want+"\n" {
				t.Errorf("\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

// shardLines writes the output of shard k of n: its solutions (option
// indices) and its summary with status.
func shardLines(k, n int, status string, sols ...string) string {
	var b strings.Builder
	for i, s := range sols {
		b.WriteString(`{"type":"solution","number":` + string(rune('1'+i)) + `,"option_indices":[` + s + `],"options":[]}` + "\n")
	}
	b.WriteString(`{"type":"summary","solutions":` + string(rune('0'+len(sols))) + `,"nodes":5,"updates":9,"status":"` + status +
		`","elapsed_seconds":1,"engine":"dlx","problem":"` + strings.Repeat("ab", 32) + `","branching":"knuth","shard":` + string(rune('0'+k)) +
		`,"shards":` + string(rune('0'+n)) + `,"split":"s","profile":` + map[bool]string{true: "[1,4]", false: "[0,5]"}[k == 1] + `}` + "\n")
	return b.String()
}

func TestReadShards(t *testing.T) {
	for _, tc := range []struct {
		name   string
		input  string
		shards int    // read
		err    string // else
	}{
		{name: "two shards", input: shardLines(1, 2, "complete", "1,2") + shardLines(2, 2, "complete"), shards: 2},
		{name: "resumed", input: shardLines(1, 2, "interrupted", "1,2") + shardLines(1, 2, "complete", "2,1", "3"), shards: 1},
		{name: "finished twice", input: shardLines(1, 2, "complete") + shardLines(1, 2, "complete"), shards: 2},
		{name: "empty", input: "", err: "f: the file is cut short (no summary at its end)"},
		{name: "no summary", input: `{"type":"solution","number":1,"option_indices":[0]}` + "\n", err: "f: the file is cut short (no summary at its end)"},
		{name: "last line cut", input: shardLines(1, 1, "complete") + `{"type":"sol`, err: "f:2: the file is cut short (its last line is incomplete)"},
		{name: "not json", input: "hello\n", err: `f:1:1: not the --json output of "xcover solve --shard K/N"`},
		{name: "other record", input: `{"type":"puzzle"}` + "\n", err: `f:1: not the --json output of "xcover solve --shard K/N"`},
		{name: "bad summary", input: `{"type":"summary","solutions":"x"}` + "\n", err: `f:1:31: not a shard's summary: "solutions" is string, expected a whole number within int64`},
		{name: "broken json", input: `{"type":"summary","solutions":1,}` + "\n", err: `f:1:33: not the --json output`},
		{name: "a billion shards", input: strings.Replace(shardLines(1, 2, "complete"), `"shards":2`, `"shards":1000000000`, 1),
			err: `f:1:`},
		{name: "negative solutions", input: strings.Replace(shardLines(1, 2, "complete"), `"solutions":0`, `"solutions":-5`, 1),
			err: `f:1:31: not a shard's summary: "solutions" is -5, expected a count (0 or more)`},
		{name: "negative nodes", input: strings.Replace(shardLines(1, 2, "complete"), `"nodes":5`, `"nodes":-5`, 1),
			err: `f:1:41: not a shard's summary: "nodes" is -5`},
		{name: "shard 0", input: strings.Replace(shardLines(1, 2, "complete"), `"shard":1`, `"shard":0`, 1),
			err: `f:1:`},
		{name: "beyond int64", input: strings.Replace(shardLines(1, 2, "complete"), `"solutions":0`, `"solutions":`+strings.Repeat("9", 1000), 1),
			err: `f:1:31: not a shard's summary: "solutions" is number 999999999999999999999999999999999, expected a whole number within int64`},
		{name: "short problem", input: strings.Replace(shardLines(1, 2, "complete"), `"problem":"ab`, `"problem":"`, 1),
			err: `f:1:120: not a shard's summary: "problem" is "abab`},
		{name: "unknown engine", input: strings.Replace(shardLines(1, 2, "complete"), `"engine":"dlx"`, `"engine":"dlx9"`, 1),
			err: `f:1:104: not a shard's summary: "engine": unknown engine "dlx9"`},
		{name: "unknown status", input: strings.Replace(shardLines(1, 2, "complete"), `"status":"complete"`, `"status":"done"`, 1),
			err: `f:1:`},
		{name: "endless time", input: strings.Replace(shardLines(1, 2, "complete"), `"elapsed_seconds":1`, `"elapsed_seconds":1e300`, 1),
			err: `f:1:`},
		{name: "nodes without a profile", input: strings.Replace(shardLines(2, 2, "complete"), `,"profile":[0,5]`, ``, 1),
			err: `f:1:41: not a shard's summary: "nodes" is 5, but there is no "profile"`},
		{name: "nodes the profile does not add up to", input: strings.Replace(shardLines(2, 2, "complete"), `"nodes":5`, `"nodes":1`, 1),
			err: `f:1:250: not a shard's summary: "profile" adds up to 5 nodes, not to the shard's count of nodes, 1`},
		{name: "more solutions than nodes", input: strings.Replace(shardLines(2, 2, "complete"), `"solutions":0`, `"solutions":6`, 1),
			err: `f:1:31: not a shard's summary: "solutions" is 6, more than the 5 nodes`},
		{name: "the root in shard 2", input: strings.Replace(shardLines(2, 2, "complete"), `[0,5]`, `[1,4]`, 1),
			err: `f:1:250: not a shard's summary: "profile" has 1 nodes at level 0, expected 0`},
		{name: "shard 1 stopped before its root", input: strings.Replace(strings.Replace(shardLines(1, 2, "interrupted"), `"nodes":5`, `"nodes":0`, 1), `,"profile":[1,4]`, ``, 1),
			shards: 1},
		{name: "shard 1 complete with no node", input: strings.Replace(strings.Replace(shardLines(1, 2, "complete"), `"nodes":5`, `"nodes":0`, 1), `,"profile":[1,4]`, ``, 1),
			err: `f:1:41: not a shard's summary: "nodes" is 0: shard 1 counts the nodes above the split, the search's root first`},
		{name: "not a shard", input: `{"type":"summary","solutions":1,"nodes":5,"updates":9,"status":"complete","elapsed_seconds":1}` + "\n",
			err: `f:1: not a shard's summary: "shards" is missing`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shards, err := ReadShards(strings.NewReader(tc.input), "f", true, nil)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %s…", err, tc.err)
				}
				return
			}
			if err != nil || len(shards) != tc.shards {
				t.Fatalf("read %d shards, %v; want %d", len(shards), err, tc.shards)
			}
			for _, sh := range shards {
				if sh.Result.Source != "f" {
					t.Errorf("source %q", sh.Result.Source)
				}
			}
		})
	}
}

func TestReadShardsLongLine(t *testing.T) {
	long := `{"type":"solution","number":1,"option_indices":[0],"pad":"` + strings.Repeat("x", 100<<10) + `"}` + "\n"
	shards, err := ReadShards(strings.NewReader(long+shardLines(1, 1, "complete")), "f", true, nil)
	if err != nil || len(shards) != 1 || len(shards[0].Solutions[0]) != len(long) {
		t.Fatalf("long line: %v", err)
	}
}

func TestMergeSolutions(t *testing.T) {
	input := shardLines(1, 2, "interrupted", "1,2") + shardLines(1, 2, "complete", "2,1", "3") + shardLines(2, 2, "complete", "4,0")
	shards, err := ReadShards(strings.NewReader(input), "f", true, nil)
	if err != nil {
		t.Fatal(err)
	}
	records, twice := MergeSolutions(shards)
	want := []string{
		`{"type":"solution","number":1,"option_indices":[1,2],"options":[]}`,
		`{"type":"solution","number":2,"option_indices":[3],"options":[]}`,
		`{"type":"solution","number":3,"option_indices":[4,0],"options":[]}`,
	}
	if twice != 1 || len(records) != len(want) {
		t.Fatalf("%d records, %d twice; want %d, 1", len(records), twice, len(want))
	}
	for i, r := range records {
		if string(r) != want[i]+"\n" {
			t.Errorf("record %d: %s", i+1, r)
		}
	}
	total, err := Merge(shards)
	if err != nil || total.Solutions.Int64() != 3 || total.Nodes.Int64() != 10 {
		t.Errorf("Merge = %+v, %v", total, err)
	}
}
