package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/specs"
)

// TestConvertRoundTrip converts every shared DLX file and every shipped
// spec to the other format and back: the problem (items, options, order,
// colors, labels) must come back identical, and so must the text.
func TestConvertRoundTrip(t *testing.T) {
	testtier.Slow(t)
	t.Parallel()
	root := moduleRoot(t)
	var files []string
	if _, err := os.Stat(filepath.Join(root, "..", "shared", "data", "exactcover")); err == nil {
		dlx, _ := filepath.Glob(filepath.Join(root, sharedData(t), "exactcover", "*.dlx"))
		files = append(files, dlx...)
	}
	examples, _ := filepath.Glob(filepath.Join(root, "specs", "examples", "*"))
	files = append(files, examples...)
	for _, file := range files {
		from, ok := specs.FormatOf(file)
		if !ok {
			continue
		}
		to := specs.YAML
		if from == specs.YAML {
			to = specs.DLX
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			orig := loadProblem(t, file)
			once := runXcover(t, nil, []string{"convert", "--to", string(to), file}, "")
			checkInvariants(t, once)
			if once.code != 0 {
				t.Fatalf("convert --to %s: exit %d\n%s", to, once.code, once.stderr)
			}
			back := runXcover(t, nil, []string{"convert", "--to", string(from), "--format", string(to), "-"}, once.stdout)
			if back.code != 0 {
				t.Fatalf("convert back --to %s: exit %d\n%s", from, back.code, back.stderr)
			}
			again := runXcover(t, nil, []string{"convert", "--to", string(to), "--format", string(from), "-"}, back.stdout)
			if again.stdout != once.stdout {
				t.Errorf("%s -> %s -> %s -> %s changed the %s text", from, to, from, to, to)
			}
			sp, err := specs.Parse("<back>", []byte(back.stdout), from)
			if err != nil {
				t.Fatalf("reading the round trip: %v", err)
			}
			if !sameProblem(orig, &sp.Problem) {
				t.Errorf("%s -> %s -> %s changed the problem", from, to, from)
			}
		})
	}
	if len(files) == 0 {
		t.Skip("no input files")
	}
}

// sameProblem compares two problems item by item, option by option.
func sameProblem(a, b *exactcover.Problem) bool {
	if !slices.Equal(a.Primary, b.Primary) || !slices.Equal(a.Secondary, b.Secondary) || len(a.Options) != len(b.Options) {
		return false
	}
	for k := range a.Options {
		if a.Options[k].Label != b.Options[k].Label || !slices.Equal(a.Options[k].Items, b.Options[k].Items) {
			return false
		}
	}
	return true
}

// TestConvertRun runs convert's run function on options built directly:
// a problem written as YAML or DLX reads back as the problem given; as CNF,
// Knuth's 7-item example has one model, which a check of every assignment
// of its 6 variables finds: the solution of his paper, {A D}, {C E F},
// {B G}; bad input writes nothing.
func TestConvertRun(t *testing.T) {
	t.Parallel()
	const knuth = "specs/examples/knuth.yaml"
	for _, tc := range []struct {
		name  string
		o     convertOptions // IO set below
		stdin string
		code  int
	}{
		{name: "to DLX", o: convertOptions{Input: searchcmd.Input{File: knuth}, To: specs.DLX}},
		{name: "to YAML", o: convertOptions{Input: searchcmd.Input{File: "specs/examples/queens-8.yaml"}, To: specs.YAML}},
		{name: "from DLX on stdin", o: convertOptions{Input: searchcmd.Input{File: "-", Format: specs.DLX}, To: specs.YAML},
			stdin: "| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"},
		{name: "to CNF", o: convertOptions{Input: searchcmd.Input{File: knuth}, CNF: true}},
		{name: "bad input", o: convertOptions{Input: searchcmd.Input{File: "-"}, To: specs.DLX}, stdin: "primary: [a]\noptions:\n  - [b]\n", code: exitcode.BadInput},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, stdout, stderr := testIO(t, tc.stdin)
			tc.o.IO = s
			if code := exitcode.Print(convertRun(context.Background(), &tc.o), stderr); code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", code, tc.code, stderr)
			}
			switch {
			case tc.code != exitcode.Found:
				if stdout.Len() > 0 {
					t.Errorf("bad input, and stdout %q", stdout)
				}
			case tc.o.CNF:
				if models := cnfModels(t, stdout.String()); len(models) != 1 || !slices.Equal(models[0], []int{1, 4, 5}) {
					t.Errorf("the models %v (options from 1), want the one solution, options 1, 4 and 5", models)
				}
			default:
				var orig *exactcover.Problem
				if tc.stdin != "" {
					sp, err := specs.Parse("<stdin>", []byte(tc.stdin), tc.o.Input.Format)
					if err != nil {
						t.Fatal(err)
					}
					orig = &sp.Problem
				} else {
					orig = loadProblem(t, tc.o.Input.File)
				}
				back, err := specs.Parse("<converted>", stdout.Bytes(), tc.o.To)
				if err != nil || !sameProblem(orig, &back.Problem) {
					t.Errorf("the problem converted reads back as another (%v):\n%s", err, stdout)
				}
			}
		})
	}
}

// cnfModels returns the models of a DIMACS formula of at most 16
// variables, each the list of its true variables: every assignment, tried.
func cnfModels(t *testing.T, dimacs string) [][]int {
	t.Helper()
	var vars int
	var clauses [][]int
	for _, line := range strings.Split(dimacs, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0 || f[0] == "c":
		case f[0] == "p":
			vars, _ = strconv.Atoi(f[2])
		default:
			var clause []int
			for _, lit := range f[:len(f)-1] {
				n, err := strconv.Atoi(lit)
				if err != nil {
					t.Fatalf("clause %q: %v", line, err)
				}
				clause = append(clause, n)
			}
			clauses = append(clauses, clause)
		}
	}
	if vars == 0 || vars > 16 {
		t.Fatalf("%d variables: want 1 to 16", vars)
	}
	var models [][]int
	for a := 0; a < 1<<vars; a++ {
		holds := func(lit int) bool { return (a>>(abs(lit)-1)&1 == 1) == (lit > 0) }
		if !slices.ContainsFunc(clauses, func(c []int) bool { return !slices.ContainsFunc(c, holds) }) {
			var model []int
			for v := 1; v <= vars; v++ {
				if a>>(v-1)&1 == 1 {
					model = append(model, v)
				}
			}
			models = append(models, model)
		}
	}
	return models
}

func abs(n int) int { return max(n, -n) }
