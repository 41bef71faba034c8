package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A row is what became of a pair: its runs and agreed answer, or why it
// was not run or stopped.
type row struct {
	p       *pair
	x, o    []sample // xcover's runs and the peer's, in the order they ran
	answer  answer   // xcover's answer, which the peer's equalled
	peerExt string   // the peer's extra figure, where it differs from xcover's
	skipped string   // why the row was not run (an input missing)
	failed  string   // why the row stopped: a disagreement or a failed run
	load    float64  // the load average when the row started
}

// measure runs pair p: its inputs made, then runs rounds of xcover and the
// peer, alternating, checking after each round that they agree.
func measure(ctx context.Context, r *runner, e *env, w *workload, p *pair, runs int, log io.Writer) row {
	rw := row{p: p, load: loadAverage()}
	var in []string
	for _, i := range p.inputs {
		if err := e.ensure(i); err != nil {
			rw.skipped = err.Error()
			fmt.Fprintf(log, "%s: skipped: %s\n", p.name(w), rw.skipped)
			return rw
		}
		in = append(in, e.path(i))
	}
	xs := p.xcover(e, in)
	var ps *side
	if err := p.peer.check(); err == nil {
		s := p.other(e, p.peer.binary(), in)
		ps = &s
	} else {
		fmt.Fprintf(log, "%s: %s: xcover alone\n", p.name(w), err)
	}
	for i := range runs {
		sx, ax, err := xs.measure(ctx, r)
		if err != nil {
			rw.failed = "xcover: " + err.Error()
			break
		}
		if i > 0 && ax.key != rw.answer.key {
			rw.failed = fmt.Sprintf("xcover answered %s, then %s", rw.answer.show, ax.show)
			break
		}
		rw.answer = ax
		rw.x = append(rw.x, sx)
		progress := fmt.Sprintf("%s: %d/%d xcover %s (wall %s)", p.name(w), i+1, runs, seconds(sx.cpu), seconds(sx.wall))
		if ps != nil {
			so, ao, err := ps.measure(ctx, r)
			if err != nil {
				rw.failed = p.peer.name + ": " + err.Error()
				break
			}
			if ao.key != ax.key {
				rw.failed = disagreement(p.peer.name, ax, ao)
				break
			}
			if ao.extra != ax.extra {
				rw.peerExt = ao.extra
			}
			rw.o = append(rw.o, so)
			progress += fmt.Sprintf(", %s %s (wall %s)", p.peer.name, seconds(so.cpu), seconds(so.wall))
		}
		fmt.Fprintln(log, progress)
	}
	if rw.failed != "" {
		fmt.Fprintf(log, "%s: FAILED: %s\n", p.name(w), rw.failed)
	}
	return rw
}

// disagreement says how xcover's answer and the peer's differ.
func disagreement(peer string, x, o answer) string {
	if x.show != o.show {
		return fmt.Sprintf("xcover says %s, %s says %s", x.show, peer, o.show)
	}
	return fmt.Sprintf("xcover and %s both say %s, but not the same (%.16s… against %.16s…)", peer, x.show, x.key, o.key)
}

// median is the median CPU time of samples.
func median(samples []sample) time.Duration {
	d := make([]time.Duration, len(samples))
	for i, s := range samples {
		d[i] = s.cpu
	}
	slices.Sort(d)
	n := len(d)
	if n%2 == 1 {
		return d[n/2]
	}
	return (d[n/2-1] + d[n/2]) / 2
}

// medianRSS is the median peak memory of samples, in bytes.
func medianRSS(samples []sample) int64 {
	m := make([]int64, len(samples))
	for i, s := range samples {
		m[i] = s.maxRSS
	}
	slices.Sort(m)
	return m[len(m)/2]
}

// ratioRange is the least and the greatest ratio of xcover's CPU time to
// the peer's over single pairs: how far the noise reaches.
func ratioRange(x, o []sample) (lo, hi float64) {
	for i := range x {
		r := x[i].cpu.Seconds() / o[i].cpu.Seconds()
		if i == 0 || r < lo {
			lo = r
		}
		if i == 0 || r > hi {
			hi = r
		}
	}
	return lo, hi
}

// seconds writes a CPU time with two or three significant digits.
func seconds(d time.Duration) string {
	s := d.Seconds()
	switch {
	case s >= 10:
		return fmt.Sprintf("%.1f s", s)
	case s >= 0.1:
		return fmt.Sprintf("%.2f s", s)
	default:
		return fmt.Sprintf("%.3f s", s)
	}
}

// megabytes writes a memory size in MB.
func megabytes(b int64) string {
	mb := float64(b) / 1e6
	if mb >= 10 {
		return fmt.Sprintf("%.0f MB", mb)
	}
	return fmt.Sprintf("%.1f MB", mb)
}

// loadAverage is the system's load average over the last minute, or -1
// where the system does not say.
func loadAverage() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return -1
	}
	l, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return -1
	}
	return l
}
