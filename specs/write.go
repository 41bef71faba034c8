package specs

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/xcover/xcover/exactcover"
	"github.com/xcover/xcover/internal/strictyaml"
)

// Parse reads a spec written in format f. file names the input in messages
// ("<stdin>" for standard input). Errors are *Error values with the line and
// column of the first problem found; nothing is returned with them.
//
// Parse checks the syntax and the limits; [Spec.Compile] checks the problem
// itself (unknown or duplicated items, colors on primary items).
func Parse(file string, data []byte, f Format) (*Spec, error) {
	switch f {
	case YAML:
		return parseYAML(file, data)
	case DLX:
		return parseDLX(file, data)
	}
	return nil, &Error{File: file, Msg: fmt.Sprintf("unknown format %q: expected yaml or dlx", f), Err: ErrSyntax}
}

// Write writes sp in format f. It writes nothing when sp cannot be
// expressed (an item name with a space, an empty option, no primary items):
// the whole text is built first, then written at once.
//
// In DLX the name, description and labels travel in comment lines that
// Knuth's programs ignore (README.md, "Labels and names in DLX files"),
// so YAML → DLX → YAML keeps them.
func Write(w io.Writer, sp *Spec, f Format) error {
	var buf bytes.Buffer
	var err error
	switch f {
	case YAML:
		err = writeYAML(&buf, sp)
	case DLX:
		err = writeDLX(&buf, sp)
	default:
		err = fmt.Errorf("unknown format %q: expected yaml or dlx", f)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// checkWritable refuses specs that neither format could read back as they
// are: Parse never produces one, but a Spec built by hand may be one.
func checkWritable(sp *Spec) error {
	p := &sp.Problem
	if len(p.Primary) == 0 {
		return fmt.Errorf("cannot write a problem without primary items")
	}
	word := func(s, what string) error {
		if s == "" {
			return fmt.Errorf("cannot write an empty %s", what)
		}
		if !utf8.ValidString(s) {
			return fmt.Errorf("cannot write %s %q: invalid UTF-8", what, s)
		}
		for _, r := range s {
			if r == ' ' || r == ':' || r == '|' || r == '\t' || !strictyaml.IsText(r) {
				return fmt.Errorf("cannot write %s %q: it contains %q", what, s, r)
			}
		}
		return nil
	}
	line := func(s, what string, multiline bool) error {
		if !utf8.ValidString(s) {
			return fmt.Errorf("cannot write %s %q: invalid UTF-8", what, s)
		}
		for _, r := range s {
			if !strictyaml.IsText(r) && !(multiline && r == '\n') {
				return fmt.Errorf("cannot write %s %q: it contains control character %U", what, s, r)
			}
		}
		return nil
	}
	if len(p.Bounds) != 0 && len(p.Bounds) != len(p.Primary) {
		return fmt.Errorf("cannot write %d bounds for %d primary items", len(p.Bounds), len(p.Primary))
	}
	for i, b := range p.Bounds {
		if b.Lo < 0 || b.Hi < 1 || b.Lo > b.Hi || b.Hi > exactcover.MaxBound {
			return fmt.Errorf("cannot write bounds %d..%d of item %q: expected 0 ≤ lower ≤ upper, 1 ≤ upper ≤ MaxBound", b.Lo, b.Hi, p.Primary[i])
		}
	}
	if err := line(sp.Name, "name", false); err != nil {
		return err
	}
	if err := line(sp.Description, "description", true); err != nil {
		return err
	}
	for _, names := range [][]string{p.Primary, p.Secondary} {
		for _, name := range names {
			if err := word(name, "item name"); err != nil {
				return err
			}
		}
	}
	for k, o := range p.Options {
		if len(o.Items) == 0 {
			return fmt.Errorf("cannot write option %d: it is empty", k+1)
		}
		if err := line(o.Label, "label", false); err != nil {
			return err
		}
		if o.Cost < 0 || o.Cost > exactcover.MaxCost {
			return fmt.Errorf("cannot write option %d: cost %d is not from 0 to MaxCost", k+1, o.Cost)
		}
		for _, r := range o.Items {
			if err := word(r.Name, "item name"); err != nil {
				return err
			}
			if r.Color != "" {
				if err := word(r.Color, "color"); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// writeYAML writes sp as a YAML spec: items as flow lists on one line, an
// option as a flow list, or as a label/items mapping when it has a label.
func writeYAML(w *bytes.Buffer, sp *Spec) error {
	if err := checkWritable(sp); err != nil {
		return err
	}
	p := &sp.Problem
	if sp.Name != "" {
		w.WriteString("name: " + quote(sp.Name, false) + "\n")
	}
	if sp.Description != "" {
		w.WriteString("description: " + description(sp.Description) + "\n")
	}
	// list writes a flow list of n entries, entry i written by entry.
	list := func(n int, entry func(i int) string) {
		w.WriteByte('[')
		for i := range n {
			if i > 0 {
				w.WriteString(", ")
			}
			w.WriteString(entry(i))
		}
		w.WriteByte(']')
	}
	quoted := func(names []string) func(int) string {
		return func(i int) string { return quote(names[i], true) }
	}
	w.WriteString("primary: ")
	list(len(p.Primary), func(i int) string { return withBounds(p.Primary[i], p.ItemBounds(i)) })
	w.WriteByte('\n')
	if len(p.Secondary) > 0 {
		w.WriteString("secondary: ")
		list(len(p.Secondary), quoted(p.Secondary))
		w.WriteByte('\n')
	}
	if len(p.Options) == 0 {
		w.WriteString("options: []\n")
		return nil
	}
	w.WriteString("options:\n")
	refs := make([]string, 0, 16)
	for _, o := range p.Options {
		refs = refs[:0]
		for _, r := range o.Items {
			refs = append(refs, r.String())
		}
		switch {
		case o.Label != "":
			w.WriteString("  - label: " + quote(o.Label, false) + "\n    items: ")
		case o.Cost != 0:
			w.WriteString("  - items: ")
		default:
			w.WriteString("  - ")
		}
		list(len(refs), quoted(refs))
		w.WriteByte('\n')
		if o.Cost != 0 {
			w.WriteString("    cost: " + strconv.FormatInt(o.Cost, 10) + "\n")
		}
	}
	return nil
}

// withBounds returns a primary item's entry in the flow list of primary
// items, quoted as needed: its name alone when it is covered exactly once,
// else "name: n" or "name: lo..hi". A long quoted name is written as an
// explicit key ("? name : n"), since YAML limits implicit keys to 1024
// characters.
func withBounds(name string, b exactcover.Bounds) string {
	q := quote(name, true)
	switch {
	case b == exactcover.Once:
		return q
	case len(q) > maxImplicitKey:
		q = "? " + q + " "
	}
	if b.Lo == b.Hi {
		return fmt.Sprintf("%s: %d", q, b.Hi)
	}
	return fmt.Sprintf("%s: %d..%d", q, b.Lo, b.Hi)
}

// maxImplicitKey is the longest key YAML lets one write without "? ":
// 1024 characters, less a margin for our own measure in bytes.
const maxImplicitKey = 1000

// quote returns s as a YAML scalar: plain when that reads back as s (in a
// flow list when flow is set), double-quoted otherwise. Values are read as
// the text written, so "1" or "yes" need no quotes.
func quote(s string, flow bool) string {
	if plainOK(s, flow) {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r > 0xffff && !unicode.IsPrint(r):
			fmt.Fprintf(&b, `\U%08x`, r)
		case r < ' ' || r == 0x7f || !unicode.IsPrint(r) && r != ' ':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// plainOK reports whether s can be written as a plain YAML scalar. It is
// conservative: letters, digits and a few punctuation marks, a first
// character that starts no YAML construct, no leading or trailing space,
// and no ": " or " #" that would end the scalar.
func plainOK(s string, flow bool) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' || s == "<<" { // "<<" is YAML's merge key
		return false
	}
	if strings.ContainsRune("-?:,[]{}#&*!|>'\"%@`~", rune(s[0])) {
		return false
	}
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		case strings.ContainsRune("_.+/=()<>$^;", r):
		case r == ':' && flow && i > 0 && i+1 < len(s) && s[i+1] != ' ' && !strings.ContainsRune(",[]{}", rune(s[i+1])):
		case r == '-' && i > 0, r == ',' && !flow:
		case r == ' ' && !flow && s[i-1] != ':' && s[i+1] != '#':
		default:
			return false
		}
	}
	return true
}

// description writes a description: plain or quoted on one line, or a
// literal block when it has several lines and reads back exactly.
func description(s string) string {
	if !strings.Contains(s, "\n") {
		return quote(s, false)
	}
	var b strings.Builder
	b.WriteString("|")
	if s[0] == ' ' {
		b.WriteString("2")
	}
	b.WriteString("-\n")
	for _, line := range strings.Split(s, "\n") {
		if line != "" {
			b.WriteString("  " + line)
		}
		b.WriteByte('\n')
	}
	block := strings.TrimSuffix(b.String(), "\n")
	var back struct{ D string }
	if err := yaml.Unmarshal([]byte("d: "+block+"\n"), &back); err == nil && back.D == s {
		return block
	}
	return quote(s, false)
}
