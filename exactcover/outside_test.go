package exactcover_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// TestOutsideModule builds testdata/outside, a program of another module
// that requires xcover's module (replaced by this checkout, as before it
// is published), and runs it: the library as a Go programmer meets it.
// The module's path must be one "go get" accepts: a first element with a
// dot in it ("xcover" alone is refused: "missing dot in first path
// element").
func TestOutsideModule(t *testing.T) {
	if testtier.Short() {
		t.Skip("builds a program")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	path, _, _ := strings.Cut(strings.TrimPrefix(string(gomod), "module "), "\n")
	if first, _, _ := strings.Cut(path, "/"); !strings.Contains(first, ".") {
		t.Errorf("module path %q: go get refuses a first element without a dot", path)
	}
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	main, err := os.ReadFile(filepath.Join("testdata", "outside", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":  "module example.com/outside\n\ngo 1.24\n\nrequire " + path + " v0.0.0\n\nreplace " + path + " => " + root + "\n",
		"go.sum":  string(sum),
		"main.go": string(main),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	// The requirements' go.mod files come from the module cache, as the
	// checkout's own build left them; nothing is fetched.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go run: %v\n%s", err, stderr.String())
	}
	// Knuth's example has one solution, options 1, 4 and 5 from 0 (his
	// paper); x and y are covered as {x}{y} or {x y}.
	want := "first: [0 3 4]\ncount: 1 complete\ntwo ways: 2\n"
	if out.String() != want {
		t.Errorf("the outside program printed\n%s\nwant\n%s", out.String(), want)
	}
}
