package exactcover

import (
	"fmt"
	"slices"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// costCheckpoint returns the checkpoint of a search for the k cheapest
// solutions that engine searched, from its driver's position, Written
// when it is taken, whether the search goes on or has ended.
func (s *Solver) costCheckpoint(pos *drive.CostPosition, k int, engine Engine) *Checkpoint {
	ck := &Checkpoint{Problem: s.Hash(), Best: k, Engine: engine, Stats: statsOf(pos.Counters), Running: pos.Running, Written: time.Now()}
	ck.Stats.Elapsed, ck.Stats.Status, ck.Stats.Engine = pos.Elapsed, pos.Status, engine
	for _, b := range pos.Kept {
		ck.Solutions = append(ck.Solutions, CostSolution{Options: slices.Clone(b.Options), Cost: b.Cost})
	}
	for _, u := range pos.Units {
		ck.costUnits = append(ck.costUnits, drive.CostUnit{Path: slices.Clone(u.Path), Entered: u.Entered})
	}
	return ck
}

// costPosition checks ck as a search for the k cheapest solutions of s's
// problem resumes it, and returns it as the driver takes it: a checkpoint
// of the same kind, problem and K (ErrCheckpointMismatch), then
// (ErrCheckpoint) what the file alone can tell (checkCostContent) and what
// needs the problem (drive.CheckCostPosition), with eng's order of the
// options.
func (s *Solver) costPosition(ck *Checkpoint, k int, eng core.CostEngine) (*drive.CostPosition, error) {
	if ck.Best == 0 {
		return nil, fmt.Errorf("%w: it is of a search that %s, not of one for the cheapest solutions", ErrCheckpointMismatch, ck.Goal())
	}
	if ck.Problem != s.Hash() {
		return nil, fmt.Errorf("%w: the checkpoint is of another problem", ErrCheckpointMismatch)
	}
	if ck.Best != k {
		return nil, fmt.Errorf("%w: the checkpoint's search wants the %d cheapest solutions, not %d: give --best %d", ErrCheckpointMismatch, ck.Best, k, ck.Best)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrCheckpoint}, args...)...)
	}
	if err := ck.checkCostContent(); err != nil { // again: a caller may have changed ck since it was read
		return nil, bad("%v", err)
	}
	st := &ck.Stats
	pos := &drive.CostPosition{Counters: core.Counters{Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Cleansings: st.Cleansings},
		Elapsed: st.Elapsed, Status: st.Status, Running: ck.Running}
	for _, sol := range ck.Solutions {
		pos.Kept = append(pos.Kept, drive.CostSolution{Options: slices.Clone(sol.Options), Cost: sol.Cost})
	}
	for _, u := range ck.costUnits {
		pos.Units = append(pos.Units, drive.CostUnit{Path: slices.Clone(u.Path), Entered: u.Entered})
	}
	if err := drive.CheckCostPosition(&s.model, eng, pos); err != nil {
		return nil, bad("%v", err)
	}
	return pos, nil
}
