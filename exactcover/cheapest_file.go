package exactcover

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"time"

	"github.com/xcover/xcover/exactcover/internal/checkpointfile"
)

// A CostCheckpoint is written in the checkpoint file format
// (CheckpointVersion) with a "cost" section: K, the best solutions so far
// and the units left. A file of either kind is refused by the other's
// reader with ErrCheckpointMismatch, which says what search it is of.

// WriteTo writes ck to w in the checkpoint file format, and returns the
// number of bytes written. As for [Checkpoint.WriteTo], a file should be
// replaced atomically.
func (ck *CostCheckpoint) WriteTo(w io.Writer) (int64, error) {
	rec := &checkpointfile.Record{
		Problem: hex.EncodeToString(ck.Problem[:]), Engine: ck.Engine.String(), Branching: "",
		State: ck.Stats.Status.String(), Written: ck.Written.UTC(),
		Solutions: ck.Stats.Solutions, Nodes: ck.Stats.Nodes, Updates: ck.Stats.Updates, Cleansings: ck.Stats.Cleansings,
		ElapsedNS: int64(ck.Stats.Elapsed), Done: "0",
		Cost: &checkpointfile.Cost{Best: ck.Best, Solutions: []checkpointfile.CostSolution{}, Units: []checkpointfile.CostUnit{}},
	}
	if ck.Running {
		rec.State = "running"
	}
	if len(ck.Units) == 0 {
		rec.Done = "1"
	}
	for _, s := range ck.Solutions {
		rec.Cost.Solutions = append(rec.Cost.Solutions, checkpointfile.CostSolution{Options: s.Options, Cost: s.Cost})
	}
	for _, u := range ck.Units {
		cu := checkpointfile.CostUnit{Path: make([][]int, len(u.Path)), Entered: u.Entered}
		for i, st := range u.Path {
			cu.Path[i] = []int{st.Item, st.Option}
		}
		rec.Cost.Units = append(rec.Cost.Units, cu)
	}
	return checkpointfile.Encode(w, rec, nil)
}

// MarshalBinary encodes ck in the checkpoint file format.
func (ck *CostCheckpoint) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	_, err := ck.WriteTo(&b)
	return b.Bytes(), err
}

// UnmarshalBinary decodes a checkpoint file's contents (see
// ReadCostCheckpoint).
func (ck *CostCheckpoint) UnmarshalBinary(data []byte) error {
	c, err := ReadCostCheckpoint(bytes.NewReader(data))
	if err == nil {
		*ck = *c
	}
	return err
}

// ReadCostCheckpoint reads and checks a checkpoint of a search for the
// cheapest solutions written by [CostCheckpoint.WriteTo]: its digest,
// format version and values, as far as they can be checked without the
// problem (a resumed search checks its solutions and units against the
// problem). Errors wrap ErrCheckpoint for data that is not a usable
// checkpoint, ErrCheckpointMismatch for the checkpoint of a search of
// another kind ([ReadCheckpoint] reads those).
func ReadCostCheckpoint(r io.Reader) (*CostCheckpoint, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrCheckpoint}, args...)...)
	}
	f, _, err := checkpointfile.Decode(r)
	if err != nil {
		return nil, bad("%w", err)
	}
	if f.Cost == nil {
		return nil, fmt.Errorf("%w: it is of a search that %s, not of one for the cheapest solutions", ErrCheckpointMismatch, Goal{List: f.List, Limit: f.Limit})
	}
	c := f.Cost
	ck := &CostCheckpoint{Best: c.Best, Written: f.Written}
	if len(f.Problem) != hex.EncodedLen(len(ck.Problem)) {
		return nil, bad("problem hash %q", f.Problem)
	}
	if _, err := hex.Decode(ck.Problem[:], []byte(f.Problem)); err != nil {
		return nil, bad("problem hash %q", f.Problem)
	}
	if ck.Engine, err = ParseEngine(f.Engine); err != nil || ck.Engine != EngineDLX && ck.Engine != EngineSparse && ck.Engine != EngineBits {
		return nil, bad("engine %q: the dlx, sparse and bits engines write the checkpoints of a search for the cheapest solutions", f.Engine)
	}
	if c.Best < 1 || c.Best > MaxBest {
		return nil, bad("a search for the %d cheapest solutions: expected 1 to MaxBest = %d", c.Best, MaxBest)
	}
	ck.Stats = Stats{Solutions: f.Solutions, Nodes: f.Nodes, Updates: f.Updates, Cleansings: f.Cleansings,
		Elapsed: time.Duration(f.ElapsedNS), Engine: ck.Engine}
	if f.State == "running" {
		ck.Running, ck.Stats.Status = true, Interrupted
	} else if ck.Stats.Status, err = ParseStatus(f.State); err != nil {
		return nil, bad("state %q", f.State)
	}
	for _, n := range []int64{f.Solutions, f.Nodes, f.Updates, f.Cleansings, f.ElapsedNS} {
		if n < 0 || n > maxCheckpointCount {
			return nil, bad("a count or a time outside 0 to 2^62")
		}
	}
	if f.Solutions > f.Nodes || len(f.Profile) > 0 || f.Share != 0 || f.Partial != nil || f.Shard != nil || f.List || f.Limit != 0 || f.Branching != "" {
		return nil, bad("fields a search for the cheapest solutions does not have, or more solutions than nodes")
	}
	for _, s := range c.Solutions {
		ck.Solutions = append(ck.Solutions, CostSolution{Options: s.Options, Cost: s.Cost})
	}
	for _, u := range c.Units {
		cu := CostUnit{Path: make([]Step, len(u.Path)), Entered: u.Entered}
		for i, st := range u.Path {
			cu.Path[i] = Step{Item: st[0], Option: st[1]}
		}
		ck.Units = append(ck.Units, cu)
	}
	if err := ck.checkContent(); err != nil {
		return nil, bad("%v", err)
	}
	return ck, nil
}
