package sudoku

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// killer4 is a 4×4 killer puzzle with cages over every cell:
//
//	1 2 | 3 4
//	3 4 | 1 2
//	----+----
//	2 1 | 4 3
//	4 3 | 2 1
const killer4 = `.... aabb
.... ccdd
.... eeff
.... gghh
a=3 b=7 c=7 d=3
e=3 f=7 g=7 h=3
`

// TestReadVariantForms reads each form a variant puzzle may take, and
// holds the rules read to what the text says.
func TestReadVariantForms(t *testing.T) {
	cases := []struct {
		name, text string
		v          Variant
		regions    string // the region of each cell, as letters from A
		cages      int
	}{
		{"jigsaw rows", "1... AAAB\n.... ABBB\n.... CCCD\n.... CDDD\n", Jigsaw, "AAABABBBCCCDCDDD", 0},
		{"jigsaw words", "1... r1 r1 r1 r2\n.... r1 r2 r2 r2\n.... r3 r3 r3 r4\n.... r3 r4 r4 r4\n", Jigsaw, "AAABABBBCCCDCDDD", 0},
		{"jigsaw line", "1............... AAABABBBCCCDCDDD\n", Jigsaw, "AAABABBBCCCDCDDD", 0},
		{"jigsaw two lines", "# a comment\n1...............\nAAABABBBCCCDCDDD\n", Jigsaw, "AAABABBBCCCDCDDD", 0},
		{"killer", killer4, Killer, "", 8},
		{"killer partial", ".... a...\n.... a...\n.... ....\n.... ....\na=3\n", Killer, "", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ps, err := ReadVariant("t", []byte(c.text), c.v)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != 1 || ps[0].Err != nil {
				t.Fatalf("%d puzzles, first error %v", len(ps), ps[0].Err)
			}
			p := ps[0]
			if c.regions != "" {
				for i, k := range p.Rules.Regions {
					if want := c.regions[i] - 'A'; k != want {
						t.Fatalf("cell %d in region %d, want %d", i, k, want)
					}
				}
			}
			if len(p.Rules.Cages) != c.cages {
				t.Fatalf("%d cages, want %d", len(p.Rules.Cages), c.cages)
			}
		})
	}
}

// TestReadVariantErrors holds each malformed input to its message and
// place: file:line:column.
func TestReadVariantErrors(t *testing.T) {
	cases := []struct {
		name, text string
		v          Variant
		at         string // "file:line:col"
		sentinel   error
		says       string
	}{
		{"too few rows", "1... AAAB\n.... ABBB\n", Jigsaw, "t:3:1", ErrSize, "needs 4 rows"},
		{"row without map", "1... AAAB\n....\n.... CCCD\n.... CDDD\n", Jigsaw, "t:2:5", ErrSyntax, "row 2"},
		{"bad value", "1x.. AAAB\n.... ABBB\n.... CCCD\n.... CDDD\n", Jigsaw, "t:1:2", ErrValue, "'x'"},
		{"region too small", "1... AAAB\n.... ABBB\n.... CCCD\n.... CDDE\n", Jigsaw, "t:4:9", ErrRules, `"E"`},
		{"region too big", "1... AAAB\n.... ABBB\n.... CCCD\n.... CDDC\n", Jigsaw, "t:3:6", ErrRules, `region "C" has 5 cells`},
		{"jigsaw conflict", "..1. AAAB\n1... ABBB\n.... CCCD\n.... CDDD\n", Jigsaw, "t:2:1", ErrConflict, "region 1"},
		{"x conflict", "1.........1.....\n", XSudoku, "t:1:11", ErrConflict, "diagonal 1"},
		{"short map line", "1............... AAABABBBCCCDCDD\n", Jigsaw, "t:1:18", ErrSize, "15 characters"},
		{"killer no sum", strings.Replace(killer4, "h=3", "", 1), Killer, "t:4:8", ErrRules, `cage "h" has no sum`},
		{"killer unknown cage", strings.Replace(killer4, "h=3", "h=3 z=4", 1), Killer, "t:6:17", ErrRules, `no cage "z"`},
		{"killer bad sum", strings.Replace(killer4, "a=3", "a=3x", 1), Killer, "t:5:3", ErrSyntax, `"3x"`},
		{"killer impossible sum", strings.Replace(killer4, "a=3", "a=2", 1), Killer, "t:5:1", ErrRules, "add up to 3…7"},
		{"killer sum twice", strings.Replace(killer4, "h=3", "h=3 a=3", 1), Killer, "t:6:17", ErrRules, "has a sum already"},
		{"killer word", strings.Replace(killer4, "h=3", "h3", 1), Killer, "t:6:13", ErrSyntax, "NAME=SUM"},
		{"killer conflict", strings.Replace(killer4, "....", "11..", 1), Killer, "t:1:2", ErrConflict, "row 1"},
		{"killer cage givens", strings.Replace(killer4, ".... aabb", ".4.. aabb", 1), Killer, "t:1:2", ErrConflict, "cage a"},
		{"jigsaw trailing line", "1... AAAB\n.... ABBB\n.... CCCD\n.... CDDD\nextra\n", Jigsaw, "t:5:1", ErrSyntax, "blank line"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ps, err := ReadVariant("t", []byte(c.text), c.v)
			if err != nil {
				t.Fatal(err)
			}
			err = ps[0].Err
			if err == nil {
				t.Fatalf("read without error")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, c.at+":") || !errors.Is(err, c.sentinel) || !strings.Contains(msg, c.says) || strings.Contains(msg, "\n") {
				t.Errorf("error %q, want one line at %s, saying %q, wrapping %v", msg, c.at, c.says, c.sentinel)
			}
		})
	}
}

// TestAppendVariantReadsBack writes puzzles of every variant and reads
// them back the same, with words for regions and cages when letters run
// out.
func TestAppendVariantReadsBack(t *testing.T) {
	gen := NewVariantGenerator()
	for _, v := range []Variant{XSudoku, Jigsaw, Killer} {
		for _, box := range []int{2, 3} {
			out, err := gen.Generate(t.Context(), GenerateOptions{Box: box, Seed: 11}, v, 0)
			if err != nil {
				t.Fatal(err)
			}
			text := AppendVariant(nil, out.Puzzle, out.Rules)
			ps, err := ReadVariant("t", text, v)
			if err != nil || ps[0].Err != nil {
				t.Fatalf("%s %d: %v %v\n%s", v, box, err, ps[0].Err, text)
			}
			if string(ps[0].Grid.Cells) != string(out.Puzzle.Cells) || !sameRules(ps[0].Rules, out.Rules) {
				t.Fatalf("%s %d: read back differs\n%s", v, box, text)
			}
		}
	}
	// 70 one-cell cages: more than nameSymbols has letters.
	g, _ := NewGrid(3)
	r := &Rules{Variant: Killer}
	for i := range 70 {
		r.Cages = append(r.Cages, Cage{Sum: 1 + i%9, Cells: []int{i}, Name: cageName(i, 70)})
	}
	text := AppendVariant(nil, g, r)
	ps, err := ReadVariant("t", text, Killer)
	if err != nil || ps[0].Err != nil || !sameRules(ps[0].Rules, r) {
		t.Fatalf("70 cages: %v %v\n%s", err, ps[0].Err, text)
	}
}

func sameRules(a, b *Rules) bool {
	if a.Variant != b.Variant || a.Diagonals != b.Diagonals || string(a.Regions) != string(b.Regions) || len(a.Cages) != len(b.Cages) {
		return false
	}
	for k := range a.Cages {
		if a.Cages[k].Sum != b.Cages[k].Sum || a.Cages[k].Name != b.Cages[k].Name || len(a.Cages[k].Cells) != len(b.Cages[k].Cells) {
			return false
		}
		for j := range a.Cages[k].Cells {
			if a.Cages[k].Cells[j] != b.Cages[k].Cells[j] {
				return false
			}
		}
	}
	return true
}

// FuzzReadVariant reads arbitrary input as each variant: never a panic;
// each puzzle read has a grid and rules its checks accept, a solver that
// searches it without error, and reads back from AppendVariant the same.
func FuzzReadVariant(f *testing.F) {
	for _, name := range []string{"variant-x.txt", "variant-jigsaw.txt", "variant-killer.txt"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(0))
	}
	f.Add([]byte(killer4), uint8(2))
	f.Add([]byte("1... AAAB\n.... ABBB\n.... CCCD\n.... CDDD\n"), uint8(1))
	s := NewVariantSolver()
	f.Fuzz(func(t *testing.T, data []byte, pick uint8) {
		v := []Variant{XSudoku, Jigsaw, Killer}[pick%3]
		ps, err := ReadVariant("fuzz", data, v)
		if err != nil {
			return
		}
		for _, p := range ps {
			if p.Err != nil {
				if strings.Contains(p.Err.Error(), "\n") {
					t.Fatalf("a message of two lines: %q", p.Err)
				}
				continue
			}
			if err := p.Rules.checkPuzzle(p.Grid); err != nil {
				t.Fatalf("read a puzzle its checks refuse: %v", err)
			}
			if p.Grid.Box <= 2 {
				if _, err := s.Solve(t.Context(), p.Grid, p.Rules, Config{MaxSolutions: 2, MaxNodes: 1000}, nil); err != nil {
					t.Fatalf("solve: %v", err)
				}
			}
			back, err := ReadVariant("back", AppendVariant(nil, p.Grid, p.Rules), v)
			if err != nil || back[0].Err != nil || string(back[0].Grid.Cells) != string(p.Grid.Cells) {
				t.Fatalf("does not read back: %v", err)
			}
		}
	})
}
