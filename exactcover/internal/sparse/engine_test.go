package sparse_test

import (
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

// TestEngineMCCUnpacked runs the checks with the two-pass choice.
func TestEngineMCCUnpacked(t *testing.T) {
	enginetest.Check(t, func(p *core.Problem) core.Engine {
		e := core.New[sparse.Engine](p)
		sparse.Unpack(e)
		return e
	}, true)
}
