package drive

import (
	"context"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Scratch is the state of a sequential search, which its caller keeps, so
// that a warm search allocates nothing.
type Scratch struct {
	run      core.Run
	counters core.Counters
	ctxErr   error
	profile  []int64
	path     []core.Step
}

// Root returns the root path of a search with the given partial solution
// (see RootPath), in x's memory: valid until the next call.
func (x *Scratch) Root(partial []int) []core.Step {
	x.path = appendRoot(x.path[:0], partial)
	return x.path
}

// Sequential runs the search cfg asks for on eng itself, in this
// goroutine: a search with one worker and no position to save, resume or
// split (cfg's Workers, Checkpoint, Resume and Shards are ignored), which
// needs none of Run's machinery. A stopped search exports nothing
// (core.Run.Final). Its errors are a bad path and the context's.
func Sequential(ctx context.Context, eng core.Engine, cfg *Config, x *Scratch) (Result, error) {
	start := time.Now()
	x.ctxErr, x.counters = nil, core.Counters{}
	var profile []int64 // none with SkipProfile (see Config.SkipProfile)
	if !cfg.SkipProfile {
		depth := eng.MaxDepth() + 2
		if cap(x.profile) < depth {
			x.profile = make([]int64, depth)
		}
		profile = x.profile[:depth]
		clear(profile)
	}
	x.run = core.Run{
		Weighted:     cfg.Weighted,
		Visit:        cfg.Visit,
		MaxSolutions: cfg.MaxSolutions,
		MaxNodes:     cfg.MaxNodes,
		Profile:      profile,
		Export:       x.run.Export[:0],
		Final:        true, // a stopped search is not resumed here (see Run)
	}
	x.run.Poll = poller(ctx, cfg, start, eng, &x.ctxErr)
	eng.ResetWeights() // every search starts at zero; Knuth's rule leaves them there
	end, err := eng.Search(core.Unit{Path: cfg.Root}, &x.run, &x.counters)
	r := Result{Counters: x.counters, Status: core.Complete}
	if err != nil {
		return r, err
	}
	r.Status, r.Elapsed = statusOf(end, x.ctxErr), time.Since(start)
	if profile != nil {
		r.Profile = trimmed(profile)
	}
	return r, x.ctxErr
}

// poller returns the function an engine calls every core.PollInterval
// nodes (the sparse engine also every sparse.PollWork updates): it looks
// at the context (setting *ctxErr when it has ended) and calls
// cfg.Progress when it is due. Every driver polls this way: Run's workers
// through their own poll, which adds what dividing the work needs.
func poller(ctx context.Context, cfg *Config, start time.Time, eng core.Engine, ctxErr *error) func(*core.Counters) core.Action {
	done := ctx.Done()
	if done == nil && cfg.Progress == nil {
		return nil
	}
	every := cfg.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	last := start
	var p Progress
	return func(c *core.Counters) core.Action {
		select {
		case <-done:
			*ctxErr = ctx.Err()
			return core.Stop
		default:
		}
		if cfg.Progress != nil {
			if now := time.Now(); now.Sub(last) >= every {
				last = now
				p = Progress{Counters: *c, Elapsed: now.Sub(start), Branches: eng.Branches(p.Branches[:0])}
				cfg.Progress(&p)
			}
		}
		return core.Continue
	}
}

// statusOf is the status of a search whose engine ended with end: an
// engine stopped by its poll says Interrupted, which a deadline makes
// Timeout.
func statusOf(end core.Status, ctxErr error) core.Status {
	if end == core.Interrupted {
		return core.StoppedBy(ctxErr)
	}
	return end
}
