package main

import (
	"bufio"
	"bytes"
	"cmp"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/problems/sudoku"
)

// TestSudokuMemoryRefusal runs xcover sudoku on 64 MB inputs that would
// take gigabytes to hold as lines and puzzles: each is refused with one
// line on stderr, located at the line where sudoku.MaxReadMemory runs
// out, exit 2 and nothing on stdout, and the refusing process's peak
// memory stays within the file, its read buffer and the budget (or within
// the test's own, which the peak a child reports counts: see ownMaxRSS).
func TestSudokuMemoryRefusal(t *testing.T) {
	bin := buildXcover(t)
	t.Parallel()
	// Reading a 64 MB file holds up to about twice its size (a buffer that
	// grows by doubling), and the garbage collector lets the heap grow past
	// what is live before it runs.
	const read = 256 << 20
	for _, tc := range []struct {
		name string
		line string // repeated to 64 MB
		most int64  // peak memory, in bytes
	}{
		// Refused before a line is indexed: a line's index (24 bytes)
		// outweighs a line of one or two bytes.
		{"short lines", "1\n", read},
		{"blank lines", "\n", read},
		// 4×4 puzzles that cannot be read: refused when their errors fill
		// the budget.
		{"unreadable puzzles", "xxxxxxxxxxxxxxxx\n", read + sudoku.MaxReadMemory},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := writeRepeated(t, tc.line, (sudoku.MaxInputBytes-1)/len(tc.line))
			most := max(tc.most, ownMaxRSS())
			cmd := exec.Command(bin, "sudoku", "-j", "1", "--unique", file)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			os.Remove(file)
			located := regexp.MustCompile(`^xcover: ` + regexp.QuoteMeta(file) + `:[1-9][0-9]*:1: input too large: .* MiB, more than the ` + strconv.Itoa(sudoku.MaxReadMemory>>20) + ` MiB an input may take\n$`)
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitcode.BadInput || !located.MatchString(stderr.String()) || stdout.Len() > 0 {
				t.Fatalf("%v, want exit 2, one located line on stderr, nothing on stdout:\nstderr: %.300s\nstdout: %.300s", err, stderr.String(), stdout.String())
			}
			rss := maxRSS(cmd.ProcessState)
			t.Logf("peak %d MB (the test's own %d MB)", rss>>20, ownMaxRSS()>>20)
			if rss > most {
				t.Errorf("the refusing process reached %d MB of memory, more than %d MB", rss>>20, most>>20)
			}
		})
	}
}

// writeRepeated writes a file of n copies of line, a buffer at a time, so
// that the test's own memory stays small.
func writeRepeated(t *testing.T, line string, n int) string {
	file := filepath.Join(t.TempDir(), "big.txt")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for range n {
		w.WriteString(line)
	}
	if err := cmp.Or(w.Flush(), f.Close()); err != nil {
		t.Fatal(err)
	}
	return file
}
