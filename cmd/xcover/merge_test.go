package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
)

// TestMergeRun runs merge's run function on options built directly: the
// shards of the 8 queens, listed by solve's run function (--shard K/3
// --all --json) or shipped in testdata/shards, add up to the 92 solutions
// of OEIS A000170, each verified; a shard missing is refused (exit 2).
func TestMergeRun(t *testing.T) {
	t.Parallel()
	const queens = "specs/examples/queens-8.yaml"
	dir := t.TempDir()
	var listed []string
	for k := 1; k <= 3; k++ {
		s, stdout, stderr := testIO(t, "")
		o := &solveOptions{IO: s, Input: searchcmd.Input{File: queens}, Request: searchcmd.Request{JSON: true},
			Scale: scaleOptions{Shard: exactcover.Shard{K: k, N: 3}}}
		if code := exitcode.Print(solveRun(context.Background(), o), stderr); code != exitcode.Found {
			t.Fatalf("shard %d/3: exit %d\n%s", k, code, stderr)
		}
		file := filepath.Join(dir, "shard-"+string(rune('0'+k))+".json")
		if err := os.WriteFile(file, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		listed = append(listed, file)
	}
	// A shard whose third solution names an option twice.
	forged := filepath.Join(dir, "forged.json")
	shard1, err := os.ReadFile(listed[0])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(shard1), "\n")
	lines[2] = regexp.MustCompile(`"option_indices":\[\d+,(\d+),`).ReplaceAllString(lines[2], `"option_indices":[$1,$1,`)
	if err := os.WriteFile(forged, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	summaryLine := strconv.Itoa(strings.Count(string(shard1), "\n")) // shard 1's summary is its last line
	for _, tc := range []struct {
		name      string
		o         mergeOptions // IO set below
		code      int
		solutions int64  // the summary's
		printed   int    // the solutions printed, each verified
		stderr    string // a part of it
		located   string // a regexp stderr matches, when set (a column that depends on the summary's figures)
	}{
		{name: "the shards listed", o: mergeOptions{Files: listed, All: true}, solutions: 92, printed: 92},
		{name: "the totals alone", o: mergeOptions{Files: listed}, solutions: 92},
		{name: "the shipped shards", o: mergeOptions{Files: []string{"cmd/xcover/testdata/shards/queens-8-shards.json"}}, solutions: 92},
		{name: "a shard missing", o: mergeOptions{Files: listed[1:]}, code: exitcode.BadInput,
			stderr: "missing shard 1 of 3"},
		{name: "the problem checked", o: mergeOptions{Files: listed, All: true, Problem: searchcmd.Input{File: queens}},
			solutions: 92, printed: 92},
		{name: "the shipped shards of the problem", o: mergeOptions{Files: []string{"cmd/xcover/testdata/shards/queens-8-shards.json"},
			Problem: searchcmd.Input{File: queens}}, solutions: 92},
		{name: "another problem", o: mergeOptions{Files: listed, Problem: searchcmd.Input{File: "specs/examples/queens2-6.yaml"}},
			code: exitcode.BadInput, stderr: "shard 1/3 searched another problem",
			located: `shard-1\.json:` + summaryLine + `:[1-9][0-9]*: shard 1/3`},
		{name: "a solution of no problem", o: mergeOptions{Files: append([]string{forged}, listed[1:]...), All: true, Problem: searchcmd.Input{File: queens}},
			code: exitcode.BadInput, stderr: "forged.json:3:48: not a solution of " + queens + ": "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, stdout, stderr := testIO(t, "")
			tc.o.IO = s
			code := exitcode.Print(mergeRun(context.Background(), &tc.o), stderr)
			if code != tc.code || !strings.Contains(stderr.String(), tc.stderr) || tc.located != "" && !regexp.MustCompile(tc.located).MatchString(stderr.String()) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, stderr, tc.code, tc.stderr)
			}
			if tc.code != exitcode.Found {
				return
			}
			sols := checkSolutions(t, queens, true, stdout.String())
			if _, sum := decodeJSON(t, stdout.String()); sum.Solutions != tc.solutions || sum.Status != "complete" || len(sols) != tc.printed {
				t.Errorf("%d solutions, %s, %d printed; want %d, complete, %d printed", sum.Solutions, sum.Status, len(sols), tc.solutions, tc.printed)
			}
		})
	}
}
