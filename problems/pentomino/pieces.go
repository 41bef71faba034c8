package pentomino

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
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
		return nil, errorf(name, 0, 0, ErrLetters, "no pieces")
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
// Each shape must be connected (edge to edge). Errors are *ParseError
// values giving file:line:column; file is the name used in them.
func ParsePieces(file string, data []byte) (*PieceSet, error) {
	if len(data) > MaxPieceFile {
		return nil, errorf(file, 0, 0, ErrTooLarge, "larger than MaxPieceFile = %d bytes", MaxPieceFile)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlError(file, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, errorf(file, max(doc.Line, 1), doc.Column, ErrSyntax, "expected a mapping with a pieces: list")
	}
	lines := bytes.Split(data, []byte("\n"))
	set := &PieceSet{}
	top := doc.Content[0]
	var list *yaml.Node
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		switch k.Value {
		case "name":
			if v.Kind != yaml.ScalarNode {
				return nil, errorf(file, v.Line, v.Column, ErrSyntax, "name: expected a string")
			}
			set.Name = v.Value
		case "one-sided":
			if err := v.Decode(&set.OneSided); err != nil || v.Kind != yaml.ScalarNode {
				return nil, errorf(file, v.Line, v.Column, ErrSyntax, "one-sided: expected true or false")
			}
		case "pieces":
			if v.Kind != yaml.SequenceNode {
				return nil, errorf(file, v.Line, v.Column, ErrSyntax, "pieces: expected a list")
			}
			list = v
		default:
			return nil, errorf(file, k.Line, k.Column, ErrSyntax, "unknown key %q (expected name, one-sided, pieces)", k.Value)
		}
	}
	if list == nil || len(list.Content) == 0 {
		return nil, errorf(file, top.Line, top.Column, ErrPiece, "no pieces (expected a pieces: list)")
	}
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
	if item.Kind != yaml.MappingNode {
		return Piece{}, errorf(file, item.Line, item.Column, ErrSyntax, "expected a piece (name:, shape:, count:)")
	}
	p := Piece{Count: 1}
	var shapeNode *yaml.Node
	for i := 0; i+1 < len(item.Content); i += 2 {
		k, v := item.Content[i], item.Content[i+1]
		if v.Kind != yaml.ScalarNode {
			return Piece{}, errorf(file, v.Line, v.Column, ErrSyntax, "%s: expected a single value", k.Value)
		}
		switch k.Value {
		case "name":
			p.Name = v.Value
			if err := checkName(p.Name); err != nil {
				return Piece{}, errorf(file, v.Line, v.Column, ErrPiece, "name %q: %v", p.Name, err)
			}
		case "count":
			if err := v.Decode(&p.Count); err != nil || p.Count < 1 || p.Count > MaxPieces {
				return Piece{}, errorf(file, v.Line, v.Column, ErrPiece, "count: expected a whole number from 1 to %d", MaxPieces)
			}
		case "shape":
			shapeNode = v
		default:
			return Piece{}, errorf(file, k.Line, k.Column, ErrSyntax, "unknown key %q (expected name, shape, count)", k.Value)
		}
	}
	if p.Name == "" {
		return Piece{}, errorf(file, item.Line, item.Column, ErrPiece, "piece without a name:")
	}
	if shapeNode == nil {
		return Piece{}, errorf(file, item.Line, item.Column, ErrPiece, "piece %q without a shape:", p.Name)
	}
	s, err := parseShape(file, shapeNode, lines)
	if err != nil {
		return Piece{}, err
	}
	p.Shape = s
	return p, nil
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

// yamlError turns a yaml.v3 error ("yaml: line 3: ...") into a *ParseError.
func yamlError(file string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		_, rest, _ := strings.Cut(msg, ":")
		return errorf(file, line, 0, ErrSyntax, "%s", strings.TrimSpace(rest))
	}
	return errorf(file, 0, 0, ErrSyntax, "%s", msg)
}
