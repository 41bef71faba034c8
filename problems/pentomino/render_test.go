package pentomino

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"strings"
	"testing"
)

// firstPackings returns up to n packings of the twelve pentominoes on w×h.
func firstPackings(t *testing.T, w, h int, n int64) []*Packing {
	b, _ := Rectangle(w, h)
	p, err := New(b, Pentominoes(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []*Packing
	p.Solve(t.Context(), Limits{MaxPackings: n}, func(k *Packing) bool {
		out = append(out, k)
		return true
	})
	return out
}

func TestRender(t *testing.T) {
	ks := firstPackings(t, 20, 3, 3)
	if len(ks) != 3 {
		t.Fatalf("%d packings", len(ks))
	}
	k := ks[0]
	if err := checkPacking(rectRef(20, 3), refSet(refPentominoes, PentominoLetters), false, false, k); err != nil {
		t.Fatal(err)
	}
	// The ANSI drawing shows the same letters as the grid, two columns a
	// cell, one line a row.
	ansi := k.ANSI()
	var plain strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(ansi, "\n"), "\n") {
		for _, f := range strings.Split(line, "\x1b[")[1:] {
			if _, text, ok := strings.Cut(f, "m"); ok {
				plain.WriteString(strings.TrimSuffix(text, " "))
			}
		}
		plain.WriteByte('\n')
	}
	if got, want := plain.String(), k.String()+"\n"; got != want {
		t.Errorf("ANSI letters\n%s\nwant\n%s", got, want)
	}

	for _, n := range []int{1, 3} {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, ks[:n]); err != nil {
			t.Fatal(err)
		}
		rects, groups := 0, 0
		dec := xml.NewDecoder(&buf)
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("SVG of %d packings is not XML: %v", n, err)
			}
			if se, ok := tok.(xml.StartElement); ok {
				switch se.Name.Local {
				case "rect":
					rects++
				case "g":
					groups++
				}
			}
		}
		if groups != n || rects != 1+60*n {
			t.Errorf("SVG of %d packings: %d groups, %d rects", n, groups, rects)
		}
	}
	if WriteSVG(io.Discard, nil) == nil {
		t.Error("WriteSVG of no packing: no error")
	}
}

// TestHoleRows: squares outside a drawn board print as spaces.
func TestHoleRows(t *testing.T) {
	b, err := ParseBoard("t", []byte("#.....\n.....#\n"))
	if err != nil {
		t.Fatal(err)
	}
	pieces, _ := ParseLetters("t", "II")
	p, err := New(b, pieces, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	p.Solve(t.Context(), Limits{}, func(k *Packing) bool {
		n++
		if err := checkPacking(picRef("#.....", ".....#"), refSet(refPentominoes, "II"), false, false, k); err != nil {
			t.Fatal(err)
		}
		if rows := k.Rows(); rows[0][0] != ' ' || len(rows[1]) != 5 {
			t.Errorf("rows %q", rows)
		}
		return true
	})
	if n != 1 {
		t.Errorf("%d packings of two I into the 2x6 board without two corners; by hand: 1", n)
	}
}

func TestTetrominoFile(t *testing.T) {
	data, err := os.ReadFile("testdata/tetrominoes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	set, err := ParsePieces("tetrominoes.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if set.OneSided || len(set.Pieces) != 5 {
		t.Fatalf("one-sided %v, %d pieces", set.OneSided, len(set.Pieces))
	}
	for _, p := range set.Pieces {
		var cells []pt
		for _, c := range p.Shape {
			cells = append(cells, pt{c.Row, c.Col})
		}
		if !congruentRef(refTetrominoes[p.Name], cells, false) {
			t.Errorf("%s is\n%v", p.Name, p.Shape)
		}
	}
}
