package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The tutorial, docs/tutorial.md, shows real commands with their real
// output. TestTutorial runs them all and fails when the text drifts from
// the code; "go test ./cmd/xcover -run TestTutorial -update" rewrites the
// outputs in place (read the diff before keeping it).
//
// What it checks, in the tutorial's Markdown:
//   - A fenced block whose info string is "console" holds commands, each on
//     a line starting with "$ xcover", each followed by its expected output
//     (standard output, then standard error) up to the next "$ " line.
//     Stages joined by " | " run as a pipe: each stage's stdout is the next
//     one's stdin. A command that should exit with a code other than 0 says
//     so in a comment at the end: "# … exit 3". Lines starting with "#"
//     before the first command are comments.
//   - A fenced block whose info string ends with "file=NAME" must equal the
//     file NAME that the commands before it wrote.
//
// The commands run in a fresh directory where specs/ and docs/ are the
// repository's, so paths read as they would from the repository's root and
// files written by the tutorial land in the temporary directory.
const tutorialPath = "docs/tutorial.md"

// durations matches the timings xcover prints ("0.000s"), which vary from
// run to run and are not compared.
var durations = regexp.MustCompile(`\b\d+\.\d{3}s\b`)

// exitComment matches the end-of-line comment that names an exit code.
var exitComment = regexp.MustCompile(`\s+#.*\bexit (\d+)\s*$`)

func TestTutorial(t *testing.T) {
	root := moduleRoot(t)
	path := filepath.Join(root, tutorialPath)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	for _, dir := range []string{"specs", "docs"} {
		if err := os.Symlink(filepath.Join(root, dir), filepath.Join(work, dir)); err != nil {
			t.Fatal(err)
		}
	}
	t.Parallel()

	lines := strings.SplitAfter(string(data), "\n")
	var out strings.Builder // the tutorial with actual outputs, for -update
	commands := 0
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		out.WriteString(line)
		info, isFence := strings.CutPrefix(strings.TrimRight(line, "\n"), "```")
		if !isFence || info == "" {
			continue
		}
		// Collect the block up to its closing fence.
		start := i + 1
		end := start
		for end < len(lines) && strings.TrimRight(lines[end], "\n") != "```" {
			end++
		}
		if end == len(lines) {
			t.Fatalf("%s:%d: unclosed code block", tutorialPath, i+1)
		}
		block := lines[start:end]
		switch {
		case info == "console":
			n, text := runConsoleBlock(t, work, block, start+1)
			commands += n
			out.WriteString(text)
		case strings.Contains(info, "file="):
			name := info[strings.Index(info, "file=")+len("file="):]
			got, err := os.ReadFile(filepath.Join(work, name))
			if err != nil {
				t.Errorf("%s:%d: block shows file %s: %v", tutorialPath, i+1, name, err)
				out.WriteString(strings.Join(block, ""))
				break
			}
			if !*update && string(got) != strings.Join(block, "") {
				t.Errorf("%s:%d: block differs from the file %s the commands wrote:\n%s", tutorialPath, i+1, name, got)
			}
			out.Write(got)
		default:
			out.WriteString(strings.Join(block, ""))
		}
		out.WriteString(lines[end])
		i = end
	}
	if commands == 0 {
		t.Fatalf("%s: no command found", tutorialPath)
	}
	if *update {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runConsoleBlock runs the commands of one console block (its lines, the
// first at line number first of the file) and returns how many it ran and
// the block rewritten with their actual outputs.
func runConsoleBlock(t *testing.T, dir string, block []string, first int) (int, string) {
	t.Helper()
	var out strings.Builder
	n := 0
	for j := 0; j < len(block); {
		line := block[j]
		cmd, isCmd := strings.CutPrefix(strings.TrimRight(line, "\n"), "$ ")
		if !isCmd {
			if n > 0 || !strings.HasPrefix(line, "#") {
				t.Errorf("%s:%d: expected a \"$ xcover …\" line, got %q", tutorialPath, first+j, line)
			}
			out.WriteString(line)
			j++
			continue
		}
		k := j + 1
		for k < len(block) && !strings.HasPrefix(block[k], "$ ") {
			k++
		}
		want := strings.Join(block[j+1:k], "")
		got, err := runTutorialLine(t, dir, cmd)
		if err != nil {
			t.Errorf("%s:%d: %v", tutorialPath, first+j, err)
		} else if !*update && durations.ReplaceAllString(got, "#.###s") != durations.ReplaceAllString(want, "#.###s") {
			t.Errorf("%s:%d: $ %s\nthe tutorial shows:\n%s\nxcover prints:\n%s", tutorialPath, first+j, cmd, want, got)
		}
		out.WriteString(line)
		if err != nil {
			got = want
		}
		out.WriteString(got)
		n++
		j = k
	}
	return n, out.String()
}

// runTutorialLine runs one "$ " line of the tutorial in dir and returns
// the last stage's stdout followed by every stage's stderr; an unexpected
// exit code is an error.
func runTutorialLine(t *testing.T, dir, cmd string) (string, error) {
	t.Helper()
	wantCode := 0
	if m := exitComment.FindStringSubmatch(cmd); m != nil {
		wantCode, _ = strconv.Atoi(m[1])
		cmd = cmd[:len(cmd)-len(m[0])]
	}
	r := runPipeline(t, dir, cmd)
	if r.code != wantCode {
		return "", fmt.Errorf("$ %s: exit %d, want %d (say \"# exit N\" at the end of the line)\n%s%s", cmd, r.code, wantCode, r.stdout, r.stderr)
	}
	return r.stdout + r.stderr, nil
}
