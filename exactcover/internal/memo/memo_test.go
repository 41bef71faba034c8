package memo

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/internal/testtier"
)

// zddSolutions lists the ZDD's sets (see sets).
func zddSolutions(c *Counter) []string { return sets(c.ZDD()) }

func count(t *testing.T, p *core.Problem, cfg Config) *Counter {
	t.Helper()
	c := New(p, cfg)
	if err := c.Run(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if !c.Done() {
		t.Fatal("not done")
	}
	return c
}

// TestBruteForce counts random problems with colors and multiplicities
// and compares the count, and the ZDD's solutions, with brute force.
func TestBruteForce(t *testing.T) {
	for _, mcc := range []bool{false, true} {
		r := rand.New(rand.NewPCG(11, 12))
		trials := 3000
		if testtier.Short() {
			trials = 600
		}
		for trial := range trials {
			p := enginetest.Random(r, mcc)
			want := enginetest.BruteForce(p)
			c := count(t, p, Config{ZDD: true})
			if got := c.Count(); got.Int64() != int64(len(want)) {
				t.Fatalf("mcc=%v trial %d: count %v, brute force %d\n%s", mcc, trial, got, len(want), enginetest.Describe(p))
			}
			if got := zddSolutions(c); !slices.Equal(got, want) {
				t.Fatalf("mcc=%v trial %d: ZDD %v, brute force %v\n%s", mcc, trial, got, want, enginetest.Describe(p))
			}
		}
	}
}

// wide returns a random problem with many items, so that keys take
// several words, with colors and, when mcc is set, bounds up to 4.
func wide(r *rand.Rand, mcc bool) *core.Problem {
	nPrimary, nSecondary := 40+r.IntN(120), 10+r.IntN(60)
	p := &core.Problem{NPrimary: nPrimary, NItems: nPrimary + nSecondary, Begin: []int32{0}}
	if mcc {
		for range nPrimary {
			lo := int32(r.IntN(3))
			hi := max(lo, 1) + int32(r.IntN(3))
			p.Lo, p.Hi = append(p.Lo, lo), append(p.Hi, hi)
		}
	}
	nOptions := nPrimary + r.IntN(2*nPrimary)
	band := 4 + r.IntN(120)
	for k := range nOptions {
		// Options near a diagonal, so that the frontier stays manageable.
		base := r.IntN(nPrimary)
		items := []int32{int32(base)}
		for range r.IntN(3) {
			it := int32(min(nPrimary-1, base+r.IntN(band)))
			if !slices.Contains(items, it) {
				items = append(items, it)
			}
		}
		for range r.IntN(3) {
			it := int32(nPrimary + min(nSecondary-1, base*nSecondary/nPrimary+r.IntN(4)))
			if !slices.Contains(items, it) {
				items = append(items, it)
			}
		}
		for _, it := range items {
			p.Items = append(p.Items, it)
			c := int32(0)
			if it >= int32(nPrimary) && r.IntN(3) > 0 {
				c = 1 + int32(r.IntN(3))
			}
			p.Colors = append(p.Colors, c)
		}
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller = append(p.Caller, int32(k))
		p.Index = append(p.Index, int32(k))
	}
	return p
}
