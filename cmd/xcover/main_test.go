package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/xcover/xcover/cmd/xcover/internal/cliparse"
	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/iostreams"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/specs"
)

var update = flag.Bool("update", false, "rewrite the -- stdout -- section of every scenario with the actual output")

// result is what one in-process run of xcover produced.
type result struct {
	code           int
	stdout, stderr string
}

// runOpts says how to run xcover in-process: in dir (the module root when
// empty), with stdin, environment variables (nothing else of the test's
// environment is seen), the streams named in tty acting as terminals, and
// ctx (which stands for Ctrl-C and SIGTERM).
type runOpts struct {
	ctx   context.Context
	dir   string
	stdin string
	env   map[string]string
	tty   []string // "stdin", "stdout", "stderr"
}

// fakeTerminal is a buffer that xcover takes for a terminal.
type fakeTerminal struct{ bytes.Buffer }

func (*fakeTerminal) IsTerminal() bool { return true }

type terminalReader struct{ io.Reader }

func (terminalReader) IsTerminal() bool { return true }

// runWith runs xcover in-process with the given arguments (without the
// program name). A panic fails the test: no input may panic.
func runWith(t testing.TB, o runOpts, args ...string) (r result) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("xcover %s panicked: %v", strings.Join(args, " "), p)
		}
	}()
	if o.ctx == nil {
		o.ctx = context.Background()
	}
	if o.dir == "" {
		o.dir = moduleRoot(t)
	}
	var stdout, stderr fakeTerminal
	e := &iostreams.IO{Stdin: strings.NewReader(o.stdin), Stdout: &stdout.Buffer, Stderr: &stderr.Buffer,
		Getenv: func(k string) string { return o.env[k] }, Dir: o.dir}
	for _, s := range o.tty {
		switch s {
		case "stdin":
			e.Stdin = terminalReader{e.Stdin}
		case "stdout":
			e.Stdout = &stdout
		case "stderr":
			e.Stderr = &stderr
		default:
			t.Fatalf("tty: unknown stream %q", s)
		}
	}
	code := runInProcess(o.ctx, args, e)
	return result{code, stdout.String(), stderr.String()}
}

// runInProcess runs xcover with args in this process, one run at a time:
// urfave/cli v2 keeps its help and version flags and its help command in
// package variables, shared by every app in a process, and writes to them
// while it runs a command (go test -race found two runs at once racing
// there). A real run is one app in one process.
func runInProcess(ctx context.Context, args []string, e *iostreams.IO) int {
	inProcess.Lock()
	defer inProcess.Unlock()
	return exitcode.Print(runCommandLine(ctx, append([]string{"xcover"}, args...), e), e.Stderr)
}

var inProcess sync.Mutex

// testIO is what a run function sees in a test: the module root as its
// folder, stdin, no environment; it returns the stdout and stderr it
// writes to.
func testIO(t testing.TB, stdin string) (*iostreams.IO, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	return &iostreams.IO{Stdin: strings.NewReader(stdin), Stdout: &stdout, Stderr: &stderr,
		Getenv: func(string) string { return "" }, Dir: moduleRoot(t)}, &stdout, &stderr
}

// parseArgs parses args as the command that newCmd makes parses them, and
// returns the options its run function would be given, or the error of
// the parsing, with its exit code. Nothing runs.
func parseArgs[O any](t testing.TB, newCmd func(*iostreams.IO, func(context.Context, *O) error) *cli.Command, args ...string) (*O, error) {
	t.Helper()
	var got *O
	s, _, _ := testIO(t, "")
	cmd := newCmd(s, func(_ context.Context, o *O) error { got = o; return nil })
	cmd.OnUsageError = searchcmd.OnUsageError
	app := &cli.App{Name: "xcover", Commands: []*cli.Command{cmd}, Writer: io.Discard, ErrWriter: io.Discard,
		ExitErrHandler: func(*cli.Context, error) {}}
	inProcess.Lock() // urfave/cli's package variables: see runInProcess
	defer inProcess.Unlock()
	return got, app.Run(append([]string{"xcover", cmd.Name}, args...))
}

// runXcover runs xcover in-process from the module root with stdin.
func runXcover(t testing.TB, ctx context.Context, args []string, stdin string) result {
	t.Helper()
	return runWith(t, runOpts{ctx: ctx, stdin: stdin}, args...)
}

// runPipeline runs "xcover … | xcover …" in-process in dir: each stage's
// stdout is the next one's stdin. It returns the last stage's result, with
// every stage's stderr, and fails the test when a stage before the last
// does not exit 0.
func runPipeline(t testing.TB, dir, line string) result {
	t.Helper()
	var r result
	for i, stage := range strings.Split(line, " | ") {
		args, err := splitArgs(strings.TrimSpace(stage))
		if err != nil {
			t.Fatal(err)
		}
		if len(args) == 0 || args[0] != "xcover" {
			t.Fatalf("%q: every stage must be an xcover command", stage)
		}
		if i > 0 && r.code != 0 {
			t.Fatalf("$ %s: a stage before the last exited %d\n%s", line, r.code, r.stderr)
		}
		stderr := r.stderr
		r = runWith(t, runOpts{dir: dir, stdin: r.stdout}, args[1:]...)
		r.stderr = stderr + r.stderr
	}
	return r
}

// moduleRoot returns the directory holding go.mod.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// sharedData returns the shared data directory relative to the module root
// (../shared/data), or skips the test.
func sharedData(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(moduleRoot(t), "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(dir, "exactcover", "expected.tsv")); err != nil {
		t.Skipf("shared data not found at %s", dir)
	}
	return filepath.Join("..", "shared", "data")
}

// rooted returns a path relative to the module root as the test process
// can open it.
func rooted(t testing.TB, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(moduleRoot(t), path)
}

// scenario is one file of testdata/scenarios; see testdata/README.md.
type scenario struct {
	path      string
	header    []string          // the lines before the first section, as written
	keys      map[string]string // args, exit, stdout, verify, solutions
	sections  []section
	hasStdout bool
}

type section struct{ name, body string }

var sectionLine = regexp.MustCompile(`^-- (\S+) --$`)

func parseScenario(path string, data []byte) (*scenario, error) {
	sc := &scenario{path: path, keys: map[string]string{}}
	lines := strings.SplitAfter(string(data), "\n")
	var cur *section
	for i, line := range lines {
		if line == "" {
			continue
		}
		if m := sectionLine.FindStringSubmatch(strings.TrimRight(line, "\n")); m != nil {
			sc.sections = append(sc.sections, section{name: m[1]})
			cur = &sc.sections[len(sc.sections)-1]
			if m[1] == "stdout" {
				sc.hasStdout = true
			}
			continue
		}
		if cur != nil {
			cur.body += line
			continue
		}
		sc.header = append(sc.header, line)
		text := strings.TrimSpace(line)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, value, ok := strings.Cut(text, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: expected \"key: value\", a # comment or a -- section --", path, i+1)
		}
		key = strings.TrimSpace(key)
		switch key {
		case "args", "exit", "stdout", "stderr", "verify", "solutions", "mask", "env", "tty":
		default:
			return nil, fmt.Errorf("%s:%d: unknown key %q (expected args, exit, stdout, stderr, verify, solutions, mask, env or tty)", path, i+1, key)
		}
		if _, dup := sc.keys[key]; dup {
			return nil, fmt.Errorf("%s:%d: key %q given twice", path, i+1, key)
		}
		sc.keys[key] = strings.TrimSpace(value)
	}
	if _, ok := sc.keys["args"]; !ok {
		return nil, fmt.Errorf("%s: no args: line", path)
	}
	if _, ok := sc.keys["exit"]; !ok {
		return nil, fmt.Errorf("%s: no exit: line", path)
	}
	return sc, nil
}

func (sc *scenario) section(name string) (string, bool) {
	for _, s := range sc.sections {
		if s.name == name {
			return s.body, true
		}
	}
	return "", false
}

// format writes the scenario back, with stdout as its stdout section and
// the files of its want: sections read from work.
func (sc *scenario) format(stdout, work string) []byte {
	var b bytes.Buffer
	for _, line := range sc.header {
		b.WriteString(line)
	}
	if len(sc.header) > 0 && !strings.HasSuffix(sc.header[len(sc.header)-1], "\n") {
		b.WriteByte('\n')
	}
	replaced := false
	for _, s := range sc.sections {
		body := s.body
		if s.name == "stdout" {
			body, replaced = stdout, true
		}
		if name, ok := strings.CutPrefix(s.name, "want:"); ok {
			data, _ := os.ReadFile(filepath.Join(work, name))
			body = string(data)
		}
		fmt.Fprintf(&b, "-- %s --\n%s", s.name, body)
	}
	if !replaced && stdout != "" { // no section reads as no output: a file without one stays so
		fmt.Fprintf(&b, "-- stdout --\n%s", stdout)
	}
	return b.Bytes()
}

// splitArgs splits a command line at blanks, honouring '…' and "…" quotes.
func splitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inArg, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inArg = r, true
		case r == ' ' || r == '\t':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote in %q", s)
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args, nil
}

// TestScenarios runs every testdata/scenarios/*.txt file as a user would
// run the command line, from the module root. See testdata/README.md.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenarios in testdata/scenarios")
	}
	pkgDir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(pkgDir, file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := parseScenario(file, data)
			if err != nil {
				t.Fatal(err)
			}
			if testtier.Short() && !concurrentArgs.MatchString(sc.keys["args"]) {
				t.Skip("one goroutine's run: the plain test run checks it, not -race or -short")
			}
			runScenario(t, sc, path)
		})
	}
}

// concurrentArgs matches the arguments of a run that starts goroutines
// beside the search (workers, progress, checkpoints, a timeout, the
// playground): the scenarios the race detector runs.
var concurrentArgs = regexp.MustCompile(`(^|\s)(-j|--jobs|--progress|--checkpoint|--resume|--timeout|serve)(\s|=|$)`)

func runScenario(t *testing.T, sc *scenario, path string) {
	work := t.TempDir()
	for _, s := range sc.sections {
		if s.name == "stdin" || s.name == "stdout" || s.name == "stderr" || strings.HasPrefix(s.name, "want:") {
			continue
		}
		if err := os.WriteFile(filepath.Join(work, s.name), []byte(s.body), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := os.ReadDir(work)
	expand := func(s string) string {
		if strings.Contains(s, "$DATA") {
			s = strings.ReplaceAll(s, "$DATA", sharedData(t))
		}
		return strings.ReplaceAll(s, "$WORK", work)
	}
	args, err := splitArgs(sc.keys["args"])
	if err != nil {
		t.Fatalf("%s: args: %v", sc.path, err)
	}
	for i := range args {
		args[i] = expand(args[i])
	}
	wantCode, err := strconv.Atoi(sc.keys["exit"])
	if err != nil {
		t.Fatalf("%s: exit: %v", sc.path, err)
	}
	o := runOpts{env: map[string]string{}}
	o.stdin, _ = sc.section("stdin")
	for _, kv := range strings.Fields(sc.keys["env"]) {
		k, v, _ := strings.Cut(kv, "=")
		o.env[k] = v
	}
	o.tty = strings.Fields(sc.keys["tty"])
	r := runWith(t, o, args...)
	if r.code != wantCode {
		t.Errorf("exit code %d, want %d\nstderr:\n%s", r.code, wantCode, r.stderr)
	}
	checkInvariants(t, r)
	if after, _ := os.ReadDir(work); r.code == exitcode.BadInput && len(after) != len(before) {
		t.Errorf("exit 2, but %d files were written in $WORK", len(after)-len(before))
	}
	for _, s := range sc.sections {
		if name, ok := strings.CutPrefix(s.name, "want:"); ok && !*update {
			got, err := os.ReadFile(filepath.Join(work, name))
			if err != nil || string(got) != s.body {
				t.Errorf("$WORK/%s (%v) differs from its want: section:\n%s", name, err, got)
			}
		}
	}

	if input := sc.keys["verify"]; input != "" {
		sols := checkSolutions(t, rooted(t, expand(input)), slices.Contains(args, "--json"), r.stdout)
		if want := sc.keys["solutions"]; want != "" && strconv.Itoa(len(sols)) != want {
			t.Errorf("%d solutions printed, want %s", len(sols), want)
		}
	} else if sc.keys["solutions"] != "" {
		t.Fatalf("%s: solutions: needs verify:", sc.path)
	}
	if m := sc.keys["mask"]; m != "" {
		re, err := regexp.Compile(m)
		if err != nil || re.NumSubexp() != 1 {
			t.Fatalf("%s: mask: want a regexp with one group, got %q (%v)", sc.path, m, err)
		}
		r.stdout = maskGroups(re, r.stdout)
	}
	switch mode := sc.keys["stdout"]; mode {
	case "", "exact":
		if *update {
			if err := os.WriteFile(path, sc.format(r.stdout, work), 0o666); err != nil {
				t.Fatal(err)
			}
			break
		}
		want, _ := sc.section("stdout")
		if r.stdout != want {
			t.Errorf("stdout differs (rerun with -update if the change is intended)\ngot:\n%s\nwant:\n%s", r.stdout, want)
		}
	case "ignore":
	default:
		t.Fatalf("%s: stdout: %q, expected exact or ignore", sc.path, mode)
	}

	if sc.keys["stderr"] != "ignore" {
		want, ok := sc.section("stderr")
		if !ok && r.stderr != "" {
			t.Errorf("unexpected stderr (add a -- stderr -- section):\n%s", r.stderr)
		}
		for _, line := range strings.Split(want, "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.Contains(r.stderr, expand(line)) {
				t.Errorf("stderr lacks %q; it is:\n%s", line, r.stderr)
			}
		}
	}

}

// checkInvariants checks what holds for every command line: a usage or
// input error leaves stdout empty and ends with one "xcover: " line.
func checkInvariants(t testing.TB, r result) {
	t.Helper()
	if r.code < 0 || r.code > 3 {
		t.Errorf("exit code %d outside the documented 0…3", r.code)
	}
	if r.code == exitcode.BadInput {
		if r.stdout != "" {
			t.Errorf("exit 2 with output on stdout:\n%s", r.stdout)
		}
		lines := strings.Split(strings.TrimRight(r.stderr, "\n"), "\n")
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "xcover: ") {
			t.Errorf("exit 2: the last stderr line should be the error, \"xcover: ...\"; stderr is:\n%s", r.stderr)
		}
	}
}

// loadProblem parses an input file (relative to the current directory)
// the way a test that checks solutions needs it.
func loadProblem(t testing.TB, path string) *exactcover.Problem {
	t.Helper()
	data, err := os.ReadFile(rooted(t, path))
	if err != nil {
		t.Fatal(err)
	}
	f, ok := specs.FormatOf(path)
	if !ok {
		f = specs.Detect(data)
	}
	sp, err := specs.Parse(path, data, f)
	if err != nil {
		t.Fatalf("parsing %s for verification: %v", path, err)
	}
	return &sp.Problem
}

// checkSolutions reads the solutions xcover printed for the problem in
// input, checks each with the independent verifier, checks that no
// solution is printed twice, and returns them (option indices, sorted).
func checkSolutions(t testing.TB, input string, isJSON bool, stdout string) [][]int {
	t.Helper()
	p := loadProblem(t, input)
	var sols [][]int
	if isJSON {
		sols = jsonSolutions(t, p, stdout)
	} else {
		sols = textSolutions(t, p, stdout)
	}
	seen := map[string]int{}
	for i, sol := range sols {
		if err := verify.Solution(p, sol); err != nil {
			t.Errorf("solution %d %v is wrong: %v", i+1, sol, err)
		}
		sort.Ints(sol)
		key := fmt.Sprint(sol)
		if j, dup := seen[key]; dup {
			t.Errorf("solution %d repeats solution %d", i+1, j+1)
		}
		seen[key] = i
	}
	return sols
}

// textSolutions maps printed lines back to options: a line is an option's
// label, else its items as written. Options printed alike (the same label)
// are taken in input order.
func textSolutions(t testing.TB, p *exactcover.Problem, stdout string) [][]int {
	t.Helper()
	byLine := map[string][]int{}
	for k := range p.Options {
		o := &p.Options[k]
		line := o.Label
		if line == "" {
			line = o.String()
		}
		byLine[line] = append(byLine[line], k)
	}
	var sols [][]int
	for _, block := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n\n") {
		if block == "" {
			continue
		}
		var sol []int
		used := map[int]bool{}
		for i, line := range strings.Split(block, "\n") {
			if i == 0 && strings.HasPrefix(line, "cost ") && byLine[line] == nil {
				continue // solve --min-cost and --best: the solution's cost
			}
			k := -1
			for _, c := range byLine[line] {
				if !used[c] {
					k = c
					break
				}
			}
			if k < 0 {
				t.Fatalf("printed line %q is no option of the problem", line)
			}
			used[k] = true
			sol = append(sol, k)
		}
		sols = append(sols, sol)
	}
	return sols
}

// jsonOption is an option of a solution in "solve --json".
type jsonOption struct {
	Label string   `json:"label"`
	Items []string `json:"items"`
}

// jsonLine is any object "solve --json" prints; unknown fields are
// errors.
type jsonLine struct {
	Type           string           `json:"type"`
	Number         int64            `json:"number"`
	OptionIndices  []int            `json:"option_indices"`
	Options        []jsonOption     `json:"options"`
	Solutions      int64            `json:"solutions"`
	Nodes          int64            `json:"nodes"`
	Updates        int64            `json:"updates"`
	Cleansings     int64            `json:"cleansings"`
	Status         string           `json:"status"`
	ElapsedSeconds float64          `json:"elapsed_seconds"`
	Engine         string           `json:"engine"`
	Profile        []int64          `json:"profile"`
	Problem        string           `json:"problem"`
	Branching      string           `json:"branching"`
	Shard          int              `json:"shard"`
	Shards         int              `json:"shards"`
	Split          string           `json:"split"`
	Learn          map[string]int64 `json:"learn"`
}

// decodeJSON decodes every line of --json output strictly and checks its
// shape: solutions numbered from 1, then exactly one summary, last.
func decodeJSON(t testing.TB, stdout string) (solutions []jsonLine, summary jsonLine) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	for i, line := range lines {
		var l jsonLine
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			t.Fatalf("line %d of --json output is not a JSON object of the documented kind: %v\n%s", i+1, err, line)
		}
		switch {
		case l.Type == "solution" && i < len(lines)-1:
			if l.Number != int64(len(solutions)+1) {
				t.Errorf("line %d: solution number %d, want %d", i+1, l.Number, len(solutions)+1)
			}
			if len(l.OptionIndices) != len(l.Options) {
				t.Errorf("line %d: %d option indices for %d options", i+1, len(l.OptionIndices), len(l.Options))
			}
			solutions = append(solutions, l)
		case l.Type == "summary" && i == len(lines)-1:
			summary = l
		default:
			t.Fatalf("line %d: unexpected object of type %q (solutions first, one summary last)", i+1, l.Type)
		}
	}
	switch summary.Status {
	case "complete", "limit", "node-limit", "timeout", "interrupted":
	default:
		t.Errorf("summary status %q is none of the documented ones", summary.Status)
	}
	var sum int64
	for _, n := range summary.Profile {
		sum += n
	}
	if sum != summary.Nodes {
		t.Errorf("summary profile sums to %d nodes, nodes = %d", sum, summary.Nodes)
	}
	return solutions, summary
}

func jsonSolutions(t testing.TB, p *exactcover.Problem, stdout string) [][]int {
	t.Helper()
	lines, summary := decodeJSON(t, stdout)
	var sols [][]int
	for _, l := range lines {
		for j, k := range l.OptionIndices {
			if k < 0 || k >= len(p.Options) {
				t.Fatalf("solution %d: option index %d out of range", l.Number, k)
			}
			want := &p.Options[k]
			var items []string
			for _, r := range want.Items {
				items = append(items, r.String())
			}
			if o := l.Options[j]; o.Label != want.Label || !slices.Equal(o.Items, items) {
				t.Errorf("solution %d: option index %d printed as %q %q, but it is %q %q", l.Number, k, o.Label, o.Items, want.Label, items)
			}
		}
		sols = append(sols, l.OptionIndices)
	}
	if summary.Solutions < int64(len(sols)) {
		t.Errorf("summary counts %d solutions, %d were printed", summary.Solutions, len(sols))
	}
	return sols
}

// TestHelpExamples runs the "$ xcover ..." lines of every command's help,
// from a directory that holds no input (the examples must work outside
// the checkout): the help must show examples that work, and the exit-code
// table. Stages joined by " | " run as a pipe.
func TestHelpExamples(t *testing.T) {
	if testtier.Short() {
		t.Skip("the help's examples run in the plain test run, not under -race or -short")
	}
	t.Parallel()
	example := regexp.MustCompile(`^\s*\$ (xcover [^#]*?)\s*(?:#(.*?)(?:exit (\d).*)?)?$`)
	dir := t.TempDir()
	for _, cmd := range newApp(&iostreams.IO{}).Commands {
		t.Run(cmd.Name, func(t *testing.T) {
			t.Parallel()
			help := runWith(t, runOpts{dir: dir}, "help", cmd.Name)
			if help.code != 0 || !strings.Contains(help.stdout, "Exit codes") {
				t.Errorf("help %s: exit %d, or no exit-code table:\n%s", cmd.Name, help.code, help.stdout)
			}
			n := 0
			for _, line := range strings.Split(help.stdout, "\n") {
				m := example.FindStringSubmatch(line)
				if m == nil {
					continue
				}
				n++
				// "# ... exit N" names the exit code; "# may ... exit N"
				// allows 0 as well (a timeout that a fast machine beats).
				want := []int{0}
				if m[3] != "" {
					n, _ := strconv.Atoi(m[3])
					want = []int{n}
					if strings.Contains(m[2], "may") {
						want = append(want, 0)
					}
				}
				r := runPipeline(t, dir, m[1])
				checkInvariants(t, r)
				if !slices.Contains(want, r.code) {
					t.Errorf("example %q: exit %d, want one of %v\n%s", m[1], r.code, want, r.stderr)
				}
			}
			if n == 0 {
				t.Errorf("help %s shows no example (a line starting with \"$ xcover\")", cmd.Name)
			}
		})
	}
}

func TestPermuteArgs(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"xcover solve f.dlx", "xcover solve -- f.dlx"},
		{"xcover solve f.dlx --count", "xcover solve --count -- f.dlx"},
		{"xcover zdd sample f.zdd --n 3", "xcover zdd sample --n 3 -- f.zdd"},
		{"xcover solve f.dlx --limit 3 --json", "xcover solve --limit 3 --json -- f.dlx"},
		{"xcover solve --timeout=2s f.dlx", "xcover solve --timeout=2s -- f.dlx"},
		{"xcover solve - --format dlx", "xcover solve --format dlx -- -"},
		{"xcover solve --all -- -weird.dlx", "xcover solve --all -- -weird.dlx"},
		{"xcover solve --unknown f.dlx", "xcover solve --unknown -- f.dlx"},
		{"xcover solve f.dlx --generate-bash-completion", "xcover solve f.dlx --generate-bash-completion"},
		{"xcover help solve", "xcover help solve"},
		{"xcover", "xcover"},
	}
	commands := newApp(&iostreams.IO{}).Commands
	for _, tt := range tests {
		got := strings.Join(cliparse.PermuteArgs(strings.Fields(tt.in), commands), " ")
		if got != tt.want {
			t.Errorf("cliparse.PermuteArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// maskGroups replaces what the first group of re matches in s by "*", for
// values that are ours to choose rather than facts (search-tree nodes under
// a rule that may be tuned).
func maskGroups(re *regexp.Regexp, s string) string {
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		if m[2] < 0 {
			continue
		}
		b.WriteString(s[last:m[2]])
		b.WriteString("*")
		last = m[3]
	}
	b.WriteString(s[last:])
	return b.String()
}
