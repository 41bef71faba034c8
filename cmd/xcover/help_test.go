package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
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
		code := runInProcess(context.Background(), args, e)
		if want := "xcover: stdout: no space left on device\n"; code != exitcode.BadInput || stderr.String() != want {
			t.Errorf("xcover %s > /dev/full: exit %d, stderr %q; want exit 2, %q", strings.Join(args, " "), code, stderr.String(), want)
		}
	}
}

// TestHelpExitCodes: the exit-code table of a command's help names only
// flags that the command (or one of its subcommands) has.
func TestHelpExitCodes(t *testing.T) {
	t.Parallel()
	flagRef := regexp.MustCompile(`--[a-z][a-z-]*`)
	for _, cmd := range newApp(&iostreams.IO{}).Commands {
		text := help(cmd.Name)
		i := strings.Index(text, "Exit codes")
		if i < 0 {
			t.Errorf("help %s has no exit codes", cmd.Name)
			continue
		}
		has := map[string]bool{"--help": true}
		for _, c := range append([]*cli.Command{cmd}, cmd.Subcommands...) {
			for _, f := range c.Flags {
				for _, name := range f.Names() {
					has["--"+name] = true
				}
			}
		}
		for _, ref := range flagRef.FindAllString(text[i:], -1) {
			if !has[ref] {
				t.Errorf("help %s: the exit codes name %s, which %s does not have", cmd.Name, ref, cmd.Name)
			}
		}
	}
}

// TestHelpTexts: help(NAME) is help/NAME.txt as shipped in assets, with
// the exit codes after it when it does not tell them itself, for every
// file of help/ (the texts are embedded twice: as files, and as the
// strings help reads).
func TestHelpTexts(t *testing.T) {
	t.Parallel()
	files, err := assets.ReadDir("help")
	if err != nil {
		t.Fatal(err)
	}
	codes, err := assets.ReadFile("help/exit-codes.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".txt")
		if name == "exit-codes" {
			continue
		}
		text, err := assets.ReadFile("help/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		want := string(text)
		if !strings.Contains(want, "Exit codes") {
			want += "\n" + string(codes)
		}
		if got := help(name); got != want {
			t.Errorf("help(%q) is not help/%s with the exit codes (%d bytes, want %d)", name, f.Name(), len(got), len(want))
		}
	}
}
