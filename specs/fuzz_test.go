package specs_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"xcover/exactcover"
	"xcover/internal/verify"
	"xcover/specs"
)

// maxSeedBytes skips the large generated examples as seeds.
const maxSeedBytes = 8 << 10

// addSeeds adds testdata/*.ext (and the shipped examples for YAML) to f.
func addSeeds(f *testing.F, ext string) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*."+ext))
	if ext == "yaml" {
		more, _ := filepath.Glob(filepath.Join("examples", "*.yaml"))
		files = append(files, more...)
	}
	if len(files) == 0 {
		f.Fatalf("no seeds testdata/*.%s", ext)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		if len(data) > maxSeedBytes {
			continue // mutating and minimizing a large seed is slow, for no gain
		}
		f.Add(data)
	}
}

func FuzzParseDLX(f *testing.F) {
	addSeeds(f, "dlx")
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, data, specs.DLX) })
}

func FuzzParseYAML(f *testing.F) {
	addSeeds(f, "yaml")
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, data, specs.YAML) })
}

// checkParse states what must hold for any input: Parse fails with one
// positioned line, or its result compiles or fails the same way, converts to
// both formats and reads back as the same problem, and any solution found in
// a short search passes the verifier.
func checkParse(t *testing.T, data []byte, format specs.Format) {
	sp, err := specs.Parse("in", data, format)
	if err != nil {
		checkError(t, err)
		return
	}
	s, _, err := sp.Compile()
	if err != nil {
		checkError(t, err)
	}
	for _, to := range []specs.Format{specs.DLX, specs.YAML} {
		var buf bytes.Buffer
		if err := specs.Write(&buf, sp, to); err != nil {
			t.Fatalf("Write %s of a parsed spec: %v", to, err)
		}
		back, err := specs.Parse("back", buf.Bytes(), to)
		if err != nil {
			t.Fatalf("reading back the %s written: %v\n%s", to, err, buf.Bytes())
		}
		if d := sameProblem(&sp.Problem, &back.Problem); d != "" {
			t.Fatalf("%s round trip: %s\n%s", to, d, buf.Bytes())
		}
		if back.Name != sp.Name || back.Description != sp.Description {
			t.Fatalf("%s round trip: name/description %q/%q, want %q/%q", to, back.Name, back.Description, sp.Name, sp.Description)
		}
	}
	if s == nil {
		return
	}
	_, err = s.Search(context.Background(), exactcover.Config{MaxNodes: 1000, SkipProfile: true}, func(sol []int) bool {
		if err := verify.Solution(&sp.Problem, sol); err != nil {
			t.Fatalf("solution %v: %v", sol, err)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkError requires one line "in:line:col: message" from a *specs.Error.
func checkError(t *testing.T, err error) {
	t.Helper()
	var e *specs.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *specs.Error", err, err)
	}
	if e.Line < 1 || e.Col < 1 || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "in:") {
		t.Fatalf("error %q: want one line in:line:col: message", err)
	}
}
