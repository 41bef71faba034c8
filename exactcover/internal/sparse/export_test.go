package sparse

import "github.com/xcover/xcover/exactcover/internal/core"

// Unpack makes e choose as it must when sets, slacks or items are too
// many for chooseM's one-pass sort key, so that the tests check both ways.
func Unpack(e *Engine) { e.packedM = false }

// TrailPeak returns a Poll that records in *peak the most entries e's
// trail holds at its polls, and its capacity in *capacity.
func TrailPeak(e *Engine, peak, capacity *int) func(*core.Counters) core.Action {
	return func(*core.Counters) core.Action {
		*peak = max(*peak, len(e.trail))
		*capacity = max(*capacity, cap(e.trail))
		return core.Continue
	}
}

// TrailMax is trailMax for e's problem.
func TrailMax(e *Engine) int { return e.trailMax }

// ForcedFinishes returns how many forced finishes a plain count of p
// counts at once (leaves.go).
func ForcedFinishes(p *core.Problem) int64 {
	e := core.New[Engine](p)
	var c core.Counters
	if _, err := e.Search(core.Unit{}, &core.Run{}, &c); err != nil {
		panic(err)
	}
	return e.finished
}

// CacheHits returns how many counts e's searches found in its table
// (cache.go).
func CacheHits(e *Engine) int64 {
	var n int64
	for _, h := range e.cache.hits {
		n += h
	}
	return n
}

// CacheHitsByOpen returns how many counts e's searches found in its
// table, by the number of open items of the node that found them.
func CacheHitsByOpen(e *Engine) []int64 { return e.cache.hits[:] }

// AddSlot is addSlot, on a slot of count solutions and nothing else.
func AddSlot(e *Engine, sols, count int64) (int64, bool) {
	t := tally{sols: sols}
	ok := e.addSlot(&t, &slot{count: count}, 0)
	return t.sols, ok
}

// Replays returns how many paths e has replayed (units entered).
func Replays(e *Engine) int64 { return e.replays }
