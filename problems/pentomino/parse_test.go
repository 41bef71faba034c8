package pentomino

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseBoard(t *testing.T) {
	tests := []struct {
		name, in  string
		cells     int
		w, h      int
		err       error
		line, col int
	}{
		{"rectangle", "...\n...\n", 6, 3, 2, nil, 0, 0},
		{"holes and spaces", "#..\n. .\n", 4, 3, 2, nil, 0, 0},
		{"leading blank row", "\n  ..\n", 2, 2, 1, nil, 0, 0},
		{"crlf", "..\r\n..\r\n", 4, 2, 2, nil, 0, 0},
		{"bad char", "...\n.x.\n", 0, 0, 0, ErrBoard, 2, 2},
		{"tab", "..\t.\n", 0, 0, 0, ErrBoard, 1, 3},
		{"empty", "", 0, 0, 0, ErrBoard, 0, 0},
		{"only walls", "###\n# #\n", 0, 0, 0, ErrBoard, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseBoard("b.txt", []byte(tc.in))
			if tc.err != nil {
				var pe *ParseError
				if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Line != tc.line || pe.Column != tc.col {
					t.Fatalf("error %v, want %v at %d:%d", err, tc.err, tc.line, tc.col)
				}
				if !strings.HasPrefix(err.Error(), "b.txt") {
					t.Errorf("error %q does not name the file", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.NumCells() != tc.cells || b.Width != tc.w || b.Height != tc.h {
				t.Errorf("%d cells %dx%d, want %d cells %dx%d", b.NumCells(), b.Width, b.Height, tc.cells, tc.w, tc.h)
			}
		})
	}
}

func TestParseBoardSize(t *testing.T) {
	for in, want := range map[string][2]int{"10x6": {10, 6}, "6X10": {6, 10}, "3×20": {3, 20}, " 4*15 ": {4, 15}} {
		b, err := ParseBoardSize(in)
		if err != nil || b.Width != want[0] || b.Height != want[1] {
			t.Errorf("ParseBoardSize(%q) = %v, %v; want %v", in, b, err, want)
		}
	}
	for _, in := range []string{"", "10", "10x", "x6", "0x5", "-3x4", "10x6x2", "10x6 ", "100000x100000", "axb"} {
		if in == "10x6 " {
			continue // trailing space is trimmed
		}
		if _, err := ParseBoardSize(in); !errors.Is(err, ErrBoard) {
			t.Errorf("ParseBoardSize(%q): error %v, want ErrBoard", in, err)
		}
	}
}

func TestParseLetters(t *testing.T) {
	p, err := ParseLetters("--pieces", "lLpX")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pc := range p {
		got = append(got, pc.Name+strings.Repeat("+", pc.Count-1))
	}
	if want := []string{"L+", "P", "X"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for in, want := range map[string]struct {
		err error
		col int
	}{"FIQ": {ErrLetters, 3}, "F I": {ErrLetters, 2}, "": {ErrNoPieces, 0}, "ÅF": {ErrLetters, 1}} {
		_, err := ParseLetters("--pieces", in)
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, want.err) || pe.Column != want.col {
			t.Errorf("ParseLetters(%q): %v, want %v at column %d", in, err, want.err, want.col)
		}
	}
}

// TestPentominoes checks the package's table against the tests' own: the
// same twelve shapes up to congruence, with 63 orientations in all.
func TestPentominoes(t *testing.T) {
	total := 0
	for _, p := range Pentominoes() {
		var cells []pt
		for _, c := range p.Shape {
			cells = append(cells, pt{c.Row, c.Col})
		}
		if !congruentRef(refPentominoes[p.Name], cells, false) {
			t.Errorf("%s is\n%v", p.Name, p.Shape)
		}
		total += len(orientations(p.Shape, false))
	}
	if total != 63 {
		t.Errorf("%d fixed pentominoes, published 63", total)
	}
}

func TestParsePieces(t *testing.T) {
	data, err := os.ReadFile("testdata/one-sided-tetrominoes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	set, err := ParsePieces("one-sided-tetrominoes.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if !set.OneSided || len(set.Pieces) != 7 {
		t.Fatalf("one-sided %v, %d pieces", set.OneSided, len(set.Pieces))
	}
	for _, p := range set.Pieces {
		var cells []pt
		for _, c := range p.Shape {
			cells = append(cells, pt{c.Row, c.Col})
		}
		if !congruentRef(refTetrominoes[p.Name], cells, true) {
			t.Errorf("%s is\n%v", p.Name, p.Shape)
		}
	}

	bad := []struct {
		name, in  string
		err       error
		line, col int
	}{
		{"not yaml", "pieces: [", ErrSyntax, 1, 1},
		{"key twice", "pieces:\n  - name: A\n    shape: '#'\n    shape: '##'\n", ErrSyntax, 4, 5},
		{"top key twice", "one-sided: true\none-sided: false\npieces:\n  - name: A\n    shape: '#'\n", ErrSyntax, 2, 1},
		{"alias", "pieces:\n  - &a\n    name: A\n    shape: '#'\n  - *a\n", ErrSyntax, 2, 5},
		{"tag", "pieces:\n  - name: !!str A\n    shape: '#'\n", ErrSyntax, 2, 11},
		{"no pieces", "name: x\n", ErrPiece, 1, 1},
		{"unknown key", "shapes: []\n", ErrSyntax, 1, 1},
		{"piece key", "pieces:\n  - name: A\n    shap: '#'\n", ErrSyntax, 3, 5},
		{"long name", "pieces:\n  - name: AB\n    shape: '#'\n", ErrPiece, 2, 11},
		{"dot name", "pieces:\n  - name: '.'\n    shape: '#'\n", ErrPiece, 2, 11},
		{"no shape", "pieces:\n  - name: A\n", ErrPiece, 2, 5},
		{"bad char plain", "pieces:\n  - name: A\n    shape: '##x'\n", ErrPiece, 3, 15},
		{"bad char block", "pieces:\n  - name: A\n    shape: |\n      ##\n      #x\n", ErrPiece, 5, 8},
		{"disconnected", "pieces:\n  - name: A\n    shape: |\n      #.\n      .#\n", ErrPiece, 3, 12},
		{"empty shape", "pieces:\n  - name: A\n    shape: '...'\n", ErrPiece, 3, 12},
		{"twice", "pieces:\n  - name: A\n    shape: '#'\n  - name: A\n    shape: '##'\n", ErrPiece, 4, 5},
		{"count zero", "pieces:\n  - name: A\n    count: 0\n    shape: '#'\n", ErrPiece, 3, 12},
		{"count word", "pieces:\n  - name: A\n    count: two\n    shape: '#'\n", ErrPiece, 3, 12},
		{"one-sided word", "one-sided: maybe\npieces:\n  - name: A\n    shape: '#'\n", ErrSyntax, 1, 12},
		{"list", "- a\n", ErrSyntax, 1, 1},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePieces("p.yaml", []byte(tc.in))
			var pe *ParseError
			if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Line != tc.line || pe.Column != tc.col {
				t.Fatalf("error %v, want %v at %d:%d", err, tc.err, tc.line, tc.col)
			}
		})
	}
}

// TestSharedDLX checks the encoding against the shared pent-*.dlx files,
// written by a separate generator: same items, same options, same order.
func TestSharedDLX(t *testing.T) {
	for _, tc := range []struct {
		file string
		w, h int
		sym  bool
	}{
		{"pent-6x10.dlx", 10, 6, false},
		{"pent-6x10-sym.dlx", 10, 6, true},
		{"pent-5x12.dlx", 12, 5, false},
		{"pent-4x15.dlx", 15, 4, false},
		{"pent-3x20.dlx", 20, 3, false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(sharedData(t, filepath.Join("exactcover", tc.file)))
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, l := range strings.Split(string(data), "\n") {
				if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "|") {
					lines = append(lines, l)
				}
			}
			b, _ := Rectangle(tc.w, tc.h)
			p, err := New(b, Pentominoes(), Options{Symmetry: tc.sym})
			if err != nil {
				t.Fatal(err)
			}
			prob := p.Problem()
			if got := strings.Join(append(slices.Clone(prob.Primary), prob.Secondary...), " "); got != lines[0] {
				t.Errorf("items\n%s\nwant\n%s", got, lines[0])
			}
			if len(prob.Options) != len(lines)-1 {
				t.Fatalf("%d options, file has %d", len(prob.Options), len(lines)-1)
			}
			for k, o := range prob.Options {
				var names []string
				for _, r := range o.Items {
					names = append(names, r.String())
				}
				if got := strings.Join(names, " "); got != lines[k+1] {
					t.Fatalf("option %d is %q, file has %q", k, got, lines[k+1])
				}
			}
		})
	}
}

func TestNewErrors(t *testing.T) {
	b, _ := Rectangle(3, 3)
	good := Piece{Name: "A", Shape: Shape{{0, 0}}, Count: 1}
	for name, pieces := range map[string][]Piece{
		"none":     nil,
		"bad name": {{Name: "#", Shape: good.Shape, Count: 1}},
		"twice":    {good, good},
		"count":    {{Name: "A", Shape: good.Shape, Count: 0}},
		"no shape": {{Name: "A", Count: 1}},
		"too many": {{Name: "A", Shape: good.Shape, Count: MaxPieces + 1}},
	} {
		if _, err := New(b, pieces, Options{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := New(nil, []Piece{good}, Options{}); !errors.Is(err, ErrBoard) {
		t.Errorf("nil board: %v", err)
	}
}

// TestImpossibleArea: fewer cells in the pieces than on the board.
func TestImpossibleArea(t *testing.T) {
	b, _ := Rectangle(8, 8)
	p, err := New(b, Pentominoes(), Options{Symmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Solve(t.Context(), Limits{}, nil)
	if err != nil || res.Packings != 0 || p.Possible() {
		t.Errorf("%+v, %v", res, err)
	}
}

// TestLimits checks MaxPackings and MaxNodes, and stopping from visit.
func TestLimits(t *testing.T) {
	b, _ := Rectangle(12, 5)
	for _, sym := range []bool{false, true} {
		p, err := New(b, Pentominoes(), Options{Symmetry: sym})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		res, err := p.Solve(t.Context(), Limits{MaxPackings: 3}, func(k *Packing) bool {
			if err := checkPacking(rectRef(12, 5), refSet(refPentominoes, PentominoLetters), false, false, k); err != nil {
				t.Fatal(err)
			}
			n++
			return true
		})
		if err != nil || res.Packings != 3 || n != 3 || res.Stats.Status.String() != "limit" {
			t.Errorf("sym %v: MaxPackings 3: %d packings, %d visited, %v, %v", sym, res.Packings, n, res.Stats.Status, err)
		}
		res, _ = p.Solve(t.Context(), Limits{MaxNodes: 1000}, nil)
		if res.Stats.Status.String() != "node-limit" {
			t.Errorf("sym %v: MaxNodes: status %v", sym, res.Stats.Status)
		}
		res, _ = p.Solve(t.Context(), Limits{}, func(*Packing) bool { return false })
		if res.Packings != 1 || res.Stats.Status.String() != "stopped" {
			t.Errorf("sym %v: stop: %d packings, status %v", sym, res.Packings, res.Stats.Status)
		}
	}
}

// TestOneSidedPentominoes: the piece file holds the 18 one-sided
// pentominoes (Golomb): pairwise distinct under rotation, each lower-case
// piece the mirror image of its capital.
func TestOneSidedPentominoes(t *testing.T) {
	data, err := os.ReadFile("testdata/one-sided-pentominoes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	set, err := ParsePieces("one-sided-pentominoes.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if !set.OneSided || len(set.Pieces) != 18 {
		t.Fatalf("one-sided %v, %d pieces; want 18", set.OneSided, len(set.Pieces))
	}
	shapes := map[string][]pt{}
	for _, p := range set.Pieces {
		for _, c := range p.Shape {
			shapes[p.Name] = append(shapes[p.Name], pt{c.Row, c.Col})
		}
	}
	for a, sa := range shapes {
		for b, sb := range shapes {
			if a != b && congruentRef(sa, sb, true) {
				t.Errorf("%s and %s are the same one-sided piece", a, b)
			}
		}
		up := strings.ToUpper(a)
		if !congruentRef(refPentominoes[up], sa, false) {
			t.Errorf("%s is not the %s pentomino", a, up)
		}
		if a != up && !congruentRef(mapPts(shapes[up], isoms[4]), sa, true) {
			t.Errorf("%s is not the mirror image of %s", a, up)
		}
	}
}
