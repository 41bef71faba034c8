package main

import (
	"encoding/json"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/internal/testtier"
	"github.com/xcover/xcover/problems/sudoku"
)

// TestSudokuGeneratePipeline: "xcover sudoku generate … | xcover sudoku
// --unique" holds in every format that reads back, for 4×4, 9×9 and 16×16
// and each symmetry: as many puzzles as asked, each read back by the
// sudoku command and found unique, each solution checked by sudoku.Check.
// Under the race detector (testtier.Short) only the rows with workers run:
// the others start no goroutine, and each 16×16 took minutes there.
func TestSudokuGeneratePipeline(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range []string{
		"--size 4 --count 6 --seed 1",
		"--count 5 --seed 2",
		"--count 3 --seed 3 --format block --symmetry rotational",
		"--count 3 --seed 4 --format numeric --symmetry quarter -j 2",
		"--size 16 --count 1 --seed 5 --format block --symmetry mirror",
		"--size 16 --count 1 --seed 6 --symmetry diagonal",
	} {
		if testtier.Short() && !strings.Contains(args, "-j 2") {
			continue
		}
		gen := runPipeline(t, dir, "xcover sudoku generate "+args)
		b, err := sudoku.Read("generated", []byte(gen.stdout), sudoku.ReadOptions{})
		if err != nil {
			t.Fatalf("generate %s: its output does not read: %v\n%s", args, err, gen.stdout)
		}
		r := runPipeline(t, dir, "xcover sudoku generate "+args+" | xcover sudoku --unique")
		if r.code != 0 {
			t.Fatalf("generate %s | sudoku --unique: exit %d\n%s", args, r.code, r.stderr)
		}
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(lines) != len(b.Puzzles) {
			t.Fatalf("generate %s | sudoku --unique: %d answers for %d puzzles", args, len(lines), len(b.Puzzles))
		}
		for i, line := range lines {
			verdict, solution, _ := strings.Cut(line, "\t")
			if verdict != "unique" {
				t.Errorf("generate %s: puzzle %d is %s", args, i+1, verdict)
				continue
			}
			sol, err := sudoku.Read("solution", []byte(solution), sudoku.ReadOptions{Alphabet: b.Alphabet(b.Puzzles[i].Grid.Box)})
			if err != nil {
				t.Fatal(err)
			}
			if err := sudoku.Check(b.Puzzles[i].Grid, sol.Puzzles[0].Grid); err != nil {
				t.Errorf("generate %s: puzzle %d: %v", args, i+1, err)
			}
		}
	}
}

// TestSudokuGenerateCount: --count K prints K puzzles, the same ones with
// the same seed whatever -j, other ones with another seed.
func TestSudokuGenerateCount(t *testing.T) {
	t.Parallel()
	one := runXcover(t, nil, []string{"sudoku", "generate", "--count", "7", "--seed", "11", "-j", "1"}, "")
	two := runXcover(t, nil, []string{"sudoku", "generate", "--count", "7", "--seed", "11", "-j", "2"}, "")
	other := runXcover(t, nil, []string{"sudoku", "generate", "--count", "7", "--seed", "12"}, "")
	if one.code != 0 || two.code != 0 || other.code != 0 {
		t.Fatalf("exit %d, %d, %d: %s%s%s", one.code, two.code, other.code, one.stderr, two.stderr, other.stderr)
	}
	if n := strings.Count(one.stdout, "\n"); n != 7 {
		t.Errorf("--count 7 printed %d lines", n)
	}
	if one.stdout != two.stdout {
		t.Errorf("seed 11 on 1 and 2 cores differ:\n%s\n%s", one.stdout, two.stdout)
	}
	if one.stdout == other.stdout {
		t.Error("seeds 11 and 12 print the same puzzles")
	}
}

// TestSudokuGenerateParse: the flags parse into the options, and bad ones
// are refused with one line, exit 2.
func TestSudokuGenerateParse(t *testing.T) {
	t.Parallel()
	o, err := parseArgs(t, newCmdSudokuGenerate, "--size", "16", "--count", "3", "--seed", "9", "--symmetry", "mirror", "--clues", "120", "--format", "block", "--max-nodes", "500", "--difficulty", "x-wing")
	if err != nil {
		t.Fatal(err)
	}
	want := sudoku.GenerateOptions{Box: 4, Seed: 9, Symmetry: sudoku.Mirror, Clues: 120, MaxNodes: 500}
	if o.Gen != want || o.Count != 3 || o.Output != sudoku.Block || !o.SeedGiven || o.Difficulty != "x-wing" {
		t.Errorf("options %+v, want %+v, count 3, block, seed given", o, want)
	}
	o, err = parseArgs(t, newCmdSudokuGenerate)
	if err != nil || o.Gen.Box != 3 || o.Count != 1 || o.Output != sudoku.Line || o.SeedGiven || o.Gen.Symmetry != sudoku.NoSymmetry {
		t.Errorf("defaults: %+v, %v", o, err)
	}
	for _, tc := range []struct{ args, message string }{
		{"--size 10", "--size 10: a Sudoku grid's side is a square"},
		{"--size 81", "--size"},
		{"--size 2", "--size"},
		{"--count 0", "--count"},
		{"--symmetry rot180", `--symmetry "rot180": expected none, rotational, quarter, mirror, diagonal`},
		{"--format auto", `--format "auto"`},
		{"--format csv", `--format "csv"`},
		{"--clues 81", "--clues 81: a 9×9 grid has 81 cells"},
		{"--clues 0", "--clues"},
		{"--seed x", "--seed"},
		{"--difficulty hard", `--difficulty "hard": expected a level`},
		{"--max-nodes 0", "--max-nodes"},
		{"extra", `takes no argument, got "extra"`},
	} {
		_, err := parseArgs(t, newCmdSudokuGenerate, strings.Fields(tc.args)...)
		if err == nil || exitcode.Print(err, io.Discard) != exitcode.BadInput || !strings.Contains(err.Error(), tc.message) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v , want one line with %q, exit 2", tc.args, err, tc.message)
		}
	}
}

// TestSudokuRate: "xcover sudoku --rate" on generated puzzles prints per
// puzzle a technique, "unique" and a solution that sudoku.Check accepts;
// with --steps, a puzzle not rated beyond has one placing step per empty
// cell (each "rNcM = V" line fills one), and --json gives the same rating
// and the step count.
func TestSudokuRate(t *testing.T) {
	testtier.Slow(t)
	t.Parallel()
	dir := t.TempDir()
	gen := runPipeline(t, dir, "xcover sudoku generate --count 12 --seed 21")
	b, err := sudoku.Read("generated", []byte(gen.stdout), sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rated := runWith(t, runOpts{dir: dir, stdin: gen.stdout}, "sudoku", "--rate")
	steps := runWith(t, runOpts{dir: dir, stdin: gen.stdout}, "sudoku", "--steps")
	js := runWith(t, runOpts{dir: dir, stdin: gen.stdout}, "sudoku", "--rate", "--json")
	if rated.code != 0 || steps.code != 0 || js.code != 0 {
		t.Fatalf("exit %d, %d, %d: %s%s%s", rated.code, steps.code, js.code, rated.stderr, steps.stderr, js.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(rated.stdout, "\n"), "\n")
	blocks := strings.Split(strings.TrimSuffix(steps.stdout, "\n"), "\n\n")
	records := strings.Split(strings.TrimSuffix(js.stdout, "\n"), "\n")
	if len(lines) != 12 || len(blocks) != 12 || len(records) != 13 {
		t.Fatalf("%d rating lines, %d step blocks, %d records for 12 puzzles", len(lines), len(blocks), len(records))
	}
	placing := regexp.MustCompile(`(?m)^\d+\. [a-z ]+: r\d+c\d+ = \d+, `)
	for i, line := range lines {
		fields := strings.Split(line, "\t")
		if len(fields) != 3 || fields[1] != "unique" {
			t.Fatalf("puzzle %d: %q", i+1, line)
		}
		tech, err := sudoku.ParseTechnique(fields[0])
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
		sol, err := sudoku.Read("solution", []byte(fields[2]), sudoku.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := sudoku.Check(b.Puzzles[i].Grid, sol.Puzzles[0].Grid); err != nil {
			t.Errorf("puzzle %d: %v", i+1, err)
		}
		if !strings.HasSuffix(blocks[i], line) {
			t.Errorf("puzzle %d: --steps ends %q, --rate says %q", i+1, blocks[i][max(0, len(blocks[i])-200):], line)
		}
		empty := strings.Count(string(sudoku.AppendGrid(nil, b.Puzzles[i].Grid, sudoku.Line, nil)), ".")
		if k := len(placing.FindAllString(blocks[i], -1)); tech != sudoku.Beyond && k != empty {
			t.Errorf("puzzle %d (%s): %d steps place a value, %d cells are empty", i+1, tech, k, empty)
		}
		var rec struct {
			Rating    string `json:"rating"`
			StepCount int    `json:"step_count"`
			Status    string `json:"status"`
		}
		if err := json.Unmarshal([]byte(records[i]), &rec); err != nil || rec.Rating != fields[0] || rec.Status != "unique" || rec.StepCount == 0 {
			t.Errorf("puzzle %d: record %s (%v), want rating %q", i+1, records[i], err, fields[0])
		}
	}
}

// TestSudokuGenerateDifficulty: --difficulty simple keeps only puzzles
// that naked singles alone solve (checked by the test's own loop: fill a
// cell whose row, column and box leave it one value, until none), and
// keeps the same ones whatever -j. It is slow (the generator discards
// most minimal puzzles before a simple one; minutes under the race
// detector, where TestSudokuGenerateCount runs the workers).
func TestSudokuGenerateDifficulty(t *testing.T) {
	testtier.Slow(t)
	t.Parallel()
	count := "3"
	two := runXcover(t, nil, []string{"sudoku", "generate", "--count", count, "--seed", "4", "--difficulty", "simple", "-j", "2"}, "")
	if two.code != 0 {
		t.Fatalf("-j 2: exit %d\n%s", two.code, two.stderr)
	}
	one := runXcover(t, nil, []string{"sudoku", "generate", "--count", count, "--seed", "4", "--difficulty", "simple", "-j", "1"}, "")
	if one.code != 0 || one.stdout != two.stdout {
		t.Fatalf("exit %d, outputs of -j 1 and -j 2 differ: %q, %q (%s)", one.code, one.stdout, two.stdout, one.stderr)
	}
	lines := strings.Fields(two.stdout)
	if want, _ := strconv.Atoi(count); len(lines) != want {
		t.Fatalf("%d puzzles, want %d", len(lines), want)
	}
	for _, line := range lines {
		g := []byte(line)
		for progress := true; progress; {
			progress = false
			for i, ch := range g {
				if ch != '.' {
					continue
				}
				r, c := i/9, i%9
				used := map[byte]bool{}
				for k := 0; k < 9; k++ {
					used[g[r*9+k]], used[g[k*9+c]] = true, true
					used[g[(r/3*3+k/3)*9+c/3*3+k%3]] = true
				}
				var left []byte
				for v := byte('1'); v <= '9'; v++ {
					if !used[v] {
						left = append(left, v)
					}
				}
				if len(left) == 1 {
					g[i], progress = left[0], true
				}
			}
		}
		if strings.Contains(string(g), ".") {
			t.Errorf("%s: naked singles stall at %s", line, g)
		}
	}
}
