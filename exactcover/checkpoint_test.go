package exactcover_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/xcover/xcover/exactcover"
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
	seeds := 6
	if !testing.Short() {
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
					seq, err := s.Search(context.Background(), exactcover.Config{Engine: engine}, nil)
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
						Checkpoint:      ck,
						CheckpointEvery: time.Duration(1+r.IntN(5)) * time.Millisecond,
					}
					if run > 0 {
						c, err := exactcover.ReadCheckpoint(ck)
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
					st, err = s.Search(ctx, cfg, visit)
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
	s := mustNew(t, in.p)
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck")
	f := newFound(t, in.p)
	var (
		mu     sync.Mutex
		before []int    // solutions visited when each checkpoint was taken
		saved  [][]byte // the files
	)
	_, err := s.Search(context.Background(), exactcover.Config{
		Engine:          exactcover.EngineDLX,
		Workers:         4,
		Checkpoint:      ck,
		CheckpointEvery: 2 * time.Millisecond,
		BeforeCheckpoint: func() error {
			mu.Lock()
			defer mu.Unlock()
			before = append(before, len(f.sols)) // no solution is being visited now
			return nil
		},
		OnCheckpoint: func(ev exactcover.CheckpointEvent) {
			if ev.Err != nil {
				t.Error(ev.Err)
			}
			data, err := os.ReadFile(ck)
			if err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			saved = append(saved, data)
			mu.Unlock()
		},
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
		c, err := exactcover.ReadCheckpoint(path)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Running || c.Stats.Solutions != int64(before[k]) {
			t.Fatalf("checkpoint %d: running %v, %d solutions; %d visited before it", k, c.Running, c.Stats.Solutions, before[k])
		}
		g := newFound(t, in.p)
		st, err := s.Search(context.Background(), exactcover.Config{Workers: 1 + k%3, Resume: c}, g.visit)
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
	st, err := s.Search(context.Background(), exactcover.Config{Workers: 2, Checkpoint: path, MaxNodes: nodes}, nil)
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
	if _, err := exactcover.ReadCheckpoint(path); err != nil {
		t.Fatalf("the intact file: %v", err)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	refuse := func(name string, contents []byte, want error) {
		t.Helper()
		if err := os.WriteFile(bad, contents, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := exactcover.ReadCheckpoint(bad); !errors.Is(err, want) {
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
	v2 := bytes.Replace(data, []byte(`"version":1`), []byte(`"version":2`), 1)
	refuse("version 2, digest and all", redigest(t, v2), exactcover.ErrCheckpoint)

	// Another search.
	c, err := exactcover.ReadCheckpoint(path)
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
		tt.cfg.Resume, tt.cfg.Checkpoint, tt.cfg.Workers = c, path, 2
		st, err := tt.s.Search(context.Background(), tt.cfg, nil)
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
// failure is returned; the last good file stays intact.
func TestCheckpointWriteFailure(t *testing.T) {
	p := loadShared(t, "queens-10")
	path, good := stoppedCheckpoint(t, p, 500)
	c, err := exactcover.ReadCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	defer exactcover.SetWriteFile(func(string, []byte) error {
		return &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
	})()
	s := mustNew(t, p)
	var failed int
	st, err := s.Search(context.Background(), exactcover.Config{
		Workers: 2, Resume: c, Checkpoint: path, CheckpointEvery: time.Millisecond, MaxNodes: 8000,
		OnCheckpoint: func(ev exactcover.CheckpointEvent) {
			if !errors.Is(ev.Err, exactcover.ErrCheckpointWrite) || !errors.Is(ev.Err, syscall.ENOSPC) {
				t.Errorf("event %+v", ev)
			}
			failed++
		},
	}, nil)
	if !errors.Is(err, exactcover.ErrCheckpointWrite) || !errors.Is(err, syscall.ENOSPC) || st.Status != exactcover.NodeLimit {
		t.Fatalf("%v, %v", st, err)
	}
	t.Logf("%d failed writes; %v", failed, err)
	if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, good) {
		t.Fatalf("the last good checkpoint changed (%v)", err)
	}
}

// TestCheckpointRealWriteError: a checkpoint in a directory that does not
// exist fails with the operating system's error.
func TestCheckpointRealWriteError(t *testing.T) {
	s := mustNew(t, loadShared(t, "queens-8"))
	path := filepath.Join(t.TempDir(), "missing", "ck")
	st, err := s.Search(context.Background(), exactcover.Config{Checkpoint: path}, nil)
	if !errors.Is(err, exactcover.ErrCheckpointWrite) || !errors.Is(err, os.ErrNotExist) || st.Solutions != 92 {
		t.Fatalf("%v, %v", st, err)
	}
}

// TestCheckpointOfCompleteSearch: the checkpoint of a finished search holds
// its totals and no work; resuming it gives the totals at once.
func TestCheckpointOfCompleteSearch(t *testing.T) {
	in := sharedInstance(t, "queens-8")
	s := mustNew(t, in.p)
	path := filepath.Join(t.TempDir(), "ck")
	st, err := s.Search(context.Background(), exactcover.Config{Workers: 2, Checkpoint: path, Engine: exactcover.EngineDLX}, nil)
	if err != nil {
		t.Fatal(err)
	}
	in.matches(t, st)
	c, err := exactcover.ReadCheckpoint(path)
	if err != nil || c.Units() != 0 || c.Running || c.Stats.Status != exactcover.Complete || c.Fraction() != 1 {
		t.Fatalf("%+v, %v", c, err)
	}
	visits := 0
	again, err := s.Search(context.Background(), exactcover.Config{Resume: c}, func([]int) bool { visits++; return true })
	if err != nil || visits != 0 {
		t.Fatalf("%v, %v, %d visits", again, err, visits)
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
	if testing.Short() {
		trials = 2
	}
	for trial := range trials {
		j := 1 + 2*min(trial, 1)
		s := mustNew(t, in.p)
		path := filepath.Join(t.TempDir(), "ck")
		n := 0
		var saved, final atomic.Bool // a periodic checkpoint was written: the panic may come
		_, err := s.Search(context.Background(), exactcover.Config{Workers: j, Checkpoint: path, CheckpointEvery: time.Millisecond, Engine: exactcover.EngineDLX,
			OnCheckpoint: func(ev exactcover.CheckpointEvent) {
				saved.Store(saved.Load() || ev.Err == nil)
				final.Store(final.Load() || ev.Final)
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
		c, err := exactcover.ReadCheckpoint(path)
		if err != nil {
			t.Fatalf("trial %d, %d workers: %v", trial, j, err)
		}
		st, err := s.Search(context.Background(), exactcover.Config{Workers: 2, Resume: c}, nil)
		if err != nil {
			t.Fatal(err)
		}
		in.matches(t, st)
		t.Logf("trial %d, %d workers: final checkpoint %v, resumed from %d solutions, %d units", trial, j, final.Load(), c.Stats.Solutions, c.Units())
	}
}
