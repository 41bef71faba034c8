package bits_test

import (
	"testing"

	"github.com/xcover/xcover/exactcover/internal/bits"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/enginetest"
)

func newEngine(p *core.Problem) core.Engine { return core.New[bits.Engine](p) }

func TestEngine(t *testing.T) { enginetest.Check(t, newEngine, false) }

func TestEngineMultiplicities(t *testing.T) { enginetest.Check(t, newEngine, true) }

func TestRestEntersOnce(t *testing.T) {
	enginetest.CheckRestEntersOnce(t, newEngine, func(e core.Engine) int64 { return bits.Replays(e.(*bits.Engine)) })
}
