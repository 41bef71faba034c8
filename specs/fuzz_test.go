package specs_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/specs"
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
	if format == specs.DLX {
		checkDLXBounds(t, data, sp, err)
	}
	if err != nil {
		checkError(t, err)
		return
	}
	checkBounds(t, &sp.Problem)
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
	if e.Line < 1 || e.Column < 1 || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "in:") {
		t.Fatalf("error %q: want one line in:line:col: message", err)
	}
}

// checkBounds requires what every parsed problem's bounds satisfy: none, or
// one per primary item, within DLX3's rules, at least one other than
// exactly once.
func checkBounds(t *testing.T, p *exactcover.Problem) {
	if p.Bounds == nil {
		return
	}
	if len(p.Bounds) != len(p.Primary) || !p.HasMultiplicities() {
		t.Fatalf("%d bounds for %d primary items, multiplicities %v", len(p.Bounds), len(p.Primary), p.HasMultiplicities())
	}
	for i, b := range p.Bounds {
		if b.Lo < 0 || b.Hi < 1 || b.Lo > b.Hi || b.Hi > exactcover.MaxBound {
			t.Fatalf("item %q: bounds %d..%d accepted", p.Primary[i], b.Lo, b.Hi)
		}
	}
}

// dlx3Word is DLX3's form of a primary item's word, restated as a regular
// expression: optional bounds lo:hi| or n|, then a name without ':' or '|'.
var dlx3Word = regexp.MustCompile(`^(?:(?:([0-9]+):)?([0-9]+)\|)?[^:|]+$`)

// checkDLXBounds holds the parser's reading of the item line's bounds
// against dlx3Word: a file accepted has only such words, with bounds DLX3
// accepts; a file refused with ErrBadBounds has a word that is not one, or
// numbers DLX3 would refuse (or that overflow).
func checkDLXBounds(t *testing.T, data []byte, sp *specs.Spec, err error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	var line string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimRight(l, "\r"); strings.TrimLeft(l, " \t") != "" && !strings.HasPrefix(strings.TrimLeft(l, " \t"), "|") {
			line = l
			break
		}
	}
	good := true // every word is one DLX3 takes
	secondary := false
	for _, w := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' }) {
		if strings.HasPrefix(w, "|") {
			if secondary {
				good = false // a second '|'
				break
			}
			if secondary, w = true, w[1:]; w == "" {
				continue
			}
		}
		if secondary {
			good = good && !strings.Contains(w, "|") // no bounds on secondary items
			continue
		}
		m := dlx3Word.FindStringSubmatch(w)
		if m == nil {
			good = false
			break
		}
		if m[2] != "" {
			lo, errLo := strconv.Atoi(m[1])
			hi, errHi := strconv.Atoi(m[2])
			if m[1] == "" {
				lo, errLo = hi, nil
			}
			if errLo != nil || errHi != nil || hi < 1 || lo > hi || hi > exactcover.MaxBound {
				good = false
				break
			}
		}
	}
	switch {
	case err == nil && !good:
		t.Fatalf("item line %q accepted, but a primary word is not one DLX3 takes", line)
	case errors.Is(err, exactcover.ErrBadBounds) && good:
		t.Fatalf("item line %q refused for its bounds (%v), but every primary word is one DLX3 takes", line, err)
	}
}
