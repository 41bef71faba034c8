package drive

import (
	"slices"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
)

// snapshot returns the driver's position. Call it with the world stopped
// (d.mu held, no worker busy) or once the workers are done.
func (d *driver) snapshot(status core.Status) *Position {
	pos := &Position{Counters: d.total, Profile: trimmed(d.profile), Elapsed: d.prior + time.Since(d.start),
		Status: status, Share: d.share, Pieces: gatherRests(d.pool), Split: d.split}
	if status == running {
		pos.Running, pos.Status = true, core.Interrupted
	}
	if status == core.Complete {
		pos.Pieces = nil
	}
	return pos
}

// resume takes the driver's starting position from pos, after checking
// that it fits the problem.
func (d *driver) resume(pos *Position) error {
	if err := CheckFits(d.proto, pos, d.cfg.Root, d.cfg.Shard, d.cfg.Shards, d.cfg.SplitSeed, d.cfg.Split); err != nil {
		return err
	}
	d.split = d.cfg.Split
	d.total, d.resumed = pos.Counters, pos.Counters.Nodes
	copy(d.profile, pos.Profile)
	d.prior = pos.Elapsed
	d.share = pos.Share
	d.pool = gatherRests(pos.Pieces)
	return nil
}

// trimmed returns a copy of a profile without its deepest empty levels
// (the engines' profiles are as deep as a path may be).
func trimmed(profile []int64) []int64 {
	n := len(profile)
	for n > 0 && profile[n-1] == 0 {
		n--
	}
	return slices.Clone(profile[:n])
}
