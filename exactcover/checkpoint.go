package exactcover

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/google/renameio/v2"

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
const CheckpointVersion = 2

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

// MaxCheckpointBytes bounds the size of a checkpoint file read: a search
// has at most a few units per worker and level, and a million units with
// paths of a hundred steps stay under it. Real checkpoints are far
// smaller (34 kB for 64 workers on the 6×10 pentominoes, about 160 bytes
// a unit); the bound only guards memory, as decoding takes a few times
// the file's size. A file is refused as soon as it is known to exceed it
// (see ReadCheckpoint).
const MaxCheckpointBytes = 1 << 30

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

// CheckpointEvent reports a checkpoint written, or not, to
// Config.OnCheckpoint.
type CheckpointEvent struct {
	Path  string
	Final bool  // written as the search ended
	Units int   // units of work left in it
	Stats Stats // the counters it holds
	Err   error // why it could not be written (wrapping ErrCheckpointWrite)
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

// save writes ck to the checkpoint file and reports it.
func (d *driver) save(ck *Checkpoint, final bool) error {
	var err error
	if f := d.cfg.BeforeCheckpoint; final && f != nil {
		if err = f(); err != nil {
			err = fmt.Errorf("%w %s: making the solutions durable first: %w", ErrCheckpointWrite, d.cfg.Checkpoint, err)
		}
	}
	if err == nil {
		err = ck.WriteFile(d.cfg.Checkpoint)
	}
	d.report(CheckpointEvent{Path: d.cfg.Checkpoint, Final: final, Units: len(ck.pieces), Stats: ck.Stats, Err: err})
	return err
}

// report calls Config.OnCheckpoint.
func (d *driver) report(ev CheckpointEvent) {
	if f := d.cfg.OnCheckpoint; f != nil {
		f(ev)
	}
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

// The file format: one line of JSON (checkpointFile), then a line
// "sha256:" and the hex SHA-256 digest of everything before it. A file
// cut short lacks the digest line or has the wrong digest; a changed one
// has the wrong digest.

type checkpointFile struct {
	Format     string      `json:"format"`
	Version    int         `json:"version"`
	Problem    string      `json:"problem"`
	Engine     string      `json:"engine"`
	Branching  string      `json:"branching"`
	List       bool        `json:"list"`
	Limit      int64       `json:"limit"`
	Partial    []int       `json:"partial,omitempty"`
	Shard      *shardJSON  `json:"shard,omitempty"`
	State      string      `json:"state"` // "running", or how the search ended
	Written    time.Time   `json:"written"`
	Solutions  int64       `json:"solutions"`
	Nodes      int64       `json:"nodes"`
	Updates    int64       `json:"updates"`
	Cleansings int64       `json:"cleansings"`
	Profile    []int64     `json:"profile"`
	ElapsedNS  int64       `json:"elapsed_ns"`
	Share      float64     `json:"share"`
	Units      []unitJSON  `json:"units"`
	Done       json.Number `json:"done"` // the fraction done, for people reading the file
}

type shardJSON struct {
	K     int    `json:"k"`
	N     int    `json:"n"`
	Split string `json:"split"`
}

// unitJSON is a piece: its path as [item, option] pairs ([item, option, 1]
// for an excluding step), and its share. The path's first Shared steps are
// those of the unit before it, and Path holds the rest: a search stopped
// n levels deep leaves a unit a level, each a prefix of the one before, and
// written out whole they took space in n² (2 GB at n = 20,000, more than
// a resume reads).
type unitJSON struct {
	Shared    int       `json:"shared,omitempty"`
	Path      [][]int32 `json:"path"`
	CountLast bool      `json:"count_last,omitempty"`
	After     bool      `json:"after,omitempty"`
	Skip      int32     `json:"skip,omitempty"`
	Lo        float64   `json:"lo"`
	Hi        float64   `json:"hi"`
	End       float64   `json:"end"`
}

const checkpointFormat = "xcover checkpoint"

// checkpointHeader starts every checkpoint file (json.Marshal writes the
// fields in order).
const checkpointHeader = `{"format":"` + checkpointFormat + `"`

// digestPrefix starts the last line of a checkpoint file.
const digestPrefix = "sha256:"

// MarshalBinary encodes ck in the checkpoint file format.
func (ck *Checkpoint) MarshalBinary() ([]byte, error) {
	f := checkpointFile{
		Format: checkpointFormat, Version: CheckpointVersion,
		Problem: hex.EncodeToString(ck.Problem[:]), Engine: ck.Engine.String(), Branching: ck.Branching.String(),
		List: ck.Goal.List, Limit: ck.Goal.Limit,
		Partial: ck.Partial, State: ck.Stats.Status.String(), Written: ck.Written.UTC(),
		Solutions: ck.Stats.Solutions, Nodes: ck.Stats.Nodes, Updates: ck.Stats.Updates, Cleansings: ck.Stats.Cleansings,
		Profile: ck.Stats.Profile, ElapsedNS: int64(ck.Stats.Elapsed), Share: ck.share,
		Units: make([]unitJSON, len(ck.pieces)),
		Done:  json.Number(fmt.Sprintf("%.6f", ck.Fraction())),
	}
	if ck.Running {
		f.State = "running"
	}
	if f.Profile == nil {
		f.Profile = []int64{}
	}
	if ck.Shard.N > 0 {
		f.Shard = &shardJSON{K: ck.Shard.K, N: ck.Shard.N, Split: ck.Split}
	}
	var prev []core.Step
	for i, p := range ck.pieces {
		shared := commonPrefix(prev, p.unit.Path)
		prev = p.unit.Path
		u := unitJSON{Shared: shared, Path: make([][]int32, len(p.unit.Path)-shared), CountLast: p.unit.CountLast, After: p.unit.After,
			Skip: p.skip, Lo: p.lo, Hi: p.hi, End: p.end}
		for j, st := range p.unit.Path[shared:] {
			if st.Exclude {
				u.Path[j] = []int32{st.Item, st.Option, 1}
			} else {
				u.Path[j] = []int32{st.Item, st.Option}
			}
		}
		f.Units[i] = u
	}
	body, err := json.Marshal(&f)
	if err != nil {
		return nil, err
	}
	body = append(body, '\n')
	sum := sha256.Sum256(body)
	body = append(body, digestPrefix...)
	body = hex.AppendEncode(body, sum[:])
	return append(body, '\n'), nil
}

// UnmarshalBinary decodes a checkpoint file's contents, checking its
// digest and its fields. Errors wrap ErrCheckpoint.
func (ck *Checkpoint) UnmarshalBinary(data []byte) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrCheckpoint}, args...)...)
	}
	if len(data) == 0 {
		return bad("the file is empty")
	}
	if data[len(data)-1] != '\n' {
		return bad("the file is cut short (no digest line at its end)")
	}
	cut := bytes.LastIndexByte(data[:len(data)-1], '\n') + 1
	last := data[cut : len(data)-1]
	if cut == 0 || !bytes.HasPrefix(last, []byte(digestPrefix)) {
		if !bytes.HasPrefix(data, []byte(checkpointHeader)) {
			return bad("not a checkpoint file")
		}
		return bad("the file is cut short (no digest line at its end)")
	}
	want, err := hex.DecodeString(string(last[len(digestPrefix):]))
	sum := sha256.Sum256(data[:cut])
	if err != nil || !bytes.Equal(want, sum[:]) {
		return bad("its digest does not match its contents: the file was changed or damaged after it was written")
	}
	var f checkpointFile
	dec := json.NewDecoder(bytes.NewReader(data[:cut]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return bad("%v", err)
	}
	if f.Format != checkpointFormat {
		return bad("format %q, expected %q", f.Format, checkpointFormat)
	}
	if f.Version != CheckpointVersion {
		return bad("format version %d; this xcover reads version %d", f.Version, CheckpointVersion)
	}
	*ck = Checkpoint{Goal: Goal{List: f.List, Limit: f.Limit}, Partial: f.Partial, Written: f.Written, share: f.Share}
	if len(f.Problem) != hex.EncodedLen(len(ck.Problem)) { // before Decode, which would write past ck.Problem
		return bad("problem hash %q", f.Problem)
	}
	if _, err := hex.Decode(ck.Problem[:], []byte(f.Problem)); err != nil {
		return bad("problem hash %q", f.Problem)
	}
	if ck.Engine, err = ParseEngine(f.Engine); err != nil || ck.Engine == EngineAuto {
		return bad("engine %q", f.Engine)
	}
	if ck.Branching, err = ParseBranching(f.Branching); err != nil {
		return bad("%v", err)
	}
	if f.Shard != nil {
		ck.Shard, ck.Split = Shard{K: f.Shard.K, N: f.Shard.N}, f.Shard.Split
		if err := ck.Shard.check(); err != nil || ck.Split == "" {
			return bad("shard %d/%d, split %q", f.Shard.K, f.Shard.N, f.Shard.Split)
		}
	}
	ck.Stats = Stats{Solutions: f.Solutions, Nodes: f.Nodes, Updates: f.Updates, Cleansings: f.Cleansings,
		Profile: f.Profile, Elapsed: time.Duration(f.ElapsedNS)}
	if f.State == "running" {
		ck.Running, ck.Stats.Status = true, Interrupted
	} else if ck.Stats.Status, err = ParseStatus(f.State); err != nil {
		return bad("state %q", f.State)
	}
	if f.ElapsedNS < 0 || !(f.Share >= 0 && f.Share <= 1) {
		return bad("a negative time or a share outside [0, 1]")
	}
	if ck.Stats.Status == Complete && len(f.Units) > 0 {
		return bad("a complete search with %d units left", len(f.Units))
	}
	ck.pieces = make([]piece, len(f.Units))
	var prev []core.Step
	for i, u := range f.Units {
		if u.Shared < 0 || u.Shared > len(prev) || u.After && u.Shared+len(u.Path) == 0 || !(0 <= u.Lo && u.Lo <= u.Hi && u.Hi <= u.End && u.End <= 1) {
			return bad("unit %d is malformed", i+1)
		}
		p := piece{unit: core.Unit{CountLast: u.CountLast, After: u.After}, lo: u.Lo, hi: u.Hi, end: u.End, skip: u.Skip}
		// A unit that is a prefix of the one before shares its memory.
		path := prev[:u.Shared:u.Shared]
		if len(u.Path) > 0 {
			path = append(make([]core.Step, 0, u.Shared+len(u.Path)), path...)
		}
		for j, st := range u.Path {
			if len(st) != 2 && (len(st) != 3 || st[2] != 1) {
				return bad("unit %d, step %d: expected [item, option] or [item, option, 1]", i+1, u.Shared+j+1)
			}
			path = append(path, core.Step{Item: st[0], Option: st[1], Exclude: len(st) == 3})
		}
		p.unit.Path, prev = path, path
		ck.pieces[i] = p
	}
	if err := ck.checkContent(); err != nil {
		return bad("%v", err)
	}
	return nil
}

// ReadCheckpoint reads and checks a checkpoint file. Errors wrap
// ErrCheckpoint for a file that is not a usable checkpoint (cut short,
// changed, of another format version) and name the file.
func ReadCheckpoint(path string) (*Checkpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := readCheckpointData(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	ck := new(Checkpoint)
	if err := ck.UnmarshalBinary(data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ck, nil
}

// readCheckpointData reads a checkpoint file's contents, refusing it as
// soon as it is known not to be one, so that a wrong file (/dev/zero, a
// disk image) costs neither time nor memory: by its size, when it has one,
// before reading; else when it has read more than MaxCheckpointBytes; and
// at the first bytes that no checkpoint holds (it starts with
// checkpointHeader and holds only printable ASCII and newlines).
func readCheckpointData(f *os.File) ([]byte, error) {
	tooBig := fmt.Errorf("%w: larger than MaxCheckpointBytes = %d", ErrCheckpoint, MaxCheckpointBytes)
	var data []byte
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if fi.Size() > MaxCheckpointBytes {
			return nil, tooBig
		}
		data = make([]byte, 0, fi.Size()+1) // +1: ReadAll's last read finds EOF
	}
	r := io.LimitReader(f, MaxCheckpointBytes+1)
	for chunk := make([]byte, 64<<10); ; {
		n, err := r.Read(chunk)
		for i, b := range chunk[:n] {
			at := len(data) + i
			if at < len(checkpointHeader) && b != checkpointHeader[at] || b != '\n' && (b < ' ' || b > '~') {
				return nil, fmt.Errorf("%w: not a checkpoint file (byte %d is %q)", ErrCheckpoint, at+1, b)
			}
		}
		data = append(data, chunk[:n]...)
		if len(data) > MaxCheckpointBytes {
			return nil, tooBig
		}
		if err == io.EOF {
			return data, nil
		} else if err != nil {
			return nil, err
		}
	}
}

// WriteFile writes ck to path atomically: to a temporary file in the same
// directory, synced, then renamed over path, and the directory synced, so
// that a crash at any moment leaves either the old file or the new one.
// Errors wrap ErrCheckpointWrite; the old file is then intact.
func (ck *Checkpoint) WriteFile(path string) error {
	data, err := ck.MarshalBinary()
	if err == nil {
		err = writeFileAtomic(path, data)
	}
	if err != nil {
		return fmt.Errorf("%w %s: %w", ErrCheckpointWrite, path, err)
	}
	return nil
}

// writeFileAtomic replaces path by data atomically; tests replace it to
// simulate a full disk.
var writeFileAtomic = func(path string, data []byte) error {
	if err := renameio.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	// renameio syncs the file; the rename itself is durable once the
	// directory is.
	dir, err := os.Open(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer dir.Close()
	return dir.Sync()
}
