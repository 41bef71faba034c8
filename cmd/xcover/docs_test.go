package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// The README and the pages of docs/ show real commands, most with their
// real output. TestDocs runs every one of them and fails when the text
// drifts from the code; "go test ./cmd/xcover -run TestDocs -update"
// rewrites the outputs in place (read the diff before keeping it).
//
// What it checks, in each page's Markdown:
//   - A fenced block whose info string is "console" holds commands, each on
//     a line starting with "$ xcover", each followed by its expected output
//     (standard output, then standard error) up to the next "$ " line.
//     Stages joined by " | " run as a pipe: each stage's stdout is the next
//     one's stdin. A command that should exit with a code other than 0 says
//     so in a comment at the end: "# … exit 3". Lines starting with "#"
//     before the first command are comments.
//   - A fenced block whose info string is "sh" holds commands without
//     their output: each "xcover …" line (a pipe of them, or "go run
//     ./cmd/xcover …") runs and must exit 0 or as its comment says. A
//     block that shows other programs (a cluster's, a script of the
//     repository's) says what in the repository runs them, as "sh
//     run=scripts/slurm-test.sh" (each line's program must appear in that
//     script, which CI runs) or "sh run=scripts/bench" (a package whose own
//     tests run it); one marked "sh peers" builds other projects' programs
//     and is not run. The README's first block, its two
//     commands, is the one that .ci/run runs, on empty Go caches (its
//     first sh block). "xcover
//     serve" runs for a moment (--for).
//   - In both, "> FILE" at the end of a command writes its stdout to FILE.
//   - A fenced block whose info string ends with "file=NAME" must equal the
//     file NAME that the commands before it wrote.
//
// The commands of a page run in a fresh directory where the repository's
// folders are linked, so paths read as they would from the repository's
// root and files written by a page land in the temporary directory.
func TestDocs(t *testing.T) {
	if testtier.Short() {
		// The commands run one at a time in this process (runInProcess):
		// under -race they take minutes and test no concurrency that the
		// scenarios do not.
		t.Skip("the documents' commands run in the plain test run, not under -short or -race")
	}
	root := moduleRoot(t)
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{filepath.Join(root, "README.md")}, pages...)
	for _, path := range pages {
		rel, _ := filepath.Rel(root, path)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			t.Parallel()
			checkDoc(t, root, filepath.ToSlash(rel))
		})
	}
}

// durations matches what varies from run to run in xcover's output and is
// not compared: timings and rates as text ("0.000s", "0.00021 s", "77µs",
// "2.87e+05 nodes/s") and in JSON records.
var durations = regexp.MustCompile(`\b\d+(\.\d+)?(e[-+]?\d+)? ?(s|ms|µs|ns|nodes/s)\b|"(elapsed_seconds|seconds|nodes_per_second)":[0-9.e+-]+`)

// exitComment matches the end-of-line comment that names an exit code.
var exitComment = regexp.MustCompile(`\s+#.*\bexit (\d+)\s*$`)

// readmeCommands are the README's first sh block: the two commands a
// newcomer runs first, which .ci/run runs on empty Go caches.
const readmeCommands = "go run ./cmd/xcover solve --stats specs/examples/knuth.yaml   # run xcover on a shipped example\n" +
	"go test ./...                                                 # run the tests\n"

// checkDoc runs the commands of the page rel (a path from the module root)
// and compares their outputs with the page's, or rewrites them (-update).
func checkDoc(t *testing.T, root, rel string) {
	path := filepath.Join(root, rel)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	work := docWorkDir(t, root)
	lines := strings.SplitAfter(string(data), "\n")
	var out strings.Builder // the page with actual outputs, for -update
	shBlocks := 0
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
			t.Fatalf("%s:%d: unclosed code block", rel, i+1)
		}
		block := lines[start:end]
		at := fmt.Sprintf("%s:%d", rel, start+1)
		lang, attrs, _ := strings.Cut(info, " ")
		switch {
		case lang == "console":
			text := runConsoleBlock(t, work, block, at)
			out.WriteString(text)
		case lang == "sh" && rel == "README.md" && shBlocks == 0:
			shBlocks++
			if got := strings.Join(block, ""); got != readmeCommands {
				t.Errorf("%s: the README's first sh block is the two commands CI runs on a fresh machine:\n%s\nnot\n%s", at, readmeCommands, got)
			}
			out.WriteString(strings.Join(block, ""))
		case lang == "sh":
			shBlocks++
			runShellBlock(t, root, work, block, at, attrs)
			out.WriteString(strings.Join(block, ""))
		case strings.Contains(info, "file="):
			name := info[strings.Index(info, "file=")+len("file="):]
			got, err := os.ReadFile(filepath.Join(work, name))
			if err != nil {
				t.Errorf("%s: block shows file %s: %v", at, name, err)
				out.WriteString(strings.Join(block, ""))
				break
			}
			if !*update && string(got) != strings.Join(block, "") {
				t.Errorf("%s: block differs from the file %s the commands wrote:\n%s", at, name, got)
			}
			out.Write(got)
		default:
			out.WriteString(strings.Join(block, ""))
		}
		out.WriteString(lines[end])
		i = end
	}
	if *update && out.String() != string(data) {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// docWorkDir returns a fresh directory in which the repository's folders
// (specs, docs, problems, examples, …) are linked.
func docWorkDir(t *testing.T, root string) string {
	t.Helper()
	work := t.TempDir()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(work, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	return work
}

// runConsoleBlock runs the commands of one console block (its lines, the
// first at position at) and returns the block rewritten with their actual
// outputs.
func runConsoleBlock(t *testing.T, dir string, block []string, at string) string {
	t.Helper()
	var out strings.Builder
	n := 0
	for j := 0; j < len(block); {
		line := block[j]
		cmd, isCmd := strings.CutPrefix(strings.TrimRight(line, "\n"), "$ ")
		if !isCmd {
			if n > 0 || !strings.HasPrefix(line, "#") {
				t.Errorf("%s+%d: expected a \"$ xcover …\" line, got %q", at, j, line)
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
		got, err := runDocLine(t, dir, cmd)
		if err != nil {
			t.Errorf("%s+%d: %v", at, j, err)
		} else if !*update && durations.ReplaceAllString(got, "#") != durations.ReplaceAllString(want, "#") {
			t.Errorf("%s+%d: $ %s\nthe page shows:\n%s\nxcover prints:\n%s", at, j, cmd, want, got)
		}
		out.WriteString(line)
		if err != nil || durations.ReplaceAllString(got, "#") == durations.ReplaceAllString(want, "#") {
			got = want // -update leaves the page as it is where only timings differ
		}
		out.WriteString(got)
		n++
		j = k
	}
	if n == 0 {
		t.Errorf("%s: a console block with no command", at)
	}
	return out.String()
}

// runShellBlock runs the xcover commands of one sh block, or checks what
// its attributes say runs them: "run=FILE", a script that must name each
// command's program; "run=DIR", a package of the module, whose own tests run
// it ("go run ./DIR …"). A block marked "peers" shows how to build the
// programs xcover is compared with, from their own projects' sources: no
// test fetches and builds those.
func runShellBlock(t *testing.T, root, dir string, block []string, at, attrs string) {
	t.Helper()
	if attrs == "peers" {
		return
	}
	by, byRunner := strings.CutPrefix(attrs, "run=")
	var script string
	var pkg bool
	if byRunner {
		fi, err := os.Stat(filepath.Join(root, by))
		if err != nil {
			t.Errorf("%s: the block names %s as what runs it: %v", at, by, err)
			return
		}
		if pkg = fi.IsDir(); !pkg {
			data, err := os.ReadFile(filepath.Join(root, by))
			if err != nil {
				t.Fatal(err)
			}
			script = string(data)
		}
	}
	for j, line := range shellCommands(block) {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if byRunner {
			program := shellProgram(line)
			switch {
			case program == "":
			case pkg && program != "./"+by:
				t.Errorf("%s+%d: %q: a block that %s runs holds only go run ./%s", at, j, line, by, by)
			case !pkg && !strings.Contains(script, filepath.Base(program)):
				t.Errorf("%s+%d: %s, which should run %q, does not mention %s", at, j, by, line, program)
			}
			continue
		}
		if rest, ok := strings.CutPrefix(line, "go run ./cmd/xcover "); ok {
			line = "xcover " + rest
		}
		if !strings.HasPrefix(line, "xcover ") {
			t.Errorf("%s+%d: %q: no test runs this command (a sh block runs xcover commands, or names what runs the others: sh run=PATH)", at, j, line)
			continue
		}
		if strings.Contains(line, "../shared") {
			t.Errorf("%s+%d: %q depends on ../shared, which a clone does not have: use xcover examples or files in the repository", at, j, line)
			continue
		}
		if strings.HasPrefix(line, "xcover serve") && !strings.Contains(line, "--for") {
			// It serves until stopped: here, a moment after it starts.
			line, _, _ = strings.Cut(line, " #")
			line += " --for 200ms"
		}
		if _, err := runDocLine(t, dir, line); err != nil {
			t.Errorf("%s+%d: %v", at, j, err)
		}
	}
}

// shellCommands returns the commands of a block's lines, a line ending in
// a backslash joined to the next.
func shellCommands(block []string) []string {
	var cmds []string
	var cur strings.Builder
	for _, line := range block {
		line = strings.TrimSpace(line)
		if more, ok := strings.CutSuffix(line, "\\"); ok {
			cur.WriteString(more)
			continue
		}
		cur.WriteString(line)
		cmds = append(cmds, cur.String())
		cur.Reset()
	}
	return cmds
}

// shellAssignments matches the variable assignments before a command,
// their values quoted, a command's output or a word.
var shellAssignments = regexp.MustCompile(`^(\s*[A-Za-z_][A-Za-z0-9_]*=('[^']*'|"[^"]*"|\$\([^)]*\)|\S*))+\s*`)

// shellProgram returns the program a command runs, after its variable
// assignments (VAR=value); for "go run ./DIR", ./DIR; "" for assignments
// alone.
func shellProgram(cmd string) string {
	fields := strings.Fields(shellAssignments.ReplaceAllString(cmd, ""))
	switch {
	case len(fields) == 0:
		return ""
	case len(fields) >= 3 && fields[0] == "go" && fields[1] == "run":
		return fields[2]
	}
	return fields[0]
}

// runDocLine runs one command line of a page in dir and returns the last
// stage's stdout followed by every stage's stderr; an unexpected exit code
// is an error. A comment at the end is dropped.
func runDocLine(t *testing.T, dir, cmd string) (string, error) {
	t.Helper()
	wantCode := 0
	if m := exitComment.FindStringSubmatch(cmd); m != nil {
		wantCode, _ = strconv.Atoi(m[1])
		cmd = cmd[:len(cmd)-len(m[0])]
	}
	if i := strings.Index(cmd, " #"); i >= 0 {
		cmd = cmd[:i]
	}
	cmd = strings.TrimSpace(cmd)
	cmd, redirect, _ := strings.Cut(cmd, " > ") // "> FILE": stdout to FILE
	r := runPipeline(t, dir, cmd)
	if r.code != wantCode {
		return "", fmt.Errorf("$ %s: exit %d, want %d (say \"# exit N\" at the end of the line)\n%s%s", cmd, r.code, wantCode, r.stdout, r.stderr)
	}
	if redirect = strings.TrimSpace(redirect); redirect != "" {
		if err := os.WriteFile(filepath.Join(dir, redirect), []byte(r.stdout), 0o644); err != nil {
			return "", err
		}
		r.stdout = ""
	}
	return r.stdout + r.stderr, nil
}
