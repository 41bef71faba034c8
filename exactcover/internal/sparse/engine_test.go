package sparse_test

import (
	"fmt"
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
	"github.com/xcover/xcover/exactcover/internal/sparse"
)

func newEngine(p *core.Problem) core.Engine { return core.New[sparse.Engine](p) }

func TestEngineXCC(t *testing.T) { enginetest.Check(t, newEngine, false) }

// TestEngineShort runs the checks with the set of short items kept even on
// small problems, so that both ways of choosing are checked.
func TestEngineShort(t *testing.T) {
	old := sparse.TrackShortAbove
	sparse.TrackShortAbove = 0
	defer func() { sparse.TrackShortAbove = old }()
	enginetest.Check(t, newEngine, false)
}

func TestEngineMCC(t *testing.T) { enginetest.Check(t, newEngine, true) }

// TestEngineLongSets runs the checks with shut's plain form for long sets
// on every problem (ShortSetUses 0), with the set of short items kept and
// without: the checks' problems have short sets, which take the form
// without a branch (plainShort), so that both forms are checked.
func TestEngineLongSets(t *testing.T) {
	defer setVar(&sparse.ShortSetUses, 0)()
	for _, track := range []int{0, 100} {
		t.Run(fmt.Sprintf("track=%d", track), func(t *testing.T) {
			defer setVar(&sparse.TrackShortAbove, track)()
			enginetest.Check(t, newEngine, false)
		})
	}
}

// TestEngineMCCUnpacked runs the checks with the two-pass choice.
func TestEngineMCCUnpacked(t *testing.T) {
	enginetest.Check(t, func(p *core.Problem) core.Engine {
		e := core.New[sparse.Engine](p)
		sparse.Unpack(e)
		return e
	}, true)
}

// TestEngineRestorePoints runs the checks with every restore point a trail
// point, and with whole saves only deep in the search (where few items are
// left) below trail points, so that both kinds and their nesting are
// checked, with and without multiplicities and the set of short items.
func TestEngineRestorePoints(t *testing.T) {
	for _, tc := range []struct {
		whole, track int
		mcc          bool
	}{
		{0, 0, false}, {0, 100, false}, {0, 0, true},
		{5, 0, false}, {5, 0, true},
	} {
		t.Run(fmt.Sprintf("whole=%d/track=%d/mcc=%v", tc.whole, tc.track, tc.mcc), func(t *testing.T) {
			defer setVar(&sparse.WholeSaveMax, tc.whole)()
			defer setVar(&sparse.TrackShortAbove, tc.track)()
			enginetest.Check(t, newEngine, tc.mcc)
		})
	}
}

// setVar sets *v to x until the returned function puts it back.
func setVar(v *int, x int) (restore func()) {
	old := *v
	*v = x
	return func() { *v = old }
}

func TestRestEntersOnce(t *testing.T) {
	enginetest.CheckRestEntersOnce(t, newEngine, func(e core.Engine) int64 { return sparse.Replays(e.(*sparse.Engine)) })
}

// TestSecondaryItemsPastShortWords counts a problem whose secondary items'
// indices are past the words of the set of short items (two primary items
// have one word, items 0…63), with sets of those items shrinking to one
// option and to none: the set's words are written for primary items only
// (shut's form without a branch, which would write for every item, is kept
// to problems without secondary items), and the checked build (-tags
// xcover_checked) catches a write past them.
// Its three solutions are counted by hand: P0 takes S100 or S101, P1 takes
// S100 or S120, and they must not both take S100.
func TestSecondaryItemsPastShortWords(t *testing.T) {
	const nSecondary = 130
	p := &core.Problem{NPrimary: 2, NItems: 2 + nSecondary, Begin: []int32{0}}
	s := func(k int32) int32 { return 2 + k }
	for k, option := range [][]int32{{0, s(100)}, {0, s(101)}, {1, s(100)}, {1, s(120)}} {
		p.Items = append(p.Items, option...)
		p.Begin = append(p.Begin, int32(len(p.Items)))
		p.Caller, p.Index = append(p.Caller, int32(k)), append(p.Index, int32(k))
	}
	for _, track := range []int{0, 100} {
		t.Run(fmt.Sprintf("track=%d", track), func(t *testing.T) {
			defer setVar(&sparse.TrackShortAbove, track)()
			c, _ := countOn(t, core.New[sparse.Engine](p), func() core.Action { return core.Continue })
			if c.Solutions != 3 {
				t.Errorf("%d solutions, want 3", c.Solutions)
			}
		})
	}
}
