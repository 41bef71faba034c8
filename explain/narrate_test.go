package explain_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/explain"
)

// nodeLine matches the line that opens a node or tells a solution.
var nodeLine = regexp.MustCompile(`(?m)^ *(Node \d+ at level|Solution \d+ at node) `)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// knuthPaper is the example of Knuth's paper "Dancing Links" (2000): seven
// primary items and six options; its one solution is options 1, 4, 5.
func knuthPaper() *exactcover.Problem {
	p := &exactcover.Problem{Primary: []string{"A", "B", "C", "D", "E", "F", "G"}}
	for _, o := range [][]string{{"C", "E", "F"}, {"A", "D", "G"}, {"B", "C", "F"}, {"A", "D"}, {"B", "G"}, {"D", "E", "G"}} {
		p.Options = append(p.Options, exactcover.NewOption(o...))
	}
	return p
}

// colorExample is Knuth's DLX2 example of color controls, as in the shared
// color-example.dlx: X and Y are secondary and colored.
func colorExample() *exactcover.Problem {
	p := &exactcover.Problem{Primary: []string{"A", "B", "C"}, Secondary: []string{"X", "Y"}}
	for _, o := range [][]string{{"A", "B", "X:0", "Y:0"}, {"A", "C", "X:1", "Y:1"}, {"X:0", "Y:1"}, {"B", "X:1"}, {"C", "Y:1"}} {
		p.Options = append(p.Options, exactcover.NewOption(o...))
	}
	return p
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it); got:\n%s", path, got)
	}
}

func TestNarrateGolden(t *testing.T) {
	for _, tc := range []struct {
		file string
		p    *exactcover.Problem
		cfg  explain.Config
		// Published facts the narration must state.
		solutions, nodes, updates int64
	}{
		{"knuth.golden", knuthPaper(), explain.Config{}, 1, 0, 0},
		{"knuth-matrix.golden", knuthPaper(), explain.Config{Matrix: true}, 1, 0, 0},
		{"knuth-steps.golden", knuthPaper(), explain.Config{MaxNodes: 3}, 0, 0, 0},
		{"color.golden", colorExample(), explain.Config{Matrix: true}, 1, 4, 14},
	} {
		t.Run(tc.file, func(t *testing.T) {
			var out bytes.Buffer
			st, err := explain.Narrate(context.Background(), &out, tc.p, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.file, out.Bytes())
			eng := engineCount(t, tc.p)
			if tc.cfg.MaxNodes == 0 && (st.Nodes != eng.Nodes || st.Updates != eng.Updates || st.Solutions != eng.Solutions) {
				t.Errorf("narrated %v, engine %v", st, eng)
			}
			if tc.nodes > 0 && (st.Nodes != tc.nodes || st.Updates != tc.updates) {
				t.Errorf("narrated %v; Knuth's DLX2: %d nodes, %d updates", st, tc.nodes, tc.updates)
			}
			if strings.Contains(out.String(), "\x1b") {
				t.Error("escape sequences without Config.Dim")
			}
		})
	}
}

// TestNarrateKnuthFacts checks the narration of Knuth's example against what
// his paper says, independently of the golden file: the search first
// chooses A, and finds the one solution {A D}, {C E F}, {B G}.
func TestNarrateKnuthFacts(t *testing.T) {
	var out bytes.Buffer
	if _, err := explain.Narrate(context.Background(), &out, knuthPaper(), explain.Config{}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"Choose A: it has the fewest options (2)",
		"Solution 1 at node",
		"option 4: A D\n",
		"option 1: C E F\n",
		"option 5: B G\n",
		"Undo option 2: uncover G, then uncover D.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("narration lacks %q", want)
		}
	}
	if strings.Count(text, "Solution ") != 1 {
		t.Errorf("want exactly one solution told")
	}
}

// TestNarrateAgreesWithWalk checks, on shared files, that the statistics
// Narrate returns and prints are the engine's.
func TestNarrateAgreesWithWalk(t *testing.T) {
	for _, name := range []string{"knuth-example", "color-example", "queens-8", "sudoku-17clue"} {
		t.Run(name, func(t *testing.T) {
			p := readDLX(t, filepath.Join(sharedDir, name+".dlx"))
			var out bytes.Buffer
			st, err := explain.Narrate(context.Background(), &out, p, explain.Config{})
			if err != nil {
				t.Fatal(err)
			}
			eng := engineCount(t, p)
			if st.Nodes != eng.Nodes || st.Updates != eng.Updates || st.Solutions != eng.Solutions {
				t.Errorf("narrated %v, engine %v", st, eng)
			}
			told := len(nodeLine.FindAllString(out.String(), -1))
			if int64(told) != eng.Nodes {
				t.Errorf("told %d nodes and solutions, engine counts %d nodes", told, eng.Nodes)
			}
		})
	}
}

// TestNarrateMatrixWindow draws queens-8 (46 items, 64 options), beyond
// the matrix view's limits, through a window: at the root the first 40
// items and 60 options, with a note saying so; every matrix line stays
// within the window's width.
func TestNarrateMatrixWindow(t *testing.T) {
	p := readDLX(t, filepath.Join(sharedDir, "queens-8.dlx"))
	var out bytes.Buffer
	if _, err := explain.Narrate(context.Background(), &out, p, explain.Config{Matrix: true, MaxNodes: 3}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "(a window on a larger matrix: 46 active items of 46 and 64 live options of 64, the first 40 and 60 of them shown)") {
		t.Errorf("no window note at the root:\n%s", text)
	}
	if strings.Count(text, "a window on a larger matrix") != 3 {
		t.Errorf("want a window note at each of the 3 nodes told:\n%s", text)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "    ") && strings.Contains(line, " 1 ") && len(line) > 5+2*explain.MaxMatrixItems+40 {
			t.Errorf("matrix line wider than the window: %q", line)
		}
	}
}

func TestNarrateDim(t *testing.T) {
	var out bytes.Buffer
	if _, err := explain.Narrate(context.Background(), &out, knuthPaper(), explain.Config{Matrix: true, Dim: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\x1b[2m") {
		t.Error("no dimmed cell in a dimmed matrix")
	}
}
