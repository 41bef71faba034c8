package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/internal/testtier"
)

// TestShapeOf: the shape of a problem, counted by hand from the text.
func TestShapeOf(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"knuth", "| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
			"7 items, 6 options, 2.3 per item"},
		{"secondary", "a b | x y\na x\nb y\na b\n",
			"2 items + 2 secondary, 3 options, 2.0 per item"},
		{"colors", "A B | X Y\nA X:1\nB X:1 Y:2\nA B X:2\n",
			"2 items + 2 secondary, 3 options, 2.0 per item, colors"},
		{"bounds", "| Knuth's DLX3 example\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
			"3 items + 2 secondary, 5 options, 2.3 per item, colors, bounds"},
	} {
		path := filepath.Join(t.TempDir(), tc.name+".dlx")
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := shapeOf(path, false); got != tc.want {
			t.Errorf("%s: shape %q, want %q", tc.name, got, tc.want)
		}
	}
	path := filepath.Join(t.TempDir(), "puzzles.txt")
	grid := strings.Repeat(".", 81)
	if err := os.WriteFile(path, []byte(grid+"\n"+grid+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := shapeOf(path, true), "2 puzzles 9×9"; got != want {
		t.Errorf("puzzles: shape %q, want %q", got, want)
	}
}

// TestEngineRowRead: a run's answer is the count of its JSON summary (the
// verdicts of every puzzle, for a Sudoku batch), and auto's pick the
// engine the summary names.
func TestEngineRowRead(t *testing.T) {
	solve := &engineRow{c: engineCase{in: &input{name: "q.dlx"}}, q: qCount}
	out := `{"type":"summary","solutions":92,"nodes":857,"status":"complete","engine":"bits"}` + "\n"
	ans, eng, err := solve.read(sample{stdout: []byte(out)})
	if err != nil || ans != "92" || eng != "bits" {
		t.Errorf("solve: read %q, %q, %v; want 92, bits", ans, eng, err)
	}
	if _, _, err := solve.read(sample{stdout: []byte("92\n")}); err == nil {
		t.Error("solve: a count without a JSON summary was read")
	}
	sudoku := &engineRow{c: engineCase{in: &input{name: "s.txt"}, sudoku: true}, q: qUnique}
	puzzles := `{"type":"puzzle","index":1,"status":"unique","solutions":1,"solution":"123"}` + "\n" +
		`{"type":"puzzle","index":2,"status":"multiple","solutions":2}` + "\n"
	sum := `{"type":"summary","solutions":3,"status":"complete","verdicts":{"multiple":1,"unique":1}}` + "\n"
	a1, _, err := sudoku.read(sample{stdout: []byte(puzzles + sum)})
	if err != nil || !strings.HasPrefix(a1, "map[multiple:1 unique:1]\n") {
		t.Fatalf("sudoku: read %q, %v", a1, err)
	}
	other := strings.Replace(puzzles, `"solution":"123"`, `"solution":"132"`, 1)
	if a2, _, _ := sudoku.read(sample{stdout: []byte(other + sum)}); a2 == a1 {
		t.Error("sudoku: two batches with different unique solutions read as one answer")
	}
	// A puzzle with several solutions shows whichever the engine found.
	withOne := strings.Replace(puzzles, `"solutions":2}`, `"solutions":2,"solution":"456"}`, 1)
	if a3, _, _ := sudoku.read(sample{stdout: []byte(withOne + sum)}); a3 != a1 {
		t.Error("sudoku: the solution shown for a puzzle with several made a different answer")
	}
}

// TestEngineTable: the fastest engine of a row and its margin over the
// next, and auto's time against the fastest, from medians worked out by
// hand.
func TestEngineTable(t *testing.T) {
	ms := func(ts ...int) []time.Duration {
		var d []time.Duration
		for _, x := range ts {
			d = append(d, time.Duration(x)*time.Millisecond)
		}
		return d
	}
	row := &engineRow{c: engineCase{in: &input{name: "pent.dlx"}}, q: qCount, shape: "72 items", answer: "2339",
		runs: map[string]*engineRun{
			"dlx":    {cpu: ms(900, 1000, 1100)},
			"sparse": {cpu: ms(500, 400, 600)},
			"bits":   {cpu: ms(250, 200, 300)},
			"learn":  {refused: "lists by blocking each solution"},
			"auto":   {cpu: ms(500, 500, 450), picked: "sparse"},
		}}
	quick := &engineRow{c: engineCase{in: &input{name: "tiny.dlx"}}, q: qFirst, answer: "1",
		runs: map[string]*engineRun{"dlx": {cpu: ms(8)}, "sparse": {cpu: ms(9)}, "bits": {cpu: ms(7)}, "learn": {capped: true}}}
	quick2 := *quick
	quick2.q = qUnique
	var b strings.Builder
	writeEngineTable(&b, []*engineRow{row, quick, &quick2}, 3, time.Minute, 1, 2)
	if strings.Contains(b.String(), "| tiny |") {
		t.Errorf("a row of start-up alone is in the table:\n%s", b.String())
	}
	for _, want := range []string{
		"| pent | 72 items | count | 2339 | 1.00 s | 0.50 s | 0.25 s | — | bits (0.50 × sparse) | sparse: 0.50 s, 2.00 × bits |",
		"so these rows name no winner: tiny (first, unique).",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the table has no line\n%s\nbut\n%s", want, b.String())
		}
	}
}

// TestEnginesDisagree: a row whose engines give different counts stops,
// naming the engine, and the table says so.
func TestEnginesDisagree(t *testing.T) {
	// A fake xcover that counts 10 solutions, but 11 with the bit sets.
	bin, _ := fakeScript(t, "case \"$*\" in *\"--engine bits\"*) n=11;; *) n=10;; esac\n"+
		"echo \"{\\\"type\\\":\\\"summary\\\",\\\"solutions\\\":$n,\\\"engine\\\":\\\"sparse\\\"}\"\n")
	dir := t.TempDir()
	in := &input{name: "p.dlx", repo: "p.dlx"}
	if err := os.WriteFile(filepath.Join(dir, "p.dlx"), []byte("a\na\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := &env{root: dir, tmp: dir, xcover: bin, made: map[*input]bool{}}
	r := &runner{dir: dir, timeout: time.Minute}
	row := &engineRow{c: engineCase{in: in}, q: qCount, runs: map[string]*engineRun{}}
	var log strings.Builder
	if err := row.measure(context.Background(), r, e, 2, &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(row.failed, "bits answered 11, the others 10") {
		t.Errorf("row failed with %q, want the bit sets' disagreement", row.failed)
	}
	var b strings.Builder
	writeEngineTable(&b, []*engineRow{row}, 2, time.Second, 0, 0)
	if !strings.Contains(b.String(), "**stopped: bits answered 11, the others 10**") {
		t.Errorf("the table does not say the row stopped:\n%s", b.String())
	}
}

// TestEnginesMode: the -engines mode through the command line, on the
// real xcover and Knuth's two small examples of the shared data: every
// engine agrees on each (one solution), and each question of each is
// either a row of the table or, where every engine took start-up time
// alone, named after it (which of the two depends on the machine's load).
func TestEnginesMode(t *testing.T) {
	testtier.Slow(t)
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(filepath.Dir(root), "shared", "data")
	if _, err := os.Stat(filepath.Join(data, "exactcover", "knuth-example.dlx")); err != nil {
		t.Skip("no shared data beside the module:", err)
	}
	out, stderr, err := runBench(t, "-engines", "-xcover", builtXcover(t), "-runs", "1", "-only", `^(knuth-example|mcc-knuth)\.dlx/`)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	_, unnamed, _ := strings.Cut(out, "these rows name no winner: ")
	unnamed, _, _ = strings.Cut(unnamed, "\n")
	for _, name := range []string{"knuth-example", "mcc-knuth"} {
		_, qs, _ := strings.Cut(unnamed, name+" (")
		qs, _, _ = strings.Cut(qs, ")")
		for _, q := range []string{"count", "first", "unique"} {
			inTable := regexp.MustCompile(`(?m)^\| ` + name + ` \| [^|]* \| ` + q + ` \| 1 \|`).MatchString(out)
			named := slices.Contains(strings.Split(qs, ", "), q)
			if inTable == named {
				t.Errorf("%s (%s): a row of the table %v, named after it %v; want one of the two:\n%s", name, q, inTable, named, out)
			}
		}
	}
	for _, want := range []string{"knuth-example.dlx/count: 1/1 auto", "mcc-knuth.dlx/unique: 1/1 learn"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, stderr)
		}
	}
}

// FuzzEngineReaders: no problem text makes shapeOf panic, and no output of
// xcover makes a row's reader panic.
func FuzzEngineReaders(f *testing.F) {
	f.Add("A B 2:3|C | X Y\nA B X:0 Y:0\nC X:0\n", `{"type":"summary","solutions":92,"engine":"bits"}`+"\n")
	f.Add(strings.Repeat(".", 81)+"\n", `{"type":"puzzle","index":1,"status":"unique","solution":"1"}`+"\n"+`{"type":"summary","solutions":1,"verdicts":{"unique":1}}`+"\n")
	f.Add("| only a comment\n", "92\n")
	f.Add("a | b\n|\n: :|x\n", `{"type":"summary"}`+"\n")
	dir := f.TempDir()
	solve := &engineRow{c: engineCase{in: &input{name: "p.dlx"}}, q: qCount}
	sudoku := &engineRow{c: engineCase{in: &input{name: "s.txt"}, sudoku: true}, q: qUnique}
	f.Fuzz(func(t *testing.T, text, stdout string) {
		path := filepath.Join(dir, "p")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, puzzles := range []bool{false, true} {
			if shapeOf(path, puzzles) == "" {
				t.Errorf("no shape for %q", text)
			}
		}
		solve.read(sample{stdout: []byte(stdout)})
		sudoku.read(sample{stdout: []byte(stdout)})
	})
}
