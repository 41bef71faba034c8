package specs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/specs"
)

// sharedDirs hold Knuth-format instances shared by the project
// (read-only): exact cover with colors (DLX1, DLX2), and multiplicities
// (DLX3).
var sharedDirs = []string{
	filepath.Join("..", "..", "shared", "data", "exactcover"),
	filepath.Join("..", "..", "shared", "data", "mcc"),
}

// sharedFiles returns the shared DLX files, skipping the test when the
// shared data is absent.
func sharedFiles(t testing.TB) []string {
	var files []string
	for _, dir := range sharedDirs {
		more, _ := filepath.Glob(filepath.Join(dir, "*.dlx"))
		files = append(files, more...)
	}
	if len(files) == 0 {
		t.Skipf("no shared data in %s", sharedDirs)
	}
	return files
}

// sameProblem reports the first difference between two problems, or "".
// Nil and empty lists are the same, and so are no bounds and bounds of
// exactly once for every item.
func sameProblem(a, b *exactcover.Problem) string {
	switch {
	case !slices.Equal(a.Primary, b.Primary):
		return "primary items differ"
	case !slices.Equal(a.Secondary, b.Secondary):
		return "secondary items differ"
	case a.HasMultiplicities() != b.HasMultiplicities():
		return "one has bounds, the other not"
	case len(a.Options) != len(b.Options):
		return "numbers of options differ"
	}
	for i := range a.Primary {
		if a.ItemBounds(i) != b.ItemBounds(i) {
			return "bounds of " + a.Primary[i] + " differ"
		}
	}
	for k := range a.Options {
		if a.Options[k].Label != b.Options[k].Label || a.Options[k].Cost != b.Options[k].Cost || !slices.Equal(a.Options[k].Items, b.Options[k].Items) {
			return "option " + a.Options[k].Label + " differs"
		}
	}
	return ""
}

// convert writes sp in format to and parses the result back.
func convert(t *testing.T, sp *specs.Spec, to specs.Format) (*specs.Spec, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := specs.Write(&buf, sp, to); err != nil {
		t.Fatalf("Write %s: %v", to, err)
	}
	back, err := specs.Parse("converted."+string(to), buf.Bytes(), to)
	if err != nil {
		t.Fatalf("reading back the %s written: %v\n%s", to, err, buf.Bytes())
	}
	return back, buf.Bytes()
}

// TestRoundTripShared: DLX → YAML → DLX keeps every shared instance
// identical, down to the bytes of the file (they are written as xcover
// writes DLX: comments, the item line, one option per line).
func TestRoundTripShared(t *testing.T) {
	for _, f := range sharedFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sp, err := specs.Parse(f, data, specs.DLX)
			if err != nil {
				t.Fatal(err)
			}
			y, _ := convert(t, sp, specs.YAML)
			if d := sameProblem(&sp.Problem, &y.Problem); d != "" {
				t.Fatalf("DLX → YAML: %s", d)
			}
			if y.Name != sp.Name || y.Description != sp.Description {
				t.Fatalf("DLX → YAML: name/description %q/%q, want %q/%q", y.Name, y.Description, sp.Name, sp.Description)
			}
			d, text := convert(t, y, specs.DLX)
			if diff := sameProblem(&sp.Problem, &d.Problem); diff != "" {
				t.Fatalf("DLX → YAML → DLX: %s", diff)
			}
			if !bytes.Equal(text, data) {
				t.Errorf("DLX → YAML → DLX changed the text of the file")
			}
		})
	}
}

// TestRoundTripExamples: YAML → DLX → YAML keeps the shipped examples
// identical, labels, name and description included.
func TestRoundTripExamples(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("examples", "*.yaml"))
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sp, err := specs.Parse(f, data, specs.YAML)
			if err != nil {
				t.Fatal(err)
			}
			d, _ := convert(t, sp, specs.DLX)
			y, _ := convert(t, d, specs.YAML)
			for _, got := range []*specs.Spec{d, y} {
				if diff := sameProblem(&sp.Problem, &got.Problem); diff != "" {
					t.Fatal(diff)
				}
				if got.Name != sp.Name || got.Description != sp.Description {
					t.Fatalf("name/description %q/%q, want %q/%q", got.Name, got.Description, sp.Name, sp.Description)
				}
			}
		})
	}
}
