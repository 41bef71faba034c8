package drive

import (
	"context"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// Resumable is a search that runs in slices: each Run searches about so
// many nodes more and keeps the rest as units, so that a caller can search
// a while, do something else (exactcover's CountAll tries memoizing), and
// go on. It counts every solution once whatever the slices (the units an
// engine exports at its node limit are the exact rest).
type Resumable struct {
	eng      core.Engine
	todo     []core.Unit // the rest, last first
	Counters core.Counters
	Elapsed  time.Duration // spent searching
}

// NewResumable starts a search of the whole tree on eng.
func NewResumable(eng core.Engine) *Resumable {
	eng.ResetWeights()
	return &Resumable{eng: eng, todo: []core.Unit{{}}}
}

// Done reports whether the whole tree has been searched.
func (r *Resumable) Done() bool { return len(r.todo) == 0 }

// Branches appends the current path's branches (valid during progress).
func (r *Resumable) Branches(dst []core.Branch) []core.Branch { return r.eng.Branches(dst) }

// Run searches about maxNodes more nodes (0: to the end) with the rule
// and progress of cfg (its other fields are ignored), and returns the
// context's error when it ended the slice, or a bad path's.
func (r *Resumable) Run(ctx context.Context, maxNodes int64, cfg *Config) error {
	began := time.Now()
	defer func() { r.Elapsed += time.Since(began) }()
	var ctxErr error
	poll := poller(ctx, cfg, began, r.eng, &ctxErr)
	for len(r.todo) > 0 {
		u := r.todo[len(r.todo)-1]
		r.todo = r.todo[:len(r.todo)-1]
		run := core.Run{Weighted: cfg.Weighted, Poll: poll}
		if maxNodes > 0 {
			run.MaxNodes = max(1, maxNodes)
		}
		before := r.Counters.Nodes
		if _, err := r.eng.Search(u, &run, &r.Counters); err != nil {
			return err
		}
		// Units come back in search order; the stack takes them last first.
		for i := len(run.Export) - 1; i >= 0; i-- {
			r.todo = append(r.todo, run.Export[i])
		}
		if ctxErr != nil {
			return ctxErr
		}
		if maxNodes > 0 {
			if maxNodes -= r.Counters.Nodes - before; maxNodes <= 0 && len(r.todo) > 0 {
				return nil
			}
		}
	}
	return nil
}
