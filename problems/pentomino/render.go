package pentomino

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// owner returns, for each cell of the box, the index into k.Placed of the
// piece covering it, or -1.
func (k *Packing) owner() []int {
	b := k.Board
	own := make([]int, b.Width*b.Height)
	for i := range own {
		own[i] = -1
	}
	for i, pl := range k.Placed {
		for _, c := range pl.Cells {
			if c.Row >= 0 && c.Row < b.Height && c.Col >= 0 && c.Col < b.Width {
				own[c.Row*b.Width+c.Col] = i
			}
		}
	}
	return own
}

// Rows returns the packing as a letter grid, one string per row: each cell
// shows the name of the piece covering it, a cell no piece covers shows
// '.', and a square that is not part of the board a space (trailing spaces
// are dropped).
func (k *Packing) Rows() []string {
	b := k.Board
	own := k.owner()
	rows := make([]string, b.Height)
	for r := range b.Height {
		var sb strings.Builder
		for c := range b.Width {
			switch i := own[r*b.Width+c]; {
			case i >= 0:
				sb.WriteString(k.Placed[i].Piece)
			case b.Has(Cell{r, c}):
				sb.WriteByte('.')
			default:
				sb.WriteByte(' ')
			}
		}
		rows[r] = strings.TrimRight(sb.String(), " ")
	}
	return rows
}

// String returns the letter grid of Rows, lines separated by newlines.
func (k *Packing) String() string { return strings.Join(k.Rows(), "\n") }

// Record is a packing as "xcover pentomino --json" prints it, one JSON
// object per line: its number in the order found (from 1), its letter
// grid (Rows) and where each piece lies.
type Record struct {
	Type   string   `json:"type"` // "solution"
	Number int64    `json:"number"`
	Rows   []string `json:"rows"`
	Pieces []Placed `json:"pieces"`
	Cost   *int64   `json:"cost,omitempty"` // under a weight (Puzzle.Weigh), when the caller sets it
}

// Record returns the packing as the number-th record.
func (k *Packing) Record(number int64) Record {
	return Record{Type: "solution", Number: number, Rows: k.Rows(), Pieces: k.Placed}
}

// palette holds colors that tell neighbouring pieces apart: the twelve
// pentominoes get the first twelve, other pieces a color chosen by name.
var palette = []struct {
	ansi int    // xterm-256 background
	rgb  string // SVG fill
}{
	{203, "#ff5f5f"}, {75, "#5fafff"}, {114, "#87d787"}, {221, "#ffd75f"},
	{177, "#d787ff"}, {215, "#ffaf5f"}, {80, "#5fd7d7"}, {218, "#ffafd7"},
	{149, "#afd75f"}, {141, "#af87ff"}, {180, "#d7af87"}, {110, "#87afd7"},
	{167, "#d75f5f"}, {72, "#5faf87"}, {186, "#d7d787"}, {146, "#afafd7"},
}

// colorOf returns the palette index for a piece name.
func colorOf(name string) int {
	if i := strings.Index(PentominoLetters, name); i >= 0 && len(name) == 1 {
		return i
	}
	h := 0
	for _, r := range name {
		h = h*31 + int(r)
	}
	return (h%len(palette) + len(palette)) % len(palette)
}

// ANSI returns the packing as colored blocks for a terminal: each cell is
// its piece's letter on the piece's background color, two characters wide,
// so that the grid looks square. Lines end with a reset and a newline.
func (k *Packing) ANSI() string {
	b := k.Board
	own := k.owner()
	var sb strings.Builder
	for r := range b.Height {
		for c := range b.Width {
			if i := own[r*b.Width+c]; i >= 0 {
				fmt.Fprintf(&sb, "\x1b[30;48;5;%dm%s ", palette[colorOf(k.Placed[i].Piece)].ansi, k.Placed[i].Piece)
			} else {
				sb.WriteString("\x1b[0m  ")
			}
		}
		sb.WriteString("\x1b[0m\n")
	}
	return sb.String()
}

// SVG layout, in user units.
const (
	svgCell   = 20 // side of a cell
	svgGap    = 20 // space between packings on a sheet and around them
	svgColumn = 8  // at most this many packings side by side on a sheet
)

// WriteSVG draws packings as one SVG picture: one packing alone, several as
// a sheet, up to svgColumn side by side. Each piece is filled with its color
// and outlined, so that copies of a piece stay apart.
func WriteSVG(w io.Writer, packings []*Packing) error {
	if len(packings) == 0 {
		return fmt.Errorf("pentomino: no packing to draw")
	}
	bw, bh := 0, 0
	for _, k := range packings {
		bw, bh = max(bw, k.Board.Width), max(bh, k.Board.Height)
	}
	cols := min(len(packings), svgColumn)
	rows := (len(packings) + cols - 1) / cols
	cw, ch := bw*svgCell+svgGap, bh*svgCell+svgGap
	out := bufio.NewWriter(w)
	fmt.Fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		cols*cw+svgGap, rows*ch+svgGap, cols*cw+svgGap, rows*ch+svgGap)
	fmt.Fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n")
	for n, k := range packings {
		x0, y0 := svgGap+(n%cols)*cw, svgGap+(n/cols)*ch
		writeSVGPacking(out, k, x0, y0)
	}
	fmt.Fprintf(out, "</svg>\n")
	return out.Flush()
}

// writeSVGPacking draws one packing with its top left corner at x0, y0.
func writeSVGPacking(out *bufio.Writer, k *Packing, x0, y0 int) {
	b := k.Board
	own := k.owner()
	at := func(r, c int) int {
		if r < 0 || c < 0 || r >= b.Height || c >= b.Width {
			return -1
		}
		if i := own[r*b.Width+c]; i >= 0 {
			return i
		}
		if b.Has(Cell{r, c}) {
			return -2 // an uncovered cell
		}
		return -1
	}
	fmt.Fprintf(out, "<g transform=\"translate(%d,%d)\">\n", x0, y0)
	for r := range b.Height {
		for c := range b.Width {
			fill := ""
			switch i := at(r, c); {
			case i >= 0:
				fill = palette[colorOf(k.Placed[i].Piece)].rgb
			case i == -2:
				fill = "#eeeeee"
			default:
				continue
			}
			fmt.Fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", c*svgCell, r*svgCell, svgCell, svgCell, fill)
		}
	}
	// Outlines: an edge between two squares that do not belong to the same
	// piece, where at least one of them is a board cell.
	fmt.Fprintf(out, "<path stroke=\"black\" stroke-width=\"2\" stroke-linecap=\"square\" fill=\"none\" d=\"")
	for r := 0; r <= b.Height; r++ {
		for c := 0; c <= b.Width; c++ {
			here := at(r, c)
			if up := at(r-1, c); c < b.Width && up != here && (up != -1 || here != -1) {
				fmt.Fprintf(out, "M%d %dh%d", c*svgCell, r*svgCell, svgCell)
			}
			if left := at(r, c-1); r < b.Height && left != here && (left != -1 || here != -1) {
				fmt.Fprintf(out, "M%d %dv%d", c*svgCell, r*svgCell, svgCell)
			}
		}
	}
	fmt.Fprintf(out, "\"/>\n</g>\n")
}
