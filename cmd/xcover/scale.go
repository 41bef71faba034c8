package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"time"

	"github.com/urfave/cli/v2"

	"xcover/exactcover"
)

// Big searches, solve's: -j, checkpoints and shards. See the exactcover
// package documentation, "Big searches".

// jobsUsage and jobsDefault are -j's help in solve and pentomino.
const (
	jobsUsage   = "search with `N` workers, each on its own core; -j 1 is the sequential search"
	jobsDefault = "every core with --count; else 1, so that the solutions printed come in the sequential search's order (with -j they come as found)"
)

// scale is what the flags for big searches ask for, checked.
type scale struct {
	jobs       int // 0: not given
	checkpoint string
	every      time.Duration
	resume     string
	shard      exactcover.Shard
}

// scaleOf checks the flags for big searches before any input is read.
func scaleOf(c *cli.Context, e *env) (*scale, error) {
	r := &scale{checkpoint: c.String("checkpoint"), every: durationOf(c, "checkpoint-every"), resume: c.String("resume")}
	if c.IsSet(flagJobs) {
		r.jobs = int(countOf(c, flagJobs))
	}
	if s := c.String("shard"); s != "" {
		sh, err := exactcover.ParseShard(s)
		if err != nil {
			return nil, usage(c, "--shard: %v", err)
		}
		r.shard = sh
	}
	if r.checkpoint == "" {
		r.checkpoint = r.resume // a resumed search goes on saving to its file
	}
	if r.checkpoint != "" && r.checkpoint != r.resume {
		// Never overwrite a position that may hold weeks of work.
		if _, err := os.Stat(e.path(r.checkpoint)); err == nil {
			return nil, usage(c, "--checkpoint %s: the file exists; give --resume %s to go on with the search it holds, or remove it to start afresh", r.checkpoint, r.checkpoint)
		}
	}
	return r, nil
}

// workers returns the number of workers: -j, else every core for a count,
// else one: printed solutions then come in the sequential search's order,
// the same from run to run (with workers they come as found).
func workers(jobs int, every bool) int {
	switch {
	case jobs > 0:
		return jobs
	case every:
		return runtime.NumCPU()
	}
	return 1
}

// configure sets the fields of cfg that the flags for big searches ask
// for, reading the checkpoint to resume. every says whether the search is
// a count, which takes every core by default; out is the output, made
// durable before each checkpoint (which counts what it printed).
func (r *scale) configure(c *cli.Context, e *env, cfg *exactcover.Config, every bool, out *writer) error {
	cfg.Workers = workers(r.jobs, every)
	cfg.Shard = r.shard
	if r.resume != "" {
		ck, err := exactcover.ReadCheckpoint(e.path(r.resume))
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return usage(c, "--resume %s: no such file", r.resume)
			}
			return usage(c, "--resume %v", err)
		}
		cfg.Resume = ck
		if !c.IsSet(flagBranching) {
			cfg.Branching = ck.Branching // and without --partial, its partial solution
		}
	}
	if r.checkpoint == "" {
		return nil
	}
	cfg.Checkpoint, cfg.CheckpointEvery = e.path(r.checkpoint), r.every
	cfg.BeforeCheckpoint = out.Sync
	cfg.OnCheckpoint = func(ev exactcover.CheckpointEvent) {
		if ev.Err != nil && !ev.Final { // a final failure is the command's error
			out.status.Clear()
			fmt.Fprintf(e.stderr, "xcover: warning: %v; the search goes on\n", ev.Err)
		}
	}
	return nil
}

// searchError turns what a driven search returned besides its statistics
// into the command's error; early says whether it came before any output
// (the search did not start), else it is reported after the output. The
// context's errors are left to the statistics (nil).
func searchError(c *cli.Context, err error) (early, late error) {
	var wp *exactcover.WorkerPanic
	switch {
	case err == nil:
		return nil, nil
	case errors.Is(err, exactcover.ErrCheckpointMismatch), errors.Is(err, exactcover.ErrCheckpoint):
		return usage(c, "--resume: %v", err), nil
	case errors.Is(err, exactcover.ErrBadPartial), errors.Is(err, exactcover.ErrInconsistentPart):
		return usage(c, "--partial: %v", err), nil
	case errors.As(err, &wp):
		return nil, withCode(exitStopped, fmt.Errorf("stopped by an internal error (please report it): %v; a checkpoint, if any, holds the last good position\n%s", wp.Value, wp.Stack))
	case errors.Is(err, exactcover.ErrCheckpointWrite):
		return nil, badInput(err)
	}
	return nil, nil
}

// resumeHint tells how to go on with a search stopped with a checkpoint.
func resumeHint(e *env, r *scale, st exactcover.Stats) {
	switch {
	case r.checkpoint == "":
	case st.Status == exactcover.Interrupted, st.Status == exactcover.Timeout, st.Status == exactcover.NodeLimit:
		fmt.Fprintf(e.stderr, "xcover: the search's position is saved in %s; go on with --resume %s\n", r.checkpoint, r.checkpoint)
	}
}
