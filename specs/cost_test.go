package specs_test

import (
	"os"
	"slices"
	"testing"

	"github.com/xcover/xcover/specs"
)

// TestCosts reads the same problem with costs written in DLX5's way
// (costs.dlx: "|n" entries, summed) and in YAML (costs.yaml), and checks
// the costs against the sums written by hand.
func TestCosts(t *testing.T) {
	want := []int64{2, 5, 0, 3, 10}
	var read []*specs.Spec
	for _, file := range []string{"testdata/costs.dlx", "testdata/costs.yaml"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := specs.FormatOf(file)
		sp, err := specs.Parse(file, data, f)
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, o := range sp.Problem.Options {
			got = append(got, o.Cost)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: costs %v, want %v", file, got, want)
		}
		read = append(read, sp)
	}
	read[0].Problem.Options[4].Label = "all" // the DLX file has no label there
	if d := sameProblem(&read[0].Problem, &read[1].Problem); d != "" {
		t.Errorf("costs.dlx and costs.yaml differ: %s", d)
	}
}
