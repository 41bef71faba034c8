package iostreams

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestOutputFile(t *testing.T) {
	dir := t.TempDir()
	s := &IO{Dir: dir}
	path := filepath.Join(dir, "tree.dot")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}

	o, err := s.CreateOutput("--tree", "tree.dot")
	if err != nil {
		t.Fatal(err)
	}
	o.Abort() // the old file stays, and no temporary file is left
	if data, _ := os.ReadFile(path); string(data) != "old" {
		t.Fatalf("after Abort the file holds %q, want the old content", data)
	}
	if o, err = s.CreateOutput("--tree", "tree.dot"); err != nil {
		t.Fatal(err)
	}
	if err := o.Commit([]byte("new")); err != nil {
		t.Fatal(err)
	}
	o.Abort() // after Commit: nothing to do
	if data, _ := os.ReadFile(path); string(data) != "new" {
		t.Fatalf("after Commit the file holds %q, want new", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the output alone", len(entries))
	}
	var none *OutputFile
	none.Abort() // no file: nothing to do

	for _, tc := range []struct{ name, want string }{
		{"-", `--tree "-": expected a file name (stdout is for the solutions)`},
		{"", `--tree "": expected a file name`},
		{"no/such/dir/tree.dot", "--tree no/such/dir/tree.dot: no such file or directory"},
	} {
		if _, err := s.CreateOutput("--tree", tc.name); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("CreateOutput(%q): %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestOutputFileSpecial: atomic replacement is for regular files; a device
// or a FIFO is written through, and a symbolic link's target is replaced,
// the link kept.
func TestOutputFileSpecial(t *testing.T) {
	dir := t.TempDir()
	s := &IO{Dir: dir}
	write := func(flag, name, content string) error {
		t.Helper()
		o, err := s.CreateOutput(flag, name)
		if err != nil {
			return err
		}
		defer o.Abort()
		return o.Commit([]byte(content))
	}

	t.Run("fifo", func(t *testing.T) {
		fifo := filepath.Join(dir, "pipe")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		got := make(chan string, 1)
		go func() { // a FIFO replaced by a file leaves it waiting: the test gives up below
			data, _ := os.ReadFile(fifo)
			got <- string(data)
		}()
		if err := write("--svg", "pipe", "through the pipe"); err != nil {
			t.Fatal(err)
		}
		select {
		case data := <-got:
			if data != "through the pipe" {
				t.Errorf("the reader got %q", data)
			}
		case <-time.After(10 * time.Second):
			t.Error("the reader got nothing")
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("the FIFO is now %v (%v)", fi.Mode(), err)
		}
	})

	t.Run("symlink", func(t *testing.T) {
		target, link := filepath.Join(dir, "target.dot"), filepath.Join(dir, "link.dot")
		if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("target.dot", link); err != nil {
			t.Fatal(err)
		}
		if err := write("--tree", "link.dot", "new"); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link is now %v (%v)", fi.Mode(), err)
		}
		if fi, err := os.Stat(target); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("the target's mode is now %v (%v), want its own 0600 kept", fi.Mode(), err)
		}
		if data, _ := os.ReadFile(target); string(data) != "new" {
			t.Errorf("the target holds %q, want new", data)
		}
		if err := os.Symlink("nowhere.dot", filepath.Join(dir, "dangling.dot")); err != nil {
			t.Fatal(err)
		}
		if err := write("--tree", "dangling.dot", "x"); err == nil || !strings.HasPrefix(err.Error(), "--tree dangling.dot: ") {
			t.Errorf("through a dangling link: %v, want an error naming it", err)
		}
	})

	t.Run("devices", func(t *testing.T) {
		// Nodes of their own for Linux's null (1, 3) and full (1, 7)
		// devices, so that no mistake can replace the system's.
		for _, dev := range []struct {
			name         string
			major, minor int
			want         string
		}{{"null", 1, 3, ""}, {"full", 1, 7, "--zdd full: no space left on device"}} {
			path := filepath.Join(dir, dev.name)
			if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, dev.major<<8|dev.minor); err != nil {
				t.Skip("cannot make device nodes here (not root?):", err)
			}
			err := write("--zdd", dev.name, "bytes")
			if got := fmt.Sprint(err); err == nil && dev.want != "" || err != nil && got != dev.want {
				t.Errorf("%s: %v, want %q", dev.name, err, dev.want)
			}
			if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeDevice == 0 {
				t.Errorf("%s is now %v (%v)", dev.name, fi.Mode(), err)
			}
		}
	})

	t.Run("directory", func(t *testing.T) {
		if err := write("--svg", ".", "x"); err == nil || !strings.Contains(err.Error(), "is a directory") {
			t.Errorf("a directory: %v", err)
		}
	})
}
