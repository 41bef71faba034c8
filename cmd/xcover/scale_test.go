package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/internal/testtier"
)

// counts is what a search counts: solutions, nodes and updates.
type counts struct{ solutions, nodes, updates int64 }

func countsOf(l jsonLine) counts { return counts{l.Solutions, l.Nodes, l.Updates} }

// reference returns the counts a driven search of file must give: DLX1's
// (dlx1, from expected.tsv) when the summary names the dlx engine (shards'
// do), else those of the sequential search with the default engine (-j 1:
// the plain search, which the engine tests check; no driver is involved).
func reference(t testing.TB, file string, engine string, dlx1 counts) counts {
	t.Helper()
	if engine == "dlx" {
		return dlx1
	}
	r := runXcover(t, nil, []string{"solve", "--count", "--json", "-j", "1", file}, "")
	_, sum := decodeJSON(t, r.stdout)
	return countsOf(sum)
}

// TestJobs: -j gives the sequential totals (DLX1's, from expected.tsv)
// with every number of workers, for solve and pentomino.
func TestJobs(t *testing.T) {
	file := filepath.Join(sharedData(t), "exactcover", "queens-10.dlx")
	for _, j := range []string{"1", "2", "16"} {
		r := runXcover(t, nil, []string{"solve", "--all", "--json", "-j", j, file}, "")
		if r.code != exitcode.Found {
			t.Fatalf("-j %s: exit %d\n%s", j, r.code, r.stderr)
		}
		sols := checkSolutions(t, file, true, r.stdout)
		_, sum := decodeJSON(t, r.stdout)
		want := reference(t, file, sum.Engine, counts{724, 11578, 202341})
		if len(sols) != 724 || countsOf(sum) != want {
			t.Errorf("-j %s: %d solutions printed, summary %+v; want 724 and %+v", j, len(sols), sum, want)
		}
	}
	// 3×20: 8 packings (2 up to symmetry, ×4), as expected.tsv says.
	r := runXcover(t, nil, []string{"pentomino", "--board", "3x20", "--count", "-j", "3"}, "")
	if r.code != exitcode.Found || r.stdout != "8\n" {
		t.Fatalf("pentomino -j 3: exit %d, stdout %q\n%s", r.code, r.stdout, r.stderr)
	}
	for _, args := range [][]string{
		{"solve", "-j", "0", file},
		{"solve", "--shard", "3/2", file},
		{"solve", "--shard", "3", file},
		{"solve", "--checkpoint-every", "0s", "--checkpoint", "x", file},
		{"pentomino", "--board", "3x20", "-j", "0"},
	} {
		if r := runXcover(t, nil, args, ""); r.code != exitcode.BadInput || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q; want 2 and nothing", args, r.code, r.stdout)
		}
	}
}

// TestCheckpointResume stops a count with a checkpoint (as Ctrl-C does),
// resumes it with other numbers of workers, stopping again, and checks the
// final totals against DLX1's. A checkpoint file is never overwritten by
// a new search, and a damaged one or one of another problem is refused.
func TestCheckpointResume(t *testing.T) {
	file := filepath.Join(sharedData(t), "exactcover", "queens-12.dlx")
	ck := filepath.Join(t.TempDir(), "q12.ck")
	r := runXcover(t, nil, []string{"solve", "--count", "--json", "--checkpoint", ck, "--max-nodes", "50000", file}, "")
	if r.code != exitcode.Stopped || !strings.Contains(r.stderr, "--resume "+ck) {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	_, first := decodeJSON(t, r.stdout)
	r = runXcover(t, nil, []string{"solve", "--count", "--json", "-j", "3", "--resume", ck, "--max-nodes", "70000", file}, "")
	if r.code != exitcode.Stopped {
		t.Fatalf("second run: exit %d\n%s", r.code, r.stderr)
	}
	_, sum := decodeJSON(t, r.stdout)
	// -j 3 shares the node budget: at most 70000 nodes more than the
	// checkpoint's (and a solution leaf per worker), at most a poll
	// interval and a node per other worker fewer.
	if ran := sum.Nodes - first.Nodes; sum.Status != "node-limit" || ran > 70000+3 || ran < 70000-2*1025 {
		t.Fatalf("second run, from %d nodes: %+v", first.Nodes, sum)
	}
	again := runXcover(t, nil, []string{"solve", "--count", "--checkpoint", ck, file}, "")
	if again.code != exitcode.BadInput || !strings.Contains(again.stderr, "exists") {
		t.Fatalf("a new search over the checkpoint: exit %d\n%s", again.code, again.stderr)
	}
	before, err := os.ReadFile(ck)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(sharedData(t), "exactcover", "queens-10.dlx")
	if r := runXcover(t, nil, []string{"solve", "--count", "--resume", ck, other}, ""); r.code != exitcode.BadInput || !strings.Contains(r.stderr, "another") {
		t.Fatalf("resume on another problem: exit %d\n%s", r.code, r.stderr)
	}
	cut := filepath.Join(t.TempDir(), "cut.ck")
	if err := os.WriteFile(cut, before[:len(before)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runXcover(t, nil, []string{"solve", "--count", "--resume", cut, file}, ""); r.code != exitcode.BadInput || !strings.Contains(r.stderr, "cut short") {
		t.Fatalf("resume of a truncated file: exit %d\n%s", r.code, r.stderr)
	}
	if after, _ := os.ReadFile(ck); string(after) != string(before) {
		t.Fatal("a refused resume changed the checkpoint")
	}
	r = runXcover(t, nil, []string{"solve", "--count", "--json", "-j", "2", "--resume", ck, file}, "")
	_, sum = decodeJSON(t, r.stdout)
	if want := reference(t, file, sum.Engine, counts{14200, 211716, 3641627}); r.code != exitcode.Found || countsOf(sum) != want || sum.Status != "complete" {
		t.Fatalf("final run: exit %d, %+v; want %+v\n%s", r.code, sum, want, r.stderr)
	}
}

// TestCheckpointResumeWideNode stops a count of two workers in the middle
// of a node of n branches (item A in n options, each a solution, below
// item B's one), and resumes it: the checkpoint holds the branches left as
// one unit (format version 4, "rest"), a few bytes a branch, not a unit of
// its own each, and the resumed count ends with the totals of -j 1.
func TestCheckpointResumeWideNode(t *testing.T) {
	const n = 50000
	dir := t.TempDir()
	file, ck := filepath.Join(dir, "wide.dlx"), filepath.Join(dir, "wide.ck")
	text := "A B\n" + strings.Repeat("A\n", n) + "B\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runXcover(t, nil, []string{"solve", "--count", "--json", "-j", "2", "--max-nodes", fmt.Sprint(n / 2), "--checkpoint", ck, file}, "")
	if r.code != exitcode.Stopped {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	data, err := os.ReadFile(ck)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"version":4`)) || !bytes.Contains(data, []byte(`"rest":[`)) || len(data) > 8*n {
		t.Errorf("a checkpoint of %d bytes for about %d branches left, without a unit of branches:\n%.300s", len(data), n/2, data)
	}
	r = runXcover(t, nil, []string{"solve", "--count", "--json", "-j", "2", "--resume", ck, file}, "")
	_, sum := decodeJSON(t, r.stdout)
	if want := reference(t, file, "", counts{}); r.code != exitcode.Found || countsOf(sum) != want || want.solutions != n || sum.Status != "complete" {
		t.Fatalf("resumed: exit %d, %+v; want %+v with %d solutions\n%s", r.code, sum, want, n, r.stderr)
	}
}

// TestShardsMerge runs a count as 4 shards, with --all, and merges them:
// DLX1's totals, every solution once; a shard missing, repeated or cut
// short is refused with exit 2.
func TestShardsMerge(t *testing.T) {
	testtier.Slow(t)
	file := filepath.Join(sharedData(t), "exactcover", "queens-10.dlx")
	dir := t.TempDir()
	var files []string
	for k := 1; k <= 4; k++ {
		r := runXcover(t, nil, []string{"solve", "--all", "--json", "--shard", fmt.Sprintf("%d/4", k), file}, "")
		if r.code != exitcode.Found && r.code != exitcode.None {
			t.Fatalf("shard %d: exit %d\n%s", k, r.code, r.stderr)
		}
		_, sum := decodeJSON(t, r.stdout)
		if sum.Shard != k || sum.Shards != 4 || sum.Split == "" || sum.Problem == "" {
			t.Fatalf("shard %d: summary %+v", k, sum)
		}
		name := filepath.Join(dir, fmt.Sprintf("shard-%d.json", k))
		if err := os.WriteFile(name, []byte(r.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	r := runXcover(t, nil, append([]string{"merge", "--all"}, files...), "")
	if r.code != exitcode.Found {
		t.Fatalf("merge: exit %d\n%s", r.code, r.stderr)
	}
	sols := checkSolutions(t, file, true, r.stdout) // verified, numbered 1…n
	_, sum := decodeJSON(t, r.stdout)
	if want := reference(t, file, sum.Engine, counts{724, 11578, 202341}); len(sols) != 724 || countsOf(sum) != want || sum.Shards != 4 {
		t.Fatalf("merged %d solutions, %+v; want 724 and %+v", len(sols), sum, want)
	}
	seen := map[string]bool{}
	for _, s := range sols {
		if k := fmt.Sprint(s); seen[k] {
			t.Fatalf("solution %v merged twice", s)
		} else {
			seen[k] = true
		}
	}
	data, _ := os.ReadFile(files[2])
	cut := filepath.Join(dir, "cut.json")
	os.WriteFile(cut, data[:len(data)-40], 0o644)
	for _, tt := range []struct {
		name  string
		files []string
		want  string
	}{
		{"missing", []string{files[0], files[1], files[3]}, "missing shard 3 of 4"},
		{"repeated", append(files, files[1]), "more than once"},
		{"cut short", []string{files[0], files[1], cut, files[3]}, "cut short"},
	} {
		r := runXcover(t, nil, append([]string{"merge"}, tt.files...), "")
		if r.code != exitcode.BadInput || r.stdout != "" || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 and %q", tt.name, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

// buildXcover builds the command into a temporary directory and returns
// the binary's path, for tests that need a real process (signals, limits).
func buildXcover(t *testing.T) string {
	t.Helper()
	if testtier.Short() {
		t.Skip("builds the binary")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "xcover-test-bin")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(dir, "xcover")
		build := exec.Command("go", "build", "-o", built.bin, "./cmd/xcover")
		build.Dir = moduleRoot(t)
		if out, err := build.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// built is the binary buildXcover makes once for all the tests of a run;
// TestMain removes it.
var built struct {
	once sync.Once
	bin  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.bin != "" {
		os.RemoveAll(filepath.Dir(built.bin))
	}
	os.Exit(code)
}

// startXcover starts cmd, collecting its stdout, and returns its stdout
// and the pipe its stderr comes through.
func startXcover(t *testing.T, cmd *exec.Cmd) (*output, io.Reader) {
	t.Helper()
	stdout := &output{line: make(chan struct{})}
	cmd.Stdout = stdout
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return stdout, errPipe
}

// output collects what a process writes, safe to read while it writes;
// line is closed once a whole line has come.
type output struct {
	mu    sync.Mutex
	b     strings.Builder
	line  chan struct{}
	lined bool
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.lined && bytes.IndexByte(p, '\n') >= 0 {
		o.lined = true
		close(o.line)
	}
	return o.b.Write(p)
}

func (o *output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String()
}

// TestTermSavesCheckpoint sends SIGTERM, as a batch system stopping a job
// does, or SIGHUP, as a closed terminal does, to a real xcover process
// counting with a checkpoint: it must save its position and exit 3; the
// resumed search ends with DLX1's totals.
func TestTermSavesCheckpoint(t *testing.T) {
	file := filepath.Join(sharedData(t), "exactcover", "pent-6x10-sym.dlx")
	bin := buildXcover(t)
	root := moduleRoot(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			ck := filepath.Join(t.TempDir(), "ck")
			// Dancing links, the slowest engine (seconds on this file,
			// where the bit sets take under one with two workers), so that
			// the signal comes before the end on a loaded machine too.
			cmd := exec.Command(bin, "solve", "--count", "--json", "--engine", "dlx", "-j", "2", "--checkpoint", ck, "--progress", "--progress-every", "50ms", file)
			cmd.Dir = root
			_, errPipe := startXcover(t, cmd)
			sc := bufio.NewScanner(errPipe)
			var stderr strings.Builder
			for sc.Scan() { // the first progress line: the search is running
				stderr.WriteString(sc.Text() + "\n")
				if strings.Contains(sc.Text(), "progress") {
					break
				}
			}
			time.Sleep(100 * time.Millisecond)
			cmd.Process.Signal(sig)
			for sc.Scan() {
				stderr.WriteString(sc.Text() + "\n")
			}
			err := cmd.Wait()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitcode.Stopped {
				t.Fatalf("after %v: %v, want exit 3\n%s", sig, err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "--resume") {
				t.Fatalf("no word of the checkpoint:\n%s", stderr.String())
			}
			r := runXcover(t, context.Background(), []string{"solve", "--count", "--json", "--engine", "dlx", "--resume", ck, file}, "")
			_, sum := decodeJSON(t, r.stdout)
			if want := reference(t, file, sum.Engine, counts{2339, 904970, 309134131}); r.code != exitcode.Found || countsOf(sum) != want {
				t.Fatalf("resumed: exit %d, %+v; want %+v\n%s", r.code, sum, want, r.stderr)
			}
		})
	}
}

// TestCheckpointDiskFull runs counts whose checkpoints cannot be written
// (a file size limit of 0, as a full disk: every write fails with EFBIG).
// A count that completes prints its answer and exits 0, with one warning
// for the periodic checkpoints however many fail, and one line saying
// the final one was not saved; a count that is stopped exits 3 and says,
// on its last line, that its position is lost, not that it is saved.
func TestCheckpointDiskFull(t *testing.T) {
	file := filepath.Join(sharedData(t), "exactcover", "queens-13.dlx")
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to set the file size limit")
	}
	bin := buildXcover(t)
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string // a prefix
		last   string // in stderr's last line
	}{
		{"complete", nil, exitcode.Found, "73712\n", "warning: the search is complete, but its final checkpoint was not saved"}, // OEIS A000170
		{"stopped", []string{"--max-nodes", "500000"}, exitcode.Stopped, "", "the search's position was NOT saved"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ck := filepath.Join(t.TempDir(), "p.ck")
			args := append([]string{"-c", `ulimit -f 0 && exec "$0" "$@"`, bin, "solve", "--count", "-j", "2",
				"--checkpoint", ck, "--checkpoint-every", "1ms"}, append(tc.args, file)...)
			cmd := exec.Command(sh, args...)
			cmd.Dir = moduleRoot(t)
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.Run()
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			warnings := strings.Count(stderr.String(), "further failures not reported")
			if code := cmd.ProcessState.ExitCode(); code != tc.code || !strings.HasPrefix(stdout.String(), tc.stdout) ||
				tc.stdout == "" && !strings.HasSuffix(stdout.String(), "+\n") || warnings > 1 ||
				!strings.Contains(lines[len(lines)-1], tc.last) || strings.Contains(stderr.String(), "go on with --resume") {
				t.Fatalf("exit %d, stdout %q, %d periodic warnings, stderr:\n%s\nwant exit %d, stdout %q, at most one warning, last line with %q",
					code, stdout.String(), warnings, stderr.String(), tc.code, tc.stdout, tc.last)
			}
			if _, err := os.Stat(ck); !os.IsNotExist(err) {
				t.Fatalf("a checkpoint file was written: %v", err)
			}
		})
	}
}
