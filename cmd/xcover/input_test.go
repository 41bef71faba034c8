package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// TestMemoryRefusal solves a 64 MB DLX file of one-item options, which
// would take gigabytes to build: it is refused before it is built, with
// the memory it needs and the budget it exceeds, and the process that
// refuses it holds little more than the file (it held 3 GB while it
// tried the refused file as a batch of Sudoku puzzles).
func TestMemoryRefusal(t *testing.T) {
	if testtier.Short() {
		t.Skip("writes 64 MB")
	}
	t.Parallel()
	bin := buildXcover(t)
	file := filepath.Join(t.TempDir(), "big.dlx")
	if err := os.WriteFile(file, bytes.Repeat([]byte("A\n"), 32<<20-1), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "solve", "--count", file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitcode.BadInput || !strings.Contains(stderr.String(), "needs about") || !strings.Contains(stderr.String(), "GiB") {
		t.Errorf("%v, want exit 2 with the memory needed and the budget:\n%s", err, stderr.String())
	}
	// Reading the file holds up to about twice its size at once (a buffer
	// that grows by doubling), and the garbage collector lets the heap
	// reach twice what is live before it runs: 409 MB has been seen.
	// Reading it as puzzles too takes a slice header a line, 768 MB. A
	// child's peak counts this process's own copied at the start (see
	// ownMaxRSS): above that bound, the bound is this process's peak.
	most := max(640<<20, ownMaxRSS())
	if rss := maxRSS(cmd.ProcessState); rss > most {
		t.Errorf("the refusing process reached %d MB of memory, more than %d MB", rss>>20, most>>20)
	}
}

// TestFindOption// TestFindOption checks how --partial's references resolve, through
// exactcover.Problem.FindOption (its only test: the model's package takes
// no new test file in this change): numbers count from 1, "label:TEXT"
// takes TEXT whole, other text is a label that must name one option.
func TestFindOption(t *testing.T) {
	t.Parallel()
	p := &exactcover.Problem{Primary: []string{"A", "B"}, Options: []exactcover.Option{
		{Label: "0", Items: []exactcover.ItemRef{{Name: "A"}}},
		{Label: "x,y", Items: []exactcover.ItemRef{{Name: "B"}}},
		{Label: "twice", Items: []exactcover.ItemRef{{Name: "A"}}},
		{Label: "twice", Items: []exactcover.ItemRef{{Name: "B"}}},
		{Items: []exactcover.ItemRef{{Name: "A"}, {Name: "B"}}},
	}}
	for _, tc := range []struct {
		ref  string
		want int    // -1: an error
		err  string // in the error
	}{
		{"1", 0, ""}, {" 5 ", 4, ""}, {"label:0", 0, ""}, {"label:x,y", 1, ""}, {"x,y", 1, ""},
		{"0", -1, "write label:0"}, {"6", -1, "from 1 to 5"}, {"twice", -1, "names options 3 and 4"},
		{"nope", -1, "no option has this label"}, {"", -1, "empty"}, {"label: 0", -1, "no option"},
	} {
		k, err := p.FindOption(tc.ref)
		if k != tc.want || (err == nil) != (tc.want >= 0) || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("FindOption(%q) = %d, %v; want %d, %q", tc.ref, k, err, tc.want, tc.err)
		}
	}
}
