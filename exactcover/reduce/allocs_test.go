package reduce_test

import (
	"context"
	"os"
	"testing"

	"github.com/xcover/xcover/exactcover/reduce"
)

// maxAllocs bounds the allocations of a whole reduction: the index, the
// scratch and the result are made once each (a few dozen allocations),
// and the passes allocate nothing per step, whatever the problem's size.
const maxAllocs = 64

// TestAllocations counts the allocations of reductions that go through
// thousands of steps, with each form of the tests.
func TestAllocations(t *testing.T) {
	for _, name := range []string{"pent-3x20", "sudoku-multi-65k"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile("testdata/" + name + ".dlx")
			if err != nil {
				t.Fatal(err)
			}
			p := parse(t, name, data)
			eachBlockTest(t, func(t *testing.T) {
				allocs := testing.AllocsPerRun(1, func() {
					if _, err := reduce.Reduce(context.Background(), p, reduce.Config{}); err != nil {
						t.Fatal(err)
					}
				})
				if allocs > maxAllocs {
					t.Errorf("%.0f allocations, want at most %d", allocs, maxAllocs)
				}
			})
		})
	}
}
