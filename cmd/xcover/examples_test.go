package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
)

// exampleSources are the directories whose files examples/ holds copies of.
var exampleSources = []string{"specs/examples", "problems/sudoku/testdata", "problems/pentomino/testdata", "cmd/xcover/testdata/shards"}

// TestExamplesCurrent checks that every shipped example equals the file it
// copies; "go test ./cmd/xcover -run TestExamplesCurrent -update" copies
// them again.
func TestExamplesCurrent(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	copies, _ := filepath.Glob(filepath.Join("examples", "*", "*"))
	if len(copies) == 0 {
		t.Fatal("no examples")
	}
	for _, cp := range copies {
		var src string
		for _, dir := range exampleSources {
			if _, err := os.Stat(filepath.Join(root, dir, filepath.Base(cp))); err == nil {
				src = filepath.Join(root, dir, filepath.Base(cp))
			}
		}
		want, err := os.ReadFile(src)
		if err != nil {
			t.Errorf("%s: no original in %v", cp, exampleSources)
			continue
		}
		got, _ := os.ReadFile(cp)
		switch {
		case string(got) == string(want):
		case *update:
			if err := os.WriteFile(cp, want, 0o644); err != nil {
				t.Fatal(err)
			}
		default:
			t.Errorf("%s differs from %s (rerun with -update)", cp, src)
		}
	}
}

// TestExamplesRun runs the run function of examples on options built
// directly: it lists the files of cmd/xcover/examples as a listing of the
// folder finds them, prints one as it is on disk (named with or without
// its extension), and refuses a name it does not have, with the closest.
func TestExamplesRun(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(moduleRoot(t), "cmd", "xcover", "examples")
	var listed strings.Builder
	commands, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commands {
		files, err := os.ReadDir(filepath.Join(dir, c.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			fmt.Fprintf(&listed, "%s/%s\n", c.Name(), f.Name())
		}
	}
	knuth, err := os.ReadFile(filepath.Join(dir, "solve", "knuth.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		o      examplesOptions // IO set below
		code   int
		stdout string
		stderr string
	}{
		{name: "list", o: examplesOptions{List: true}, stdout: listed.String()},
		{name: "one", o: examplesOptions{Name: "knuth.yaml"}, stdout: string(knuth)},
		{name: "one without its extension and with its command", o: examplesOptions{Name: "solve/knuth"}, stdout: string(knuth)},
		{name: "none of that name", o: examplesOptions{Name: "knth"}, code: exitcode.BadInput,
			stderr: "xcover: examples: no example \"knth\" (did you mean \"knuth.yaml\"?) (\"xcover examples\" lists them)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, stdout, stderr := testIO(t, "")
			tc.o.IO = s
			code := exitcode.Print(examplesRun(context.Background(), &tc.o), stderr)
			if code != tc.code || stdout.String() != tc.stdout || stderr.String() != tc.stderr {
				t.Errorf("exit %d, stdout %.80q, stderr %q; want exit %d, %.80q, %q", code, stdout, stderr, tc.code, tc.stdout, tc.stderr)
			}
		})
	}
}
