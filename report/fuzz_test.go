package report

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadShards reads whatever "xcover merge" might be given: a shard's
// output cut, spliced or changed anywhere. Reading ends with shards or an
// error, never a panic; what is read adds up, or is refused, without one.
//
//	go test -run '^$' -fuzz FuzzReadShards ./report/
func FuzzReadShards(f *testing.F) {
	for _, name := range []string{"queens-8-shards.json", "queens-8-shard-2.json"} {
		data, err := os.ReadFile(filepath.Join("..", "cmd", "xcover", "testdata", "shards", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"type":"solution","number":1,"options":[1,2],"option_indices":[0,1]}` + "\n" +
		`{"type":"summary","solutions":1,"nodes":3,"updates":4,"status":"complete","elapsed_seconds":0,"problem":"ab","engine":"dlx","branching":"knuth","shard":1,"shards":1,"split":"x"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		shards, err := ReadShards(bytes.NewReader(data), "in", true)
		if err != nil {
			return
		}
		if _, err := Merge(shards); err == nil {
			MergeSolutions(shards)
		}
	})
}
