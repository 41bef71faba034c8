package bits_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/specs"
)

// sharedDir holds Knuth-format instances with known counts; see its README.
var sharedDir = filepath.Join("..", "..", "..", "..", "shared", "data", "exactcover")

// loadShared reads a shared instance and compiles it for the engine as
// exactcover does: items numbered primary first, options in their order
// (none is dropped in these files; loadShared fails on one that would be).
func loadShared(t testing.TB, name string) (*exactcover.Problem, *core.Problem) {
	t.Helper()
	path := filepath.Join(sharedDir, name+".dlx")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	sp, err := specs.Load(path, data, specs.DLX)
	if err != nil {
		t.Fatal(err)
	}
	return &sp.Problem, compile(t, &sp.Problem)
}

// compile numbers p's items and options into a core.Problem.
func compile(t testing.TB, p *exactcover.Problem) *core.Problem {
	t.Helper()
	index := map[string]int32{}
	for i, name := range append(append([]string{}, p.Primary...), p.Secondary...) {
		index[name] = int32(i)
	}
	cp := &core.Problem{NPrimary: len(p.Primary), NItems: len(index), Begin: []int32{0}}
	for k, o := range p.Options {
		primary := false
		for _, r := range o.Items {
			if r.Color != "" {
				t.Fatalf("option %d has a color", k)
			}
			cp.Items = append(cp.Items, index[r.Name])
			primary = primary || int(index[r.Name]) < len(p.Primary)
		}
		if !primary {
			t.Fatalf("option %d has no primary item", k)
		}
		cp.Begin = append(cp.Begin, int32(len(cp.Items)))
		cp.Caller = append(cp.Caller, int32(k))
		cp.Index = append(cp.Index, int32(k))
	}
	return cp
}
