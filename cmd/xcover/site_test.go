package main

import (
	"os"
	"path/filepath"
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
