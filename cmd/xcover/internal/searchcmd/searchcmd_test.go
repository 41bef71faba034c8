package searchcmd

import (
	"bytes"
	"cmp"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/exactcover"
)

// runCommand parses args with flags, as the command "test", and calls
// action with the parsed context.
func runCommand(t *testing.T, flags []cli.Flag, args []string, action func(*cli.Context) error) error {
	t.Helper()
	app := &cli.App{Name: "xcover", Writer: io.Discard, ErrWriter: io.Discard, ExitErrHandler: func(*cli.Context, error) {},
		Commands: []*cli.Command{{Name: "test", Flags: flags, Action: action}}}
	return app.Run(append([]string{"xcover", "test"}, args...))
}

func TestRequestOf(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		want    Request
		wantErr string
	}{
		{args: nil, want: Request{Limit: 1}},
		{args: []string{"--all"}, want: Request{}},
		{args: []string{"--count", "--stats"}, want: Request{Count: true, Stats: true}},
		{args: []string{"--count", "--limit", "5"}, want: Request{Limit: 5, Count: true}},
		{args: []string{"--json", "--max-nodes", "1000", "--timeout", "1m30s", "--engine", "dlx"},
			want: Request{Limit: 1, JSON: true, MaxNodes: 1000, Timeout: 90 * time.Second, Engine: exactcover.EngineDLX}},
		{args: []string{"--progress"}, want: Request{Limit: 1, Progress: ProgressAsked}},
		{args: []string{"--progress-every", "1s"}, want: Request{Limit: 1, Progress: ProgressAsked, ProgressEvery: time.Second}},
		{args: []string{"--progress=false", "--progress-every", "1s"}, want: Request{Limit: 1, Progress: ProgressOff, ProgressEvery: time.Second}},
		{args: []string{"-j", "4"}, want: Request{Limit: 1, Jobs: 4}},
		{args: []string{"--all", "--limit", "3"}, wantErr: "test: --all and --limit contradict each other: give one"},
		{args: []string{"--all", "--count"}, wantErr: "test: --all prints every solution and --count prints none: give one"},
	} {
		tc.want.ProgressEvery = cmp.Or(tc.want.ProgressEvery, 3*time.Second) // --progress-every's default
		var got *Request
		err := runCommand(t, append(SearchFlags("solution"), JobsFlag(JobsUsage, JobsDefault)), tc.args, func(c *cli.Context) (err error) {
			got, err = RequestOf(c)
			return err
		})
		switch {
		case tc.wantErr != "":
			if err == nil || err.Error() != tc.wantErr || exitcode.Print(err, io.Discard) != exitcode.BadInput {
				t.Errorf("%q: error %v, want %q with exit 2", tc.args, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case *got != tc.want:
			t.Errorf("%q: %+v, want %+v", tc.args, *got, tc.want)
		}
	}
}

func TestWorkers(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		every bool
		want  int
	}{
		{nil, false, 1},
		{nil, true, runtime.GOMAXPROCS(0)},
		{[]string{"-j", "3"}, false, 3},
		{[]string{"--jobs", "1"}, true, 1},
	} {
		var got int
		if err := runCommand(t, append(SearchFlags("solution"), JobsFlag(JobsUsage, JobsDefault)), tc.args, func(c *cli.Context) error {
			req, err := RequestOf(c)
			if err == nil {
				got = req.Workers(tc.every)
			}
			return err
		}); err != nil || got != tc.want {
			t.Errorf("Workers(%q, %v) = %d, %v; want %d", tc.args, tc.every, got, err, tc.want)
		}
	}
}

// TestSearched checks the end of a search's output in every combination of
// status and output mode: what stdout and stderr say, and the exit code.
func TestSearched(t *testing.T) {
	complete := exactcover.Stats{Solutions: 2, Nodes: 7, Updates: 30, Status: exactcover.Complete}
	none := exactcover.Stats{Nodes: 3, Updates: 9, Status: exactcover.Complete}
	stopped := exactcover.Stats{Solutions: 5, Nodes: 1000, Updates: 4000, Status: exactcover.NodeLimit}
	for _, tc := range []struct {
		name           string
		req            Request
		st             exactcover.Stats
		stdout, stderr string // stderr: a part of it
		code           int
	}{
		{"found", Request{Limit: 1}, complete, "", "", exitcode.Found},
		{"none", Request{Limit: 1}, none, "", "xcover: no solution (the search is complete)\n", exitcode.None},
		{"count", Request{Count: true}, complete, "2\n", "", exitcode.Found},
		{"count none", Request{Count: true}, none, "0\n", "", exitcode.None},
		{"count stopped", Request{Count: true, Stats: true}, stopped, "5+\n",
			"Altogether 5 solutions, 4000 updates, 1000 nodes", exitcode.Stopped},
		{"stopped", Request{Limit: 1}, stopped, "", "found before the search could finish\n", exitcode.Stopped},
		{"json", Request{JSON: true}, complete, `{"type":"summary","solutions":2,`, "", exitcode.Found},
		{"json none", Request{JSON: true}, none, `{"type":"summary","solutions":0,`, "", exitcode.None},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			s := &iostreams.IO{Stdout: &stdout, Stderr: &stderr}
			w := NewWriter(s, tc.req.JSON, nil)
			code := exitcode.Print(End(w, s, Searched(&tc.req, tc.st, Ending{What: "solution"})), &stderr)
			if code != tc.code || !strings.HasPrefix(stdout.String(), tc.stdout) || tc.stdout == "" && stdout.Len() > 0 ||
				!strings.Contains(stderr.String(), tc.stderr) || tc.stderr == "" && stderr.Len() > 0 {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr holding %q",
					code, stdout.String(), stderr.String(), tc.code, tc.stdout, tc.stderr)
			}
		})
	}
}

func TestLoadSpec(t *testing.T) {
	dir := t.TempDir()
	yaml := "primary: [a, b]\noptions:\n  - [a]\n  - [b]\n"
	if err := os.WriteFile(filepath.Join(dir, "yaml-in-disguise.dlx"), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	load := func(ctx context.Context, args ...string) (int, error) {
		var options int
		err := runCommand(t, []cli.Flag{SpecFormatFlag()}, args, func(c *cli.Context) error {
			in, err := InputOf(c)
			if err != nil {
				return err
			}
			sp, _, err := LoadSpec(ctx, &iostreams.IO{Stdin: strings.NewReader(yaml), Stderr: io.Discard, Dir: dir}, in)
			if err == nil {
				options = len(sp.Problem.Options)
			}
			return err
		})
		return options, err
	}
	if n, err := load(context.Background(), "--format", "yaml", "-"); err != nil || n != 2 {
		t.Errorf("stdin as YAML: %d options, %v; want 2", n, err)
	}
	if _, err := load(context.Background(), "yaml-in-disguise.dlx"); err == nil || !strings.Contains(err.Error(), "the content looks like yaml: --format yaml reads it so") {
		t.Errorf("a YAML file named .dlx: %v, want a hint to use --format yaml", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := load(ctx, "-"); exitcode.Print(err, io.Discard) != exitcode.Stopped {
		t.Errorf("with the context ended: %v, want a stop (exit 3)", err)
	}
}

// TestReadSpecHint: a file whose content looks like the other format gets
// a hint; an empty or a binary file, which looks like nothing, does not.
func TestReadSpecHint(t *testing.T) {
	dir := t.TempDir()
	s := &iostreams.IO{Dir: dir, Stderr: io.Discard}
	for _, tc := range []struct{ name, data, want string }{
		{"empty.yaml", "", "empty.yaml:1:1: empty input: expected a YAML mapping with primary, secondary and options"},
		{"blank.yaml", "\n  \n", "blank.yaml"},
		{"binary.yaml", "\x7fELF\x02\x01\x01\x00", "binary.yaml:1:1: control character U+007F: expected text"},
		{"dlx.yaml", "| a DLX file\na b\na b\n", "(the content looks like dlx: --format dlx reads it so)"},
	} {
		if err := os.WriteFile(filepath.Join(dir, tc.name), []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadSpec(s, tc.name, "")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		} else if !strings.HasPrefix(tc.name, "dlx") && strings.Contains(err.Error(), "looks like") {
			t.Errorf("%s: %v, want no hint: the content looks like no format", tc.name, err)
		}
	}
}
