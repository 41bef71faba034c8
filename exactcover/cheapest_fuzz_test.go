package exactcover_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
)

// costQueens returns the n queens with costs: a queen costs its row
// times its column, modulo 7.
func costQueens(n int) *exactcover.Problem {
	p := queens(n)
	for k := range p.Options {
		p.Options[k].Cost = int64(k*k%7 + k%3)
	}
	return p
}

// stoppedCostCheckpoint returns the file of a search for p's k cheapest
// solutions stopped after nodes nodes.
func stoppedCostCheckpoint(t testing.TB, s *exactcover.Solver, k int, nodes int64, eng exactcover.Engine) []byte {
	t.Helper()
	res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: k, MaxNodes: nodes, Engine: eng}, nil)
	if err != nil || res.Checkpoint == nil {
		t.Fatalf("%v, %+v", err, res)
	}
	data, err := res.Checkpoint.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// FuzzCostCheckpoint feeds the reader of checkpoints of searches for the
// cheapest solutions bodies that carry a valid digest, and resumes the
// search for the 3 cheapest solutions of the 6 queens with costs from
// every one it accepts, with one worker and with two. The reader returns
// a checkpoint or an error wrapping ErrCheckpoint or
// ErrCheckpointMismatch; an accepted checkpoint says what a search could
// have written (checkKept: min(K, its count) solutions kept, distinct, by
// increasing cost) and writes back to one that reads the same; resuming
// ends with a result or an error wrapping one of them (the solutions and
// units checked against the problem), never a panic. A result holds the
// same invariants as the file, with solutions of the problem at their
// costs, the i-th no cheaper than the i-th cheapest solution there is (a
// brute force's), and a checkpoint, when it stopped, that reads back.
//
//	go test -run '^$' -fuzz FuzzCostCheckpoint ./exactcover/
func FuzzCostCheckpoint(f *testing.F) {
	p := costQueens(6)
	s := mustNew(f, p)
	all := bruteForceCosts(p)
	for _, nodes := range []int64{1, 7, 20, 45} {
		for _, eng := range checkpointEngines {
			data := stoppedCostCheckpoint(f, s, 3, nodes, eng)
			f.Add(body(data))
			// The same with its cheapest solution taken out, as forged.
			ck, err := exactcover.ReadCheckpoint(bytes.NewReader(data))
			if err != nil {
				f.Fatal(err)
			}
			if len(ck.Solutions) > 0 {
				ck.Solutions = ck.Solutions[1:]
				forged, _ := ck.MarshalBinary()
				f.Add(body(forged))
			}
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		data := redigest(t, append(bytes.Clone(b), "\nsha256:\n"...))
		var ck exactcover.Checkpoint
		if err := ck.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, exactcover.ErrCheckpoint) && !errors.Is(err, exactcover.ErrCheckpointMismatch) {
				t.Fatalf("an error that wraps neither ErrCheckpoint nor ErrCheckpointMismatch: %v", err)
			}
			return
		}
		if why := checkKept(ck.Best, ck.Stats.Solutions, ck.Solutions); why != "" {
			t.Fatalf("an accepted checkpoint %s", why)
		}
		again, err := ck.MarshalBinary()
		if err != nil {
			t.Fatalf("an accepted checkpoint does not write back: %v", err)
		}
		var ck2 exactcover.Checkpoint
		if err := ck2.UnmarshalBinary(again); err != nil {
			t.Fatalf("a written checkpoint does not read back: %v\n%s", err, again)
		}
		if third, _ := ck2.MarshalBinary(); !bytes.Equal(again, third) {
			t.Fatalf("writing is not stable:\n%s\n%s", again, third)
		}
		for _, workers := range []int{1, 2} {
			res, err := s.Cheapest(context.Background(), exactcover.CostConfig{Best: ck.Best, Resume: &ck, Workers: workers, MaxNodes: 1 << 16}, nil)
			if err != nil {
				if !errors.Is(err, exactcover.ErrCheckpoint) && !errors.Is(err, exactcover.ErrCheckpointMismatch) && !errors.Is(err, exactcover.ErrBadBest) {
					t.Fatalf("resuming: %v", err)
				}
				continue
			}
			if why := checkKept(ck.Best, res.Solutions, res.Best); why != "" {
				t.Fatalf("resumed with %d workers, the search %s", workers, why)
			}
			for i, sol := range res.Best {
				if err := verify.Solution(p, sol.Options); err != nil {
					t.Fatalf("best %v: %v", sol.Options, err)
				}
				if c := costOf(p, sol.Options); c != sol.Cost {
					t.Fatalf("best %v at cost %d, its options cost %d", sol.Options, sol.Cost, c)
				}
				if sol.Cost < all[i] {
					t.Fatalf("best %d costs %d, but the %d-th cheapest solution costs %d", i+1, sol.Cost, i+1, all[i])
				}
			}
			if res.Checkpoint != nil {
				data, err := res.Checkpoint.MarshalBinary()
				if err == nil {
					_, err = exactcover.ReadCheckpoint(bytes.NewReader(data))
				}
				if err != nil {
					t.Fatalf("the checkpoint of a search resumed is refused: %v\n%s", err, data)
				}
			}
		}
	})
}

// checkKept says what is wrong with best as the solutions kept by a
// search for the k cheapest that counted n solutions, or "": it keeps
// min(k, n), distinct, by increasing cost.
func checkKept(k int, n int64, best []exactcover.CostSolution) string {
	if int64(len(best)) != min(int64(k), n) {
		return fmt.Sprintf("keeps %d solutions of %d found for the %d best", len(best), n, k)
	}
	seen := map[string]bool{}
	for i, b := range best {
		if i > 0 && b.Cost < best[i-1].Cost {
			return fmt.Sprintf("keeps solution %d cheaper than the one before it", i+1)
		}
		key := fmt.Sprint(slices.Sorted(slices.Values(b.Options)))
		if seen[key] {
			return fmt.Sprintf("keeps %v twice", b.Options)
		}
		seen[key] = true
	}
	return ""
}

// TestCostCheckpointFile checks that a checkpoint of a search for the
// cheapest solutions reads back as written, that the reader tells it from
// the checkpoint of a count (Best), which each kind of search refuses to
// resume with ErrCheckpointMismatch, and that a solution whose cost was
// raised in the file (with the digest made again), which the file alone
// cannot tell, is refused at the resume, naming the solution.
func TestCostCheckpointFile(t *testing.T) {
	p := costQueens(6)
	s := mustNew(t, p)
	data := stoppedCostCheckpoint(t, s, 3, 45, exactcover.EngineDLX)
	ck, err := exactcover.ReadCheckpoint(bytes.NewReader(data))
	if err != nil || ck.Best != 3 || len(ck.Solutions) == 0 || ck.Units() == 0 {
		t.Fatalf("%v, %+v", err, ck)
	}
	if again, _ := ck.MarshalBinary(); !bytes.Equal(again, data) {
		t.Fatalf("read and written again:\n%s\n%s", data, again)
	}
	if _, err := s.Count(context.Background(), exactcover.Config{Resume: ck}); !errors.Is(err, exactcover.ErrCheckpointMismatch) {
		t.Errorf("a count resuming a cost checkpoint: %v", err)
	}
	_, data = stoppedCheckpoint(t, p, 20)
	plain, err := exactcover.ReadCheckpoint(bytes.NewReader(data))
	if err != nil || plain.Best != 0 || plain.Units() == 0 {
		t.Fatalf("the checkpoint of a count: %v, %+v", err, plain)
	}
	if _, err := s.Cheapest(context.Background(), exactcover.CostConfig{Resume: plain}, nil); !errors.Is(err, exactcover.ErrCheckpointMismatch) {
		t.Errorf("a search for the cheapest solutions resuming a count's checkpoint: %v", err)
	}
	data = stoppedCostCheckpoint(t, s, 3, 45, exactcover.EngineDLX)
	last := len(ck.Solutions) - 1 // raised, it stays the dearest: the file alone cannot tell
	cost := []byte(`"cost":` + itoa(ck.Solutions[last].Cost) + `}`)
	i := bytes.LastIndex(data, cost)
	if i < 0 {
		t.Fatalf("no %s in %s", cost, data)
	}
	tampered := append(append(bytes.Clone(data[:i]), `"cost":`+itoa(ck.Solutions[last].Cost+1)+`}`...), data[i+len(cost):]...)
	bad, err := exactcover.ReadCheckpoint(bytes.NewReader(redigest(t, tampered)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Cheapest(context.Background(), exactcover.CostConfig{Best: 3, Resume: bad}, nil)
	if want := fmt.Sprintf("solution %d: its options cost", last+1); !errors.Is(err, exactcover.ErrCheckpoint) || !strings.Contains(err.Error(), want) {
		t.Errorf("a cost changed: %v", err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
