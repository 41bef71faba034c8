package explain_test

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
)

// BenchmarkWalk measures the teaching walk, which is meant to be read, not
// to be fast; BenchmarkEngine is the engine on the same problems, for scale.
func BenchmarkWalk(b *testing.B) {
	for _, name := range []string{"knuth-example", "queens-8", "sudoku-17clue"} {
		p := readDLX(b, filepath.Join(sharedDir, name+".dlx"))
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := explain.Walk(context.Background(), p, 0, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNarrate(b *testing.B) {
	p := readDLX(b, filepath.Join(sharedDir, "queens-8.dlx"))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := explain.Narrate(context.Background(), io.Discard, p, explain.Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEngine(b *testing.B) {
	for _, name := range []string{"knuth-example", "queens-8", "sudoku-17clue"} {
		p := readDLX(b, filepath.Join(sharedDir, name+".dlx"))
		s, err := exactcover.New(p)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.Count(context.Background())
			}
		})
	}
}
