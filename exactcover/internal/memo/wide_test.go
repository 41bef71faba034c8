package memo

import (
	"math/rand/v2"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/internal/testtier"
)

// TestAgainstSearch counts bigger random problems, whose keys take several
// words, and compares with the dancing-links engine's count.
func TestAgainstSearch(t *testing.T) {
	n := 200
	if testtier.Short() {
		n = 40
	}
	for _, mcc := range []bool{false, true} {
		r := rand.New(rand.NewPCG(21, 22))
		words, compared := 0, 0
		for trial := range n {
			p := wide(r, mcc)
			var c core.Counters
			end, err := dlx.New(p).Search(core.Unit{}, &core.Run{MaxNodes: 1 << 20}, &c)
			if err != nil {
				t.Fatal(err)
			}
			if end != core.Complete {
				continue // too big to search
			}
			compared++
			m := count(t, p, Config{})
			if got := m.Count(); got.Int64() != c.Solutions || !got.IsInt64() {
				t.Fatalf("mcc=%v trial %d: memo %v, search %d", mcc, trial, got, c.Solutions)
			}
			words = max(words, m.pl.words)
		}
		if compared < n/2 {
			t.Errorf("mcc=%v: only %d of %d problems small enough to search", mcc, compared, n)
		}
		if words < 2 {
			t.Errorf("mcc=%v: keys never took more than %d word", mcc, words)
		}
	}
}
