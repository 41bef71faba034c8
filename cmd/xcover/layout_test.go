package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestLayout checks docs/layout.md against the tree: every package of the
// module is in its picture of the layers and in its table, and every path
// either names is a directory of the module.
func TestLayout(t *testing.T) {
	root := moduleRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "docs", "layout.md"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	_, picture, _ := strings.Cut(page, "\n## The layers\n")
	_, picture, _ = strings.Cut(picture, "```text\n")
	picture, _, ok := strings.Cut(picture, "```")
	if !ok {
		t.Fatal("docs/layout.md has no picture of the layers (a text block under \"## The layers\")")
	}
	_, table, ok := strings.Cut(page, "\n| path | what |\n")
	table, _, _ = strings.Cut(table, "\n\n")
	if !ok {
		t.Fatal("docs/layout.md has no table of packages")
	}
	var packages []string
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if name := d.Name(); rel != "." && (name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		if goFiles, _ := filepath.Glob(filepath.Join(path, "*.go")); rel != "." && len(goFiles) > 0 {
			packages = append(packages, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []struct{ name, text string }{{"picture", picture}, {"table", table}} {
		named := layoutPaths(doc.text)
		for _, p := range packages {
			if !named[p] {
				t.Errorf("package %s/ is not in docs/layout.md's %s", p, doc.name)
			}
		}
		for p := range named {
			if !strings.Contains(p, "/") {
				continue // a word of the text, or a top-level package checked above
			}
			if fi, err := os.Stat(filepath.Join(root, p)); err != nil || !fi.IsDir() {
				t.Errorf("docs/layout.md's %s names %s, which is no directory of the module", doc.name, p)
			}
		}
	}
}

// layoutPath matches a path as the layout page writes one, its last element
// perhaps a brace list: cmd/xcover/internal/{report,cliparse}.
var layoutPath = regexp.MustCompile(`[a-z][a-z0-9]*(?:/[a-z][a-z0-9]*)*(?:/\{[a-z0-9,]+\})?`)

// layoutPaths returns the paths text names, brace lists expanded.
func layoutPaths(text string) map[string]bool {
	named := map[string]bool{}
	for _, m := range layoutPath.FindAllString(text, -1) {
		prefix, list, braced := strings.Cut(m, "{")
		if !braced {
			named[m] = true
			continue
		}
		for _, name := range strings.Split(strings.TrimSuffix(list, "}"), ",") {
			named[prefix+name] = true
		}
	}
	return named
}
