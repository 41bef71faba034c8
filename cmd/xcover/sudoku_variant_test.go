package main

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/problems/sudoku"
)

// TestSudokuVariantPipeline: "xcover sudoku generate --variant V | xcover
// sudoku --variant V --unique" holds for every variant, on 4×4 and 9×9
// grids (16×16 X-Sudoku and jigsaw of 120 clues in the slow tier, 9×9
// killer not under -short and the race detector): as many answers as
// puzzles, each unique, each solution checked by sudoku.CheckVariant
// against the puzzle and rules read from the generator's output.
func TestSudokuVariantPipeline(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	runs := []string{
		"--variant x --size 4 --count 4 --seed 1",
		"--variant x --count 2 --seed 2 --symmetry rotational",
		"--variant jigsaw --size 4 --count 4 --seed 3",
		"--variant jigsaw --count 2 --seed 4 -j 2",
		"--variant killer --size 4 --count 4 --seed 5",
		"--variant killer --count 2 --seed 6",
	}
	if !testtier.Short() {
		runs = append(runs, "--variant x --size 16 --count 1 --seed 7 --clues 120", "--variant jigsaw --size 16 --count 1 --seed 8 --clues 120")
	}
	for _, args := range runs {
		// Under the race detector the 9×9 killer alone takes minutes, on
		// one goroutine: the race is looked for where -j 2 runs.
		if testtier.Short() && strings.Contains(args, "killer --count") {
			continue
		}
		v, _ := sudoku.ParseVariant(strings.Fields(args)[1])
		gen := runPipeline(t, dir, "xcover sudoku generate "+args)
		puzzles, err := sudoku.ReadVariant("generated", []byte(gen.stdout), v)
		if err != nil {
			t.Fatalf("generate %s: its output does not read: %v\n%s", args, err, gen.stdout)
		}
		r := runPipeline(t, dir, "xcover sudoku generate "+args+" | xcover sudoku --variant "+v.String()+" --unique")
		if r.code != 0 {
			t.Fatalf("generate %s | sudoku --unique: exit %d\n%s", args, r.code, r.stderr)
		}
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(lines) != len(puzzles) {
			t.Fatalf("generate %s | sudoku --unique: %d answers for %d puzzles\n%s", args, len(lines), len(puzzles), r.stdout)
		}
		for i, line := range lines {
			p := puzzles[i]
			if p.Err != nil {
				t.Fatalf("generate %s: puzzle %d: %v", args, i+1, p.Err)
			}
			verdict, solution, _ := strings.Cut(line, "\t")
			if verdict != "unique" {
				t.Errorf("generate %s: puzzle %d is %s", args, i+1, verdict)
				continue
			}
			// The solution's symbols, read here: a jigsaw solution is no
			// classic grid, which sudoku.Read would refuse.
			sol := &sudoku.Grid{Box: p.Grid.Box}
			for k := range len(solution) {
				sol.Cells = append(sol.Cells, uint8(strings.IndexByte(sudoku.StandardSymbols, solution[k])+1))
			}
			if err := sudoku.CheckVariant(p.Grid, sol, p.Rules); err != nil {
				t.Errorf("generate %s: puzzle %d: %v", args, i+1, err)
			}
		}
	}
}

// TestSudokuVariantSolve runs the published puzzles of
// problems/sudoku/testdata through the command: --unique, --count and
// --rate give their published solutions.
func TestSudokuVariantSolve(t *testing.T) {
	testtier.Slow(t)
	t.Parallel()
	for _, c := range []struct {
		variant, file, first string
		puzzles              int
	}{
		{"x", "variant-x.txt", "267945381853716249491823576576438192384192657129657438642379815935281764718564923", 1},
		{"jigsaw", "variant-jigsaw.txt", "845279361359162784281395476467918235574623918136754829928536147792481653613847592", 1},
		{"killer", "variant-killer.txt", "568913427197254683342687915851726349473891256926345871219538764734162598685479132", 4},
	} {
		path := "problems/sudoku/testdata/" + c.file
		u := runXcover(t, nil, []string{"sudoku", "--variant", c.variant, "--unique", path}, "")
		if u.code != 0 || !strings.HasPrefix(u.stdout, "unique\t"+c.first+"\n") || strings.Count(u.stdout, "unique\t") != c.puzzles {
			t.Errorf("%s --unique: exit %d\n%s%s", c.variant, u.code, u.stdout, u.stderr)
		}
		n := runXcover(t, nil, []string{"sudoku", "--variant", c.variant, "--count", path}, "")
		if n.code != 0 || n.stdout != strings.Repeat("1\n", c.puzzles) {
			t.Errorf("%s --count: exit %d\n%s%s", c.variant, n.code, n.stdout, n.stderr)
		}
		r := runXcover(t, nil, []string{"sudoku", "--variant", c.variant, "--rate", path}, "")
		if r.code != 0 || !strings.Contains(strings.SplitN(r.stdout, "\n", 2)[0], "\tunique\t"+c.first) {
			t.Errorf("%s --rate: exit %d\n%s%s", c.variant, r.code, r.stdout, r.stderr)
		}
	}
	// Without the diagonals the X-Sudoku has more than one solution: the
	// variant's rules are at work.
	m := runXcover(t, nil, []string{"sudoku", "--unique", "problems/sudoku/testdata/variant-x.txt"}, "")
	if m.stdout != "multiple\n" {
		t.Errorf("the X-Sudoku as a classic puzzle: %q", m.stdout)
	}
}

// TestSudokuVariantBadInput: bad variant input is one line naming file,
// line and column, exit 2; contradicting flags are usage errors.
func TestSudokuVariantBadInput(t *testing.T) {
	testtier.Slow(t)
	t.Parallel()
	for _, c := range []struct {
		args  []string
		stdin string
		says  string
	}{
		{[]string{"sudoku", "--variant", "killer", "-"}, "12.. aabb\n.... ccdd\n.... eeff\n.... gghh\na=3 b=7 c=7 d=3 e=3 f=7 g=7\n", "<stdin>:4:8: bad variant rules: cage \"h\" has no sum"},
		{[]string{"sudoku", "--variant", "jigsaw", "-"}, "1... AAAB\n.... ABBB\n.... CCCD\n.... CDDE\n", "<stdin>:4:9: bad variant rules: \"E\" is a region beyond the 4 a 4×4 grid has"},
		{[]string{"sudoku", "--variant", "x", "-"}, "1.........1.....\n", "<stdin>:1:11: conflicting givens: r1c1 and r3c3 both hold 1 in diagonal 1"},
		{[]string{"sudoku", "--variant", "sideways", "-"}, "", "--variant \"sideways\""},
		{[]string{"sudoku", "--variant", "killer", "--format", "line", "-"}, "", "drop --format"},
		{[]string{"sudoku", "--variant", "x", "--emit-spec", "-"}, "", "--emit-spec"},
		{[]string{"sudoku", "generate", "--variant", "killer", "--size", "16"}, "", "up to 9×9"},
		{[]string{"sudoku", "generate", "--variant", "killer", "--symmetry", "mirror"}, "", "drop --symmetry"},
	} {
		r := runXcover(t, nil, c.args, c.stdin)
		if r.code != exitcode.BadInput || !strings.Contains(r.stderr, c.says) || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 && r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, want exit %d saying %q", c.args, r.code, r.stderr, exitcode.BadInput, c.says)
		}
		if r.stdout != "" {
			t.Errorf("%v: wrote %q", c.args, r.stdout)
		}
	}
}
