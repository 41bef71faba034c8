package exactcover_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
)

// BenchmarkCount counts every solution of named shared instances under
// both branching rules. Reference figures for the whole process on this
// machine kind: Knuth's DLX1 takes 1.03 s on queens-14, 2.18 s on
// sudoku-multi-823k and 8.4 s on pent-6x10 (shared/data/exactcover/README).
// The three hard Sudoku instances have one solution each: there the
// Weighted rule's smaller trees show.
func BenchmarkCount(b *testing.B) {
	names := []string{"queens-12", "queens-14", "pent-6x10-sym", "sudoku-multi-65k", "sudoku-multi-823k", "pent-6x10", "pent-3x20",
		"sudoku-inkala2012", "sudoku-goldennugget", "sudoku-escargot"}
	rules := []struct {
		name   string
		rule   exactcover.Branching
		engine exactcover.Engine
	}{{"dlx", exactcover.KnuthMRV, exactcover.EngineDLX}, {"dlx-weighted", exactcover.Weighted, exactcover.EngineDLX},
		{"sparse", exactcover.KnuthMRV, exactcover.EngineSparse}, {"sparse-weighted", exactcover.Weighted, exactcover.EngineSparse}}
	for _, name := range names {
		for _, r := range rules {
			b.Run(name+"/"+r.name, func(b *testing.B) {
				p := loadShared(b, name)
				s, err := exactcover.New(p)
				if err != nil {
					b.Fatal(err)
				}
				ctx := context.Background()
				cfg := exactcover.Config{SkipProfile: true, Branching: r.rule, Engine: r.engine}
				var st exactcover.Stats
				b.ReportAllocs()
				u0 := userTime()
				for b.Loop() {
					st, _ = searchCount(s, ctx, cfg)
				}
				b.ReportMetric(float64(userTime()-u0)/float64(b.N)/1e6, "user-ms/op")
				b.ReportMetric(float64(st.Nodes), "nodes")
				b.ReportMetric(float64(st.Updates)/b.Elapsed().Seconds()*float64(b.N)/1e6, "Mupdates/s")
			})
		}
	}
}

// userTime returns the CPU time this process has spent in user mode: on a
// machine shared with other work it varies far less than wall time.
func userTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano())
}
