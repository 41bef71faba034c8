package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The domino tilings of the 10×10 and 12×12 boards: OEIS A004003
// (Kasteleyn's formula), not figures of xcover's.
const (
	tilings10x10 = "258584046368"
	tilings12x12 = "53060477521960000"
)

// clearPeers unsets every peer's variables, so that a developer's own
// peers do not run in the tests.
func clearPeers(t *testing.T) {
	for _, p := range peers {
		t.Setenv(p.env, "")
		t.Setenv(p.versionEnv(), "")
	}
}

// fakePeer writes a shell script that reads its input, appends a line to
// calls (one per run) and prints stderr on stderr, as Knuth's programs
// print their totals, then exits with code.
func fakePeer(t *testing.T, stderr string, code int) (bin, calls string) {
	return fakeScript(t, "printf '%s\\n' '"+stderr+"' >&2\nexit "+strconv.Itoa(code)+"\n")
}

// fakeScript writes a shell script that appends a line to calls (one per
// run), then runs body with the script's input in the file $in.
func fakeScript(t *testing.T, body string) (bin, calls string) {
	dir := t.TempDir()
	bin = filepath.Join(dir, "fake-dlx6")
	calls = filepath.Join(dir, "calls")
	script := "#!/bin/sh\nin=" + filepath.Join(dir, "input") + "\ncat > $in\necho run >> " + calls + "\n" + body
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, calls
}

var (
	buildOnce sync.Once
	xcoverBin string
	buildErr  error
)

// builtXcover builds xcover once for the tests that run rows, by the
// script's own build.
func builtXcover(t *testing.T) string {
	buildOnce.Do(func() {
		root, err := moduleRoot()
		if err != nil {
			buildErr = err
			return
		}
		dir, err := os.MkdirTemp("", "xcover-bench-test-")
		if err != nil {
			buildErr = err
			return
		}
		xcoverBin, buildErr = buildXcover(context.Background(), "", root, dir, os.Stderr)
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return xcoverBin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if xcoverBin != "" {
		os.RemoveAll(filepath.Dir(xcoverBin))
	}
	os.Exit(code)
}

// runBench runs the command in-process and returns its stdout, stderr
// and error.
func runBench(t *testing.T, args ...string) (string, string, error) {
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

// section is the part of a report under the heading title, up to the next
// heading.
func section(t *testing.T, report, title string) string {
	_, s, ok := strings.Cut(report, "\n## "+title+"\n")
	if !ok {
		t.Fatalf("no section %q in\n%s", title, report)
	}
	s, _, _ = strings.Cut(s, "\n## ")
	return s
}

// tableRows are the cells of the rows of the first Markdown table in s,
// its header and rule left out.
func tableRows(s string) [][]string {
	var rows [][]string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "| ") || strings.HasPrefix(l, "| instance ") {
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), " | ")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	return rows
}

func calls(t *testing.T, path string) int {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(data), "run\n")
}

// TestTableAgainstFakePeer runs two rows against a fake DLX6 that prints
// the published counts (telling the boards by their number of lines:
// 1 + 2·10·9 and 1 + 2·12·11), and checks the report's form: the header,
// the rows' cells, the commands and the inputs.
func TestTableAgainstFakePeer(t *testing.T) {
	clearPeers(t)
	bin, log := fakeScript(t, `case $(wc -l < $in) in
181) echo "Altogether `+tilings10x10+` solutions, 0 mems, 2 ZDD nodes." >&2;;
265) echo "Altogether `+tilings12x12+` solutions, 0 mems, 2 ZDD nodes." >&2;;
esac
`)
	t.Setenv(peerDLX6.env, bin)
	t.Setenv(peerDLX6.versionEnv(), "fake 1.0")
	out, stderr, err := runBench(t, "-xcover", builtXcover(t), "-runs", "3", "-only", "^memo/")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if n := calls(t, log); n != 6 {
		t.Errorf("the peer ran %d times, want 6 (one per run of xcover, two rows)", n)
	}
	for _, want := range []string{
		"# Performance\n",
		"\n## How these tables were made\n",
		"| processor | ",
		"| runs | 3 of each program per row, alternating |",
		"| DLX6 | fake 1.0; sha256 ",
		"\n## Building the peers\n",
		"XCOVER_BENCH_DLX6=" + bin + " \\\n",
		"go run ./scripts/bench -xcover ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report has no %q:\n%s", want, out)
		}
	}
	memo := section(t, out, "Counting without enumerating")
	if !strings.Contains(memo, "| instance | xcover | peer | tilings | xcover CPU | peer CPU | xcover / peer | single pairs | xcover memory | peer memory |\n|---|---|---|---|---:|---:|---:|---:|---:|---:|\n") {
		t.Errorf("no table header in\n%s", memo)
	}
	rows := tableRows(memo)
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2:\n%s", len(rows), memo)
	}
	sec := regexp.MustCompile(`^\d+\.\d+ s$`)
	mb := regexp.MustCompile(`^\d+(\.\d)? MB$`)
	checks := []struct {
		cell int
		re   *regexp.Regexp
	}{
		{4, sec}, {5, sec},
		{6, regexp.MustCompile(`^\*\*\d+\.\d\d\*\*$`)},
		{7, regexp.MustCompile(`^\d+\.\d\d–\d+\.\d\d$`)},
		{8, mb}, {9, mb},
	}
	for i, want := range []string{
		"domino-10x10 | `--count --memo` | DLX6 | 258,584,046,368",
		"domino-12x12 | `--count --memo` | DLX6 | 53,060,477,521,960,000",
	} {
		if got := strings.Join(rows[i][:4], " | "); got != want {
			t.Errorf("row %q, want %q", got, want)
		}
		for _, c := range checks {
			if !c.re.MatchString(rows[i][c.cell]) {
				t.Errorf("row %d: cell %d is %q, want %v", i+1, c.cell, rows[i][c.cell], c.re)
			}
		}
	}
	if !strings.Contains(memo, "- `--count --memo`: `xcover solve --count --memo FILE.dlx` against DLX6: `fake-dlx6 < FILE.dlx`") {
		t.Errorf("no commands in\n%s", memo)
	}
	if !strings.Contains(memo, "- `domino-10x10.dlx`, `domino-12x12.dlx`: made by the script") {
		t.Errorf("no inputs in\n%s", memo)
	}
}

// TestTableWithoutPeer: a row whose peer is not given is measured with
// xcover alone, "—" for the peer.
func TestTableWithoutPeer(t *testing.T) {
	clearPeers(t)
	out, stderr, err := runBench(t, "-xcover", builtXcover(t), "-runs", "1", "-only", "^memo/domino-10x10/")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	rows := tableRows(section(t, out, "Counting without enumerating"))
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := rows[0]
	if r[2] != "DLX6 (not given)" || r[3] != "258,584,046,368 (unchecked)" || r[5] != "—" || r[6] != "—" || r[7] != "—" || r[9] != "—" {
		t.Errorf("row %q", r)
	}
	if !strings.Contains(stderr, "XCOVER_BENCH_DLX6 not set: xcover alone") {
		t.Errorf("stderr does not say the peer is missing:\n%s", stderr)
	}
}

// TestRowStops: a peer that disagrees, or fails, stops its row after one
// run, says why in the table and on stderr, and the command fails.
func TestRowStops(t *testing.T) {
	for _, tc := range []struct {
		name, stderr string
		code         int
		want         string
	}{
		{"disagree", "Altogether 258584046369 solutions, 2 ZDD nodes.", 0,
			"**stopped: xcover says 258,584,046,368, DLX6 says 258,584,046,369**"},
		{"fails", "Recompile me", 1, "**stopped: DLX6: fake-dlx6 < domino-10x10.dlx: exit 1: Recompile me**"},
		{"unreadable", "All done.", 0, `**stopped: DLX6: no "Altogether N solutions" on stderr: All done.**`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clearPeers(t)
			bin, log := fakePeer(t, tc.stderr, tc.code)
			t.Setenv(peerDLX6.env, bin)
			out, stderr, err := runBench(t, "-xcover", builtXcover(t), "-runs", "3", "-only", "^memo/domino-10x10/")
			if !errors.Is(err, errDisagree) {
				t.Errorf("error %v, want %v", err, errDisagree)
			}
			if n := calls(t, log); n != 1 {
				t.Errorf("the peer ran %d times, want 1: the row goes on after its first failure", n)
			}
			memo := section(t, out, "Counting without enumerating")
			if !strings.Contains(memo, tc.want) {
				t.Errorf("the table does not say %q:\n%s", tc.want, memo)
			}
			if !strings.Contains(stderr, "memo/domino-10x10/DLX6: FAILED: ") {
				t.Errorf("stderr does not say the row failed:\n%s", stderr)
			}
		})
	}
}

// TestDryRun checks inputs and peers and runs nothing: without the
// shared data its rows are skipped, and the others show their commands.
func TestDryRun(t *testing.T) {
	clearPeers(t)
	bin, log := fakePeer(t, "", 0)
	t.Setenv(peerSSXCC.env, bin)
	empty := t.TempDir()
	out, stderr, err := runBench(t, "-dry-run", "-data", empty, "enumerate")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{
		"enumerate/queens-14/SSXCC (default, 5 runs each)\n  skipped: " + filepath.Join(empty, "exactcover/queens-14.dlx") + " not found\n",
		"enumerate/langford-12/SSXCC (default, 5 runs each)\n  xcover: xcover solve -j 1 --count '$TMP/langford-12.dlx'\n  SSXCC: " + bin + " < '$TMP/langford-12.dlx'\n",
		"enumerate/langford-12/DLX1 (`--engine dlx`, 5 runs each)\n  xcover: xcover solve -j 1 --count --engine dlx --stats '$TMP/langford-12.dlx'\n  DLX1: XCOVER_BENCH_DLX1 not set: xcover alone\n",
		"\n2 rows with their peer, 2 with xcover alone, 8 skipped\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the dry run does not say\n%s\nin\n%s", want, out)
		}
	}
	if n := calls(t, log); n != 0 {
		t.Errorf("the dry run ran the peer %d times", n)
	}
}

// TestList names every peer's variable and every workload.
func TestList(t *testing.T) {
	out, _, err := runBench(t, "-list")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range peers {
		if !strings.Contains(out, p.env) {
			t.Errorf("-list does not name %s", p.env)
		}
	}
	for _, w := range workloads {
		if !strings.Contains(out, w.id+" ") {
			t.Errorf("-list does not name workload %s", w.id)
		}
	}
}

// TestUsage: bad command lines exit 2 before anything runs.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-runs", "0"},
		{"-only", "("},
		{"-only", "no such row"},
		{"nosuchworkload"},
		{"-nosuchflag"},
	} {
		if _, _, err := runBench(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%q: error %v, want a usage error", args, err)
		}
	}
}
