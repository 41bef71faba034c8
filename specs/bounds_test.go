package specs_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/specs"
)

// primaryLine writes a spec's primary items as DLX3 would, for comparing.
func primaryLine(sp *specs.Spec) string {
	var words []string
	for i, name := range sp.Problem.Primary {
		if b := sp.Problem.ItemBounds(i); b.Lo != 1 || b.Hi != 1 {
			name = b.String() + "|" + name
		}
		words = append(words, name)
	}
	return strings.Join(words, " ")
}

// TestParseBounds reads bounds in both formats. The expected values are
// read off the inputs by hand, as DLX3's documentation defines them.
func TestParseBounds(t *testing.T) {
	tests := []struct {
		name   string
		format specs.Format
		input  string
		want   string // primary items, as DLX3 writes them
		bounds bool   // whether Problem.Bounds is set
	}{
		{"dlx3 example", specs.DLX, "| Knuth\nA B 2:3|C | X Y\nA B X:0 Y:0\n", "A B 2:3|C", true},
		{"dlx exact", specs.DLX, "2|A 0:1|B C\n", "2|A 0:1|B C", true},
		{"dlx once written out", specs.DLX, "1|A 1:1|B\n", "A B", false},
		{"dlx leading zeros", specs.DLX, "02|A 00:010|B\n", "2|A 0:10|B", true},
		{"dlx MaxBound", specs.DLX, "0:67108864|A\n", "0:67108864|A", true},
		{"dlx bar starts secondary", specs.DLX, "2|A |X\n", "2|A", true},
		{"dlx tabs", specs.DLX, "2|A\t0:2|B\t|\tX\n", "2|A 0:2|B", true},
		{"yaml flow", specs.YAML, "primary: [A, B: 2, C: 0..3]\noptions: []", "A 2|B 0:3|C", true},
		{"yaml block", specs.YAML, "primary:\n  - A\n  - B: 2\n  - C: 0..3\noptions: []", "A 2|B 0:3|C", true},
		{"yaml two in one entry", specs.YAML, "primary:\n  - A\n  - B: 2\n    C: 0..3\noptions: []", "A 2|B 0:3|C", true},
		{"yaml flow mapping entry", specs.YAML, "primary: [A, {B: 2, C: 0..3}]\noptions: []", "A 2|B 0:3|C", true},
		{"yaml range of one", specs.YAML, "primary: [A, B: 2..2, C: 0..3]\noptions: []", "A 2|B 0:3|C", true},
		{"yaml quoted", specs.YAML, "primary: [A, \"B\": \"2\", C: '0..3']\noptions: []", "A 2|B 0:3|C", true},
		{"yaml once written out", specs.YAML, "primary: [A: 1, B: 1..1]\noptions: []", "A B", false},
		{"yaml names like numbers", specs.YAML, "primary: [1: 2, 2: 0..1]\noptions: []", "2|1 0:1|2", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp, err := specs.Parse("in", []byte(tt.input), tt.format)
			if err != nil {
				t.Fatal(err)
			}
			if got := primaryLine(sp); got != tt.want {
				t.Errorf("primary items %q, want %q", got, tt.want)
			}
			if got := sp.Problem.Bounds != nil; got != tt.bounds {
				t.Errorf("Bounds set: %v, want %v", got, tt.bounds)
			}
		})
	}
}

// TestSharedMCCCounts reads the shared DLX3 files and counts the small ones
// by brute force: the counts must be those Knuth's DLX3 reports on the
// same files (../shared/data/mcc/expected.tsv), which checks that bounds
// are read as DLX3 reads them.
func TestSharedMCCCounts(t *testing.T) {
	dir := sharedDirs[1]
	tsv, err := os.ReadFile(filepath.Join(dir, "expected.tsv"))
	if err != nil {
		t.Skipf("no shared data: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(tsv)), "\n")[1:] {
		fields := strings.Split(line, "\t")
		name, want := fields[0], fields[1]
		data, err := os.ReadFile(filepath.Join(dir, name+".dlx"))
		if err != nil {
			t.Fatal(err)
		}
		sp, err := specs.Parse(name+".dlx", data, specs.DLX)
		if err != nil {
			t.Fatal(err)
		}
		if !sp.Problem.HasMultiplicities() {
			t.Errorf("%s: no bounds read", name)
		}
		if len(sp.Problem.Options) > verify.MaxBruteForceOptions {
			continue
		}
		if got := strconv.Itoa(len(verify.BruteForce(&sp.Problem))); got != want {
			t.Errorf("%s: brute force finds %s solutions, DLX3 %s", name, got, want)
		}
		checked++
	}
	if checked < 2 {
		t.Errorf("only %d files small enough to check", checked)
	}
}

// TestBoundsError checks where and what the error of a command that takes
// exact-cover problems only says: at the first primary item whose bounds
// are not exactly once, with its name and its bounds in words; nil for a
// problem whose bounds are all exactly once; no place for a Spec made by
// hand.
func TestBoundsError(t *testing.T) {
	tests := []struct {
		name   string
		format specs.Format
		input  string
		want   string // "" for no error
	}{
		{"dlx", specs.DLX, "A 1|B 0:1|C 3|D\nA B C D\n", `in:1:7: primary item "C" is to be covered at most once: refused`},
		{"dlx exactly", specs.DLX, "  A 2|C\nA C\n", `in:1:5: primary item "C" is to be covered exactly 2 times: refused`},
		{"dlx range", specs.DLX, "2:5|A\nA\n", `in:1:1: primary item "A" is to be covered 2 to 5 times: refused`},
		{"yaml", specs.YAML, "primary: [A, B: 1, C: 0..2]\noptions: [[A, B, C]]\n", `in:1:20: primary item "C" is to be covered 0 to 2 times: refused`},
		{"dlx once written out", specs.DLX, "1|A 1:1|B\nA B\n", ""},
		{"no bounds", specs.YAML, "primary: [A]\noptions: [[A]]\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp, err := specs.Parse("in", []byte(tt.input), tt.format)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if err := sp.BoundsError(nil, "refused"); err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	byHand := &specs.Spec{Problem: exactcover.Problem{Primary: []string{"A"}, Bounds: []exactcover.Bounds{{Lo: 2, Hi: 2}}}}
	if err := byHand.BoundsError(exactcover.ErrCostBounds, "refused"); err == nil || err.Error() != `primary item "A" is to be covered exactly 2 times: refused` || !errors.Is(err, exactcover.ErrCostBounds) {
		t.Errorf("a Spec made by hand: %v", err)
	}
}
