package exactcover_test

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
)

// BenchmarkParallel counts the instances of the speed target with each
// engine, with one worker (the sequential search) and with two, for
// example
//
//	go test -run '^$' -bench Parallel -benchtime 2x -count 6 ./exactcover/ | benchstat -col /j -
//
// (The worker count is in the name, not taken from -cpu: here -cpu does
// not reach GOMAXPROCS inside sub-benchmarks.) The solutions, and the dlx
// engine's nodes and updates, are checked against expected.tsv on every
// iteration. cpu-s/op is the
// process's CPU time (user and system) per search, and idle-% the share
// of the workers' time spent waiting for work: on a machine busy with
// other work, where wall times say little, they still show what dividing
// the search costs.
func BenchmarkParallel(b *testing.B) {
	for _, name := range []string{"pent-6x10-sym", "queens-14", "sudoku-multi-823k"} {
		for _, engine := range engines {
			for _, j := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%s/j=%d", name, engine, j), func(b *testing.B) {
					benchmarkWorkers(b, name, engine, j)
				})
			}
		}
	}
}

func benchmarkWorkers(b *testing.B, name string, engine exactcover.Engine, j int) {
	e := expectedRow(b, name)
	s := mustNew(b, loadShared(b, name))
	cfg := exactcover.Config{Workers: j, SkipProfile: true, Engine: engine}
	ctx := context.Background()
	cpu0 := cpuTime()
	var idle, wall time.Duration
	for b.Loop() {
		st, err := searchCount(s, ctx, cfg)
		dlx1 := engine != exactcover.EngineDLX || st.Nodes == e.nodes && st.Updates == e.update
		if err != nil || st.Solutions != e.solutions || !dlx1 {
			b.Fatalf("%v, %v", st, err)
		}
		idle += st.Idle
		wall += st.Elapsed * time.Duration(max(st.Workers, 1))
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(100*idle.Seconds()/wall.Seconds(), "idle-%")
}

// cpuTime returns the CPU time this process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
