package main

import (
	"bufio"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/testtier"

	"github.com/xcover/xcover/cmd/xcover/internal/exitcode"
	"github.com/xcover/xcover/cmd/xcover/internal/searchcmd"
	"github.com/xcover/xcover/problems/pentomino"
)

// TestPentominoJSON reads --json output as a script would: one object per
// packing, then the summary. 3x20 has 2 packings up to symmetry
// (Haselgrove 1960); each must be a full 20x3 letter grid using each of the
// twelve letters five times, and agree with its list of pieces.
func TestPentominoJSON(t *testing.T) {
	r := runXcover(t, nil, []string{"pentomino", "--board", "20x3", "--symmetry", "--all", "--json"}, "")
	if r.code != exitcode.Found {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var packings int
	var summary map[string]any
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	for sc.Scan() {
		var obj struct {
			Type   string   `json:"type"`
			Rows   []string `json:"rows"`
			Pieces []struct {
				Piece string   `json:"piece"`
				Cells [][2]int `json:"cells"`
			} `json:"pieces"`
		}
		if err := json.Unmarshal(sc.Bytes(), &obj); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		switch obj.Type {
		case "solution":
			packings++
			letters := map[rune]int{}
			for _, row := range obj.Rows {
				if len(row) != 20 {
					t.Errorf("row %q is not 20 wide", row)
				}
				for _, ch := range row {
					letters[ch]++
				}
			}
			if len(obj.Rows) != 3 || len(letters) != 12 {
				t.Errorf("rows %q", obj.Rows)
			}
			for ch, n := range letters {
				if n != 5 || !strings.ContainsRune("FILNPTUVWXYZ", ch) {
					t.Errorf("letter %c appears %d times", ch, n)
				}
			}
			for _, pc := range obj.Pieces {
				for _, c := range pc.Cells {
					if got := obj.Rows[c[0]][c[1] : c[1]+1]; got != pc.Piece {
						t.Errorf("piece %s at %v, grid shows %s", pc.Piece, c, got)
					}
				}
			}
		case "summary":
			if err := json.Unmarshal(sc.Bytes(), &summary); err != nil {
				t.Fatal(err)
			}
		default:
			t.Errorf("unknown object %q", sc.Text())
		}
	}
	if packings != 2 || summary == nil || summary["solutions"] != 2.0 || summary["status"] != "complete" ||
		summary["symmetries"] != 4.0 || summary["nodes"].(float64) <= 0 {
		t.Errorf("%d packings, summary %v", packings, summary)
	}
}

// TestPentominoSVG: --svg writes one picture of the packings printed, a
// sheet when there are several, and stdout is unchanged.
func TestPentominoSVG(t *testing.T) {
	testtier.Slow(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		args   []string
		groups int
	}{
		{[]string{"--board", "20x3"}, 1},
		{[]string{"--board", "20x3", "--all"}, 8},
	} {
		file := filepath.Join(dir, "out.svg")
		args := append([]string{"pentomino", "--svg", file}, tc.args...)
		with := runXcover(t, nil, args, "")
		without := runXcover(t, nil, append([]string{"pentomino"}, tc.args...), "")
		if with.code != exitcode.Found || with.stdout != without.stdout {
			t.Fatalf("%v: exit %d, stdout differs from a run without --svg: %s", tc.args, with.code, with.stderr)
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		groups := 0
		dec := xml.NewDecoder(f)
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%v: not XML: %v", tc.args, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "g" {
				groups++
			}
		}
		f.Close()
		if groups != tc.groups {
			t.Errorf("%v: %d packings drawn, want %d", tc.args, groups, tc.groups)
		}
	}
}

// TestPentominoRun runs pentomino's run function on options built
// directly, against the published counts (Haselgrove 1960 and Knuth's
// "Dancing Links", table 1: 8 packings of the 3×20 box, 2 up to its
// symmetries; Scott 1958: 65 of the 8×8 board without its centre, up to
// its symmetries; no rectangle takes the five tetrominoes, by the
// checkerboard argument), and every packing printed is checked by a
// checker of its own: each piece's five cells connected, no piece twice,
// every cell covered; a cheapest packing's cost is its pieces on the
// border, counted on the grid printed.
func TestPentominoRun(t *testing.T) {
	t.Parallel()
	box, err := pentomino.ParseBoardSize("20x3")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		o        pentominoOptions // IO set below
		code     int
		stdout   string // exact, when set
		packings int    // else the packings printed, each checked
		cost     int64  // the cost printed before the last packing, when > 0
	}{
		{name: "count", o: pentominoOptions{Board: box, Request: searchcmd.Request{Count: true}}, stdout: "8\n"},
		{name: "count up to symmetry", o: pentominoOptions{Board: box, Symmetry: true, Request: searchcmd.Request{Count: true, Jobs: 2}}, stdout: "2\n"},
		{name: "a board drawn in a file", o: pentominoOptions{BoardFile: "problems/pentomino/testdata/scott-8x8.txt", Symmetry: true,
			Request: searchcmd.Request{Count: true}}, stdout: "65\n"},
		{name: "every packing", o: pentominoOptions{Board: box, Color: "never"}, packings: 8},
		{name: "no packing", o: pentominoOptions{Board: mustBoard(t, "4x5"), Pieces: "problems/pentomino/testdata/tetrominoes.yaml",
			Request: searchcmd.Request{Count: true}}, code: exitcode.None, stdout: "0\n"},
		{name: "the cheapest", o: pentominoOptions{Board: box, Color: "never", Weight: pentomino.TouchingBorder, Cheapest: cheapestOptions{K: 1},
			Request: searchcmd.Request{Limit: 1}}, cost: 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, stdout, stderr := testIO(t, "")
			tc.o.IO = s
			code := exitcode.Print(pentominoRun(context.Background(), &tc.o), stderr)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", code, tc.code, stderr)
			}
			if tc.stdout != "" {
				if stdout.String() != tc.stdout {
					t.Errorf("stdout %q, want %q", stdout, tc.stdout)
				}
				return
			}
			blocks := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n\n")
			if tc.cost > 0 {
				head, grid, _ := strings.Cut(blocks[len(blocks)-1], "\n")
				if head != fmt.Sprintf("cost %d", tc.cost) || onBorder(t, grid) != tc.cost {
					t.Errorf("the cheapest packing: %q, with %d pieces on the border; want cost %d", head, onBorder(t, grid), tc.cost)
				}
				return
			}
			seen := map[string]bool{}
			for _, grid := range blocks {
				checkPacking(t, grid, 12)
				if seen[grid] {
					t.Errorf("packing printed twice:\n%s", grid)
				}
				seen[grid] = true
			}
			if len(seen) != tc.packings {
				t.Errorf("%d packings printed, want %d", len(seen), tc.packings)
			}
		})
	}
}

func mustBoard(t *testing.T, size string) *pentomino.Board {
	t.Helper()
	b, err := pentomino.ParseBoardSize(size)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkPacking checks a rectangle packed with pieces, a grid of letters:
// that it holds the given number of pieces, each a letter once, of five
// cells connected side to side.
func checkPacking(t *testing.T, grid string, pieces int) {
	t.Helper()
	rows := strings.Split(grid, "\n")
	cells := map[byte][][2]int{}
	for r, row := range rows {
		if len(row) != len(rows[0]) {
			t.Fatalf("not a rectangle:\n%s", grid)
		}
		for c := range len(row) {
			cells[row[c]] = append(cells[row[c]], [2]int{r, c})
		}
	}
	if len(cells) != pieces {
		t.Errorf("%d pieces, want %d:\n%s", len(cells), pieces, grid)
	}
	for letter, cs := range cells {
		reached := map[[2]int]bool{cs[0]: true}
		for grew := true; grew; {
			grew = false
			for _, a := range cs {
				for _, b := range cs {
					if !reached[b] && reached[a] && (a[0]-b[0])*(a[0]-b[0])+(a[1]-b[1])*(a[1]-b[1]) == 1 {
						reached[b], grew = true, true
					}
				}
			}
		}
		if len(cs) != 5 || len(reached) != 5 {
			t.Errorf("piece %c: %d cells, %d of them connected; want 5 connected:\n%s", letter, len(cs), len(reached), grid)
		}
	}
}

// onBorder counts the pieces of a packed rectangle (a grid of letters)
// that have a cell on the rectangle's border.
func onBorder(t *testing.T, grid string) int64 {
	t.Helper()
	rows := strings.Split(grid, "\n")
	touching := map[byte]bool{}
	for r, row := range rows {
		for c := range len(row) {
			if r == 0 || r == len(rows)-1 || c == 0 || c == len(row)-1 {
				touching[row[c]] = true
			}
		}
	}
	return int64(len(touching))
}
