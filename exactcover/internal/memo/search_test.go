package memo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/zdd"
)

// sets lists a ZDD's sets as enginetest writes solutions: the caller's
// option indices, sorted.
func sets(z *zdd.ZDD) []string {
	var found []string
	for set := range z.All() {
		s := make([]int, len(set))
		for i, v := range set {
			s[i] = v - 1
		}
		slices.Sort(s)
		found = append(found, fmt.Sprint(s))
	}
	slices.Sort(found)
	return found
}

func searchZDD(t *testing.T, p *core.Problem, cfg Config) (*zdd.ZDD, *Searcher) {
	t.Helper()
	s := NewSearcher(p, cfg)
	if err := s.Run(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if !s.Done() {
		t.Fatal("not done")
	}
	return s.ZDD(), s
}

// TestSearchBruteForce builds the ZDD of random problems with colors by
// the search and compares its sets with brute force, and its size with
// the frontier's ZDD: both are reduced, but ordered differently, so only
// the families must agree.
func TestSearchBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	trials := 3000
	if testtier.Short() {
		trials = 600
	}
	for trial := range trials {
		p := enginetest.Random(r, false)
		want := enginetest.BruteForce(p)
		z, _ := searchZDD(t, p, Config{})
		if got := z.Count(); got.Int64() != int64(len(want)) {
			t.Fatalf("trial %d: count %v, brute force %d\n%s", trial, got, len(want), enginetest.Describe(p))
		}
		if got := sets(z); !slices.Equal(got, want) {
			t.Fatalf("trial %d: ZDD %v, brute force %v\n%s", trial, got, want, enginetest.Describe(p))
		}
	}
}

// TestSearchAgainstSearch builds the ZDD of bigger random problems, whose
// keys take several words, and compares its count with the dancing-links
// engine's.
func TestSearchAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	compared := 0
	for trial := range 60 {
		p := wide(r, false)
		var c core.Counters
		end, err := dlxSearch(p, &c)
		if err != nil {
			t.Fatal(err)
		}
		if end != core.Complete {
			continue
		}
		compared++
		z, s := searchZDD(t, p, Config{})
		if got := z.Count(); !got.IsInt64() || got.Int64() != c.Solutions {
			t.Fatalf("trial %d: ZDD %v, search %d", trial, got, c.Solutions)
		}
		if s.words < 2 {
			t.Errorf("trial %d: key of %d word", trial, s.words)
		}
	}
	if compared < 30 {
		t.Errorf("only %d problems small enough to search", compared)
	}
}

// TestSearchDomino counts domino tilings by the search's ZDD.
func TestSearchDomino(t *testing.T) {
	for _, b := range [][2]int{{1, 1}, {1, 2}, {2, 2}, {3, 4}, {5, 6}, {7, 3}, {6, 6}} {
		z, _ := searchZDD(t, domino(b[0], b[1]), Config{})
		if got, want := z.Count(), kasteleyn(b[0], b[1]); !got.IsInt64() || got.Int64() != want {
			t.Errorf("%d×%d: %v, Kasteleyn %d", b[0], b[1], got, want)
		}
	}
}

// TestSearchLimits: the memory limit stops the search with the figure, and
// a cancelled context stops it; both can be seen from outside.
func TestSearchLimits(t *testing.T) {
	p := domino(8, 8)
	s := NewSearcher(p, Config{Limit: 1 << 16})
	err := s.Run(context.Background(), 0)
	var le *LimitError
	if !errors.As(err, &le) || !errors.Is(err, ErrLimit) || !le.Search || le.Need <= le.Limit {
		t.Fatalf("limit: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = NewSearcher(p, Config{})
	if err := s.Run(ctx, 0); !errors.Is(err, context.Canceled) || s.Done() {
		t.Fatalf("cancelled: %v, done %v", err, s.Done())
	}
	// A search stopped by its node budget goes on where it was.
	s = NewSearcher(p, Config{})
	for !s.Done() {
		if err := s.Run(context.Background(), 1); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := s.ZDD().Count().Int64(), kasteleyn(8, 8); got != want {
		t.Errorf("resumed: %d, want %d", got, want)
	}
}

func dlxSearch(p *core.Problem, c *core.Counters) (core.Status, error) {
	return dlx.New(p).Search(core.Unit{}, &core.Run{MaxNodes: 1 << 20}, c)
}
