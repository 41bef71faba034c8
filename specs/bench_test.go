package specs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/specs"
)

// BenchmarkParse parses shared instances and a large synthetic file.
func BenchmarkParse(b *testing.B) {
	inputs := map[string][]byte{
		"many-short-options": []byte("A\n" + strings.Repeat("A\n", 1<<20)),
	}
	for _, name := range []string{"pent-6x10", "sudoku-multi-823k", "queens-14"} {
		if data, err := os.ReadFile(filepath.Join(sharedDirs[0], name+".dlx")); err == nil {
			inputs[name] = data
		}
	}
	for _, name := range []string{"many-short-options", "pent-6x10", "sudoku-multi-823k", "queens-14"} {
		data, ok := inputs[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := specs.Parse(name, data, specs.DLX); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
