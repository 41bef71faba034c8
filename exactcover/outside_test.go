package exactcover_test

import (
	"bytes"
	"fmt"
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
	main, err := os.ReadFile(filepath.Join("testdata", "outside", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	// Knuth's example has one solution, options 1, 4 and 5 from 0 (his
	// paper); x and y are covered as {x}{y} or {x y}.
	want := "first: [0 3 4]\ncount: 1 complete\ntwo ways: 2\n"
	if got := runOutside(t, main); got != want {
		t.Errorf("the outside program printed\n%s\nwant\n%s", got, want)
	}
}

// runOutside builds the program main (the text of a main.go) in a module of
// its own that requires xcover's module, replaced by this checkout as before
// it is published, runs it and returns what it printed.
func runOutside(t *testing.T, main []byte) string {
	t.Helper()
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
	if err := os.WriteFile(filepath.Join(dir, "main.go"), main, 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": outsideGoMod(t, path, root, filepath.Join(dir, "main.go")),
		"go.sum": string(sum),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	// Nothing is fetched: the modules come from the module cache, as the
	// checkout's own build left them.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off", "GOPROXY=off")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go run: %v\n%s", err, stderr.String())
	}
	return out.String()
}

// outsideGoMod is the go.mod of the outside program as "go mod tidy" would
// write it: xcover's module, replaced by the checkout, and every other module
// that provides a package the program builds, each at the version the
// checkout uses. With all of them listed, the go command needs no other
// module's go.mod (graph pruning, Go 1.17 on); a go.mod listing xcover
// alone makes it load the whole graph, test dependencies of dependencies
// included (yaml.v3's gopkg.in/check.v1), which a fresh machine's module
// cache does not hold after building the checkout.
func outsideGoMod(t *testing.T, path, root, main string) string {
	t.Helper()
	list := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}}{{end}}{{end}}", main)
	list.Dir = "." // in the checkout, which resolves the program's imports
	list.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOPROXY=off")
	var stderr bytes.Buffer
	list.Stderr = &stderr
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "module example.com/outside\n\ngo 1.25\n\nrequire %s v0.0.0\n", path)
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line != "" && !seen[line] {
			seen[line] = true
			fmt.Fprintf(&b, "require %s // indirect\n", line)
		}
	}
	fmt.Fprintf(&b, "\nreplace %s => %s\n", path, root)
	return b.String()
}
