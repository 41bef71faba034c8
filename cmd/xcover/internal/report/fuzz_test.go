package report

import (
	"bytes"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadShards checks that reading shards' output never panics, that a
// refusal is one short line, and that every summary read passes
// ShardResult.Check, so that Merge of what was read neither panics nor
// says more than a line, and totals what it accepts as one search: one
// root, no more solutions than nodes.
func FuzzReadShards(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "shards", "*.json"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(shardLines(1, 2, "complete", "1,2") + shardLines(2, 2, "complete")))
	f.Add([]byte(shardLines(1, 2, "interrupted", "1,2") + shardLines(1, 2, "complete", "2,1", "3")))
	f.Add([]byte(strings.Replace(shardLines(1, 2, "complete"), `"shards":2`, `"shards":1000000000`, 1)))
	f.Add([]byte(`{"type":"summary","solutions":-1,"shard":1,"shards":1}` + "\n"))
	f.Add([]byte(shardLines(1, 2, "complete") + strings.Replace(shardLines(2, 2, "complete"), "[0,5]", "[1,4]", 1))) // two roots
	// maxMessage bounds a message: a file name, a place, a field and a
	// value quoted up to maxQuoted bytes, or the first few shards of each
	// kind that Merge finds wrong.
	const maxMessage = 2000
	f.Fuzz(func(t *testing.T, data []byte) {
		shards, err := ReadShards(bytes.NewReader(data), "f", true, nil)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || len(msg) > maxMessage {
				t.Fatalf("message of %d bytes: %.300q", len(msg), msg)
			}
			return
		}
		for _, sh := range shards {
			if err := sh.Result.Check(); err != nil {
				t.Fatalf("read a summary that fails its check: %v", err)
			}
		}
		total, err := Merge(shards)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || len(msg) > maxMessage {
				t.Fatalf("message of %d bytes: %.300q", len(msg), msg)
			}
			return
		}
		if total.Solutions.Sign() < 0 || total.Nodes.Sign() < 0 || total.Updates.Sign() < 0 {
			t.Fatalf("negative totals: %+v", total)
		}
		if total.Solutions.Cmp(total.Nodes) > 0 || len(total.Profile) == 0 || total.Profile[0].Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("totals of one search have one root and no more solutions than nodes: %+v", total)
		}
		MergeSolutions(shards)
	})
}
