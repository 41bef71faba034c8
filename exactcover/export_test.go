package exactcover

import (
	"context"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/drive"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

// SetTrackShortAbove sets both engines' TrackShortAbove for the solvers
// built from now on and returns a function that restores it, so that the
// external tests can run the same problem with and without the set of
// short items.
func SetTrackShortAbove(n int) (restore func()) {
	old, oldSparse := dlx.TrackShortAbove, sparse.TrackShortAbove
	dlx.TrackShortAbove, sparse.TrackShortAbove = n, n
	return func() { dlx.TrackShortAbove, sparse.TrackShortAbove = old, oldSparse }
}

// SetPollEvery sets how many nodes a worker of a driven search (several
// workers, a checkpoint, a shard) searches between polls, and returns a
// function that restores it: tests poll at every node so that small
// searches are divided in every possible way.
func SetPollEvery(n int64) (restore func()) { return drive.SetPollEvery(n) }

// TreeLooksHopeless is the portfolio's test for giving way to the
// learner on one core: whether the probes estimate the tree of cfg's
// search at HopelessNodes nodes or more.
func (s *Solver) TreeLooksHopeless(cfg Config) bool {
	m := s.acquire()
	defer s.release(m)
	return m.treeLooksHopeless(context.Background(), cfg)
}

// HopelessNodes is the portfolio's bound on a hopeless tree.
const HopelessNodes = hopelessNodes

// ProgressBranches returns the current path of a sequential search's
// progress, each level's branch as K of D.
func ProgressBranches(p *Progress) (kd [][2]int) {
	for _, b := range p.branches {
		kd = append(kd, [2]int{b.K, b.D})
	}
	return kd
}

// Step and CostUnit are a unit of a checkpoint of a search for the
// cheapest solutions as the tests that forge one see it: its path of
// (item, option) steps and whether its node was entered.
type Step struct{ Item, Option int }

type CostUnit struct {
	Path    []Step
	Entered bool
}

// CostUnits returns a copy of the units of ck, a checkpoint of a search
// for the cheapest solutions.
func (ck *Checkpoint) CostUnits() []CostUnit {
	var units []CostUnit
	for _, u := range ck.costUnits {
		cu := CostUnit{Entered: u.Entered}
		for _, st := range u.Path {
			cu.Path = append(cu.Path, Step{Item: int(st.Item), Option: int(st.Option)})
		}
		units = append(units, cu)
	}
	return units
}

// SetCostUnits replaces the units of ck, as a forger would.
func (ck *Checkpoint) SetCostUnits(units []CostUnit) {
	ck.costUnits = nil
	for _, u := range units {
		du := drive.CostUnit{Entered: u.Entered}
		for _, st := range u.Path {
			du.Path = append(du.Path, core.Step{Item: int32(st.Item), Option: int32(st.Option)})
		}
		ck.costUnits = append(ck.costUnits, du)
	}
}
