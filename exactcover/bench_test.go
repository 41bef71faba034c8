package exactcover_test

import (
	"context"
	"testing"

	"xcover/exactcover"
)

// BenchmarkCount counts every solution of named shared instances with the
// default (Knuth) branching rule. Reference figures for the whole process on
// this machine kind: Knuth's DLX1 takes 1.03 s on queens-14, 2.18 s on
// sudoku-multi-823k and 8.4 s on pent-6x10 (shared/data/exactcover/README).
func BenchmarkCount(b *testing.B) {
	for _, name := range []string{"queens-12", "queens-14", "pent-6x10-sym", "sudoku-multi-823k", "pent-6x10"} {
		b.Run(name, func(b *testing.B) {
			p := loadShared(b, name)
			s, err := exactcover.New(p)
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			var st exactcover.Stats
			b.ReportAllocs()
			for b.Loop() {
				st, _ = s.Search(ctx, exactcover.Config{SkipProfile: true}, nil)
			}
			b.ReportMetric(float64(st.Updates)/b.Elapsed().Seconds()*float64(b.N)/1e6, "Mupdates/s")
		})
	}
}
