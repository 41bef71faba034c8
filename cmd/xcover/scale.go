package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/exitcode"
	"github.com/xcover/xcover/internal/searchcmd"
)

// Big searches, solve's: -j, checkpoints and shards. See the exactcover
// package documentation, "Big searches".

// scale is what the flags for big searches ask for, checked.
type scale struct {
	checkpoint string
	every      time.Duration
	resume     string
	shard      exactcover.Shard
}

// scaleOf checks the flags for big searches before any input is read.
func scaleOf(c *cli.Context, e *env) (*scale, error) {
	r := &scale{checkpoint: c.String("checkpoint"), every: searchcmd.Duration(c, "checkpoint-every"), resume: c.String("resume")}
	if s := c.String("shard"); s != "" {
		sh, err := exactcover.ParseShard(s)
		if err != nil {
			return nil, searchcmd.Usage(c, "--shard: %v", err)
		}
		r.shard = sh
	}
	if r.checkpoint == "" {
		r.checkpoint = r.resume // a resumed search goes on saving to its file
	}
	if r.checkpoint != "" && r.checkpoint != r.resume {
		// Never overwrite a position that may hold weeks of work.
		if _, err := os.Stat(e.Path(r.checkpoint)); err == nil {
			return nil, searchcmd.Usage(c, "--checkpoint %s: the file exists; give --resume %s to go on with the search it holds, or remove it to start afresh", r.checkpoint, r.checkpoint)
		}
	}
	return r, nil
}

// configure sets the fields of cfg that the flags for big searches ask
// for, reading the checkpoint to resume. every says whether the search is
// a count, which takes every core by default; out is the output, made
// durable before each checkpoint (which counts what it printed).
func (r *scale) configure(c *cli.Context, e *env, cfg *exactcover.Config, every bool, out *searchcmd.Writer) error {
	cfg.Workers = searchcmd.Workers(c, every)
	cfg.Shard = r.shard
	if r.resume != "" {
		ck, err := exactcover.ReadCheckpoint(e.Path(r.resume))
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return searchcmd.Usage(c, "--resume %s: no such file", r.resume)
			}
			return searchcmd.Usage(c, "--resume %v", err)
		}
		cfg.Resume = ck
		if !c.IsSet(searchcmd.FlagBranching) {
			cfg.Branching = ck.Branching // and without --partial, its partial solution
		}
	}
	if r.checkpoint == "" {
		return nil
	}
	cfg.Checkpoint, cfg.CheckpointEvery = e.Path(r.checkpoint), r.every
	cfg.BeforeCheckpoint = out.Sync
	cfg.OnCheckpoint = func(ev exactcover.CheckpointEvent) {
		if ev.Err != nil && !ev.Final { // a final failure is the command's error
			out.Status.Clear()
			fmt.Fprintf(e.Stderr, "xcover: warning: %v; the search goes on\n", ev.Err)
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
		return searchcmd.Usage(c, "--resume: %v", err), nil
	case errors.Is(err, exactcover.ErrBadPartial), errors.Is(err, exactcover.ErrInconsistentPart):
		return searchcmd.Usage(c, "--partial: %v", err), nil
	case errors.As(err, &wp):
		return nil, exitcode.With(exitcode.Stopped, fmt.Errorf("stopped by an internal error (please report it): %v; a checkpoint, if any, holds the last good position\n%s", wp.Value, wp.Stack))
	case errors.Is(err, exactcover.ErrCheckpointWrite):
		return nil, exitcode.Bad(err)
	}
	return nil, nil
}

// resumeHint tells how to go on with a search stopped with a checkpoint.
func resumeHint(e *env, r *scale, st exactcover.Stats) {
	switch {
	case r.checkpoint == "":
	case st.Status == exactcover.Interrupted, st.Status == exactcover.Timeout, st.Status == exactcover.NodeLimit:
		fmt.Fprintf(e.Stderr, "xcover: the search's position is saved in %s; go on with --resume %s\n", r.checkpoint, r.checkpoint)
	}
}
