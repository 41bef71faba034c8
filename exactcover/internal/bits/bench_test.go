package bits_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// BenchmarkCount counts every solution of shared instances with this
// engine and, for the same-run ratio, the sparse-set engine:
//
//	go test -run '^$' -bench Count -benchtime 3x -count 5 ./exactcover/internal/bits/
func BenchmarkCount(b *testing.B) {
	engines := []struct {
		name string
		make func(*core.Problem) core.Engine
	}{
		{"bits", func(p *core.Problem) core.Engine { return core.New[bits.Engine](p) }},
		{"sparse", func(p *core.Problem) core.Engine { return core.New[sparse.Engine](p) }},
	}
	for _, name := range []string{"pent-6x10-sym", "pent-6x10", "pent-3x20", "queens-12", "queens-14", "sudoku-multi-65k", "sudoku-inkala2012"} {
		for _, en := range engines {
			b.Run(name+"/"+en.name, func(b *testing.B) {
				_, p := loadShared(b, name)
				e := en.make(p)
				var c core.Counters
				b.ReportAllocs()
				for b.Loop() {
					c = core.Counters{}
					if _, err := e.Search(core.Unit{}, &core.Run{}, &c); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(c.Nodes), "nodes")
				b.ReportMetric(float64(c.Solutions), "solutions")
			})
		}
	}
}

// BenchmarkMultiplicities counts every solution of shared instances with
// multiplicities (../shared/data/mcc) with this engine and the
// sparse-set engine:
//
//	go test -run '^$' -bench Multiplicities -benchtime 3x -count 5 ./exactcover/internal/bits/
func BenchmarkMultiplicities(b *testing.B) {
	for _, name := range []string{"mcc-queens2-7", "mcc-queens2-8", "mcc-tetra-5x8", "mcc-tetra-4x10"} {
		for _, en := range []string{"bits", "sparse"} {
			b.Run(name+"/"+en, func(b *testing.B) {
				_, p := loadSharedIn(b, filepath.Join(sharedDir, "..", "mcc"), name)
				var e core.Engine = core.New[sparse.Engine](p)
				if en == "bits" {
					e = core.New[bits.Engine](p)
				}
				var c core.Counters
				for b.Loop() {
					c = core.Counters{}
					if _, err := e.Search(core.Unit{}, &core.Run{}, &c); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(c.Nodes), "nodes")
			})
		}
	}
}

// wordSquares returns double word squares, an n×n grid whose rows and
// columns are words of a list of nWords random words of n letters over
// an alphabet of size letters, drawn with seed: the rows and columns are
// the primary items, each with an option per word, and the cells
// secondary items colored by their letters.
func wordSquares(seed uint64, n, nWords, letters int) *core.Problem {
	r := rand.New(rand.NewPCG(seed, 1))
	seen := map[string]bool{}
	var words [][]int32
	for len(words) < nWords {
		w := make([]int32, n)
		for i := range w {
			w[i] = 1 + int32(r.IntN(letters))
		}
		if key := fmt.Sprint(w); !seen[key] {
			seen[key] = true
			words = append(words, w)
		}
	}
	p := &core.Problem{NPrimary: 2 * n, NItems: 2*n + n*n, Begin: []int32{0}}
	cell := func(i, j int) int32 { return int32(2*n + i*n + j) }
	for line := range 2 * n { // rows 0…n-1, then columns
		for _, w := range words {
			p.Items, p.Colors = append(p.Items, int32(line)), append(p.Colors, 0)
			for x := range n {
				c := cell(line, x)
				if line >= n {
					c = cell(x, line-n)
				}
				p.Items, p.Colors = append(p.Items, c), append(p.Colors, w[x])
			}
			p.Begin = append(p.Begin, int32(len(p.Items)))
			p.Caller, p.Index = append(p.Caller, int32(len(p.Caller))), append(p.Index, int32(len(p.Index)))
		}
	}
	return p
}

// BenchmarkColors counts the double word squares of 60 random words of
// five letters over three (wordSquares) with this engine and the
// sparse-set engine:
//
//	go test -run '^$' -bench Colors -benchtime 3x -count 5 ./exactcover/internal/bits/
func BenchmarkColors(b *testing.B) {
	p := wordSquares(1, 5, 60, 3)
	for _, en := range []string{"bits", "sparse"} {
		b.Run("word-squares-5x60/"+en, func(b *testing.B) {
			var e core.Engine = core.New[sparse.Engine](p)
			if en == "bits" {
				e = core.New[bits.Engine](p)
			}
			var c core.Counters
			for b.Loop() {
				c = core.Counters{}
				if _, err := e.Search(core.Unit{}, &core.Run{}, &c); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(c.Nodes), "nodes")
			b.ReportMetric(float64(c.Solutions), "solutions")
		})
	}
}
