package exactcover

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/xcover/xcover/exactcover/internal/checkpointfile"
	"github.com/xcover/xcover/exactcover/internal/core"
)

// Checkpoint is the saved position of a search: what it has counted so
// far, and the parts of its search tree not yet explored, each named by
// its path (see the package documentation). A search with Config.Resume
// set to a Checkpoint goes on from there, with any number of workers, and
// ends with exactly the totals of a search never interrupted (under
// Knuth's branching rule; see [Weighted]).
//
// Read one with [ReadCheckpoint]; searches with Config.Checkpoint write
// them.
type Checkpoint struct {
	// Problem is the hash of the compiled problem ([Solver.Hash]); a
	// checkpoint resumes only a search of the same problem.
	Problem [32]byte
	// Engine and Branching are those of the search, which a resumed search
	// must use too: the engine because a unit that continues a node after
	// some of its branches lists them in that engine's order, the rule
	// because the counters mix otherwise.
	Engine    Engine
	Branching Branching
	// Goal is what the search was asked for (solutions listed or counted,
	// and their limit): a resumed search must ask the same, since it goes
	// on delivering and counting from where the runs before stopped.
	Goal Goal
	// Partial is the search's partial solution, Shard its shard (N = 0
	// when it is not one) and Split the digest of the shard split.
	Partial []int
	Shard   Shard
	Split   string
	// Stats holds the counters so far with their profile, and Elapsed the
	// wall time of every run of the search so far. Status is how the run
	// that wrote the checkpoint stood: Complete means that nothing is left
	// to search and Stats are the final totals; Running marks the
	// checkpoints written while the search went on.
	Stats   Stats
	Running bool
	// Written is when the checkpoint was written.
	Written time.Time

	share  float64 // the share of the search tree the search covers
	pieces []piece // the work left
}

// CheckpointVersion is the version of the checkpoint file format written;
// files of other versions are refused. Version 2 records the search's Goal.
const CheckpointVersion = checkpointfile.Version

// Goal is what a search asks for that a checkpoint records besides the
// problem and the division of its tree: whether its solutions go to a
// visit function or are only counted, and how many it wants.
type Goal struct {
	List  bool  // the solutions are visited (Search's visit is not nil)
	Limit int64 // Config.MaxSolutions: 0 for all
}

// goalOf returns the goal of a search with cfg and visit.
func goalOf(cfg *Config, visit func([]int) bool) Goal {
	return Goal{List: visit != nil, Limit: max(cfg.MaxSolutions, 0)}
}

// String describes g for messages: "counts every solution", "lists up to 3
// solutions".
func (g Goal) String() string {
	verb := "counts"
	if g.List {
		verb = "lists"
	}
	switch g.Limit {
	case 0:
		return verb + " every solution"
	case 1:
		return verb + " one solution"
	}
	return fmt.Sprintf("%s up to %d solutions", verb, g.Limit)
}

// MaxCheckpointBytes bounds the size of a checkpoint read: a search has
// at most a few units per worker and level, and a million units with paths
// of a hundred steps stay under it. A file is refused as soon as it is
// known to exceed it (see [ReadCheckpoint]).
const MaxCheckpointBytes = checkpointfile.MaxBytes

// Errors about checkpoints.
var (
	// ErrCheckpoint: the file is not a checkpoint that can be read: not
	// one at all, truncated, changed since it was written, or of another
	// format version. The file is left as it is.
	ErrCheckpoint = errors.New("not a usable checkpoint")
	// ErrCheckpointMismatch: the checkpoint is of another search (another
	// problem, engine, branching rule, goal, partial solution or shard).
	ErrCheckpointMismatch = errors.New("checkpoint of another search")
	// ErrCheckpointWrite: a checkpoint could not be written; the previous
	// one, if any, is intact.
	ErrCheckpointWrite = errors.New("cannot write the checkpoint")
)

// statusRunning is the Status a periodic checkpoint is taken with.
const statusRunning = -1

// Units returns the number of units of work the checkpoint holds.
func (ck *Checkpoint) Units() int { return len(ck.pieces) }

// Fraction returns the share of the search done when the checkpoint was
// written, under Knuth's uniform estimate (as Progress.Fraction).
func (ck *Checkpoint) Fraction() float64 {
	if ck.share <= 0 {
		return 1
	}
	left := 0.0
	for _, p := range ck.pieces {
		left += p.hi - p.lo
	}
	return min(max((ck.share-left)/ck.share, 0), 1)
}

// snapshot returns the driver's position. Call it with the world stopped
// (d.mu held, no worker busy) or once the workers are done.
func (d *driver) snapshot(status Status) *Checkpoint {
	ck := d.ident // Problem … Split
	ck.Stats = statsOf(d.total)
	ck.Stats.Profile, ck.Stats.Elapsed, ck.Stats.Status = trimmed(d.profile), d.prior+time.Since(d.start), status
	ck.Written = time.Now()
	ck.share, ck.pieces = d.share, slices.Clone(d.pool)
	if status == statusRunning {
		ck.Running, ck.Stats.Status = true, Interrupted
	}
	if status == Complete {
		ck.pieces = nil
	}
	return &ck
}

// save gives ck to the sink, Config.Checkpoint.
func (d *driver) save(ck *Checkpoint) error {
	if err := d.cfg.Checkpoint(ck); err != nil {
		return fmt.Errorf("%w: %w", ErrCheckpointWrite, err)
	}
	return nil
}

// resume takes the driver's starting position from ck, after checking
// that ck is of this search.
func (d *driver) resume(ck *Checkpoint) error {
	id := &d.ident
	mismatch := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrCheckpointMismatch}, args...)...)
	}
	if ck.Problem != id.Problem {
		return mismatch("it is of problem %x…, this problem is %x…", ck.Problem[:6], id.Problem[:6])
	}
	if ck.Engine != id.Engine {
		return mismatch("it was written by the %s engine, this search uses %s", ck.Engine, id.Engine)
	}
	if ck.Branching != id.Branching {
		return mismatch("it branches by rule %s, this search by %s", ck.Branching, id.Branching)
	}
	if ck.Goal != id.Goal {
		return mismatch("it is of a search that %s, this search %s", ck.Goal, id.Goal)
	}
	if id.Partial == nil {
		id.Partial = slices.Clone(ck.Partial)
	} else if !slices.Equal(id.Partial, ck.Partial) {
		return mismatch("it starts from partial solution %v, this search from %v", ck.Partial, id.Partial)
	}
	if id.Shard == (Shard{}) {
		id.Shard = ck.Shard
	} else if id.Shard != ck.Shard {
		return mismatch("it is %s, this search %s", ck.Shard.describe(), id.Shard.describe())
	}
	id.Split = ck.Split
	err := ck.checkContent() // again: a caller may have changed ck since it was read
	if err == nil {
		err = d.checkFits(ck)
	}
	if err != nil {
		if errors.Is(err, ErrCheckpointMismatch) {
			return err
		}
		return fmt.Errorf("%w: %w", ErrCheckpoint, err)
	}
	c := ck.Stats
	d.total = core.Counters{Solutions: c.Solutions, Nodes: c.Nodes, Updates: c.Updates, Cleansings: c.Cleansings}
	copy(d.profile, c.Profile)
	d.prior = c.Elapsed
	d.share = ck.share
	d.pool = slices.Clone(ck.pieces)
	return nil
}

// pathError explains a unit whose path names no node: a bad partial
// solution, or a checkpoint that does not fit the problem.
func (d *driver) pathError(err error) error {
	var pe *core.PathError
	if d.cfg.Resume == nil && errors.As(err, &pe) && pe.Step < len(d.cfg.Partial) {
		return partialError(err, d.cfg.Partial)
	}
	return fmt.Errorf("%w: a unit of work names no node of the search tree: %w", ErrCheckpoint, err)
}

// record returns ck as the file format holds it, with its units.
func (ck *Checkpoint) record() (*checkpointfile.Record, []checkpointfile.Unit) {
	rec := &checkpointfile.Record{
		Problem: hex.EncodeToString(ck.Problem[:]), Engine: ck.Engine.String(), Branching: ck.Branching.String(),
		List: ck.Goal.List, Limit: ck.Goal.Limit,
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
	units := make([]checkpointfile.Unit, len(ck.pieces))
	for i, p := range ck.pieces {
		units[i] = checkpointfile.Unit{Unit: p.unit, Skip: p.skip, Lo: p.lo, Hi: p.hi, End: p.end}
	}
	return rec, units
}

// WriteTo writes ck to w in the checkpoint file format
// (CheckpointVersion), and returns the number of bytes written. A sink
// that keeps checkpoints in a file should replace it atomically (write a
// temporary file, sync it, rename it over the old one), so that a crash
// at any moment leaves the old checkpoint or the new one.
func (ck *Checkpoint) WriteTo(w io.Writer) (int64, error) {
	rec, units := ck.record()
	return checkpointfile.Encode(w, rec, units)
}

// MarshalBinary encodes ck in the checkpoint file format.
func (ck *Checkpoint) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	_, err := ck.WriteTo(&b)
	return b.Bytes(), err
}

// UnmarshalBinary decodes a checkpoint file's contents, checking its
// digest and its fields. Errors wrap ErrCheckpoint.
func (ck *Checkpoint) UnmarshalBinary(data []byte) error {
	c, err := ReadCheckpoint(bytes.NewReader(data))
	if err == nil {
		*ck = *c
	}
	return err
}

// ReadCheckpoint reads and checks a checkpoint written by
// [Checkpoint.WriteTo]: its digest, format version and values (a resumed
// search checks it against its problem too). Errors wrap ErrCheckpoint
// for data that is not a usable checkpoint (not one at all, cut short,
// changed since it was written, of another format version, larger than
// MaxCheckpointBytes); reading stops at the first byte that tells.
func ReadCheckpoint(r io.Reader) (*Checkpoint, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrCheckpoint}, args...)...)
	}
	f, units, err := checkpointfile.Decode(r)
	if err != nil {
		return nil, bad("%w", err)
	}
	ck := &Checkpoint{Goal: Goal{List: f.List, Limit: f.Limit}, Partial: f.Partial, Written: f.Written, share: f.Share}
	if len(f.Problem) != hex.EncodedLen(len(ck.Problem)) { // before Decode, which would write past ck.Problem
		return nil, bad("problem hash %q", f.Problem)
	}
	if _, err := hex.Decode(ck.Problem[:], []byte(f.Problem)); err != nil {
		return nil, bad("problem hash %q", f.Problem)
	}
	if ck.Engine, err = ParseEngine(f.Engine); err != nil || ck.Engine == EngineAuto {
		return nil, bad("engine %q", f.Engine)
	}
	if ck.Branching, err = ParseBranching(f.Branching); err != nil {
		return nil, bad("%v", err)
	}
	if f.Shard != nil {
		ck.Shard, ck.Split = Shard{K: f.Shard.K, N: f.Shard.N}, f.Shard.Split
		if err := ck.Shard.check(); err != nil || ck.Split == "" {
			return nil, bad("shard %d/%d, split %q", f.Shard.K, f.Shard.N, f.Shard.Split)
		}
	}
	ck.Stats = Stats{Solutions: f.Solutions, Nodes: f.Nodes, Updates: f.Updates, Cleansings: f.Cleansings,
		Profile: f.Profile, Elapsed: time.Duration(f.ElapsedNS), Engine: ck.Engine}
	if f.State == "running" {
		ck.Running, ck.Stats.Status = true, Interrupted
	} else if ck.Stats.Status, err = ParseStatus(f.State); err != nil {
		return nil, bad("state %q", f.State)
	}
	if f.ElapsedNS < 0 || !(f.Share >= 0 && f.Share <= 1) {
		return nil, bad("a negative time or a share outside [0, 1]")
	}
	if ck.Stats.Status == Complete && len(units) > 0 {
		return nil, bad("a complete search with %d units left", len(units))
	}
	ck.pieces = make([]piece, len(units))
	for i, u := range units {
		ck.pieces[i] = piece{unit: u.Unit, skip: u.Skip, lo: u.Lo, hi: u.Hi, end: u.End}
	}
	if err := ck.checkContent(); err != nil {
		return nil, bad("%v", err)
	}
	return ck, nil
}
