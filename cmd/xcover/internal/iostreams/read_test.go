package iostreams

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type terminalReader struct{ *strings.Reader }

func (terminalReader) IsTerminal() bool { return true }

func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("plain.dlx", []byte("| a b\na b\n"))
	write("packed.dlx.gz", gzipped(t, "| a b\na b\n"))
	write("big.dlx", []byte(strings.Repeat("x", 11)))
	write("full.dlx", []byte(strings.Repeat("x", 10)))
	write("bomb.gz", gzipped(t, strings.Repeat("x", 1000)))
	write("bad.gz", []byte("\x1f\x8bnot gzip"))
	whole := gzipped(t, "a b")
	write("cut.gz", whole[:len(whole)-4]) // the trailer cut short
	write("header.gz", whole[:5])
	for _, tc := range []struct {
		name, stdin     string
		tty             bool
		wantName, want  string
		wantErr, hinted string
	}{
		{name: "plain.dlx", wantName: "plain.dlx", want: "| a b\na b\n"},
		{name: "packed.dlx.gz", wantName: "packed.dlx.gz", want: "| a b\na b\n"},
		{name: "-", stdin: "a b", wantName: "<stdin>", want: "a b"},
		{name: "-", stdin: "a b", tty: true, wantName: "<stdin>", want: "a b", hinted: "end it with Ctrl-D"},
		{name: "-", stdin: string(gzipped(t, "piped")), wantName: "<stdin>", want: "piped"},
		{name: "missing.dlx", wantErr: "missing.dlx: no such file or directory"},
		{name: "full.dlx", wantName: "full.dlx", want: strings.Repeat("x", 10)},
		{name: "big.dlx", wantErr: "big.dlx: larger than 10 bytes, the most xcover reads of a test file"},
		{name: "bomb.gz", wantErr: "bomb.gz: larger than 10 bytes"},
		{name: "bad.gz", wantErr: "bad.gz: gzip: invalid header"},
		{name: "cut.gz", wantErr: "cut.gz: truncated gzip data (unexpected end of file)"},
		{name: "header.gz", wantErr: "header.gz: truncated gzip data (unexpected end of file)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			s := &IO{Stdin: strings.NewReader(tc.stdin), Stderr: &stderr, Dir: dir}
			if tc.tty {
				s.Stdin = terminalReader{strings.NewReader(tc.stdin)}
			}
			name, data, err := s.ReadFile(tc.name, 10, "a test file")
			if tc.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one starting %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || name != tc.wantName || string(data) != tc.want {
				t.Fatalf("got %q, %q, %v; want %q, %q", name, data, err, tc.wantName, tc.want)
			}
			if got := stderr.String(); tc.hinted == "" && got != "" || !strings.Contains(got, tc.hinted) {
				t.Errorf("stderr %q, want it to hold %q", got, tc.hinted)
			}
		})
	}
}

// TestReadFileOneBuffer checks that a plain file is read into one buffer
// of its size (a batch of megabytes is not copied as it grows), and that
// gzip data, whose size is not known, is read whole all the same.
func TestReadFileOneBuffer(t *testing.T) {
	dir := t.TempDir()
	text := strings.Repeat("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n", 2000)
	for name, data := range map[string][]byte{"batch.txt": []byte(text), "batch.txt.gz": gzipped(t, text)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := &IO{Stderr: new(bytes.Buffer), Dir: dir}
	for _, name := range []string{"batch.txt", "batch.txt.gz"} {
		_, data, err := s.ReadFile(name, 1<<20, "a test file")
		if err != nil || string(data) != text {
			t.Fatalf("%s: %d bytes, %v; want the %d written", name, len(data), err, len(text))
		}
		if name == "batch.txt" && cap(data) > len(text)+bytes.MinRead {
			t.Errorf("%s: read into %d bytes of room for %d: the buffer grew", name, cap(data), len(text))
		}
	}
}

// TestOpenFile: a file read back by name is in the run's folder, "-"
// naming a file there, never stdin; Stat looks in the same folder.
func TestOpenFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "-"), []byte("the file"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &IO{Stdin: strings.NewReader("stdin"), Dir: dir}
	for _, tc := range []struct{ name, want string }{{"-", "the file"}, {filepath.Join(dir, "-"), "the file"}, {"missing", ""}} {
		f, err := s.OpenFile(tc.name)
		if tc.want == "" {
			if !os.IsNotExist(err) {
				t.Errorf("OpenFile(%q): %v, want no such file", tc.name, err)
			}
			if _, err := s.Stat(tc.name); !os.IsNotExist(err) {
				t.Errorf("Stat(%q): %v, want no such file", tc.name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("OpenFile(%q): %v", tc.name, err)
		}
		data := make([]byte, 100)
		n, _ := f.Read(data)
		f.Close()
		if got := string(data[:n]); got != tc.want {
			t.Errorf("OpenFile(%q) read %q, want %q", tc.name, got, tc.want)
		}
		if fi, err := s.Stat(tc.name); err != nil || fi.Size() != int64(len(tc.want)) {
			t.Errorf("Stat(%q): %v, %v", tc.name, fi, err)
		}
	}
}
