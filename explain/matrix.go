package explain

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"xcover/exactcover"
)

// Limits of the matrix view. Each item is a column two characters wide, so
// 40 items fill an 80-column terminal beside the option numbers; 60 options
// are as many rows as a reader can scan at every node.
const (
	MaxMatrixItems   = 40
	MaxMatrixOptions = 60
	// maxHeaderHeight bounds the lines of the column headers, where item
	// names are written downwards; longer names are cut.
	maxHeaderHeight = 8
)

// ErrMatrixTooLarge is returned by [CheckMatrix] (wrapped, with the sizes)
// for a problem too large to draw.
var ErrMatrixTooLarge = errors.New("problem too large for the matrix view")

// CheckMatrix reports whether p is small enough for the matrix view: at most
// [MaxMatrixItems] items and [MaxMatrixOptions] options.
func CheckMatrix(p *exactcover.Problem) error {
	if p.NumItems() > MaxMatrixItems || len(p.Options) > MaxMatrixOptions {
		return fmt.Errorf("%w: %d items × %d options; it draws at most %d items × %d options",
			ErrMatrixTooLarge, p.NumItems(), len(p.Options), MaxMatrixItems, MaxMatrixOptions)
	}
	return nil
}

// ANSI escapes for the dimmed cells of the matrix on a terminal.
const (
	ansiDim   = "\x1b[2m"
	ansiReset = "\x1b[0m"
)

// drawMatrix writes p's 0/1 matrix as the links are now: items as columns,
// options as rows, a row's number on the left (a star marks the options of
// the partial solution) and its items or label on the right. Covered items
// and hidden options are blanked, or dimmed when dim is set, so that what is
// left is the smaller exact-cover problem still to solve. A colored use of a
// secondary item shows its color when every color is one character (other
// than 0 and 1), and otherwise a letter explained by a legend under the
// matrix.
func drawMatrix(w io.Writer, p *exactcover.Problem, v *View, partial []int, dim bool) {
	nItems := p.NumItems()
	column := make(map[string]int, nItems)
	height := 1
	for i := range nItems {
		column[p.ItemName(i)] = i
		height = max(height, min(len([]rune(p.ItemName(i))), maxHeaderHeight))
	}
	symbols, legend := colorSymbols(p)
	chosen := map[int]bool{}
	for _, k := range partial {
		chosen[k] = true
	}
	width := len(fmt.Sprint(len(p.Options)))
	gutter := strings.Repeat(" ", width+3)

	// cell writes s, blank or dimmed when it is not live.
	cell := func(b *strings.Builder, s string, live bool) {
		switch {
		case live:
			b.WriteString(s)
		case dim:
			b.WriteString(ansiDim + s + ansiReset)
		default:
			b.WriteString(strings.Repeat(" ", len([]rune(s))))
		}
	}
	var b strings.Builder
	for line := range height {
		b.WriteString(gutter)
		for i := range nItems {
			name := []rune(p.ItemName(i))
			ch := " "
			if line < len(name) && line < maxHeaderHeight {
				ch = string(name[line])
			}
			cell(&b, ch, v.Active(i))
			b.WriteString(" ")
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
		b.Reset()
	}
	row := make([]string, nItems)
	for k, o := range p.Options {
		mark := " "
		if chosen[k] {
			mark = "*"
		}
		fmt.Fprintf(&b, "%*d %s ", width, k+1, mark)
		for i := range row {
			row[i] = "0"
		}
		for _, r := range o.Items {
			row[column[r.Name]] = "1"
			if r.Color != "" {
				row[column[r.Name]] = symbols[r.Color]
			}
		}
		live := v.Live(k)
		for i, s := range row {
			cell(&b, s, live && v.Active(i))
			b.WriteString(" ")
		}
		b.WriteString("  ")
		label := o.Label
		if label == "" {
			refs := make([]string, len(o.Items))
			for j, r := range o.Items {
				refs[j] = r.String()
			}
			label = strings.Join(refs, " ")
		}
		if dim && !live {
			label = ansiDim + label + ansiReset
		}
		b.WriteString(label)
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
		b.Reset()
	}
	if legend != "" {
		fmt.Fprintln(w, gutter+"colors: "+legend)
	}
}

// colorSymbols gives each color of p a one-character symbol for the matrix:
// the color itself when every color is one character other than the 0 and 1
// of the matrix, else a, b, c, … in order of first use, with a legend.
func colorSymbols(p *exactcover.Problem) (symbols map[string]string, legend string) {
	symbols = map[string]string{}
	var order []string
	short := true
	for _, o := range p.Options {
		for _, r := range o.Items {
			if r.Color == "" {
				continue
			}
			if _, ok := symbols[r.Color]; !ok {
				symbols[r.Color] = r.Color
				order = append(order, r.Color)
				short = short && len([]rune(r.Color)) == 1 && r.Color != "0" && r.Color != "1"
			}
		}
	}
	if short {
		return symbols, ""
	}
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	var parts []string
	for j, c := range order {
		s := "?"
		if j < len(letters) {
			s = letters[j : j+1]
		}
		symbols[c] = s
		parts = append(parts, s+" = "+c)
	}
	return symbols, strings.Join(parts, ", ")
}
