package dlx_test

import (
	"testing"

	"xcover/exactcover/internal/core"
	"xcover/exactcover/internal/dlx"
	"xcover/exactcover/internal/enginetest"
)

func newEngine(p *core.Problem) core.Engine { return dlx.New(p) }

func TestEngineXCC(t *testing.T) { enginetest.Check(t, newEngine, false) }

func TestEngineMCC(t *testing.T) { enginetest.Check(t, newEngine, true) }
