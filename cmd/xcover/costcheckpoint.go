package main

import (
	"errors"

	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
)

// Checkpoints of solve --min-cost and --best K: the file keeps the K best
// solutions found and the parts of the search left (see
// exactcover.Checkpoint); a resumed search goes on with their cut-off.

// configureCost sets the checkpoint and the resume of a search for the k
// cheapest solutions that the flags ask for: the checkpoint to resume,
// read and checked to be of such a search for k (the problem, solutions
// and units are checked by Cheapest), and the sink that saves the
// position to the file of --checkpoint (or of --resume).
func (r *scale) configureCost(cfg *exactcover.CostConfig, k int, out *searchcmd.Writer) error {
	if r.Resume != "" {
		ck, err := readResume(r.io, r.Resume, true)
		if err != nil {
			return err
		}
		if ck.Best != k {
			return searchcmd.Usage("solve", "--resume %s: this checkpoint is of a search for %s; resume it with %s", r.Resume, cheapestWhat(ck.Best), cheapestFlags(ck.Best))
		}
		cfg.Resume = ck
		if cfg.Engine == exactcover.EngineAuto {
			cfg.Engine = ck.Engine
		}
	}
	if r.Checkpoint == "" {
		return nil
	}
	cfg.CheckpointEvery = r.Every
	cfg.Checkpoint = func(ck *exactcover.Checkpoint) error { return r.save(out, ck.Running, ck.MarshalBinary) }
	return nil
}

// costResumeError turns what Cheapest said of the checkpoint it resumed
// into the command's error: another problem, or a file whose solutions or
// units are not the problem's.
func (r *scale) costResumeError(err error) error {
	if errors.Is(err, exactcover.ErrCheckpointMismatch) || errors.Is(err, exactcover.ErrCheckpoint) {
		return searchcmd.Usage("solve", "--resume %s: %v", r.Resume, err)
	}
	return err
}
