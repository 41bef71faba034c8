package pentomino

import (
	"os"
	"path/filepath"
	"testing"
)

func addTestdata(f *testing.F, pattern string) {
	files, _ := filepath.Glob(filepath.Join("testdata", pattern))
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
}

// FuzzParseBoard: any input gives a board or a *ParseError, never a panic;
// a board read back from its own drawing is the same board.
func FuzzParseBoard(f *testing.F) {
	addTestdata(f, "*.txt")
	f.Add([]byte("...\n.#.\n"))
	f.Add([]byte(" .\n. \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBoard("fuzz", data)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		again, err := ParseBoard("again", []byte(b.String()))
		if err != nil || again.String() != b.String() || again.NumCells() != b.NumCells() {
			t.Fatalf("round trip: %v\n%s\n%s", err, b, again)
		}
	})
}

// FuzzParsePieces: any input gives pieces that New accepts, or a
// *ParseError.
func FuzzParsePieces(f *testing.F) {
	addTestdata(f, "*.yaml")
	f.Add([]byte("pieces:\n  - name: A\n    count: 2\n    shape: '##'\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		set, err := ParsePieces("fuzz", data)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		b, _ := Rectangle(3, 3)
		if _, err := New(b, set.Pieces, Options{OneSided: set.OneSided, Symmetry: true}); err != nil {
			t.Fatalf("New rejects parsed pieces: %v", err)
		}
	})
}

// FuzzParseLetters: letters give pentominoes or a *ParseError.
func FuzzParseLetters(f *testing.F) {
	f.Add("FILNPTUVWXYZ")
	f.Add("llpp")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseLetters("fuzz", s)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		n := 0
		for _, pc := range p {
			n += pc.Count
		}
		if n != len([]rune(s)) {
			t.Fatalf("%q: %d pieces", s, n)
		}
	})
}
