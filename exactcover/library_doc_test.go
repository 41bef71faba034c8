package exactcover_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// TestLibraryDoc builds and runs every complete program of docs/library.md
// (a go block that starts "package main") as a program of another module,
// and checks that it prints the text block that follows it.
func TestLibraryDoc(t *testing.T) {
	if testtier.Short() {
		t.Skip("builds programs")
	}
	page := filepath.Join("..", "docs", "library.md")
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	programs := 0
	rest := string(data)
	for {
		_, after, found := strings.Cut(rest, "\n```go\n")
		if !found {
			break
		}
		program, after, _ := strings.Cut(after, "\n```\n")
		rest = after
		if !strings.HasPrefix(program, "package main\n") {
			continue
		}
		programs++
		want, ok := strings.CutPrefix(strings.TrimLeft(after, "\n"), "```text\n")
		want, _, closed := strings.Cut(want, "```\n")
		if !ok || !closed {
			t.Errorf("%s: program %d is not followed by a text block of its output", page, programs)
			continue
		}
		if got := runOutside(t, []byte(program+"\n")); got != want {
			t.Errorf("%s: program %d printed\n%s\nthe page shows\n%s", page, programs, got, want)
		}
	}
	if programs == 0 {
		t.Errorf("%s holds no complete program", page)
	}
}
