package explain_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
	"github.com/xcover/xcover/internal/testtier"
)

// knuthMCC is the example of Knuth's DLX3 documentation, as in the shared
// mcc-knuth.dlx and specs/examples/knuth-mcc.yaml: A and B once, C two or
// three times, X and Y secondary with colors. Its one solution (Knuth) is
// {A C X:1 Y:1}, {B X:1}, {C Y:1}, options 2, 4 and 5.
func knuthMCC() *exactcover.Problem {
	p := &exactcover.Problem{
		Primary:   []string{"A", "B", "C"},
		Bounds:    []exactcover.Bounds{exactcover.Once, exactcover.Once, {Lo: 2, Hi: 3}},
		Secondary: []string{"X", "Y"},
	}
	for _, o := range [][]string{{"A", "B", "X:0", "Y:0"}, {"A", "C", "X:1", "Y:1"}, {"C", "X:0"}, {"B", "X:1"}, {"C", "Y:1"}} {
		p.Options = append(p.Options, exactcover.NewOption(o...))
	}
	return p
}

// DLX3's figures for mcc-knuth, from mcc/expected.tsv.
const knuthMCCNodes, knuthMCCUpdates, knuthMCCCleansings = 6, 14, 7

// TestKnuthMCCIsShared checks that knuthMCC is the shared mcc-knuth.dlx
// and that expected.tsv still says what the constants above say.
func TestKnuthMCCIsShared(t *testing.T) {
	p := readDLX(t, filepath.Join(mccDir, "mcc-knuth.dlx"))
	if got, want := fmt.Sprintf("%+v", *p), fmt.Sprintf("%+v", *knuthMCC()); got != want {
		t.Errorf("mcc-knuth.dlx reads as\n%s\nknuthMCC is\n%s", got, want)
	}
	w := expectedMCC(t)["mcc-knuth"]
	if w != (mccWant{1, knuthMCCNodes, knuthMCCUpdates, knuthMCCCleansings}) {
		t.Errorf("expected.tsv: %+v", w)
	}
}

var (
	// stepUpdates and stepCleansings match the counts that Cover, Purify
	// and Tweak lines give in parentheses.
	stepUpdates    = regexp.MustCompile(`\((\d+) updates?[,)]`)
	stepCleansings = regexp.MustCompile(`, (\d+) cleansings?\)`)
	// mccTotals matches the last line of counts of a narration with
	// multiplicities.
	mccTotals = regexp.MustCompile(`The search is complete: (\d+) solutions?, (\d+) nodes?, (\d+) updates?, (\d+) cleansings?\.`)
)

// sumOf adds up the first group of every match of re in text, looking only
// at the lines that contain the word (a regexp on the 40 MB narration of
// mcc-queens2-6 would take seconds).
func sumOf(re *regexp.Regexp, word, text string) int64 {
	var sum int64
	for line := range strings.Lines(text) {
		if !strings.Contains(line, word) {
			continue
		}
		for _, m := range re.FindAllStringSubmatch(line, -1) {
			v, _ := strconv.ParseInt(m[1], 10, 64)
			sum += v
		}
	}
	return sum
}

// nodesTold counts the lines that open a node or tell a solution.
func nodesTold(text string) int64 {
	var n int64
	for line := range strings.Lines(text) {
		if line = strings.TrimLeft(line, " "); strings.HasPrefix(line, "Node ") || strings.HasPrefix(line, "Solution ") {
			if nodeLine.MatchString(line) {
				n++
			}
		}
	}
	return n
}

// TestNarrateKnuthMCC narrates Knuth's DLX3 example, compares it with its
// golden files, and checks what DLX3 says of it independently of them: the
// totals (mcc/expected.tsv), which the updates and cleansings told step by
// step add up to, the nodes told, and the one solution. It checks too that
// each step of Algorithm M is told in the words a student reads in the
// header.
func TestNarrateKnuthMCC(t *testing.T) {
	for _, tc := range []struct {
		file string
		cfg  explain.Config
	}{
		{"mcc-knuth.golden", explain.Config{}},
		{"mcc-knuth-matrix.golden", explain.Config{Matrix: true}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			var out bytes.Buffer
			st, err := explain.Narrate(context.Background(), &out, knuthMCC(), tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.file, out.Bytes())
			text := out.String()
			if st.Solutions != 1 || st.Nodes != knuthMCCNodes || st.Updates != knuthMCCUpdates || st.Cleansings != knuthMCCCleansings {
				t.Errorf("narrated %v, %d cleansings; DLX3: 1 solution, %d nodes, %d updates, %d cleansings",
					st, st.Cleansings, knuthMCCNodes, knuthMCCUpdates, knuthMCCCleansings)
			}
			m := mccTotals.FindStringSubmatch(text)
			if m == nil || strings.Join(m[1:], " ") != fmt.Sprint(1, knuthMCCNodes, knuthMCCUpdates, knuthMCCCleansings) {
				t.Errorf("totals told: %q", m)
			}
			if got := sumOf(stepUpdates, "update", text); got != knuthMCCUpdates {
				t.Errorf("the steps told add up to %d updates, DLX3 counts %d", got, knuthMCCUpdates)
			}
			if got := sumOf(stepCleansings, "cleansing", text); got != knuthMCCCleansings {
				t.Errorf("the steps told add up to %d cleansings, DLX3 counts %d", got, knuthMCCCleansings)
			}
			if told := nodesTold(text); told != knuthMCCNodes {
				t.Errorf("told %d nodes and solutions, DLX3 counts %d", told, knuthMCCNodes)
			}
			for _, want := range []string{
				"Algorithm M with dancing links",
				"primary (cover as many times as the bounds say, else exactly once): A B C [2..3]",
				"Solution 1 at node 6: every primary item is covered within its bounds, by options 2, 4, 5.",
				"option 2: A C X:1 Y:1\n",
				"option 4: B X:1\n",
				"option 5: C Y:1\n",
				// A C is tried first: too few options are left for C.
				"Dead end: C [2..3] needs 2 more options, but only 1 is left.",
				// A bound going down, and an item covered enough.
				"C's bound goes down to 2: C takes [1..2] more, and is not covered enough yet.",
				"C's bound goes down to 0: the option this node gives it, if any, is its last, so C is covered enough.",
				// The branching degree, and why C is chosen or not.
				"Choose A: it has the fewest branches, 2 (2 options left + slack 0 − bound 1 + 1), as does B, and it comes first; C has as many, but more slack.",
				"Choose C [2..3]: it has the fewest branches, 1 (1 option left + slack 1 − bound 2 + 1).",
				// The tweak, the null branch, and the untweak.
				"Tweak option 5 (1 update): take it out of C's list, so that the levels below try only C's later options.",
				"C gets no more options: its lower bound 2 is met",
				"C has no more branches: put option 5 back (untweak), raise C's bound back to 2 and go back to level 1.",
				"Undo option 2: unpurify Y, then unpurify X; C's bound goes back up to 3.",
			} {
				if !strings.Contains(text, want) {
					t.Errorf("narration lacks %q", want)
				}
			}
			if tc.cfg.Matrix && !strings.Contains(text, "bounds: C [2..3], the others exactly once") {
				t.Errorf("matrix without its bounds")
			}
		})
	}
}

// tally is a writer that keeps, of a narration, only what the tests add
// up: the nodes told, the updates and cleansings of the steps, and the
// totals line. (Narrate writes a line at a time; the narration of
// mcc-queens2-6 is 40 MB.)
type tally struct {
	nodes, updates, cleansings int64
	totals                     string
}

func (t *tally) Write(b []byte) (int, error) {
	for line := range strings.Lines(string(b)) {
		t.nodes += nodesTold(line)
		t.updates += sumOf(stepUpdates, "update", line)
		t.cleansings += sumOf(stepCleansings, "cleansing", line)
		if strings.HasPrefix(line, "The search") {
			if m := mccTotals.FindStringSubmatch(line); m != nil {
				t.totals = strings.Join(m[1:], " ")
			}
		}
	}
	return len(b), nil
}

// TestNarrateMCCAgreesWithWalk narrates shared multiplicity instances in
// full and checks the totals, and the nodes, updates and cleansings told
// step by step, against DLX3's figures.
func TestNarrateMCCAgreesWithWalk(t *testing.T) {
	want := expectedMCC(t)
	for _, name := range []string{"mcc-knuth", "mcc-queens2-6"} {
		t.Run(name, func(t *testing.T) {
			if name != "mcc-knuth" && testtier.Short() {
				t.Skip("long case; run without -short")
			}
			p := readDLX(t, filepath.Join(mccDir, name+".dlx"))
			var got tally
			if _, err := explain.Narrate(context.Background(), &got, p, explain.Config{}); err != nil {
				t.Fatal(err)
			}
			w := want[name]
			if got.totals != fmt.Sprint(w.solutions, w.nodes, w.updates, w.cleansings) {
				t.Errorf("totals told: %q; DLX3: %+v", got.totals, w)
			}
			if got.nodes != w.nodes || got.updates != w.updates || got.cleansings != w.cleansings {
				t.Errorf("told step by step: %d nodes and solutions, %d updates, %d cleansings; DLX3: %+v", got.nodes, got.updates, got.cleansings, w)
			}
		})
	}
}

// TestWriteTreeMCC draws Knuth's DLX3 example: the golden drawing, and,
// independently of it, a valid graph with DLX3's 6 nodes, one dead end (A
// and B leave C too few options), and the null branch of C, dashed and
// labeled, leading to the solution. On other problems with multiplicities
// it draws as many dashed edges as the walk takes null branches.
func TestWriteTreeMCC(t *testing.T) {
	var out bytes.Buffer
	if _, err := explain.WriteTree(context.Background(), &out, knuthMCC(), explain.TreeConfig{}); err != nil {
		t.Fatal(err)
	}
	golden(t, "mcc-knuth.dot", out.Bytes())
	g, err := parseDOT(out.String())
	if err != nil {
		t.Fatalf("invalid DOT: %v\n%s", err, out.String())
	}
	checkTree(t, g, engineCount(t, knuthMCC()))
	text := out.String()
	for _, want := range []string{
		`[label="C [2..3]\ntoo few options: dead end", color=red, fontcolor=red]`,
		`[label="null: C gets no more", style=dashed]`,
		`[label="A\n2 branches"]`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("drawing lacks %s", want)
		}
	}
	renderDOT(t, out.Bytes())

	problems := []*exactcover.Problem{}
	if p := readDLXOptional(filepath.Join(mccDir, "mcc-queens2-6.dlx")); p != nil {
		problems = append(problems, p)
	}
	r := rand.New(rand.NewPCG(9, 10))
	for len(problems) < 50 {
		if p := randomProblemM(r); p.HasMultiplicities() {
			problems = append(problems, p)
		}
	}
	for j, p := range problems {
		var out bytes.Buffer
		st, err := explain.WriteTree(context.Background(), &out, p, explain.TreeConfig{MaxNodes: 2000})
		if err != nil {
			t.Fatal(err)
		}
		g, err := parseDOT(out.String())
		if err != nil {
			t.Fatalf("problem %d: invalid DOT: %v", j, err)
		}
		checkTree(t, g, st)
		nulls, pending := 0, false // null branches whose node the walk entered
		if _, err := explain.Walk(context.Background(), p, 2000, func(s *explain.Step) bool {
			switch s.Kind {
			case explain.Null:
				pending = true
			case explain.Enter, explain.Solution:
				if pending {
					nulls++
				}
				pending = false
			}
			return true
		}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(out.String(), "style=dashed"); got != nulls {
			t.Errorf("problem %d: %d dashed edges, the walk takes %d null branches", j, got, nulls)
		}
	}
}
