package exactcover_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
)

// sharedDir holds Knuth-format instances with known counts; see its README.
var sharedDir = filepath.Join("..", "..", "shared", "data", "exactcover")

// expected is one row of expected.tsv: facts (solutions) and the statistics
// Knuth's DLX1 printed on the same file.
type expected struct {
	name                     string
	solutions, nodes, update int64
}

func readExpected(t testing.TB) []expected {
	f, err := os.Open(filepath.Join(sharedDir, "expected.tsv"))
	if err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	defer f.Close()
	var rows []expected
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < 4 {
			continue
		}
		var e expected
		e.name = fields[0]
		nums := []*int64{&e.solutions, &e.nodes, &e.update}
		for i, p := range nums {
			if *p, err = strconv.ParseInt(fields[i+1], 10, 64); err != nil {
				t.Fatalf("expected.tsv: %v", err)
			}
		}
		rows = append(rows, e)
	}
	return rows
}

func loadShared(t testing.TB, name string) *exactcover.Problem {
	return loadDLX(t, filepath.Join(sharedDir, name+".dlx"))
}

// shortNodes is the most search-tree nodes (Knuth's count) of an instance
// that -short keeps: the race detector makes a search twenty times slower.
const shortNodes = 100_000

// shortUpdates is the most updates (Knuth's count) of an instance that
// TestSharedInstances keeps under -short: its searches run on one
// goroutine, where the race detector finds nothing, and pent-3x20's
// 11 million updates take it a minute.
const shortUpdates = 5_000_000

// sparseListUpdates bounds the instances whose solutions
// TestSharedInstances lists again with the sparse-set engine: the
// pentomino boards past it take seconds each to list and verify.
const sparseListUpdates = 100_000_000

// slowShared are the instances skipped by -short: more than 50 million
// updates or 100,000 solutions each, seconds apiece and minutes under -race.
var slowShared = map[string]bool{
	"pent-6x10": true, "pent-5x12": true, "pent-4x15": true, "pent-6x10-sym": true,
	"queens-14": true, "sudoku-multi-823k": true,
}

// longShared are the instances of the long tier (testtier.Long): more than
// 60 million updates or 800,000 solutions, seconds per search on an idle
// machine and five times that at a load of 10.
var longShared = map[string]bool{
	"pent-6x10": true, "pent-5x12": true, "pent-4x15": true, "pent-6x10-sym": true,
	"queens-14": true, "sudoku-multi-823k": true,
}

// TestSharedInstances checks every shared file against DLX1: the number of
// solutions (a published fact), and the nodes and updates DLX1 reported,
// which the default branching rule must reproduce exactly. Every solution
// is checked by the independent verifier.
func TestSharedInstances(t *testing.T) {
	for _, e := range readExpected(t) {
		t.Run(e.name, func(t *testing.T) {
			if longShared[e.name] {
				testtier.Long(t)
			}
			if testtier.Short() && (slowShared[e.name] || e.nodes > shortNodes || e.update > shortUpdates) {
				t.Skip("slow; run without -short")
			}
			p := loadShared(t, e.name)
			s, err := exactcover.New(p)
			if err != nil {
				t.Fatal(err)
			}
			check := verify.NewChecker(p)
			st, err := s.Search(context.Background(), exactcover.Config{Engine: exactcover.EngineDLX}, func(sol []int) bool {
				if err := check.Check(sol); err != nil {
					t.Fatalf("invalid solution %v: %v", sol, err)
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != e.solutions || st.Nodes != e.nodes || st.Updates != e.update {
				t.Errorf("got %d solutions, %d nodes, %d updates; DLX1: %d, %d, %d",
					st.Solutions, st.Nodes, st.Updates, e.solutions, e.nodes, e.update)
			}
			var sum int64
			for _, n := range st.Profile {
				sum += n
			}
			if sum != st.Nodes || st.Status != exactcover.Complete {
				t.Errorf("profile sums to %d, nodes %d, status %v", sum, st.Nodes, st.Status)
			}
			// The sparse-set engine counts nodes its own way, but finds
			// the same solutions, listed on the instances of at most
			// sparseListUpdates.
			if e.update > sparseListUpdates {
				return
			}
			st, err = s.Search(context.Background(), exactcover.Config{Engine: exactcover.EngineSparse}, func(sol []int) bool {
				if err := check.Check(sol); err != nil {
					t.Fatalf("sparse: invalid solution %v: %v", sol, err)
				}
				return true
			})
			if err != nil || st.Solutions != e.solutions || st.Status != exactcover.Complete {
				t.Errorf("sparse: %v, %v; want %d solutions", st, err, e.solutions)
			}
		})
	}
}

// checkSolution fails the test unless sol solves p.
func checkSolution(t testing.TB, p *exactcover.Problem, sol []int) {
	t.Helper()
	if err := verify.Solution(p, sol); err != nil {
		t.Fatalf("invalid solution %v: %v", sol, err)
	}
}

// toFile returns a checkpoint sink that writes each checkpoint to path
// (the command line replaces its file atomically; tests need not).
func toFile(path string) func(*exactcover.Checkpoint) error {
	return func(ck *exactcover.Checkpoint) error {
		data, err := ck.MarshalBinary()
		if err != nil {
			return err
		}
		return os.WriteFile(path, data, 0o644)
	}
}

// readCheckpoint reads the checkpoint file at path.
func readCheckpoint(path string) (*exactcover.Checkpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return exactcover.ReadCheckpoint(f)
}

// searchCount counts by the search what cfg asks for, as Solver.Count's
// MethodSearch does, and returns the search's statistics: Search with no
// visitor.
func searchCount(s *exactcover.Solver, ctx context.Context, cfg exactcover.Config) (exactcover.Stats, error) {
	cfg.Method = exactcover.MethodSearch
	res, err := s.Count(ctx, cfg)
	return res.Search, err
}

// searchOrCount is Search with visit, or searchCount when visit is nil: for
// tests that run the same search listing and counting.
func searchOrCount(s *exactcover.Solver, ctx context.Context, cfg exactcover.Config, visit func([]int) bool) (exactcover.Stats, error) {
	if visit == nil {
		return searchCount(s, ctx, cfg)
	}
	return s.Search(ctx, cfg, visit)
}
