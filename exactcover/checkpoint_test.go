package exactcover_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// instance is a shared problem with its published counts.
type instance struct {
	name                                  string
	p                                     *exactcover.Problem
	solutions, nodes, updates, cleansings int64
}

func sharedInstance(t testing.TB, name string) instance {
	e := expectedRow(t, name)
	return instance{name: name, p: loadShared(t, name), solutions: e.solutions, nodes: e.nodes, updates: e.update}
}

func mccInstance(t testing.TB, name string) instance {
	for _, e := range readMCCExpected(t) {
		if e.name == name {
			return instance{name: name, p: loadMCC(t, name), solutions: e.solutions, nodes: e.nodes, updates: e.updates, cleansings: e.cleansings}
		}
	}
	t.Fatalf("%s not in the MCC expected.tsv", name)
	return instance{}
}

// matches fails unless st has the instance's published counts.
func (in instance) matches(t testing.TB, st exactcover.Stats) {
	t.Helper()
	if st.Solutions != in.solutions || st.Nodes != in.nodes || st.Updates != in.updates || st.Cleansings != in.cleansings {
		t.Fatalf("%s: %v, %d cleansings; published: %d solutions, %d nodes, %d updates, %d cleansings",
			in.name, st, st.Cleansings, in.solutions, in.nodes, in.updates, in.cleansings)
	}
}

// TestResumeInterruptedRuns interrupts searches at random moments (seeded),
// two to four times each, by node limits, by cancelling the context after
// a random number of solutions and by deadlines, with random numbers of
// workers, periodic checkpoints every few milliseconds and random poll
// intervals, and resumes each time from the checkpoint file. The final
// totals must be the published ones exactly, and the solutions visited
// across all runs every solution once.
func TestResumeInterruptedRuns(t *testing.T) {
	defer goroutines(t)()
	instances := []instance{sharedInstance(t, "queens-10"), mccInstance(t, "mcc-queens2-6"), sharedInstance(t, "knuth-example")}
	seeds := 3 // under -short and -race: both engines on each instance
	if !testtier.Short() {
		instances = append(instances, sharedInstance(t, "queens-12"), sharedInstance(t, "pent-3x20"))
		seeds = 8
	}
	for i, in := range instances {
		for seed := range seeds {
			engine := engines[(i+seed)%len(engines)]
			t.Run(fmt.Sprintf("%s/%s/%d", in.name, engine, seed), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(seed), 11))
				defer exactcover.SetPollEvery(int64(1 + r.IntN(300)))()
				s := mustNew(t, in.p)
				want := in
				if engine == exactcover.EngineSparse { // its own counts, history-free
					seq, err := searchCount(s, context.Background(), exactcover.Config{Engine: engine})
					if err != nil || seq.Solutions != in.solutions {
						t.Fatalf("sequential %v, %v", seq, err)
					}
					want.nodes, want.updates, want.cleansings = seq.Nodes, seq.Updates, seq.Cleansings
				}
				ck := filepath.Join(t.TempDir(), "search.ck")
				f := newFound(t, in.p)
				interrupts := 2 + r.IntN(3)
				var st exactcover.Stats
				for run := 0; ; run++ {
					cfg := exactcover.Config{
						Engine:          engine,
						Workers:         1 + r.IntN(4),
						Checkpoint:      toFile(ck),
						CheckpointEvery: time.Duration(1+r.IntN(5)) * time.Millisecond,
					}
					if run > 0 {
						c, err := readCheckpoint(ck)
						if err != nil {
							t.Fatalf("run %d: %v", run, err)
						}
						if c.Stats.Nodes != st.Nodes || c.Stats.Solutions != st.Solutions {
							t.Fatalf("run %d: checkpoint holds %v, the run ended with %v", run, c.Stats, st)
						}
						cfg.Resume = c
					}
					ctx, cancel := context.WithCancel(context.Background())
					visit := f.visit
					if run < interrupts {
						switch r.IntN(3) {
						case 0:
							cfg.MaxNodes = st.Nodes + 1 + r.Int64N(in.nodes/int64(interrupts)+1)
						case 1:
							stopAt, seen := 1+r.IntN(int(in.solutions/int64(interrupts))+1), 0
							visit = func(sol []int) bool {
								if seen++; seen == stopAt {
									cancel()
								}
								return f.visit(sol)
							}
						default:
							ctx, cancel = context.WithTimeout(ctx, time.Duration(r.IntN(3000))*time.Microsecond)
						}
					}
					var err error
					st, err = searchOrCount(s, ctx, cfg, visit)
					cancel()
					if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
						t.Fatalf("run %d: %v", run, err)
					}
					if st.Status == exactcover.Complete {
						break
					}
					if run > 20 {
						t.Fatalf("still not complete after %d runs: %v", run, st)
					}
				}
				want.matches(t, st)
				sols := f.sorted()
				distinct(t, sols)
				if int64(len(sols)) != in.solutions {
					t.Fatalf("%d solutions visited, %d counted", len(sols), in.solutions)
				}
			})
		}
	}
}

// TestResumeFromPeriodicCheckpoint takes a checkpoint written while four
// workers went on searching, and resumes it: the solutions visited before
// it and those of the resumed search are every solution once, and the
// totals are DLX1's.
func TestResumeFromPeriodicCheckpoint(t *testing.T) {
	in := sharedInstance(t, "queens-12")
	if testtier.Short() { // still dozens of checkpoints under the race detector
		in = sharedInstance(t, "queens-10")
	}
	s := mustNew(t, in.p)
	dir := t.TempDir()
	f := newFound(t, in.p)
	var (
		mu     sync.Mutex
		before []int    // solutions visited when each checkpoint was taken
		saved  [][]byte // the files
	)
	_, err := s.Search(context.Background(), exactcover.Config{
		Engine:  exactcover.EngineDLX,
		Workers: 4,
		Checkpoint: func(c *exactcover.Checkpoint) error {
			data, err := c.MarshalBinary()
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			before = append(before, len(f.sols)) // no solution is being visited now
			saved = append(saved, data)
			return nil
		},
		CheckpointEvery: 2 * time.Millisecond,
	}, f.visit)
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) < 2 {
		t.Skipf("the search ended before a periodic checkpoint (%d written)", len(saved))
	}
	for _, k := range []int{0, len(saved) / 2, len(saved) - 2} {
		path := filepath.Join(dir, fmt.Sprintf("ck%d", k))
		if err := os.WriteFile(path, saved[k], 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := readCheckpoint(path)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Running || c.Stats.Solutions != int64(before[k]) {
			t.Fatalf("checkpoint %d: running %v, %d solutions; %d visited before it", k, c.Running, c.Stats.Solutions, before[k])
		}
		g := newFound(t, in.p)
		st, err := searchOrCount(s, context.Background(), exactcover.Config{Workers: 1 + k%3, Resume: c}, g.visit)
		if err != nil {
			t.Fatal(err)
		}
		in.matches(t, st)
		all := append(slices.Clone(f.sols[:before[k]]), g.sols...)
		slices.Sort(all)
		distinct(t, all)
		if int64(len(all)) != in.solutions {
			t.Fatalf("checkpoint %d: %d + %d solutions, want %d", k, before[k], len(g.sols), in.solutions)
		}
	}
	t.Logf("%d checkpoints", len(saved))
}

// stoppedCheckpoint writes a checkpoint of a search of p stopped after
// the given number of nodes, and returns the file's path and contents.
func stoppedCheckpoint(t testing.TB, p *exactcover.Problem, nodes int64) (string, []byte) {
	t.Helper()
	s := mustNew(t, p)
	path := filepath.Join(t.TempDir(), "ck")
	st, err := searchCount(s, context.Background(), exactcover.Config{Workers: 2, Checkpoint: toFile(path), MaxNodes: nodes})
	if err != nil || st.Status != exactcover.NodeLimit {
		t.Fatalf("%v, %v", st, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

// TestCheckpointRefused: a file cut short, changed, of another format, or a
// checkpoint of another search is refused with a clear error, and the
// file is left as it was.
func TestCheckpointRefused(t *testing.T) {
	p8 := loadShared(t, "queens-8")
	path, data := stoppedCheckpoint(t, p8, 300)
	if _, err := readCheckpoint(path); err != nil {
		t.Fatalf("the intact file: %v", err)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	refuse := func(name string, contents []byte, want error) {
		t.Helper()
		if err := os.WriteFile(bad, contents, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readCheckpoint(bad); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", name, err, want)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
	for _, n := range []int{0, 1, len(data) / 3, len(data) - 60, len(data) - 1} {
		refuse(fmt.Sprintf("cut to %d bytes", n), data[:n], exactcover.ErrCheckpoint)
	}
	tampered := bytes.Replace(data, []byte(`"nodes":`), []byte(`"nodes":1`), 1)
	refuse("a count changed", tampered, exactcover.ErrCheckpoint)
	flipped := slices.Clone(data)
	flipped[len(flipped)/2] ^= 1
	refuse("one bit flipped", flipped, exactcover.ErrCheckpoint)
	refuse("not a checkpoint", []byte(`{"type":"summary","solutions":92}`+"\n"), exactcover.ErrCheckpoint)
	v1 := bytes.Replace(data, fmt.Appendf(nil, `"version":%d`, exactcover.CheckpointVersion), []byte(`"version":1`), 1)
	refuse("version 1, digest and all", redigest(t, v1), exactcover.ErrCheckpoint)

	// Another search.
	c, err := readCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	q10 := mustNew(t, loadShared(t, "queens-10"))
	q8 := mustNew(t, p8)
	for _, tt := range []struct {
		name string
		s    *exactcover.Solver
		cfg  exactcover.Config
	}{
		{"another problem", q10, exactcover.Config{}},
		{"another rule", q8, exactcover.Config{Branching: exactcover.Weighted}},
		{"another partial solution", q8, exactcover.Config{Partial: []int{0}}},
		{"a shard", q8, exactcover.Config{Shard: exactcover.Shard{K: 1, N: 2}}},
	} {
		tt.cfg.Resume, tt.cfg.Checkpoint, tt.cfg.Workers = c, toFile(path), 2
		st, err := searchCount(tt.s, context.Background(), tt.cfg)
		if !errors.Is(err, exactcover.ErrCheckpointMismatch) || st.Nodes != 0 {
			t.Errorf("%s: %v, %v", tt.name, st, err)
		} else {
			t.Logf("%s: %v", tt.name, err)
		}
	}
	if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, data) {
		t.Fatalf("the checkpoint file changed (%v)", err)
	}
}

// redigest replaces the digest line of a checkpoint file's contents by the
// right one for the rest (as someone forging a file would).
func redigest(t testing.TB, data []byte) []byte {
	t.Helper()
	cut := bytes.LastIndex(data[:len(data)-1], []byte("\n")) + 1
	body := data[:cut]
	return append(slices.Clone(body), fmt.Sprintf("sha256:%x\n", sha256.Sum256(body))...)
}

// TestCheckpointWriteFailure: a disk that fills up makes periodic
// checkpoints fail, reported, while the search goes on; the final one's
// failure is returned, on one line; the last good file stays intact.
func TestCheckpointWriteFailure(t *testing.T) {
	p := loadShared(t, "queens-10")
	path, good := stoppedCheckpoint(t, p, 500)
	c, err := readCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	s := mustNew(t, p)
	var failed int
	st, err := searchCount(s, context.Background(), exactcover.Config{
		Workers: 2, Resume: c, CheckpointEvery: time.Millisecond, MaxNodes: 8000,
		Checkpoint: func(*exactcover.Checkpoint) error {
			failed++
			return &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
		},
	})
	if !errors.Is(err, exactcover.ErrCheckpointWrite) || !errors.Is(err, syscall.ENOSPC) || st.Status != exactcover.NodeLimit {
		t.Fatalf("%v, %v", st, err)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("an error of more than one line: %q", err)
	}
	t.Logf("%d failed writes; %v", failed, err)
	if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, good) {
		t.Fatalf("the last good checkpoint changed (%v)", err)
	}
}

// TestCheckpointRealWriteError: a checkpoint in a directory that does not
// exist fails with the operating system's error, on one line.
func TestCheckpointRealWriteError(t *testing.T) {
	s := mustNew(t, loadShared(t, "queens-8"))
	path := filepath.Join(t.TempDir(), "missing", "ck")
	st, err := searchCount(s, context.Background(), exactcover.Config{Checkpoint: toFile(path)})
	if !errors.Is(err, exactcover.ErrCheckpointWrite) || !errors.Is(err, os.ErrNotExist) || st.Solutions != 92 {
		t.Fatalf("%v, %v", st, err)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("an error of more than one line: %q", err)
	}
}

// TestCheckpointOfCompleteSearch: the checkpoint of a finished search holds
// its totals and no work; resuming it gives the totals at once.
func TestCheckpointOfCompleteSearch(t *testing.T) {
	in := sharedInstance(t, "queens-8")
	s := mustNew(t, in.p)
	path := filepath.Join(t.TempDir(), "ck")
	st, err := searchCount(s, context.Background(), exactcover.Config{Workers: 2, Checkpoint: toFile(path), Engine: exactcover.EngineDLX})
	if err != nil {
		t.Fatal(err)
	}
	in.matches(t, st)
	c, err := readCheckpoint(path)
	if err != nil || c.Units() != 0 || c.Running || c.Stats.Status != exactcover.Complete || c.Fraction() != 1 {
		t.Fatalf("%+v, %v", c, err)
	}
	again, err := searchCount(s, context.Background(), exactcover.Config{Resume: c})
	if err != nil {
		t.Fatalf("%v, %v", again, err)
	}
	in.matches(t, again)
}

// TestPanicKeepsCheckpoint: after a worker panics, the checkpoint file is
// one from which the search resumes to the exact totals: the final one when
// the panicking worker's piece went back whole, else the last periodic one
// (which a checkpoint under way at the panic must not replace). Several
// trials with three workers meet both cases.
func TestPanicKeepsCheckpoint(t *testing.T) {
	defer goroutines(t)()
	in := sharedInstance(t, "queens-13") // long enough for periodic checkpoints
	trials := 6
	if testtier.Short() {
		in, trials = sharedInstance(t, "queens-12"), 2 // as long under the race detector
	}
	for trial := range trials {
		j := 1 + 2*min(trial, 1)
		s := mustNew(t, in.p)
		path := filepath.Join(t.TempDir(), "ck")
		n := 0
		var saved, final atomic.Bool // a periodic checkpoint was written: the panic may come
		write := toFile(path)
		_, err := s.Search(context.Background(), exactcover.Config{Workers: j, CheckpointEvery: time.Millisecond, Engine: exactcover.EngineDLX,
			Checkpoint: func(c *exactcover.Checkpoint) error {
				err := write(c)
				saved.Store(saved.Load() || err == nil)
				final.Store(final.Load() || !c.Running)
				return err
			}},
			func([]int) bool {
				if n++; n >= 5000 && saved.Load() {
					panic("visitor bug")
				}
				return true
			})
		var wp *exactcover.WorkerPanic
		if !errors.As(err, &wp) {
			t.Fatalf("trial %d, %d workers: %v", trial, j, err)
		}
		c, err := readCheckpoint(path)
		if err != nil {
			t.Fatalf("trial %d, %d workers: %v", trial, j, err)
		}
		st, err := s.Search(context.Background(), exactcover.Config{Workers: 2, Resume: c}, func([]int) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		in.matches(t, st)
		t.Logf("trial %d, %d workers: final checkpoint %v, resumed from %d solutions, %d units", trial, j, final.Load(), c.Stats.Solutions, c.Units())
	}
}

// TestResumeAsksTheSame: a checkpoint records what its search asked for
// (solutions counted or listed, and how many), and a resumed search that
// asks for something else is refused, leaving the file as it was: a count
// resumed as a search for one solution would stop at once and drop the
// rest of the tree, and rewrite the checkpoint as complete. Resumed with
// the same goal, the totals are DLX1's.
func TestResumeAsksTheSame(t *testing.T) {
	in := sharedInstance(t, "queens-10")
	s := mustNew(t, in.p)
	list := func([]int) bool { return true }
	for _, tt := range []struct {
		name     string
		first    exactcover.Config
		visit    func([]int) bool
		resumeAs []exactcover.Config // each with visit and without
	}{
		{"count", exactcover.Config{}, nil, []exactcover.Config{{MaxSolutions: 1}, {MaxSolutions: 3}}},
		{"list all", exactcover.Config{}, list, []exactcover.Config{{MaxSolutions: 1}, {MaxSolutions: 500}}},
		{"limit 500", exactcover.Config{MaxSolutions: 500}, list, []exactcover.Config{{}, {MaxSolutions: 1}, {MaxSolutions: 501}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "ck")
			cfg := tt.first
			cfg.Workers, cfg.Checkpoint, cfg.MaxNodes, cfg.Engine = 2, toFile(path), 2000, exactcover.EngineDLX
			if st, err := searchOrCount(s, context.Background(), cfg, tt.visit); err != nil || st.Status != exactcover.NodeLimit {
				t.Fatalf("first run: %v, %v", st, err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ck, err := readCheckpoint(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, other := range tt.resumeAs {
				for _, visit := range []func([]int) bool{nil, list} {
					if other.MaxSolutions == tt.first.MaxSolutions && (visit == nil) == (tt.visit == nil) {
						continue // the same goal
					}
					other.Resume, other.Checkpoint, other.Workers = ck, toFile(path), 2
					st, err := searchOrCount(s, context.Background(), other, visit)
					if !errors.Is(err, exactcover.ErrCheckpointMismatch) || st.Nodes != 0 {
						t.Errorf("resumed with limit %d, visit %v: %v, %v; want ErrCheckpointMismatch", other.MaxSolutions, visit != nil, st, err)
					} else {
						t.Logf("limit %d, visit %v: %v", other.MaxSolutions, visit != nil, err)
					}
					if now, _ := os.ReadFile(path); !bytes.Equal(now, data) {
						t.Fatalf("a refused resume changed the checkpoint")
					}
				}
			}
			same := tt.first
			same.Resume, same.Checkpoint, same.Workers = ck, toFile(path), 2
			st, err := searchOrCount(s, context.Background(), same, tt.visit)
			if err != nil {
				t.Fatal(err)
			}
			if tt.first.MaxSolutions == 0 {
				in.matches(t, st)
			} else if st.Status != exactcover.SolutionLimit || st.Solutions != tt.first.MaxSolutions {
				t.Fatalf("resumed: %v, want %d solutions", st, tt.first.MaxSolutions)
			}
		})
	}
}

// forge returns a checkpoint file's contents with its fields changed by
// edit and the digest recomputed, as someone forging a file would.
func forge(t testing.TB, data []byte, edit func(f map[string]any)) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(body(data)))
	dec.UseNumber()
	var f map[string]any
	if err := dec.Decode(&f); err != nil {
		t.Fatal(err)
	}
	edit(f)
	// json.Marshal sorts the keys: "format" goes back first, where every
	// checkpoint has it, so that the file is refused for its content.
	format, err := json.Marshal(f["format"])
	if err != nil {
		t.Fatal(err)
	}
	delete(f, "format")
	rest, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	out := append(append(append([]byte(`{"format":`), format...), ','), rest[1:]...)
	return redigest(t, append(out, "\nsha256:\n"...))
}

// TestCheckpointForged: a checkpoint whose digest is right but whose
// content cannot be that of a search of this problem is refused before
// the search starts, with an error wrapping ErrCheckpoint (or
// ErrCheckpointMismatch), nothing counted and the file untouched: counts
// that overflow or contradict one another, units repeated or inside one
// another, paths that name no node, a shard the units do not belong to.
func TestCheckpointForged(t *testing.T) {
	p := loadShared(t, "queens-8")
	s := mustNew(t, p)
	path := filepath.Join(t.TempDir(), "ck")
	// DLX: its exports hold units of every kind (a node, the rests of levels).
	if st, err := searchCount(s, context.Background(), exactcover.Config{Workers: 2, Checkpoint: toFile(path), MaxNodes: 300, Engine: exactcover.EngineDLX}); err != nil || st.Status != exactcover.NodeLimit {
		t.Fatalf("%v, %v", st, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	shard, err := searchCount(s, context.Background(), exactcover.Config{Shard: exactcover.Shard{K: 2, N: 3}, Engine: exactcover.EngineDLX})
	if err != nil {
		t.Fatal(err)
	}
	units := func(f map[string]any) []any { return f["units"].([]any) }
	unit := func(f map[string]any, i int) map[string]any { return units(f)[i].(map[string]any) }
	firstNode := func(f map[string]any) map[string]any { // the first unit that is a node, not the rest of one
		for i := range units(f) {
			if u := unit(f, i); u["after"] == nil {
				return u
			}
		}
		t.Fatal("no node unit")
		return nil
	}
	clone := func(u map[string]any) map[string]any {
		b, _ := json.Marshal(u)
		var c map[string]any
		json.Unmarshal(b, &c)
		return c
	}
	// whole returns unit i with its whole path, shared with no unit before.
	whole := func(f map[string]any, i int) map[string]any {
		var path []any
		for j := 0; j <= i; j++ {
			u := unit(f, j)
			shared := int64(0)
			if n, ok := u["shared"].(json.Number); ok {
				shared, _ = n.Int64()
			}
			path = append(path[:shared:shared], u["path"].([]any)...)
		}
		c := clone(unit(f, i))
		c["path"] = path
		delete(c, "shared")
		return c
	}
	// noRoot takes the root out of the counts, as a shard other than 1
	// counts.
	noRoot := func(f map[string]any) {
		nodes, _ := f["nodes"].(json.Number).Int64()
		f["nodes"], f["profile"].([]any)[0] = json.Number(strconv.FormatInt(nodes-1, 10)), json.Number("0")
	}
	for _, tt := range []struct {
		name string
		edit func(f map[string]any)
	}{
		{"solutions 2^63-1", func(f map[string]any) { f["solutions"] = json.Number("9223372036854775807") }},
		{"nodes 2^62+1, profile to match", func(f map[string]any) {
			f["nodes"] = json.Number("4611686018427387905")
			f["profile"] = []any{json.Number("4611686018427387905")}
		}},
		{"profile summing past 2^63", func(f map[string]any) {
			f["profile"] = []any{json.Number("9223372036854775807"), json.Number("9223372036854775807"), json.Number("302")}
		}},
		{"profile not adding up to the nodes", func(f map[string]any) { f["profile"] = append(f["profile"].([]any), json.Number("1")) }},
		{"more solutions than nodes", func(f map[string]any) { f["solutions"] = json.Number("301") }},
		{"two roots", func(f map[string]any) {
			prof := f["profile"].([]any)
			n, _ := prof[1].(json.Number).Int64()
			prof[0], prof[1] = json.Number("2"), json.Number(strconv.FormatInt(n-1, 10))
		}},
		{"negative profile", func(f map[string]any) { f["profile"].([]any)[1] = json.Number("-1") }},
		{"a unit twice", func(f map[string]any) { f["units"] = append(units(f), clone(unit(f, 0))) }},
		{"a unit inside another", func(f map[string]any) {
			u := clone(firstNode(f))
			u["path"] = append(u["path"].([]any), []any{7, 60})
			f["units"] = append(units(f), u)
		}},
		{"a rest of a node unit's node", func(f map[string]any) {
			u := clone(firstNode(f))
			u["path"], u["after"] = append(u["path"].([]any), []any{7, 60}), true
			f["units"] = append(units(f), u)
		}},
		{"two rests of one node", func(f map[string]any) {
			for i := range units(f) {
				if u := unit(f, i); u["after"] != nil {
					f["units"] = append(units(f), whole(f, i))
					return
				}
			}
			t.Fatal("no rest unit")
		}},
		{"an option that does not exist", func(f map[string]any) {
			f["units"] = append(units(f), map[string]any{"path": []any{[]any{0, 99999}}, "lo": 0, "hi": 0, "end": 0})
		}},
		{"two options that clash", func(f map[string]any) {
			// queens 8: r0 c0 (option 0), then r1 c1 (option 9), on one diagonal
			f["units"] = append(units(f), map[string]any{"path": []any{[]any{0, 0}, []any{1, 9}}, "lo": 0, "hi": 0, "end": 0})
		}},
		{"a negative skip", func(f map[string]any) { unit(f, 0)["skip"] = -3 }},
		{"solutions past the limit", func(f map[string]any) { f["limit"] = 5 }},
		{"a partial solution its units do not start with", func(f map[string]any) { f["partial"] = []any{40} }},
		{"a shard field on a whole search", func(f map[string]any) {
			f["shard"] = map[string]any{"k": 2, "n": 3, "split": "forged"}
			noRoot(f) // which shard 1 counts
		}},
		{"a shard field with the true split on a whole search", func(f map[string]any) {
			f["shard"] = map[string]any{"k": 2, "n": 3, "split": shard.Split}
			noRoot(f)
		}},
		{"the root in shard 2", func(f map[string]any) {
			f["shard"] = map[string]any{"k": 2, "n": 3, "split": shard.Split}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			forged := forge(t, data, tt.edit)
			if err := os.WriteFile(path, forged, 0o644); err != nil {
				t.Fatal(err)
			}
			ck, err := readCheckpoint(path)
			if err == nil {
				var st exactcover.Stats
				st, err = searchCount(s, context.Background(), exactcover.Config{Resume: ck, Checkpoint: toFile(path), Workers: 2}) // a count, as the checkpoint's
				if err != nil && st.Nodes != 0 {
					t.Errorf("refused after searching: %v", st)
				}
				if err == nil {
					t.Fatalf("accepted and resumed: %v", st)
				}
			}
			if !errors.Is(err, exactcover.ErrCheckpoint) && !errors.Is(err, exactcover.ErrCheckpointMismatch) {
				t.Fatalf("%v, want ErrCheckpoint", err)
			}
			if strings.Contains(err.Error(), "not a checkpoint file") || strings.Contains(err.Error(), "digest") {
				t.Fatalf("refused for its form, not for what it says: %v", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("an error of more than one line: %q", err)
			}
			t.Log(err)
			if now, _ := os.ReadFile(path); !bytes.Equal(now, forged) {
				t.Fatal("the refused checkpoint was rewritten")
			}
		})
	}
}

// TestReadCheckpointBounded: a file that is plainly no checkpoint is
// refused at its first bytes, and one larger than MaxCheckpointBytes
// before it is read, whether its size is known (a file, here a sparse one
// of 2 GiB that starts as a checkpoint does) or not (/dev/zero): neither
// takes more than a little memory.
func TestReadCheckpointBounded(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.ck")
	if err := os.WriteFile(big, []byte(`{"format":"xcover checkpoint","version":2,`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 2<<30); err != nil {
		t.Skip("no sparse files here:", err)
	}
	paths := []string{big}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	for _, path := range paths {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := readCheckpoint(path)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, exactcover.ErrCheckpoint) {
			t.Errorf("%s: %v, want ErrCheckpoint", path, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
			t.Errorf("%s: %d bytes allocated to refuse it", path, alloc)
		}
		t.Log(err)
	}
}

// TestCheckCheckpoint checks Solver.CheckCheckpoint on the checkpoint of
// a count: the file as written passes; one of another problem is
// ErrCheckpointMismatch; one whose units name no node of the tree, or
// whose counts contradict one another (digests made again), is
// ErrCheckpoint, as the search that would resume it finds.
func TestCheckCheckpoint(t *testing.T) {
	p := loadShared(t, "queens-8")
	s := mustNew(t, p)
	_, data := stoppedCheckpoint(t, p, 300)
	read := func(data []byte) *exactcover.Checkpoint {
		ck, err := exactcover.ReadCheckpoint(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return ck
	}
	if err := s.CheckCheckpoint(read(data)); err != nil {
		t.Fatalf("the file as written: %v", err)
	}
	if err := mustNew(t, queens(7)).CheckCheckpoint(read(data)); !errors.Is(err, exactcover.ErrCheckpointMismatch) {
		t.Errorf("another problem: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(f map[string]any)
	}{
		{"a unit that names no option", func(f map[string]any) {
			f["units"] = append(f["units"].([]any), map[string]any{"path": []any{[]any{0, 99999}}, "lo": 0, "hi": 0, "end": 0})
		}},
		{"a unit of clashing options", func(f map[string]any) {
			f["units"] = append(f["units"].([]any), map[string]any{"path": []any{[]any{0, 0}, []any{1, 9}}, "lo": 0, "hi": 0, "end": 0})
		}},
	} {
		err := s.CheckCheckpoint(read(forge(t, data, tc.edit)))
		if !errors.Is(err, exactcover.ErrCheckpoint) {
			t.Errorf("%s: %v, want ErrCheckpoint", tc.name, err)
		}
		_, resumed := searchCount(s, context.Background(), exactcover.Config{Resume: read(forge(t, data, tc.edit)), Workers: 2})
		if !errors.Is(resumed, exactcover.ErrCheckpoint) {
			t.Errorf("%s, resumed: %v, want ErrCheckpoint", tc.name, resumed)
		}
	}
}
