package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/exactcover/reduce"
	"github.com/xcover/xcover/exactcover/verify"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/problems/sudoku"
	"github.com/xcover/xcover/specs"
)

// expectedRow is one line of the shared expected.tsv: Knuth's DLX1 (DLX2
// for colors) on the same file, and the published counts.
type expectedRow struct {
	name                      string
	solutions, nodes, updates int64
}

func readExpected(t *testing.T, data string) []expectedRow {
	t.Helper()
	f, err := os.Open(rooted(t, filepath.Join(data, "exactcover", "expected.tsv")))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []expectedRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 4 || cols[0] == "name" {
			continue
		}
		var r expectedRow
		r.name = cols[0]
		var errs [3]error
		r.solutions, errs[0] = strconv.ParseInt(cols[1], 10, 64)
		r.nodes, errs[1] = strconv.ParseInt(cols[2], 10, 64)
		r.updates, errs[2] = strconv.ParseInt(cols[3], 10, 64)
		for _, err := range errs {
			if err != nil {
				t.Fatalf("expected.tsv: %q: %v", sc.Text(), err)
			}
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestCountsAgainstExpected runs "solve --count --json" on the shared DLX
// files and compares solutions, nodes and updates with Knuth's figures.
// The big files are left to the engine's tests; -short keeps the tiny ones.
func TestCountsAgainstExpected(t *testing.T) {
	t.Parallel()
	data := sharedData(t)
	maxNodes := int64(300_000)
	if testtier.Short() {
		maxNodes = 12_000
	}
	for _, row := range readExpected(t, data) {
		t.Run(row.name, func(t *testing.T) {
			if row.nodes > maxNodes {
				t.Skipf("%d nodes: left to the engine's tests", row.nodes)
			}
			file := filepath.Join(data, "exactcover", row.name+".dlx")
			r := runXcover(t, nil, []string{"solve", "--engine", "dlx", "--count", "--json", file}, "")
			checkInvariants(t, r)
			if r.code != exitcode.Found {
				t.Fatalf("exit %d, want 0\n%s", r.code, r.stderr)
			}
			sols, sum := decodeJSON(t, r.stdout)
			if len(sols) != 0 {
				t.Errorf("--count printed %d solutions", len(sols))
			}
			if sum.Solutions != row.solutions || sum.Nodes != row.nodes || sum.Updates != row.updates || sum.Status != "complete" {
				t.Errorf("got %d solutions, %d nodes, %d updates, %s; Knuth's DLX: %d, %d, %d, complete",
					sum.Solutions, sum.Nodes, sum.Updates, sum.Status, row.solutions, row.nodes, row.updates)
			}
		})
	}
}

// TestShippedExamples solves every spec in specs/examples with --all
// (bounded) in both output modes and verifies every solution printed.
func TestShippedExamples(t *testing.T) {
	testtier.Slow(t)
	t.Parallel()
	root := moduleRoot(t)
	files, _ := filepath.Glob(filepath.Join(root, "specs", "examples", "*"))
	if len(files) == 0 {
		t.Skip("no specs/examples yet")
	}
	for _, file := range files {
		if _, ok := specs.FormatOf(file); !ok {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			text := runXcover(t, nil, []string{"solve", "--limit", "500", file}, "")
			js := runXcover(t, nil, []string{"solve", "--limit", "500", "--json", file}, "")
			for _, r := range []result{text, js} {
				checkInvariants(t, r)
				if r.code != exitcode.Found && r.code != exitcode.None {
					t.Fatalf("exit %d\n%s", r.code, r.stderr)
				}
			}
			a := checkSolutions(t, file, false, text.stdout)
			b := checkSolutions(t, file, true, js.stdout)
			if !slices.EqualFunc(a, b, slices.Equal) {
				t.Errorf("text and --json print different solutions")
			}
		})
	}
}

// TestProgress asks for a progress line at every poll of the sequential
// search (-j 1; with workers, progress is paced by time alone) and
// checks each line's shape: the estimate, solutions, rate, time spent and
// left; and that no progress is shown to a non-terminal unless asked, nor
// to a terminal with --progress=false.
func TestProgress(t *testing.T) {
	t.Parallel()
	file := filepath.Join(sharedData(t), "exactcover", "queens-10.dlx")
	r := runXcover(t, nil, []string{"solve", "--count", "-j", "1", "--progress", "--progress-every", "1ns", file}, "")
	if r.code != exitcode.Found || r.stdout != "724\n" {
		t.Fatalf("exit %d, stdout %q, want 0 and 724 (OEIS A000170)\n%s", r.code, r.stdout, r.stderr)
	}
	line := regexp.MustCompile(`^xcover: progress: ([0-9.]+)% done \(estimated\), \d+ solutions?, \d+ nodes/s, [0-9.]+s spent(, about [0-9.]+s left)?$`)
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("progress line of unexpected shape: %q", l)
		}
		n++
		if f, _ := strconv.ParseFloat(m[1], 64); f < 0 || f > 100 {
			t.Errorf("estimate %s%% outside 0…100", m[1])
		}
	}
	// queens-10 has 11578 nodes (expected.tsv); the engine polls every
	// 4096 nodes, so two progress lines.
	if n != 2 {
		t.Errorf("%d progress lines, want 2:\n%s", n, r.stderr)
	}
	for _, o := range []runOpts{{}, {tty: []string{"stderr"}, env: map[string]string{}}} {
		r = runWith(t, o, "solve", "--count", "--progress=false", file)
		if r.stderr != "" {
			t.Errorf("progress printed with --progress=false:\n%s", r.stderr)
		}
	}
	r = runXcover(t, nil, []string{"solve", "--count", file}, "")
	if r.stderr != "" {
		t.Errorf("progress printed to a non-terminal without --progress:\n%s", r.stderr)
	}
}

// TestProfile checks --profile against the --stats line: the levels sum to
// the nodes, which are DLX1's 1049 for queens-8 (expected.tsv).
func TestProfile(t *testing.T) {
	t.Parallel()
	file := filepath.Join(sharedData(t), "exactcover", "queens-8.dlx")
	r := runXcover(t, nil, []string{"solve", "--engine", "dlx", "--count", "--profile", "--stats", file}, "")
	if r.code != exitcode.Found {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if lines[0] != "Profile:" {
		t.Fatalf("stderr starts %q, want Profile:", lines[0])
	}
	var sum int64
	for i, l := range lines[1 : len(lines)-1] {
		var level int
		var n int64
		if _, err := fmt.Sscanf(l, "%3d: %d", &level, &n); err != nil || level != i {
			t.Fatalf("profile line %q: want %3d: N", l, i)
		}
		sum += n
	}
	if sum != 1049 {
		t.Errorf("profile sums to %d nodes, want DLX1's 1049", sum)
	}
	if want := "Altogether 92 solutions, 17160 updates, 1049 nodes,"; !strings.HasPrefix(lines[len(lines)-1], want) {
		t.Errorf("stats line %q, want prefix %q", lines[len(lines)-1], want)
	}
}

// TestCancel cancels the context as Ctrl-C does, before the run begins:
// it stops while reading the input, with status "interrupted" and exit 3.
func TestCancel(t *testing.T) {
	t.Parallel()
	file := filepath.Join(sharedData(t), "exactcover", "queens-14.dlx")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := runXcover(t, ctx, []string{"solve", "--all", "--json", file}, "")
	if r.code != exitcode.Stopped || !strings.Contains(r.stderr, "xcover: interrupted while reading the input") {
		t.Fatalf("exit %d, want 3 and \"interrupted\"\n%s", r.code, r.stderr)
	}
	sols := checkSolutions(t, file, true, r.stdout)
	_, sum := decodeJSON(t, r.stdout)
	if sum.Status != "interrupted" || sum.Solutions != int64(len(sols)) {
		t.Errorf("summary %+v after %d solutions printed", sum, len(sols))
	}
}

// TestSignals sends SIGINT, SIGTERM or SIGHUP to a real xcover process in the middle
// of a long run: it must stop, print what it found, whole lines, with the
// summary or count that ends its output, and exit 3.
func TestSignals(t *testing.T) {
	if testtier.Short() {
		t.Skip("builds the binary")
	}
	t.Parallel()
	root := moduleRoot(t)
	data := sharedData(t)
	bin := buildXcover(t)
	for _, tc := range []struct {
		name   string
		sig    syscall.Signal
		args   []string
		verify string // the problem whose solutions stdout lists as JSON
	}{
		{"solve-sigint", syscall.SIGINT, []string{"solve", "--all", "--json", "--stats"}, "exactcover/pent-6x10.dlx"},
		{"solve-sigterm", syscall.SIGTERM, []string{"solve", "--all", "--json", "--stats"}, "exactcover/queens-14.dlx"},
		{"solve-sighup", syscall.SIGHUP, []string{"solve", "--all", "--json", "--stats"}, "exactcover/queens-14.dlx"},
		{"count-sigterm", syscall.SIGTERM, []string{"solve", "--count", "--stats", filepath.Join(data, "exactcover/pent-6x10.dlx")}, ""}, // about 0.9 s on two cores
		{"sudoku-sigterm", syscall.SIGTERM, []string{"sudoku", "--all", "--json", "-"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			args := append(tc.args, "--progress", "--progress-every", "1ns")
			if tc.verify != "" {
				args = append(args, filepath.Join(data, tc.verify))
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = root
			if tc.name == "sudoku-sigterm" {
				cmd.Stdin = strings.NewReader("................................................................................." + "\n")
			}
			stdout, errPipe := startXcover(t, cmd)
			// The search, and so the signal handler installed before it,
			// is running once it prints: a solution on stdout when it
			// lists them, else a progress line. Then comes the signal,
			// whatever the time it took to come (the listings then hold
			// at least a solution).
			var stderr strings.Builder
			running := stdout.line
			progress := make(chan struct{})
			if tc.name == "count-sigterm" {
				running = progress
			}
			var once sync.Once
			read := make(chan struct{})
			go func() {
				defer close(read)
				sc := bufio.NewScanner(errPipe)
				for sc.Scan() {
					stderr.WriteString(sc.Text() + "\n")
					if strings.HasPrefix(sc.Text(), "xcover: progress") {
						once.Do(func() { close(progress) })
					}
				}
			}()
			select {
			case <-running:
			case <-read: // it ended first
			case <-time.After(time.Minute): // a bound, for a run that never prints
				cmd.Process.Kill()
				t.Fatal("nothing printed after a minute")
			}
			cmd.Process.Signal(tc.sig)
			<-read
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != exitcode.Stopped {
				t.Fatalf("exit %d, want 3\n%s", code, stderr.String())
			}
			if !strings.Contains(stderr.String(), "xcover: interrupted after") {
				t.Errorf("stderr does not say interrupted:\n%s", stderr.String())
			}
			out := stdout.String()
			if !strings.HasSuffix(out, "\n") {
				t.Fatalf("output cut mid-line: ...%q", out[max(len(out)-80, 0):])
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			last := lines[len(lines)-1]
			switch {
			case tc.verify != "":
				sols := checkSolutions(t, filepath.Join(data, tc.verify), true, out)
				_, sum := decodeJSON(t, out)
				if sum.Status != "interrupted" || sum.Solutions != int64(len(sols)) {
					t.Errorf("summary %+v after %d solutions printed", sum, len(sols))
				}
				if !strings.Contains(stderr.String(), "Altogether "+strconv.Itoa(len(sols))+" solution") {
					t.Errorf("--stats does not count the %d solutions printed:\n%s", len(sols), stderr.String())
				}
			case tc.name == "count-sigterm":
				if !regexp.MustCompile(`^\d+\+\n$`).MatchString(out) {
					t.Errorf("count %q, want a lower bound N+", out)
				}
			default: // the Sudoku stream: solutions, then the puzzle, then the summary
				var sum struct{ Type, Status string }
				json.Unmarshal([]byte(last), &sum)
				if sum.Type != "summary" || sum.Status != "interrupted" || len(lines) < 3 {
					t.Errorf("last line %q, want the summary with status interrupted after solutions", last)
				}
				checkSudokuLines(t, lines[:len(lines)-1])
			}
		})
	}
}

// checkSudokuLines checks the JSON lines of an empty 9×9's listing: grids
// that are solutions, in grid order, then one puzzle object.
func checkSudokuLines(t *testing.T, lines []string) {
	t.Helper()
	empty, _ := sudoku.NewGrid(3)
	prev := ""
	for i, l := range lines {
		var o struct {
			Type, Grid string
			Number     int
		}
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if i == len(lines)-1 {
			if o.Type != "puzzle" {
				t.Errorf("line %d: type %q, want the puzzle's answer", i+1, o.Type)
			}
			return
		}
		b, err := sudoku.Read("json", []byte(o.Grid), sudoku.ReadOptions{Format: sudoku.Line})
		if err != nil || b.Puzzles[0].Err != nil || sudoku.Check(empty, b.Puzzles[0].Grid) != nil || o.Number != i+1 || o.Grid <= prev {
			t.Fatalf("line %d: %s is not solution %d in grid order", i+1, l, i+1)
		}
		prev = o.Grid
	}
}

// FuzzSolve feeds arbitrary input to "xcover solve": it must never panic,
// never print on stdout with exit 2, and every solution it prints must be
// one (checked by the verifier).
func FuzzSolve(f *testing.F) {
	for _, seed := range []string{
		"A B C\nA B\nC\nA\nB C\n",
		"A B | X\nA X:1\nB X:1\nA B X\n",
		"primary: [A, B]\noptions:\n  - [A, B]\n",
		"", "|\n", "A A\n", "A\nB\n", "A | X\nX:1\nA X:2\n",
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	for _, file := range []string{"testdata/bad/garbage.dlx"} {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data, false)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, yaml bool) {
		wd := time.AfterFunc(10*time.Second, func() {
			buf := make([]byte, 1<<20)
			n := runtime.Stack(buf, true)
			panic(fmt.Sprintf("hang on %q\n%s", data, buf[:n]))
		})
		defer wd.Stop()
		format := "dlx"
		if yaml {
			format = "yaml"
		}
		r := runXcover(t, nil, []string{"solve", "--all", "--json", "--max-nodes", "2000", "--format", format, "-"}, string(data))
		checkInvariants(t, r)
		if r.code == exitcode.BadInput {
			if n := strings.Count(r.stderr, "\n"); !strings.HasPrefix(r.stderr, "xcover: ") || (n != 1 && !strings.Contains(r.stderr, "warning")) {
				t.Errorf("exit 2 should print one line, got:\n%s", r.stderr)
			}
			return
		}
		if _, err := specs.Parse("<stdin>", data, specs.Format(format)); err != nil {
			t.Fatalf("exit %d but the input does not parse: %v", r.code, err)
		}
		path := filepath.Join(t.TempDir(), "in."+format)
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Fatal(err)
		}
		sols := checkSolutions(t, path, true, r.stdout)
		_, sum := decodeJSON(t, r.stdout)
		if int64(len(sols)) != sum.Solutions {
			t.Errorf("%d solutions printed, summary says %d", len(sols), sum.Solutions)
		}
	})
}

// TestSolveRun runs solve's run function on options built directly, as
// the flags would give them, without a command line: what it prints is
// checked against published counts (OEIS A000170 for the queens, with
// the classic count by the column of row 1's queen; A014552 for the
// Langford pairs, A004003 for the domino tilings; Knuth's paper for his
// 7-item example) and every solution by the independent verifier; the cheapest solutions
// against a brute force over every set of options.
func TestSolveRun(t *testing.T) {
	t.Parallel()
	const (
		knuth, queens  = "specs/examples/knuth.yaml", "specs/examples/queens-8.yaml"
		langford, tile = "specs/examples/langford-7.yaml", "specs/examples/domino-6x6.yaml"
		assignment     = "specs/examples/assignment-4.yaml"
	)
	first := searchcmd.Request{Limit: 1}
	all := searchcmd.Request{}
	count := searchcmd.Request{Count: true}
	for _, tc := range []struct {
		name  string
		file  string
		o     solveOptions // IO and Input set below
		code  int
		count string // the count printed, when the run counts
		sols  int    // else the solutions printed, each verified
		costs []int64
	}{
		{name: "first solution", file: knuth, o: solveOptions{Request: first}, sols: 1},
		{name: "every solution", file: queens, o: solveOptions{Request: all}, sols: 92},
		{name: "the first five as JSON", file: queens, o: solveOptions{Request: searchcmd.Request{Limit: 5, JSON: true}}, sols: 5},
		{name: "every solution on two workers", file: langford, o: solveOptions{Request: searchcmd.Request{Jobs: 2}}, sols: 52},
		{name: "count", file: langford, o: solveOptions{Request: count}, count: "52\n"},
		{name: "count with the dlx engine", file: tile, o: solveOptions{Request: searchcmd.Request{Count: true, Engine: exactcover.EngineDLX}}, count: "6728\n"},
		{name: "count by memoizing", file: tile, o: solveOptions{Request: count, Memo: &memoOptions{Limit: exactcover.DefaultMemoLimit}}, count: "6728\n"},
		{name: "every solution of the reduced problem", file: knuth, o: solveOptions{Request: all, Reduce: &reduce.Config{}}, sols: 1},
		// The 92 have their queen of row 1 in columns 1 to 8 4, 8, 16, 18,
		// 18, 16, 8 and 4 times.
		{name: "from a partial solution", file: queens, o: solveOptions{Request: all, Partial: []string{"r1c2"}}, sols: 8},
		{name: "stopped at --max-nodes", file: tile, o: solveOptions{Request: searchcmd.Request{Count: true, MaxNodes: 100}}, code: exitcode.Stopped},
		{name: "the cheapest", file: assignment, o: solveOptions{Request: first, Cheapest: cheapestOptions{K: 1}}, costs: []int64{13}},
		{name: "the three cheapest", file: assignment, o: solveOptions{Request: first, Cheapest: cheapestOptions{K: 3, AtEnd: true}}, costs: []int64{13, 14, 17}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, stdout, stderr := testIO(t, "")
			tc.o.IO, tc.o.Input = s, searchcmd.Input{File: tc.file}
			code := exitcode.Print(solveRun(context.Background(), &tc.o), stderr)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", code, tc.code, stderr)
			}
			switch {
			case tc.code == exitcode.Stopped:
				if n, err := strconv.Atoi(strings.TrimSuffix(stdout.String(), "+\n")); err != nil || !strings.HasSuffix(stdout.String(), "+\n") || n < 0 {
					t.Errorf("stopped count %q, want N+ (a lower bound)", stdout)
				}
			case tc.count != "":
				if stdout.String() != tc.count {
					t.Errorf("count %q, want %q", stdout, tc.count)
				}
			case tc.costs != nil:
				checkCheapest(t, tc.file, stdout.String(), tc.o.Cheapest, tc.costs)
			default:
				if sols := checkSolutions(t, tc.file, tc.o.JSON, stdout.String()); len(sols) != tc.sols {
					t.Errorf("%d solutions printed, want %d", len(sols), tc.sols)
				}
			}
		})
	}
}

// checkCheapest checks what solve --min-cost or --best K printed for the
// problem in file: each solution verified, its cost the sum of its
// options' costs, and the costs (the last for --min-cost, which prints
// each improvement; all for --best) those of the cheapest solutions that
// a brute force over every set of options finds, cheapest first.
func checkCheapest(t *testing.T, file, stdout string, ch cheapestOptions, want []int64) {
	t.Helper()
	p := loadProblem(t, file)
	var printed []int64
	for _, block := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n\n") {
		head, _, _ := strings.Cut(block, "\n")
		cost, err := strconv.ParseInt(strings.TrimPrefix(head, "cost "), 10, 64)
		if err != nil {
			t.Fatalf("a solution without its cost: %q", block)
		}
		printed = append(printed, cost)
	}
	sols := checkSolutions(t, file, false, stdout)
	for i, sol := range sols {
		var sum int64
		for _, k := range sol {
			sum += p.Options[k].Cost
		}
		if sum != printed[i] {
			t.Errorf("solution %d printed with cost %d, its options cost %d", i+1, printed[i], sum)
		}
	}
	if !ch.AtEnd { // each improvement: the last is the cheapest
		printed = printed[len(printed)-1:]
	}
	if brute := bruteCheapest(t, p, len(want)); !slices.Equal(brute, want) || !slices.Equal(printed, want) {
		t.Errorf("costs printed %v, brute force %v, want %v", printed, brute, want)
	}
}

// bruteCheapest returns the costs of the k cheapest solutions of p, found
// by trying every set of its options (at most 20 options).
func bruteCheapest(t *testing.T, p *exactcover.Problem, k int) []int64 {
	t.Helper()
	if len(p.Options) > 20 {
		t.Fatalf("%d options: too many for a brute force", len(p.Options))
	}
	var costs []int64
	for set := 0; set < 1<<len(p.Options); set++ {
		var sol []int
		var cost int64
		for j := range p.Options {
			if set&(1<<j) != 0 {
				sol, cost = append(sol, j), cost+p.Options[j].Cost
			}
		}
		if verify.Solution(p, sol) == nil {
			costs = append(costs, cost)
		}
	}
	slices.Sort(costs)
	return costs[:min(k, len(costs))]
}
