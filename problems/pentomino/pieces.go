package pentomino

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/xcover/xcover/internal/strictyaml"
)

// Piece is a polyomino to pack, with its name (one letter or digit, printed
// in each of its cells), its shape in any one orientation, and how many
// copies of it the set holds. Copies are interchangeable: two packings that
// only swap copies are the same packing.
type Piece struct {
	Name  string
	Shape Shape
	Count int
}

// pentominoPictures are the twelve free pentominoes in Conway's lettering,
// each in the orientation Knuth's data starts from, so that the options come
// out in the order of the shared pent-*.dlx files.
var pentominoPictures = []struct{ name, picture string }{
	{"F", ".##|##.|.#."},
	{"I", "#####"},
	{"L", "####|#..."},
	{"N", "##..|.###"},
	{"P", "##|##|#."},
	{"T", "###|.#.|.#."},
	{"U", "#.#|###"},
	{"V", "#..|#..|###"},
	{"W", "#..|##.|.##"},
	{"X", ".#.|###|.#."},
	{"Y", "####|.#.."},
	{"Z", "##.|.#.|.##"},
}

// PentominoLetters lists the twelve pentominoes in their usual order.
const PentominoLetters = "FILNPTUVWXYZ"

// Pentominoes returns the twelve free pentominoes F I L N P T U V W X Y Z,
// one copy each.
func Pentominoes() []Piece {
	out := make([]Piece, len(pentominoPictures))
	for i, p := range pentominoPictures {
		out[i] = Piece{Name: p.name, Shape: pictureShape(p.picture), Count: 1}
	}
	return out
}

// pictureShape reads a well-formed picture with rows separated by '|'.
func pictureShape(pic string) Shape {
	var cells []Cell
	for r, row := range strings.Split(pic, "|") {
		for c, ch := range row {
			if ch == '#' {
				cells = append(cells, Cell{r, c})
			}
		}
	}
	return normalize(cells)
}

// ParseLetters reads a piece list such as "FILNPTUVWXYZ" or "LLLPP": each
// letter (either case) is one copy of that pentomino, so a letter written k
// times stands for k pieces. Pieces keep the order of their first
// appearance. name is used in error messages.
func ParseLetters(name, letters string) ([]Piece, error) {
	all := Pentominoes()
	var out []Piece
	at := map[string]int{}
	col := 0
	for _, ch := range letters {
		col++
		l := strings.ToUpper(string(ch))
		k := strings.Index(PentominoLetters, l)
		if k < 0 || len(l) != 1 {
			return nil, errorf(name, 1, col, ErrLetters, "%q (the letters are %s)", ch, PentominoLetters)
		}
		if i, ok := at[l]; ok {
			out[i].Count++
		} else {
			at[l] = len(out)
			out = append(out, all[k])
		}
		if col > MaxPieces {
			return nil, errorf(name, 1, col, ErrTooLarge, "more than MaxPieces = %d pieces", MaxPieces)
		}
	}
	if len(out) == 0 {
		return nil, errorf(name, 0, 0, ErrNoPieces, "expected pentomino letters among %s", PentominoLetters)
	}
	return out, nil
}

// PieceSet is what a piece file holds: the pieces, and whether they are
// one-sided (may be turned but not flipped over).
type PieceSet struct {
	Name     string
	OneSided bool
	Pieces   []Piece
}

// ParsePieces reads a piece file, YAML of this form:
//
//	name: tetrominoes     # optional, for people
//	one-sided: false      # optional; true: pieces may not be flipped over
//	pieces:
//	  - name: I           # one letter or digit, printed in the piece's cells
//	    shape: "####"     # a picture: '#' a cell, '.' or space none
//	  - name: L
//	    count: 2          # optional, default 1: this many copies
//	    shape: |
//	      #.
//	      #.
//	      ##
//
// Each shape must be connected (edge to edge). The YAML is read strictly
// (xcover/internal/strictyaml): a key given twice, an unknown key, anchors,
// aliases and tags are errors. Errors are *ParseError values giving
// file:line:column; file is the name used in them.
func ParsePieces(file string, data []byte) (*PieceSet, error) {
	if len(data) > MaxPieceFile {
		return nil, errorf(file, 0, 0, ErrTooLarge, "larger than MaxPieceFile = %d bytes", MaxPieceFile)
	}
	set := &PieceSet{}
	root, err := strictyaml.Decode(data, "a mapping with a pieces: list")
	var f map[string]*yaml.Node
	if err == nil {
		f, err = strictyaml.Fields(root, "a piece file", "name", "one-sided", "pieces")
	}
	if err == nil && f["name"] != nil {
		set.Name, err = strictyaml.String(f["name"], "name")
	}
	if err == nil && f["one-sided"] != nil {
		set.OneSided, err = strictyaml.Bool(f["one-sided"], "one-sided")
	}
	if err != nil {
		return nil, yamlError(file, ErrSyntax, err)
	}
	list := f["pieces"]
	switch {
	case list == nil || list.Kind == yaml.SequenceNode && len(list.Content) == 0:
		return nil, errorf(file, root.Line, root.Column, ErrPiece, "no pieces (expected a pieces: list)")
	case list.Kind != yaml.SequenceNode:
		return nil, errorf(file, list.Line, list.Column, ErrSyntax, "pieces is %s: expected a list", strictyaml.Describe(list))
	}
	lines := bytes.Split(data, []byte("\n"))
	seen := map[string]bool{}
	total := 0
	for _, item := range list.Content {
		p, err := parsePiece(file, item, lines)
		if err != nil {
			return nil, err
		}
		if seen[p.Name] {
			return nil, errorf(file, item.Line, item.Column, ErrPiece, "piece %q named twice", p.Name)
		}
		seen[p.Name] = true
		total += p.Count
		if total > MaxPieces {
			return nil, errorf(file, item.Line, item.Column, ErrTooLarge, "more than MaxPieces = %d pieces", MaxPieces)
		}
		set.Pieces = append(set.Pieces, p)
	}
	return set, nil
}

// parsePiece reads one entry of the pieces: list.
func parsePiece(file string, item *yaml.Node, lines [][]byte) (Piece, error) {
	p := Piece{Count: 1}
	f, err := strictyaml.Fields(item, "a piece", "name", "shape", "count")
	if err != nil {
		return Piece{}, yamlError(file, ErrSyntax, err)
	}
	if f["name"] != nil {
		p.Name, err = strictyaml.String(f["name"], "name")
	}
	if err == nil && f["count"] != nil {
		p.Count, err = strictyaml.Int(f["count"], "count", 1, MaxPieces)
	}
	switch {
	case err != nil:
		return Piece{}, yamlError(file, ErrPiece, err)
	case p.Name == "":
		return Piece{}, errorf(file, item.Line, item.Column, ErrPiece, "piece without a name:")
	case checkName(p.Name) != nil:
		return Piece{}, errorf(file, f["name"].Line, f["name"].Column, ErrPiece, "name %q: %v", p.Name, checkName(p.Name))
	case f["shape"] == nil:
		return Piece{}, errorf(file, item.Line, item.Column, ErrPiece, "piece %q without a shape:", p.Name)
	case f["shape"].Kind != yaml.ScalarNode:
		return Piece{}, errorf(file, f["shape"].Line, f["shape"].Column, ErrSyntax, "shape is %s: expected a picture", strictyaml.Describe(f["shape"]))
	}
	p.Shape, err = parseShape(file, f["shape"], lines)
	return p, err
}

// checkName accepts one letter or digit: the character printed in the
// piece's cells, which must not be confused with the board's '.' and '#'.
func checkName(name string) error {
	r, size := utf8.DecodeRuneInString(name)
	if size == 0 || size != len(name) || !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return fmt.Errorf("expected one letter or digit")
	}
	return nil
}

// parseShape reads a shape picture from a YAML scalar, locating errors in
// the source: a block scalar (|) starts on the line after its indicator.
func parseShape(file string, v *yaml.Node, lines [][]byte) (Shape, error) {
	block := v.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0
	var cells []Cell
	rows := strings.Split(strings.TrimRight(v.Value, "\n"), "\n")
	for r, row := range rows {
		line, col0 := v.Line+r, v.Column
		if block {
			line = v.Line + 1 + r
			col0 = 1
			if line-1 < len(lines) {
				src := lines[line-1]
				col0 = len(src) - len(bytes.TrimLeft(src, " ")) + 1
			}
		} else if v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			col0++
		}
		c := 0
		for _, ch := range row {
			switch ch {
			case '#':
				cells = append(cells, Cell{r, c})
			case '.', ' ':
			default:
				return nil, errorf(file, line, col0+c, ErrPiece, "unexpected %q in a shape ('#' a cell, '.' or space none)", ch)
			}
			c++
		}
		if len(cells) > MaxPieceCells {
			return nil, errorf(file, line, 0, ErrTooLarge, "shape larger than MaxPieceCells = %d cells", MaxPieceCells)
		}
	}
	s := normalize(cells)
	switch {
	case len(s) == 0:
		return nil, errorf(file, v.Line, v.Column, ErrPiece, "empty shape (no '#')")
	case !connected(s):
		return nil, errorf(file, v.Line, v.Column, ErrPiece, "shape is not connected")
	}
	return s, nil
}

// yamlError turns a *strictyaml.Error into a *ParseError wrapping sentinel.
func yamlError(file string, sentinel error, err error) error {
	var e *strictyaml.Error
	if errors.As(err, &e) {
		return errorf(file, e.Line, e.Column, sentinel, "%s", e.Msg)
	}
	return errorf(file, 0, 0, sentinel, "%v", err)
}
