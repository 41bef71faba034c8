package dlx_test

import (
	"testing"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/dlx"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
)

func newEngine(p *core.Problem) core.Engine { return dlx.New(p) }

func TestEngineXCC(t *testing.T) { enginetest.Check(t, newEngine, false) }

func TestEngineMCC(t *testing.T) { enginetest.Check(t, newEngine, true) }

// TestEngineMCCUnpacked runs the checks with Algorithm M's choice in its
// two-pass form, used when lists or slacks are too long for one sort key.
func TestEngineMCCUnpacked(t *testing.T) {
	enginetest.Check(t, func(p *core.Problem) core.Engine {
		e := dlx.New(p)
		dlx.Unpack(e)
		return e
	}, true)
}

func TestRestEntersOnce(t *testing.T) {
	enginetest.CheckRestEntersOnce(t, newEngine, func(e core.Engine) int64 { return dlx.Replays(e.(*dlx.Engine)) })
}
