package iostreams

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReplaceFile: a regular file is replaced, a link's target is replaced
// and the link stays, and a FIFO or a folder is refused and left as it is.
func TestReplaceFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "ck")
	if err := os.WriteFile(file, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("ck", link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	for _, tc := range []struct {
		name, path string
		ok         bool
	}{
		{"new file", filepath.Join(dir, "new"), true},
		{"regular file", file, true},
		{"link", link, true},
		{"FIFO", fifo, false},
		{"folder", dir, false},
	} {
		err := ReplaceFile(tc.path, []byte(tc.name))
		if (err == nil) != tc.ok {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if got, _ := os.ReadFile(file); string(got) != "link" {
		t.Errorf("the link's target holds %q", got)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v", err)
	}
}
