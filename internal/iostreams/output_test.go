package iostreams

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
