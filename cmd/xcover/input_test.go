package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
)

// TestMemoryRefusal solves a 64 MB DLX file of one-item options, which
// would take gigabytes to build (issue 9: 6.5 GB): it is refused before it
// is built, with the memory it needs and the budget it exceeds.
func TestMemoryRefusal(t *testing.T) {
	if testtier.Short() {
		t.Skip("writes 64 MB")
	}
	t.Parallel()
	file := filepath.Join(t.TempDir(), "big.dlx")
	if err := os.WriteFile(file, bytes.Repeat([]byte("A\n"), 32<<20-1), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runXcover(t, nil, []string{"solve", "--count", file}, "")
	if r.code != exitcode.BadInput || !strings.Contains(r.stderr, "needs about") || !strings.Contains(r.stderr, "GiB") {
		t.Errorf("exit %d, want 2 with the memory needed and the budget:\n%s", r.code, r.stderr)
	}
}

// TestFindOption checks how --partial's references resolve, through
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
