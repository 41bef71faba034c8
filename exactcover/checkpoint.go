package exactcover

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/xcover/xcover/exactcover/internal/checkpointfile"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
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

	share  float64      // the share of the search tree the search covers
	pieces []core.Piece // the work left
}

// CheckpointVersion is the version of the checkpoint file format written;
// files of other versions are refused. Version 2 records the search's Goal;
// version 3 the checkpoints of searches for the cheapest solutions
// ([CostCheckpoint]), and reads version 2 too.
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
		left += p.Hi - p.Lo
	}
	return min(max((ck.share-left)/ck.share, 0), 1)
}

// record returns ck as the file format holds it, with its units.
func (ck *Checkpoint) record() (*checkpointfile.Record, []core.Piece) {
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
	return rec, ck.pieces
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
	if f.Cost != nil {
		return nil, fmt.Errorf("%w: it is of a search for the %d cheapest solutions (read it with ReadCostCheckpoint)", ErrCheckpointMismatch, f.Cost.Best)
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
	ck.pieces = units
	if err := ck.checkContent(); err != nil {
		return nil, bad("%v", err)
	}
	return ck, nil
}

// maxCheckpointCount bounds every counter a checkpoint holds: 2⁶² nodes
// are 146 years of search at a billion nodes a second, so a larger count
// is forged, and the bound leaves a resumed search as much room again
// before its int64 counters overflow.
const maxCheckpointCount = 1 << 62

// checkContent checks that ck's counters and units could be those of a
// search: counts within bounds and consistent (the profile adds up to the
// nodes, with one root at most, solutions are leaves, fewer than the
// goal's limit), and units that are distinct, disjoint and below the
// partial solution.
func (ck *Checkpoint) checkContent() error {
	st := &ck.Stats
	for _, c := range []struct {
		name string
		n    int64
	}{{"solutions", st.Solutions}, {"nodes", st.Nodes}, {"updates", st.Updates}, {"cleansings", st.Cleansings}} {
		if c.n < 0 || c.n > maxCheckpointCount {
			return fmt.Errorf("%s %d: expected 0 to 2^62", c.name, c.n)
		}
	}
	var sum int64
	for l, n := range st.Profile {
		if n < 0 || n > maxCheckpointCount-sum {
			return fmt.Errorf("profile level %d holds %d nodes: the levels must add up to the nodes, %d", l, n, st.Nodes)
		}
		sum += n
	}
	if sum != st.Nodes {
		return fmt.Errorf("the profile adds up to %d nodes, the checkpoint counts %d", sum, st.Nodes)
	}
	root := int64(1) // nodes at level 0: the root, counted once
	if ck.Shard.K > 1 {
		root = 0 // shard 1 counts the nodes above the split
	}
	if len(st.Profile) > 0 && st.Profile[0] > root {
		return fmt.Errorf("the profile holds %d nodes at level 0, more than %d: the search has one root, which shard 1 of a split counts", st.Profile[0], root)
	}
	if st.Solutions > st.Nodes {
		return fmt.Errorf("%d solutions in %d nodes: every solution is a node", st.Solutions, st.Nodes)
	}
	if g := ck.Goal; g.Limit < 0 || g.Limit > 0 && st.Solutions >= g.Limit {
		return fmt.Errorf("%d solutions for a search that %s: it would have stopped", st.Solutions, g)
	}
	for i, k := range ck.Partial {
		if k < 0 {
			return fmt.Errorf("partial solution option %d at place %d", k, i+1)
		}
	}
	return drive.CheckUnits(ck.pieces, drive.RootPath(ck.Partial))
}
