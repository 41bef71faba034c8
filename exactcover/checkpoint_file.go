package exactcover

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/xcover/xcover/exactcover/internal/checkpointfile"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// A checkpoint's file (internal/checkpointfile holds its bytes) is one
// format for both kinds: a search for the cheapest solutions writes a
// "cost" section (K, the best solutions so far and its units), the others
// their units with their shares. ReadCheckpoint reads either, and tells
// which by Best.

// WriteTo writes ck to w in the checkpoint file format
// (CheckpointVersion), and returns the number of bytes written. A sink
// that keeps checkpoints in a file should replace it atomically (write a
// temporary file, sync it, rename it over the old one), so that a crash
// at any moment leaves the old checkpoint or the new one.
func (ck *Checkpoint) WriteTo(w io.Writer) (int64, error) {
	if ck.Best > 0 {
		return checkpointfile.Encode(w, ck.costRecord(), nil)
	}
	return checkpointfile.Encode(w, ck.record(), ck.pieces)
}

// MarshalBinary encodes ck in the checkpoint file format.
func (ck *Checkpoint) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	_, err := ck.WriteTo(&b)
	return b.Bytes(), err
}

// UnmarshalBinary decodes a checkpoint file's contents, checking its
// digest and its fields (see ReadCheckpoint). Errors wrap ErrCheckpoint.
func (ck *Checkpoint) UnmarshalBinary(data []byte) error {
	c, err := ReadCheckpoint(bytes.NewReader(data))
	if err == nil {
		*ck = *c
	}
	return err
}

// record returns a count's or a listing's ck as the file format holds it,
// without its units.
func (ck *Checkpoint) record() *checkpointfile.Record {
	rec := &checkpointfile.Record{
		Problem: hex.EncodeToString(ck.Problem[:]), Engine: ck.Engine.String(), Branching: ck.Branching.String(),
		List: ck.List, Limit: ck.Limit,
		Partial: ck.Partial, State: ck.Stats.Status.String(), Written: ck.Written.UTC(),
		Solutions: ck.Stats.Solutions, Nodes: ck.Stats.Nodes, Updates: ck.Stats.Updates, Cleansings: ck.Stats.Cleansings,
		Profile: ck.Stats.Profile, ElapsedNS: int64(ck.Stats.Elapsed), Share: ck.share,
		Done: json.Number(fmt.Sprintf("%.6f", ck.Fraction())),
	}
	if ck.Running {
		rec.State = "running"
	}
	if ck.Shard.N > 0 {
		rec.Shard = &checkpointfile.Shard{K: ck.Shard.K, N: ck.Shard.N, Split: ck.Split}
	}
	return rec
}

// costRecord returns a search for the cheapest solutions' ck as the file
// format holds it.
func (ck *Checkpoint) costRecord() *checkpointfile.Record {
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
	if len(ck.costUnits) == 0 {
		rec.Done = "1"
	}
	for _, s := range ck.Solutions {
		rec.Cost.Solutions = append(rec.Cost.Solutions, checkpointfile.CostSolution{Options: s.Options, Cost: s.Cost})
	}
	for _, u := range ck.costUnits {
		cu := checkpointfile.CostUnit{Path: make([][]int, len(u.Path)), Entered: u.Entered}
		for i, st := range u.Path {
			cu.Path[i] = []int{int(st.Item), int(st.Option)}
		}
		rec.Cost.Units = append(rec.Cost.Units, cu)
	}
	return rec
}

// ReadCheckpoint reads and checks a checkpoint written by
// [Checkpoint.WriteTo], of either kind (Best says which): its digest,
// format version and values, as far as they can be checked without the
// problem (a resumed search, or [Solver.CheckCheckpoint], checks it
// against its problem too). Errors wrap ErrCheckpoint for data that is
// not a usable checkpoint (not one at all, cut short, changed since it was
// written, of another format version, larger than MaxCheckpointBytes);
// reading stops at the first byte that tells.
func ReadCheckpoint(r io.Reader) (*Checkpoint, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrCheckpoint}, args...)...)
	}
	f, units, err := checkpointfile.Decode(r)
	if err != nil {
		return nil, bad("%w", err)
	}
	ck := &Checkpoint{Written: f.Written}
	if len(f.Problem) != hex.EncodedLen(len(ck.Problem)) { // before Decode, which would write past ck.Problem
		return nil, bad("problem hash %q", f.Problem)
	}
	if _, err := hex.Decode(ck.Problem[:], []byte(f.Problem)); err != nil {
		return nil, bad("problem hash %q", f.Problem)
	}
	if f.Cost != nil {
		err = ck.readCost(f)
	} else {
		err = ck.readCount(f, units)
	}
	if err != nil {
		return nil, bad("%v", err)
	}
	return ck, nil
}

// readCount fills in a count's or a listing's ck from its file's record
// and units, and checks them.
func (ck *Checkpoint) readCount(f *checkpointfile.Record, units []core.Piece) error {
	ck.List, ck.Limit, ck.Partial, ck.share = f.List, f.Limit, f.Partial, f.Share
	var err error
	if ck.Engine, err = ParseEngine(f.Engine); err != nil || ck.Engine == EngineAuto {
		return fmt.Errorf("engine %q", f.Engine)
	}
	if ck.Branching, err = ParseBranching(f.Branching); err != nil {
		return err
	}
	if f.Shard != nil {
		ck.Shard, ck.Split = Shard{K: f.Shard.K, N: f.Shard.N}, f.Shard.Split
		if err := ck.Shard.check(); err != nil || ck.Split == "" {
			return fmt.Errorf("shard %d/%d, split %q", f.Shard.K, f.Shard.N, f.Shard.Split)
		}
	}
	ck.Stats = Stats{Solutions: f.Solutions, Nodes: f.Nodes, Updates: f.Updates, Cleansings: f.Cleansings,
		Profile: f.Profile, Elapsed: time.Duration(f.ElapsedNS), Engine: ck.Engine}
	if f.State == "running" {
		ck.Running, ck.Stats.Status = true, Interrupted
	} else if ck.Stats.Status, err = ParseStatus(f.State); err != nil {
		return fmt.Errorf("state %q", f.State)
	}
	if f.ElapsedNS < 0 || !(f.Share >= 0 && f.Share <= 1) {
		return fmt.Errorf("a negative time or a share outside [0, 1]")
	}
	if ck.Stats.Status == Complete && len(units) > 0 {
		return fmt.Errorf("a complete search with %d units left", len(units))
	}
	ck.pieces = units
	return ck.checkContent()
}

// readCost fills in a search for the cheapest solutions' ck from its
// file's record, and checks it.
func (ck *Checkpoint) readCost(f *checkpointfile.Record) error {
	c := f.Cost
	ck.Best = c.Best
	var err error
	if ck.Engine, err = ParseEngine(f.Engine); err != nil || ck.Engine != EngineDLX && ck.Engine != EngineSparse && ck.Engine != EngineBits {
		return fmt.Errorf("engine %q: the dlx, sparse and bits engines write the checkpoints of a search for the cheapest solutions", f.Engine)
	}
	if c.Best < 1 || c.Best > MaxBest {
		return fmt.Errorf("a search for the %d cheapest solutions: expected 1 to MaxBest = %d", c.Best, MaxBest)
	}
	ck.Stats = Stats{Solutions: f.Solutions, Nodes: f.Nodes, Updates: f.Updates, Cleansings: f.Cleansings,
		Elapsed: time.Duration(f.ElapsedNS), Engine: ck.Engine}
	if f.State == "running" {
		ck.Running, ck.Stats.Status = true, Interrupted
	} else if ck.Stats.Status, err = ParseStatus(f.State); err != nil {
		return fmt.Errorf("state %q", f.State)
	}
	for _, n := range []int64{f.Solutions, f.Nodes, f.Updates, f.Cleansings, f.ElapsedNS} {
		if n < 0 || n > maxCheckpointCount {
			return fmt.Errorf("a count or a time outside 0 to 2^62")
		}
	}
	if f.Solutions > f.Nodes || len(f.Profile) > 0 || f.Share != 0 || f.Partial != nil || f.Shard != nil || f.List || f.Limit != 0 || f.Branching != "" {
		return fmt.Errorf("fields a search for the cheapest solutions does not have, or more solutions than nodes")
	}
	for _, s := range c.Solutions {
		ck.Solutions = append(ck.Solutions, CostSolution{Options: s.Options, Cost: s.Cost})
	}
	for i, u := range c.Units {
		cu := drive.CostUnit{Path: make([]core.Step, len(u.Path)), Entered: u.Entered}
		for j, st := range u.Path {
			if st[0] < 0 || st[0] > math.MaxInt32 || st[1] < 0 || st[1] > math.MaxInt32 {
				return fmt.Errorf("unit %d, step %d: no item %d or option %d", i+1, j+1, st[0], st[1])
			}
			cu.Path[j] = core.Step{Item: int32(st[0]), Option: int32(st[1])}
		}
		ck.costUnits = append(ck.costUnits, cu)
	}
	return ck.checkCostContent()
}
