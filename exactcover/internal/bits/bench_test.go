package bits_test

import (
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
