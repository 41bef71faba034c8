package explain

import (
	"fmt"
	"io"
	"strings"

	"github.com/xcover/xcover/exactcover"
)

// Limits of the matrix view. Each item is a column two characters wide, so
// 40 items fill an 80-column terminal beside the option numbers; 60 options
// are as many rows as a reader can scan at every node. A larger problem is
// shown through a window of that size (see drawMatrix).
const (
	MaxMatrixItems   = 40
	MaxMatrixOptions = 60
	// maxHeaderHeight bounds the lines of the column headers, where item
	// names are written downwards; longer names are cut.
	maxHeaderHeight = 8
)

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
// matrix. With multiplicities, a row under the items' names shows how many
// more options each primary item may take (its bound), and a line under the
// matrix the bounds of the items that are not covered exactly once.
//
// A problem with more than MaxMatrixItems items or MaxMatrixOptions options
// is shown through a window: only the items still active and the options
// still live, the first MaxMatrixItems and MaxMatrixOptions of them, with a
// line saying how many are left out. As the search goes down, what is left
// shrinks, and the window soon shows all of it.
func drawMatrix(w io.Writer, p *exactcover.Problem, v *View, partial []int, dim bool) {
	nItems := p.NumItems()
	cols := window(nItems, MaxMatrixItems, v.Active)
	rows := window(len(p.Options), MaxMatrixOptions, v.Live)
	column := make(map[string]int, len(cols))
	height := 1
	for j, i := range cols {
		column[p.ItemName(i)] = j
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
		for _, i := range cols {
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
	mcc := p.HasMultiplicities()
	if mcc {
		// A row of bounds under the names: how many more options each
		// primary item may take now.
		b.WriteString(gutter)
		for _, i := range cols {
			ch := " "
			if i < len(p.Primary) {
				ch = "*" // ten or more
				if bd := v.Bound(i); bd < 10 {
					ch = fmt.Sprint(bd)
				}
			}
			cell(&b, ch, v.Active(i))
			b.WriteString(" ")
		}
		b.WriteString("  bound: how many more options each item may take")
		fmt.Fprintln(w, b.String())
		b.Reset()
	}
	row := make([]string, len(cols))
	for _, k := range rows {
		o := &p.Options[k]
		mark := " "
		if chosen[k] {
			mark = "*"
		}
		fmt.Fprintf(&b, "%*d %s ", width, k+1, mark)
		for j := range row {
			row[j] = "0"
		}
		for _, r := range o.Items {
			j, shown := column[r.Name]
			if !shown {
				continue
			}
			row[j] = "1"
			if r.Color != "" {
				row[j] = symbols[r.Color]
			}
		}
		live := v.Live(k)
		for j, s := range row {
			cell(&b, s, live && v.Active(cols[j]))
			b.WriteString(" ")
		}
		b.WriteString("  ")
		label := o.Label
		if label == "" {
			label = o.String()
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
	if mcc {
		var bounds []string
		once := false
		for _, i := range cols {
			if i >= len(p.Primary) {
				continue
			}
			if b := p.ItemBounds(i); b != exactcover.Once {
				bounds = append(bounds, p.ItemName(i)+" "+rangeText(b.Lo, b.Hi))
			} else {
				once = true
			}
		}
		if once && len(bounds) > 0 {
			bounds = append(bounds, "the others exactly once")
		}
		if len(bounds) > 0 {
			fmt.Fprintln(w, gutter+"bounds: "+strings.Join(bounds, ", "))
		}
	}
	if len(cols) < nItems || len(rows) < len(p.Options) {
		active, live := count(nItems, v.Active), count(len(p.Options), v.Live)
		note := fmt.Sprintf("a window on a larger matrix: %s of %d and %s of %d",
			Plural(active, "active item"), nItems, Plural(live, "live option"), len(p.Options))
		if active > len(cols) || live > len(rows) {
			note += fmt.Sprintf(", the first %d and %d of them shown", len(cols), len(rows))
		}
		fmt.Fprintln(w, gutter+"("+note+")")
	}
}

// window returns 0…n-1 when n ≤ most, else the first most of them for
// which keep holds.
func window(n, most int, keep func(int) bool) []int {
	var out []int
	for i := range n {
		if n <= most || keep(i) && len(out) < most {
			out = append(out, i)
		}
	}
	return out
}

// count returns how many of 0…n-1 satisfy f.
func count(n int, f func(int) bool) int {
	c := 0
	for i := range n {
		if f(i) {
			c++
		}
	}
	return c
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
