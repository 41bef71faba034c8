package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestREADMECommands runs the command lines of the README's first block of
// xcover commands (the "A few:" examples) from the module root, as a
// reader at the root of the checkout would type them: each must exit 0,
// or the code a comment at its end names ("# … exit 3"). Lines that do
// not start with "xcover" (a shell's source) are not run; one that reads
// the shared data is skipped when that is absent.
func TestREADMECommands(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "A few:\n\n```sh\n")
	block, _, closed := strings.Cut(rest, "```")
	if !ok || !closed {
		t.Fatal(`README.md has no "A few:" block of commands`)
	}
	n := 0
	for _, line := range strings.Split(block, "\n") {
		if !strings.HasPrefix(line, "xcover ") {
			continue
		}
		want := 0
		if m := exitComment.FindStringSubmatch(line); m != nil {
			want, _ = strconv.Atoi(m[1])
		}
		cmd, _, _ := strings.Cut(line, "#")
		cmd = strings.TrimSpace(cmd)
		if shared := regexp.MustCompile(`\.\./shared/\S+`).FindString(cmd); shared != "" {
			if _, err := os.Stat(filepath.Join(root, shared)); err != nil {
				t.Logf("%s: skipped, %v", cmd, err)
				continue
			}
		}
		n++
		if r := runPipeline(t, root, cmd); r.code != want {
			t.Errorf("$ %s: exit %d, want %d\n%s", cmd, r.code, want, r.stderr)
		}
	}
	if n == 0 {
		t.Error("the README's block holds no xcover command")
	}
}

// TestREADMELayout: every package of the module is in the README's
// Layout table, so that the table keeps up with the tree.
func TestREADMELayout(t *testing.T) {
	root := moduleRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(data), "\n## Layout\n")
	layout, _, _ = strings.Cut(layout, "\n## ")
	if !ok {
		t.Fatal("README.md has no Layout section")
	}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if name := d.Name(); rel != "." && (name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		if goFiles, _ := filepath.Glob(filepath.Join(path, "*.go")); rel != "." && len(goFiles) > 0 &&
			!strings.Contains(layout, "`"+filepath.ToSlash(rel)+"/`") {
			t.Errorf("package %s/ is not in the README's Layout table", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
