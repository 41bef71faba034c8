package specs

import (
	"bytes"
	"fmt"
	"iter"
	"strconv"
	"unicode/utf8"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/strictyaml"
)

// Directives: comment lines that Knuth's programs ignore but that carry the
// metadata his format has no room for. See README.md, "Labels and names in
// DLX files".
const (
	nameDirective  = "| name:"  // in the comments before the item line
	labelDirective = "| label:" // labels the next option
)

// dlxParser reads Knuth's DLX text format.
type dlxParser struct {
	sp     *Spec
	index  map[string]int32  // item name → its index, in declaration order
	names  []string          // item index → its name, shared by every use
	colors map[string]string // interned colors
	uses   int
	arena  []exactcover.ItemRef // see option
	// usedIn[i] is 1 + the index of the last option that used item i, so
	// that an option line naming an item twice is refused at the second
	// use, before the rest of a long line is read.
	usedIn []int32
}

// token is one word of a line, with its 1-based column (in characters).
type token struct {
	text []byte
	col  int32
}

// parseDLX reads data, which must be Knuth's format (README.md):
//
//	| comment lines start with '|'; blank lines are ignored
//	A B C D E | F G        the items: primary, then '|' and secondary
//	C E F                  one option per line
//	A D X:red              a secondary item with a color
func parseDLX(file string, data []byte) (*Spec, error) {
	sp := &Spec{file: file, namePos: pos{1, 1}}
	if len(data) > MaxDLXBytes {
		return nil, sp.errorAt(pos{1, 1}, exactcover.ErrTooLarge, "input is %d bytes, more than the limit MaxDLXBytes = %d", len(data), MaxDLXBytes)
	}
	if err := strictyaml.CheckText(data); err != nil {
		return nil, sp.positioned(err) // binary input fails here, on its first line
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	// A first pass counts, allocating nothing, so that a problem too large
	// for memory is refused before the memory is spent, and so that the
	// lists are made at their final size (growing them by copying would
	// double the peak on big files).
	n := countDLX(data)
	if err := sp.checkMemory(n); err != nil {
		return nil, err
	}
	d := &dlxParser{sp: sp, index: make(map[string]int32, n.items), colors: map[string]string{}}
	d.names = make([]string, 0, min(n.items, maxItems))
	d.arena = make([]exactcover.ItemRef, 0, min(n.uses, maxUses))
	sp.Problem.Primary = make([]string, 0, min(n.items, maxItems))
	sp.itemPos = make([]pos, 0, min(n.items, maxItems))
	sp.Problem.Options = make([]exactcover.Option, 0, min(n.options, maxOptions))
	sp.optPos = make([]pos, 0, min(n.options, maxOptions))
	sp.refStart = make([]int, 0, min(n.options, maxOptions)+1)
	sp.refPos = make([]pos, 0, min(n.uses, maxUses))
	var (
		description [][]byte
		sawItems    bool
		label       string
		ln          int32
	)
	for len(data) > 0 {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		ln++
		line = bytes.TrimSuffix(line, []byte("\r"))
		trimmed := bytes.TrimLeft(line, " \t")
		switch {
		case len(trimmed) == 0:
			continue
		case trimmed[0] == '|' && !sawItems:
			if text, ok := directive(trimmed, nameDirective); ok && sp.Name == "" && len(description) == 0 {
				sp.Name = text
				continue
			}
			text := trimmed[1:]
			text = bytes.TrimPrefix(text, []byte(" "))
			description = append(description, text)
			continue
		case trimmed[0] == '|':
			if text, ok := directive(trimmed, labelDirective); ok {
				if len(text) > MaxNameBytes {
					return nil, sp.errorAt(pos{ln, int32(len(line)-len(trimmed)) + 1}, exactcover.ErrTooLarge, "label of %d bytes: the limit is MaxNameBytes = %d", len(text), MaxNameBytes)
				}
				label = text
			}
			continue
		case !sawItems:
			if err := d.items(line, ln); err != nil {
				return nil, err
			}
			sawItems = true
		default:
			if err := d.option(line, ln, label); err != nil {
				return nil, err
			}
			label = ""
		}
	}
	for len(description) > 0 && len(description[len(description)-1]) == 0 {
		description = description[:len(description)-1] // trailing "|" lines
	}
	sp.Description = string(bytes.Join(description, []byte("\n")))
	if !sawItems {
		return nil, sp.errorAt(pos{ln + 1, 1}, ErrSyntax, "expected a line of item names (primary, then '|' and secondary), found end of input")
	}
	sp.refStart = append(sp.refStart, len(sp.refPos))
	if len(sp.Name) > MaxNameBytes || len(sp.Description) > MaxDescriptionBytes {
		return nil, sp.errorAt(pos{1, 1}, exactcover.ErrTooLarge, "name or description longer than MaxNameBytes = %d or MaxDescriptionBytes = %d", MaxNameBytes, MaxDescriptionBytes)
	}
	return sp, nil
}

// directive reports whether the comment line starts with the directive and
// returns the text after it, less one space.
func directive(line []byte, name string) (string, bool) {
	if !bytes.HasPrefix(line, []byte(name)) {
		return "", false
	}
	text := bytes.TrimPrefix(line[len(name):], []byte(" "))
	return string(text), true
}

// words yields the words of a line, separated by spaces and tabs, one at a
// time: a line is never cut into a list first, so that a huge line with an
// error near its start is refused without reading the rest of it.
func words(line []byte) iter.Seq[token] {
	return func(yield func(token) bool) {
		col := int32(1)
		start, startCol := -1, int32(0)
		for i := 0; i < len(line); col++ {
			c := line[i]
			size := 1
			if c >= utf8.RuneSelf {
				_, size = utf8.DecodeRune(line[i:])
			}
			sep := c == ' ' || c == '\t'
			switch {
			case sep && start >= 0:
				if !yield(token{line[start:i], startCol}) {
					return
				}
				start = -1
			case !sep && start < 0:
				start, startCol = i, col
			}
			i += size
		}
		if start >= 0 {
			yield(token{line[start:], startCol})
		}
	}
}

// items reads the item line. As in Knuth's programs, a word that starts
// with '|' starts the secondary items (the rest of the word, if any, is the
// first of them); in a primary item's word, '|' ends its bounds ("2|A",
// "0:3|B", see dlxBounds).
func (d *dlxParser) items(line []byte, ln int32) error {
	sp := d.sp
	secondary := false
	var bounds []exactcover.Bounds
	for t := range words(line) {
		if t.text[0] == '|' {
			if secondary {
				return sp.errorAt(pos{ln, t.col}, ErrSyntax, "second '|' in the item line: expected secondary item names")
			}
			secondary = true
			if t.text, t.col = t.text[1:], t.col+1; len(t.text) == 0 {
				continue
			}
		}
		p := pos{ln, t.col}
		name := t
		if !secondary {
			b, n, err := d.dlxBounds(t, ln)
			if err != nil {
				return err
			}
			bounds, name = append(bounds, b), n
		} else if i := bytes.IndexByte(t.text, '|'); i >= 0 {
			if _, _, msg := number(t.text[:i]); msg == "" || bytes.IndexByte(t.text[:i], ':') > 0 {
				return sp.errorAt(p, exactcover.ErrBadBounds, "bounds on secondary item %q: only primary items take bounds (secondary ones are covered at most once, or by options agreeing on a color)", t.text[i+1:])
			}
			p.col += int32(utf8.RuneCount(t.text[:i]))
			return sp.errorAt(p, ErrSyntax, "'|' in secondary item name %q: expected a name without '|'", t.text)
		}
		if err := d.checkName(name, ln, "item name", true); err != nil {
			return err
		}
		if len(sp.itemPos) >= maxItems {
			return sp.errorAt(p, exactcover.ErrTooLarge, "too many items: the limit is MaxItems = %d", maxItems)
		}
		s, ok := d.itemName(name.text)
		if !ok { // a second declaration: Compile says so, naming the first
			s = string(name.text)
		}
		if secondary {
			sp.Problem.Secondary = append(sp.Problem.Secondary, s)
		} else {
			sp.Problem.Primary = append(sp.Problem.Primary, s)
		}
		sp.itemPos = append(sp.itemPos, p)
	}
	for _, b := range bounds {
		if b != exactcover.Once {
			sp.Problem.Bounds = bounds // else none: every item exactly once
			break
		}
	}
	return nil
}

// checkName refuses an empty or overlong name, and ':' where colors cannot
// be. what says what the word is ("item name", "color").
func (d *dlxParser) checkName(t token, ln int32, what string, noColon bool) error {
	p := pos{ln, t.col}
	if len(t.text) == 0 {
		return d.sp.errorAt(p, ErrSyntax, "expected %s, found nothing", article(what))
	}
	if len(t.text) > MaxNameBytes {
		return d.sp.errorAt(p, exactcover.ErrTooLarge, "%s of %d bytes: the limit is MaxNameBytes = %d", what, len(t.text), MaxNameBytes)
	}
	if i := bytes.IndexByte(t.text, ':'); i >= 0 && noColon {
		p.col += int32(utf8.RuneCount(t.text[:i]))
		return d.sp.errorAt(p, ErrSyntax, "':' in item name %q: expected a name without ':' (colors are given in options, as name:color)", t.text)
	}
	return nil
}

func article(what string) string {
	if what == "item name" {
		return "an item name"
	}
	return "a " + what
}

// option reads one option line. An unknown or repeated item is refused at
// its use, as Compile would refuse it, but before the rest of the line is
// read.
func (d *dlxParser) option(line []byte, ln int32, label string) error {
	sp := d.sp
	k := len(sp.Problem.Options)
	if k >= maxOptions {
		return sp.errorAt(pos{ln, 1}, exactcover.ErrTooLarge, "too many options: the limit is MaxOptions = %d", maxOptions)
	}
	sp.refStart = append(sp.refStart, len(sp.refPos))
	start := len(d.arena) // the first pass sized the arena for every use
	cost := int64(0)
	for t := range words(line) {
		p := pos{ln, t.col}
		if len(d.arena) == start {
			sp.optPos = append(sp.optPos, p)
		}
		if d.uses++; d.uses > maxUses {
			return sp.errorAt(p, exactcover.ErrTooLarge, "too many item uses in options: the limit is MaxNodes = %d", maxUses)
		}
		if t.text[0] == '|' && len(d.arena) > start {
			if err := d.cost(t, ln, &cost); err != nil {
				return err
			}
			continue
		}
		if i := bytes.IndexByte(t.text, '|'); i >= 0 {
			p.col += int32(utf8.RuneCount(t.text[:i]))
			return sp.errorAt(p, ErrSyntax, "'|' in an option: expected item names, and costs as |n after them (a comment must be a line of its own)")
		}
		nameText, colorText, colored := bytes.Cut(t.text, []byte(":"))
		if len(nameText) == 0 && colored {
			return sp.errorAt(p, ErrSyntax, "%q: expected an item name before ':'", t.text)
		}
		if i := bytes.IndexByte(colorText, ':'); i >= 0 {
			p.col += int32(utf8.RuneCount(nameText)+1) + int32(utf8.RuneCount(colorText[:i]))
			return sp.errorAt(p, ErrSyntax, "second ':' in %q: expected name:color, with no ':' in the color", t.text)
		}
		if err := d.checkName(token{nameText, t.col}, ln, "item name", false); err != nil {
			return err
		}
		sp.refPos = append(sp.refPos, p)
		name, err := d.use(nameText, k)
		if err != nil {
			return sp.errorAt(p, err, "%s", sp.problemText(&exactcover.ProblemError{Err: err, Item: string(nameText)}))
		}
		r := exactcover.ItemRef{Name: name}
		if colored {
			ct := token{colorText, t.col + int32(utf8.RuneCount(nameText)) + 1}
			if err := d.checkName(ct, ln, "color", true); err != nil {
				return err
			}
			r.Color = d.intern(d.colors, colorText, maxInternedColors)
		}
		d.arena = append(d.arena, r)
	}
	refs := d.arena[start:len(d.arena):len(d.arena)]
	sp.Problem.Options = append(sp.Problem.Options, exactcover.Option{Label: label, Items: refs, Cost: cost})
	return nil
}

// cost adds the cost written "|n" in token t to *sum: Knuth's DLX5 lets
// an option end with such entries, and its cost is their sum.
func (d *dlxParser) cost(t token, ln int32, sum *int64) error {
	p := pos{ln, t.col}
	digits := t.text[1:]
	if len(digits) == 0 {
		return d.sp.errorAt(p, ErrSyntax, "'|' alone in an option: expected a cost such as |5 (a comment must be a line of its own)")
	}
	n := int64(0)
	for i, c := range digits {
		if c < '0' || c > '9' {
			p.col += 1 + int32(utf8.RuneCount(digits[:i]))
			r, _ := utf8.DecodeRune(digits[i:]) // the input is text (strictyaml.CheckText)
			return d.sp.errorAt(p, ErrSyntax, "%q in cost %q: expected |n with n a whole number (digits 0-9)", r, t.text)
		}
		if n = 10*n + int64(c-'0'); *sum+n > exactcover.MaxCost {
			return d.sp.errorAt(p, exactcover.ErrBadCost, "option cost above MaxCost = %d", int64(exactcover.MaxCost))
		}
	}
	*sum += n
	return nil
}

// use resolves an item named in option k to the shared string of its
// declaration (a big file names the same items millions of times), or
// returns Compile's error for an unknown item or one the option used
// already.
func (d *dlxParser) use(name []byte, k int) (string, error) {
	i, ok := d.index[string(name)]
	switch {
	case !ok:
		return "", exactcover.ErrUnknownItem
	case d.usedIn[i] == int32(k)+1:
		return "", exactcover.ErrRepeatedItem
	}
	d.usedIn[i] = int32(k) + 1
	return d.names[i], nil
}

// itemName declares an item and returns its name's string, or reports
// false when the name is declared already.
func (d *dlxParser) itemName(b []byte) (string, bool) {
	if _, ok := d.index[string(b)]; ok {
		return "", false
	}
	s := string(b)
	d.index[s] = int32(len(d.names))
	d.names = append(d.names, s)
	d.usedIn = append(d.usedIn, 0)
	return s, true
}

// maxInternedColors bounds the colors shared among their uses: a file
// with millions of distinct colors would otherwise grow the map without
// bound. Beyond it, a use gets its own copy of the color's text.
const maxInternedColors = 1 << 16

// intern returns the string for b from m, adding it when absent and m has
// fewer than most entries: a large file names the same colors millions of
// times, and they share one string.
func (d *dlxParser) intern(m map[string]string, b []byte, most int) string {
	if s, ok := m[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(m) < most {
		m[s] = s
	}
	return s
}

// dlxCounts is what countDLX finds: upper bounds on the numbers of items,
// options and item uses a DLX input will give, and its size in bytes.
type dlxCounts struct {
	items, options, uses, bytes int
}

// countDLX counts the words of the item line, the option lines and their
// words, reading each byte once and allocating nothing. Items may be
// overcounted by the '|' between primary and secondary items.
func countDLX(data []byte) dlxCounts {
	n := dlxCounts{bytes: len(data)}
	sawItems := false
	for len(data) > 0 {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			end = len(data)
		}
		line := data[:end]
		data = data[min(end+1, len(data)):]
		words, first := 0, byte(0)
		inWord := false
		for _, c := range line {
			sep := c == ' ' || c == '\t' || c == '\r'
			if !sep && !inWord {
				if words++; words == 1 {
					first = c
				}
			}
			inWord = !sep
		}
		switch {
		case words == 0 || first == '|':
		case !sawItems:
			n.items, sawItems = words, true
		default:
			n.options++
			n.uses += words
		}
	}
	return n
}

// writeDLX writes sp in Knuth's format; see README.md for the comment
// conventions that carry the name, the description and the labels.
func writeDLX(w *bytes.Buffer, sp *Spec) error {
	p := &sp.Problem
	if len(p.Primary) == 0 {
		return fmt.Errorf("DLX cannot express a problem without primary items")
	}
	if err := checkWritable(sp); err != nil {
		return err
	}
	if sp.Name != "" {
		w.WriteString(nameDirective + " " + sp.Name + "\n")
	}
	if sp.Description != "" {
		for _, line := range bytes.Split([]byte(sp.Description), []byte("\n")) {
			switch {
			case len(line) == 0:
				w.WriteString("|\n")
			case bytes.HasPrefix(line, []byte("name:")):
				// "| name:" would read back as the name; "|name:" does not.
				w.WriteString("|")
				w.Write(line)
				w.WriteByte('\n')
			default:
				w.WriteString("| ")
				w.Write(line)
				w.WriteByte('\n')
			}
		}
	}
	for i, name := range p.Primary {
		if i > 0 {
			w.WriteByte(' ')
		}
		if b := p.ItemBounds(i); b != exactcover.Once {
			w.WriteString(b.String()) // DLX3's "lo:hi|name", or "n|name"
			w.WriteByte('|')
		}
		w.WriteString(name)
	}
	if len(p.Secondary) > 0 {
		w.WriteString(" |")
		for _, name := range p.Secondary {
			w.WriteByte(' ')
			w.WriteString(name)
		}
	}
	w.WriteByte('\n')
	for _, o := range p.Options {
		if o.Label != "" {
			w.WriteString(labelDirective + " " + o.Label + "\n")
		}
		for j, r := range o.Items {
			if j > 0 {
				w.WriteByte(' ')
			}
			w.WriteString(r.Name)
			if r.Color != "" {
				w.WriteByte(':')
				w.WriteString(r.Color)
			}
		}
		if o.Cost != 0 {
			w.WriteString(" |" + strconv.FormatInt(o.Cost, 10)) // DLX5's cost entry
		}
		w.WriteByte('\n')
	}
	return nil
}
