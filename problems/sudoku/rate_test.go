package sudoku

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/testtier"
)

// pencil is the test's own candidate grid: cells[i][v] says that value v
// (1…n) is still possible in empty cell i. It is built and kept by scans
// of rows, columns and boxes written here, sharing nothing with the rater.
type pencil struct {
	box, n int
	val    []int
	cands  [][]bool
}

func newPencil(g *Grid) *pencil {
	p := &pencil{box: g.Box, n: g.Size(), val: make([]int, len(g.Cells)), cands: make([][]bool, len(g.Cells))}
	for i, v := range g.Cells {
		p.val[i] = int(v)
	}
	for i := range p.val {
		p.cands[i] = make([]bool, p.n+1)
		if p.val[i] != 0 {
			continue
		}
		for v := 1; v <= p.n; v++ {
			p.cands[i][v] = true
		}
		for _, j := range p.peers(i) {
			if p.val[j] != 0 {
				p.cands[i][p.val[j]] = false
			}
		}
	}
	return p
}

// unit returns the cells of unit u: rows 0…n−1, columns n…2n−1, boxes.
func (p *pencil) unit(u int) []int {
	n, b := p.n, p.box
	var cells []int
	for k := 0; k < n; k++ {
		switch {
		case u < n:
			cells = append(cells, u*n+k)
		case u < 2*n:
			cells = append(cells, k*n+u-n)
		default:
			bx := u - 2*n
			cells = append(cells, (bx/b*b+k/b)*n+bx%b*b+k%b)
		}
	}
	return cells
}

func (p *pencil) peers(i int) []int {
	var out []int
	for u := 0; u < 3*p.n; u++ {
		if slices.Contains(p.unit(u), i) {
			for _, j := range p.unit(u) {
				if j != i && !slices.Contains(out, j) {
					out = append(out, j)
				}
			}
		}
	}
	return out
}

func (p *pencil) count(i int) int {
	k := 0
	for v := 1; v <= p.n; v++ {
		if p.cands[i][v] {
			k++
		}
	}
	return k
}

// placesIn returns the cells of unit u where v is a candidate.
func (p *pencil) placesIn(u, v int) []int {
	var out []int
	for _, i := range p.unit(u) {
		if p.cands[i][v] {
			out = append(out, i)
		}
	}
	return out
}

// anyNakedSingle and anyHiddenSingle say whether a single is available.
func (p *pencil) anyNakedSingle() bool {
	for i := range p.val {
		if p.val[i] == 0 && p.count(i) == 1 {
			return true
		}
	}
	return false
}

func (p *pencil) anyHiddenSingle() bool {
	for u := 0; u < 3*p.n; u++ {
		for v := 1; v <= p.n; v++ {
			if len(p.placesIn(u, v)) == 1 {
				return true
			}
		}
	}
	return false
}

// check verifies that st's pattern holds in p and that what it removes is
// what the pattern rules out, then applies it. It returns what is wrong.
func (p *pencil) check(st Step) error {
	has := func(i, v int) bool { return p.cands[i][v] }
	switch st.Technique {
	case NakedSingle:
		c := st.Placed
		if p.val[c.Cell] != 0 || p.count(c.Cell) != 1 || !has(c.Cell, c.Value) {
			return fmt.Errorf("%s: r%dc%d is no naked single", st.Say(p.n), c.Cell/p.n+1, c.Cell%p.n+1)
		}
	case HiddenSingle:
		if pl := p.placesIn(st.Units[0], st.Placed.Value); len(pl) != 1 || pl[0] != st.Placed.Cell {
			return fmt.Errorf("%s: the unit has places %v", st.Say(p.n), pl)
		}
	case Pointing, Claiming:
		v, within, line := st.Values[0], p.unit(st.Units[0]), p.unit(st.Units[1])
		for _, i := range p.placesIn(st.Units[0], v) {
			if !slices.Contains(line, i) {
				return fmt.Errorf("%s: %d can go at %d outside the second unit", st.Say(p.n), v, i)
			}
		}
		var want []Candidate
		for _, i := range line {
			if !slices.Contains(within, i) && has(i, v) {
				want = append(want, Candidate{i, v})
			}
		}
		if !slices.Equal(want, st.Removed) {
			return fmt.Errorf("%s: removes %v, want %v", st.Say(p.n), st.Removed, want)
		}
	case NakedPair, NakedTriple, HiddenPair, HiddenTriple:
		k := map[Technique]int{NakedPair: 2, NakedTriple: 3, HiddenPair: 2, HiddenTriple: 3}[st.Technique]
		if len(st.Cells) != k || len(st.Values) != k {
			return fmt.Errorf("%s: %d cells and %d values, want %d", st.Say(p.n), len(st.Cells), len(st.Values), k)
		}
		unit := p.unit(st.Units[0])
		var want []Candidate
		if st.Technique == NakedPair || st.Technique == NakedTriple {
			for _, i := range st.Cells {
				for v := 1; v <= p.n; v++ {
					if has(i, v) && !slices.Contains(st.Values, v) {
						return fmt.Errorf("%s: r%dc%d can hold %d", st.Say(p.n), i/p.n+1, i%p.n+1, v)
					}
				}
			}
			for _, i := range unit {
				for _, v := range st.Values {
					if !slices.Contains(st.Cells, i) && has(i, v) {
						want = append(want, Candidate{i, v})
					}
				}
			}
		} else {
			for _, v := range st.Values {
				for _, i := range p.placesIn(st.Units[0], v) {
					if !slices.Contains(st.Cells, i) {
						return fmt.Errorf("%s: %d can go at r%dc%d", st.Say(p.n), v, i/p.n+1, i%p.n+1)
					}
				}
			}
			for _, i := range st.Cells {
				for v := 1; v <= p.n; v++ {
					if has(i, v) && !slices.Contains(st.Values, v) {
						want = append(want, Candidate{i, v})
					}
				}
			}
		}
		slices.SortFunc(want, func(a, b Candidate) int { return (a.Cell-b.Cell)*1000 + a.Value - b.Value })
		if !slices.Equal(want, st.Removed) {
			return fmt.Errorf("%s: removes %v, want %v", st.Say(p.n), st.Removed, want)
		}
	case XWing, Swordfish:
		k := map[Technique]int{XWing: 2, Swordfish: 3}[st.Technique]
		v := st.Values[0]
		if len(st.Units) != 2*k {
			return fmt.Errorf("%s: %d units", st.Say(p.n), len(st.Units))
		}
		var cover []int
		for _, u := range st.Units[k:] {
			cover = append(cover, p.unit(u)...)
		}
		var base []int
		for _, u := range st.Units[:k] {
			base = append(base, p.unit(u)...)
			for _, i := range p.placesIn(u, v) {
				if !slices.Contains(cover, i) {
					return fmt.Errorf("%s: %d can go at r%dc%d, outside the cover", st.Say(p.n), v, i/p.n+1, i%p.n+1)
				}
			}
		}
		var want []Candidate
		for i := range p.val {
			if slices.Contains(cover, i) && !slices.Contains(base, i) && has(i, v) {
				want = append(want, Candidate{i, v})
			}
		}
		if !slices.Equal(want, st.Removed) {
			return fmt.Errorf("%s: removes %v, want %v", st.Say(p.n), st.Removed, want)
		}
	default:
		return fmt.Errorf("step with technique %v", st.Technique)
	}
	if st.Technique > NakedSingle && p.anyNakedSingle() {
		return fmt.Errorf("%s: a naked single was there, which is easier", st.Say(p.n))
	}
	if st.Technique > HiddenSingle && p.anyHiddenSingle() {
		return fmt.Errorf("%s: a hidden single was there, which is easier", st.Say(p.n))
	}
	if st.Technique <= HiddenSingle {
		c := st.Placed
		p.val[c.Cell] = c.Value
		clear(p.cands[c.Cell])
		for _, j := range p.peers(c.Cell) {
			p.cands[j][c.Value] = false
		}
	} else if len(st.Removed) == 0 {
		return fmt.Errorf("%s: removes nothing", st.Say(p.n))
	}
	for _, c := range st.Removed {
		p.cands[c.Cell][c.Value] = false
	}
	return nil
}

// checkRating checks a rating of puzzle g, whose unique solution is sol
// (nil: not known), against the test's own candidate grid: each step's
// pattern holds and removes what it rules out, singles come before harder
// steps, no step contradicts the solution, Hardest is the hardest step
// (Beyond when the grid is not full), and the verdict and solution are
// right. It returns the techniques used.
func checkRating(t *testing.T, name string, g, sol *Grid, rt *Rating) map[Technique]bool {
	t.Helper()
	p := newPencil(g)
	used := map[Technique]bool{}
	hardest := Technique(0)
	for k, st := range rt.Steps {
		if err := p.check(st); err != nil {
			t.Fatalf("%s: step %d: %v", name, k+1, err)
		}
		used[st.Technique] = true
		hardest = max(hardest, st.Technique)
		if sol == nil {
			continue
		}
		if st.Placed.Value != 0 && int(sol.Cells[st.Placed.Cell]) != st.Placed.Value {
			t.Fatalf("%s: step %d places a value the solution does not have: %s", name, k+1, st.Say(p.n))
		}
		for _, c := range st.Removed {
			if int(sol.Cells[c.Cell]) == c.Value {
				t.Fatalf("%s: step %d removes the solution's value: %s", name, k+1, st.Say(p.n))
			}
		}
	}
	full := !slices.Contains(rt.Stalled.Cells, 0)
	switch {
	case full && rt.Hardest != hardest:
		t.Errorf("%s: rated %s, the hardest step is %s", name, rt.Hardest, hardest)
	case !full && rt.Hardest != Beyond:
		t.Errorf("%s: the grid is not full, rated %s", name, rt.Hardest)
	}
	if sol != nil {
		if rt.Verdict != Unique || rt.Solution == nil || !slices.Equal(rt.Solution.Cells, sol.Cells) {
			t.Errorf("%s: verdict %s, solution %v", name, rt.Verdict, rt.Solution)
		}
	}
	return used
}

// TestRateSets rates puzzles of the shared sets (4×4, 9×9 of every
// difficulty, 16×16) and generated ones (25×25 too), and checks every
// rating with checkRating against the sets' solutions; together they use
// every technique.
func TestRateSets(t *testing.T) {
	t.Parallel()
	sets := []struct {
		file string
		max  int
	}{
		{"vu_kr/4x4.txt", 99}, {"vu_kr/9x9.txt", 99}, {"9x9/norvig_top95.txt", 95},
		{"9x9/puzzles3_magictour_top1465.txt", 300}, {"9x9/puzzles2_17_clue.txt", 300}, {"vu_kr/16x16.txt", 30},
	}
	if testtier.Short() {
		for i := range sets {
			sets[i].max = min(sets[i].max, 20)
		}
	}
	s := NewSolver()
	used := map[Technique]bool{}
	for _, set := range sets {
		for k, sp := range loadSet(t, set.file) {
			if k >= set.max || sp.count != "1" {
				continue
			}
			sol := refGrid(t, sp.solution, sp.grid.Box)
			rt, err := s.Rate(context.Background(), sp.grid, Config{})
			if err != nil {
				t.Fatal(err)
			}
			for tech := range checkRating(t, fmt.Sprintf("%s:%d", set.file, sp.line), sp.grid, sol, rt) {
				used[tech] = true
			}
		}
	}
	gen := NewGenerator()
	for idx := range 3 {
		p, err := gen.Generate(context.Background(), GenerateOptions{Box: 5, Seed: 9, Clues: 330}, uint64(idx))
		if err != nil {
			t.Fatal(err)
		}
		rt, err := s.Rate(context.Background(), p.Puzzle, Config{})
		if err != nil {
			t.Fatal(err)
		}
		checkRating(t, fmt.Sprintf("25×25 #%d", idx), p.Puzzle, p.Solution, rt)
	}
	if testtier.Short() {
		return
	}
	for _, tech := range Techniques() {
		if tech != Beyond && !used[tech] {
			t.Errorf("no puzzle used %s: its check was never exercised", tech)
		}
	}
}

// refGrid reads a solution line of a shared set.
func refGrid(t *testing.T, text string, box int) *Grid {
	g := &Grid{Box: box, Cells: make([]uint8, len(text))}
	for i := range len(text) {
		g.Cells[i] = uint8(strings.IndexByte(refAlphabet, text[i]) + 1)
	}
	return g
}

// TestRateQqwing: on puzzles qqwing rated (testdata/qqwing-rated.txt, its
// README says how they were made), the rating agrees with qqwing's scale:
// qqwing's simple is solved by naked singles, easy needs hidden singles,
// intermediate needs locked candidates or a naked or hidden pair (qqwing's
// techniques beyond singles), and expert is a puzzle qqwing had to guess
// on, which needs a triple, a fish, or is beyond.
func TestRateQqwing(t *testing.T) {
	t.Parallel()
	_, file, _, _ := runtime.Caller(0)
	lines := readLines(t, filepath.Join(filepath.Dir(file), "testdata", "qqwing-rated.txt"))
	scale := func(h Technique) string {
		switch {
		case h == NakedSingle:
			return "simple"
		case h == HiddenSingle:
			return "easy"
		case h <= HiddenPair:
			return "intermediate"
		}
		return "expert"
	}
	s := NewSolver()
	agree := 0
	for k, line := range lines {
		text, want, _ := strings.Cut(line, "\t")
		b, err := Read("qqwing", []byte(text), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rt, err := s.Rate(context.Background(), b.Puzzles[0].Grid, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if got := scale(rt.Hardest); got != want {
			t.Errorf("line %d: rated %s (%s), qqwing says %s", k+1, rt.Hardest, got, want)
		} else {
			agree++
		}
		checkRating(t, fmt.Sprintf("qqwing line %d", k+1), b.Puzzles[0].Grid, nil, rt)
	}
	t.Logf("%d of %d ratings agree with qqwing's", agree, len(lines))
}

// TestRateVerdicts: a puzzle with two solutions and one with none are
// rated beyond (or stopped by a dead end) with the engines' verdict, a
// full grid is rated 0, and conflicting givens are refused.
func TestRateVerdicts(t *testing.T) {
	t.Parallel()
	s := NewSolver()
	for _, tc := range []struct {
		text    string
		hardest Technique
		verdict Verdict
	}{
		{"1...............", Beyond, Multiple}, // 4×4 with 72 solutions
		{"12..34..........", Beyond, Multiple}, // still many
		{"1234341221434321", 0, Unique},        // a full 4×4 grid
		{"12.3..4.........", 0, NoSolution},    // r1c3 can only be 4, which 4 in c3 forbids: a dead end
	} {
		b, err := Read("t", []byte(tc.text), ReadOptions{})
		if err != nil || b.Puzzles[0].Err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		rt, err := s.Rate(context.Background(), b.Puzzles[0].Grid, Config{})
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if rt.Verdict != tc.verdict || (tc.verdict != NoSolution && rt.Hardest != tc.hardest) {
			t.Errorf("%s: %s %s, want %s %s", tc.text, rt.Hardest, rt.Verdict, tc.hardest, tc.verdict)
		}
	}
	conflict := &Grid{Box: 2, Cells: []uint8{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}
	if _, err := s.Rate(context.Background(), conflict, Config{}); err == nil {
		t.Error("conflicting givens: no error")
	}
}

// TestParseTechnique: every technique's name reads back.
func TestParseTechnique(t *testing.T) {
	for _, tech := range Techniques() {
		if got, err := ParseTechnique(tech.String()); err != nil || got != tech {
			t.Errorf("ParseTechnique(%q) = %v, %v", tech.String(), got, err)
		}
	}
	if _, err := ParseTechnique("xy-wing"); err == nil {
		t.Error("xy-wing: no error")
	}
}

// FuzzRate rates arbitrary puzzles (a line of 16 or 81 symbols, any
// values): it must never panic, every step must pass checkRating's
// replay, and a verdict of Unique must come with a solution Check accepts.
func FuzzRate(f *testing.F) {
	for _, line := range readLines(f, filepath.Join("testdata", "qqwing-rated.txt"))[:8] {
		text, _, _ := strings.Cut(line, "\t")
		f.Add(text)
	}
	f.Add("1...............")
	f.Add("12.3..4.........")
	f.Add(".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.")
	s := NewSolver()
	f.Fuzz(func(t *testing.T, text string) {
		b, err := Read("fuzz", []byte(text), ReadOptions{Format: Line})
		if err != nil || len(b.Puzzles) != 1 || b.Puzzles[0].Err != nil || b.Puzzles[0].Grid.Box > 3 {
			return
		}
		g := b.Puzzles[0].Grid
		rt, err := s.Rate(context.Background(), g, Config{MaxNodes: 10000})
		if err != nil {
			t.Fatal(err)
		}
		checkRating(t, text, g, nil, rt)
		if rt.Verdict == Unique {
			if err := Check(g, rt.Solution); err != nil {
				t.Fatalf("%s: unique, but %v", text, err)
			}
		}
	})
}

// TestRateHardestList: every puzzle of the forum's hardest list (the
// shared set puzzles5_forum_hardest_1905_11+, each rated 11 or more by
// Sudoku Explainer's published scale) is rated beyond: the techniques
// here end at swordfish, rated below 4 on that scale, and a puzzle of 11
// needs chains and nets past them. Every step of the path up to where
// it stalls is checked (checkRating). The quick tier rates the first 300,
// the long tier 5,000 (all
// 48,766 are rated beyond, by xcover sudoku --rate on the file).
func TestRateHardestList(t *testing.T) {
	t.Parallel()
	max := 300
	if testtier.Longs() {
		max = 5000 // all 48,766 take half a minute more of CI
	} else if testtier.Short() {
		max = 30
	}
	s := NewSolver()
	rated := 0
	for k, sp := range loadSet(t, "9x9/puzzles5_forum_hardest_1905_11+.txt") {
		if k >= max {
			break
		}
		rt, err := s.Rate(context.Background(), sp.grid, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if rt.Hardest != Beyond {
			t.Errorf("line %d, rated 11 or more by Sudoku Explainer: rated %s here", sp.line, rt.Hardest)
		}
		checkRating(t, fmt.Sprintf("hardest list, line %d", sp.line), sp.grid, refGrid(t, sp.solution, sp.grid.Box), rt)
		rated++
	}
	if rated == 0 {
		t.Fatal("no puzzle rated")
	}
}
