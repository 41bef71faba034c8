package main

import (
	"bytes"
	"context"
	"strings"
	"syscall"
	"testing"

	"xcover/internal/exitcode"
	"xcover/internal/iostreams"
)

// fullWriter fails every write as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestHelpWriteError: help and the version written to a stdout that
// fails (xcover --help > /dev/full) are an error, exit 2, not a silent 0.
func TestHelpWriteError(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--help"}, {"help"}, {"help", "solve"}, {"solve", "--help"}, {"zdd", "count", "--help"}, {"--version"}} {
		var stderr bytes.Buffer
		e := &iostreams.IO{Stdin: strings.NewReader(""), Stdout: fullWriter{}, Stderr: &stderr, Getenv: func(string) string { return "" }}
		code := exitcode.Print(run(context.Background(), append([]string{"xcover"}, args...), e), e.Stderr)
		if want := "xcover: stdout: no space left on device\n"; code != exitcode.BadInput || stderr.String() != want {
			t.Errorf("xcover %s > /dev/full: exit %d, stderr %q; want exit 2, %q", strings.Join(args, " "), code, stderr.String(), want)
		}
	}
}
