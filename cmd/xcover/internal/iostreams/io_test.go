package iostreams

import (
	"bytes"
	"io"
	"path/filepath"
	"testing"
)

type terminal struct{ bytes.Buffer }

func (*terminal) IsTerminal() bool { return true }

func TestColor(t *testing.T) {
	tty, pipe := &terminal{}, &bytes.Buffer{}
	for _, tc := range []struct {
		when string
		w    io.Writer
		env  map[string]string
		want bool
	}{
		{"auto", tty, nil, true},
		{"auto", pipe, nil, false},
		{"auto", tty, map[string]string{"NO_COLOR": "1"}, false},
		{"auto", tty, map[string]string{"NO_COLOR": ""}, true},
		{"auto", tty, map[string]string{"TERM": "dumb"}, false},
		{"always", pipe, map[string]string{"NO_COLOR": "1"}, true},
		{"never", tty, nil, false},
	} {
		s := &IO{Getenv: func(k string) string { return tc.env[k] }, Stderr: tc.w}
		if got := s.Color(s.Stderr, tc.when); got != tc.want {
			t.Errorf("Color(%T, %q) with %v = %v, want %v", tc.w, tc.when, tc.env, got, tc.want)
		}
		if got, want := s.CanRedraw(), tc.w == tty && tc.env["TERM"] != "dumb"; got != want {
			t.Errorf("CanRedraw() on %T with %v = %v, want %v", tc.w, tc.env, got, want)
		}
	}
}

func TestPath(t *testing.T) {
	abs, _ := filepath.Abs("x.yaml")
	for _, tc := range []struct{ dir, name, want string }{
		{"", "x.yaml", "x.yaml"},
		{"/run", "x.yaml", filepath.Join("/run", "x.yaml")},
		{"/run", abs, abs},
	} {
		if got := (&IO{Dir: tc.dir}).Path(tc.name); got != tc.want {
			t.Errorf("Path(%q) in %q = %q, want %q", tc.name, tc.dir, got, tc.want)
		}
	}
}
