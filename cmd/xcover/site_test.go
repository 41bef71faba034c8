package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
)

// "explain --site" writes a playground, where the problem is pasted in
// the browser: what else is asked of it is refused before anything is
// built or written, in one line, exit 2. (TestDocs builds a site:
// docs/teaching.md.)
func TestExplainSiteRefused(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--site", "d", "specs/examples/knuth.yaml"}, `xcover: explain: --site writes a playground, where the problem is pasted in the browser: it takes no FILE ("specs/examples/knuth.yaml")`},
		{[]string{"--site", "d", "--html", "p.html"}, "it does not combine with --html"},
		{[]string{"--site", "d", "--steps", "5"}, "it does not combine with --steps"},
		{[]string{"--site", ""}, `xcover: --site "": expected a folder's name`},
		{[]string{"--site", "-"}, `xcover: --site "-": expected a folder's name`},
		{[]string{"--site", file}, "xcover: --site " + file + ": not a folder"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runXcover(t, nil, append([]string{"explain"}, tc.args...), "")
			if r.code != exitcode.BadInput || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", r.code, r.stdout, r.stderr, tc.want)
			}
		})
	}
	if _, err := os.Stat("d"); err == nil {
		t.Error("a refused --site d made the folder d")
	}
}

// sourceOf finds xcover's source where the binary was built from, while
// it is there, before it downloads anything: a binary built from a
// checkout carries a version no proxy serves (a pseudo-version of a local
// commit, +dirty with changes). Without that source, a released version
// is downloaded; a local one is refused, in a message that says how to
// get one that works.
func TestSourceOf(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	here := filepath.Join(root, "cmd", "xcover", "site.go")
	gone := filepath.Join(t.TempDir(), "xcover@v1.2.3", "cmd", "xcover", "site.go")
	info := func(v string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: engineModule, Version: v}}
	}
	for _, tc := range []struct {
		name      string
		bi        *debug.BuildInfo
		file      string
		want      string // the root found, or the start of the error
		downloads string // the version downloaded, if any
	}{
		{"a checkout, (devel)", info("(devel)"), here, root, ""},
		{"a checkout, a local commit with changes", info("v0.0.0-20260101000000-0123456789ab+dirty"), here, root, ""},
		{"a checkout, a local commit", info("v0.0.0-20260101000000-0123456789ab"), here, root, ""},
		{"go install @v1.2.3, in the module cache", info("v1.2.3"), here, root, ""},
		{"go install @v1.2.3, the cache cleaned", info("v1.2.3"), gone, "/cache/xcover@v1.2.3", "v1.2.3"},
		{"-trimpath, a release", info("v1.2.3"), "github.com/xcover/xcover/cmd/xcover/site.go", "/cache/xcover@v1.2.3", "v1.2.3"},
		{"-trimpath, (devel)", info("(devel)"), "github.com/xcover/xcover/cmd/xcover/site.go", "error:cannot find xcover's source to build the engine from: this binary (version (devel))", ""},
		{"a checkout gone, +dirty", info("v0.0.0-20260101000000-0123456789ab+dirty"), gone, "error:cannot find xcover's source", ""},
		{"no build information", nil, "", "error:cannot find xcover's source", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var downloaded string
			got, err := sourceOf(tc.bi, tc.file, func(v string) (string, error) {
				downloaded = v
				return "/cache/xcover@" + v, nil
			})
			if err != nil {
				got = "error:" + err.Error()
			}
			if !strings.HasPrefix(got, tc.want) || downloaded != tc.downloads {
				t.Errorf("%q, downloaded %q; want %q, downloaded %q", got, downloaded, tc.want, tc.downloads)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("a message of more than one line: %q", err)
			}
		})
	}
}

// The xcover binary, run outside the module (its working directory a
// scratch folder, as an installed binary is), writes a site whose engine
// it builds from its own source; with no go on the PATH, it says that it
// needs the Go toolchain, in one line, exit 2, nothing written. (A binary
// that cannot find its source, built with -trimpath: TestSourceOf; a
// build of its own would cost CI a link of the command.)
func TestExplainSiteOutsideModule(t *testing.T) {
	// buildXcover skips it with -short: it builds the command.
	bin := buildXcover(t)
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	// A PATH with the tools the build needs but no go.
	noGo := t.TempDir()
	for _, tc := range []struct {
		name, bin, path string
		want            string // "" for a site written
	}{
		{"installed", bin, filepath.Dir(goBin) + string(os.PathListSeparator) + os.Getenv("PATH"), ""},
		{"no go on the PATH", bin, noGo, "xcover: --site: building the engine needs the Go toolchain, and go is not on the PATH"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			work := t.TempDir()
			cmd := exec.Command(tc.bin, "explain", "--site", "site")
			cmd.Dir = work
			var env []string
			for _, kv := range os.Environ() {
				if !strings.HasPrefix(kv, "PATH=") && !strings.HasPrefix(kv, "GOFLAGS=") && !strings.HasPrefix(kv, "GOWORK=") {
					env = append(env, kv)
				}
			}
			cmd.Env = append(env, "PATH="+tc.path)
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			index := filepath.Join(work, "site", "index.html")
			page, readErr := os.ReadFile(index)
			if tc.want == "" {
				if err != nil || readErr != nil || !strings.Contains(string(page), `<script id="engine"`) {
					t.Fatalf("%v (%v): %s", err, readErr, stderr.String())
				}
				t.Logf("%s", strings.TrimSpace(stderr.String()))
				return
			}
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			last := lines[len(lines)-1]
			if cmd.ProcessState.ExitCode() != exitcode.BadInput || !strings.HasPrefix(last, tc.want) || readErr == nil {
				t.Errorf("exit %d, %q, index.html read: %v; want exit 2, a line starting %q, nothing written", cmd.ProcessState.ExitCode(), stderr.String(), readErr, tc.want)
			}
		})
	}
}
