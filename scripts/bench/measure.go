package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A command is one process to run: its arguments, the file on its
// standard input (none when empty), and the exit codes that mean it did
// its work (0 alone when empty: CaDiCaL says 10 and 20).
type command struct {
	argv  []string
	stdin string
	codes []int
}

// A sample is what one run of a command cost and printed.
type sample struct {
	cpu    time.Duration // user + system CPU of the process
	wall   time.Duration
	maxRSS int64 // peak resident memory in bytes; 0 where the system does not say
	stdout []byte
	stderr []byte
}

// A runner runs commands pinned to one core and measures them.
type runner struct {
	dir     string   // where the outputs go while a command runs
	pin     []string // the taskset prefix, or nil when there is none
	timeout time.Duration
}

// run runs c to its end and returns its sample. An exit code c does not
// expect is an error that quotes the end of the command's stderr.
func (r *runner) run(ctx context.Context, c command) (sample, error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	argv := append(slices.Clone(r.pin), c.argv...)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	if c.stdin != "" {
		f, err := os.Open(c.stdin)
		if err != nil {
			return sample{}, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	// Outputs go to files, not pipes, so that no reader of ours runs
	// while the command does and nothing blocks on a full pipe.
	out, err := os.CreateTemp(r.dir, "stdout-*")
	if err != nil {
		return sample{}, err
	}
	defer os.Remove(out.Name())
	defer out.Close()
	errf, err := os.CreateTemp(r.dir, "stderr-*")
	if err != nil {
		return sample{}, err
	}
	defer os.Remove(errf.Name())
	defer errf.Close()
	cmd.Stdout, cmd.Stderr = out, errf

	start := time.Now()
	runErr := cmd.Run()
	s := sample{wall: time.Since(start)}
	if cmd.ProcessState != nil {
		s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		s.maxRSS = maxRSS(cmd.ProcessState)
	}
	if s.stdout, err = os.ReadFile(out.Name()); err != nil {
		return s, err
	}
	if s.stderr, err = os.ReadFile(errf.Name()); err != nil {
		return s, err
	}
	if ctx.Err() == context.DeadlineExceeded {
		return s, fmt.Errorf("%s: no answer within %v", display(c), r.timeout)
	}
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(runErr, &exit):
		code = exit.ExitCode()
	case runErr != nil:
		return s, fmt.Errorf("%s: %w", display(c), runErr)
	}
	want := c.codes
	if len(want) == 0 {
		want = []int{0}
	}
	if !slices.Contains(want, code) {
		return s, fmt.Errorf("%s: exit %d: %s", display(c), code, lastLine(s.stderr))
	}
	return s, nil
}

// display is c as a reader would type it: programs and files by their
// base names, standard input as a redirection.
func display(c command) string {
	var b strings.Builder
	for i, a := range c.argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		if strings.Contains(a, "/") {
			a = filepath.Base(a)
		}
		b.WriteString(a)
	}
	if c.stdin != "" {
		b.WriteString(" < " + filepath.Base(c.stdin))
	}
	return b.String()
}

// lastLine is the last non-blank line of out, for an error message.
func lastLine(out []byte) string {
	lines := bytes.Split(bytes.TrimSpace(out), []byte("\n"))
	return string(lines[len(lines)-1])
}
