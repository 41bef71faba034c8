package sparse_test

import (
	"testing"

	"xcover/exactcover/internal/core"
	"xcover/exactcover/internal/enginetest"
	"xcover/exactcover/internal/sparse"
)

func newEngine(p *core.Problem) core.Engine { return sparse.New(p) }

func TestEngineXCC(t *testing.T) { enginetest.Check(t, newEngine, false) }
